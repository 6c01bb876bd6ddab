/**
 * Claims about what was fetched and found: robots_file, fetch, nothing_answered, found,
 * page_fact, borrowed (docs/policy.md sections 1, 11 and 13).
 */
import type { FetchResult } from '../../proxy/analysis/evidence.js';
import type {
  BorrowedClaim,
  FetchClaim,
  FoundClaim,
  NothingAnsweredClaim,
  NotReadClaim,
  PageFactClaim,
  RobotsFileClaim,
} from '../../shared/reading/claims.js';
import type { Check, Context } from './context.js';
import { allResults, describe, FILE_FIELD, fileFetch, looksHtml, okResponse, stateOf } from './files.js';
import type { Host } from './host.js';
import { USES } from './host.js';
import { metaTags } from './html-text.js';
import { headerStatements, robotsStatements, safeJson } from './signals.js';

export const checkRobotsFile: Check<RobotsFileClaim> = (c, h) => {
  const f = h.robots;
  const out: string[] = [];
  const r = h.ev.robots;
  const served = describe(r);
  if (c.state !== f.state) out.push(`robots.txt is ${f.state}, not ${c.state}: it was ${served}`);
  if (c.http !== f.http) out.push(`robots.txt answered ${f.http ?? 'no HTTP status'}, not ${c.http ?? 'none'}`);
  if (f.state === 'unread' && (c.problem === null || !f.problems.includes(c.problem)))
    out.push(`robots.txt could not be read because of ${f.problems.join(' or ')} (${served}), not ${c.problem}`);
  if (f.state !== 'unread' && c.problem !== null)
    out.push(`robots.txt is ${f.state}: no problem to name (${c.problem})`);
  if (c.waited_s !== null) {
    if (c.problem !== 'timeout' || r.kind !== 'failed')
      out.push(`waited_s ${c.waited_s} without a timeout (${served})`);
    else if (Math.abs(c.waited_s - r.elapsedMs / 1000) >= 1)
      out.push(`the crawler waited ${r.elapsedMs} ms, not ${c.waited_s} s`);
  }
  return out;
};

export const checkFetch: Check<FetchClaim> = (c, h) => {
  const f = fileFetch(h.ev, c.file);
  const out: string[] = [];
  if (!f.states.includes(c.state)) out.push(`${c.file} was ${f.why}: ${f.states.join(' or ')}, not ${c.state}`);
  // claims.ts: `http` is the status, or null when the reading does not state it (an answer's only).
  const unstated = c.http === null && c.state === 'answered';
  if (c.http !== f.http && !unstated)
    out.push(`${c.file} answered ${f.http ?? 'no HTTP status'}, not ${c.http ?? 'none'}`);
  return out;
};

/**
 * A document not read (basis.not_read): it was fetched and answered, and its size is what was
 * received. Whether its reading ran past the time budget is the reader's timing, not a fact of
 * the file: the verifier holds the claim to what the files show.
 */
export const checkNotRead: Check<NotReadClaim> = (c, h) => {
  const r =
    c.file === 'robots_txt'
      ? h.ev.robots
      : c.file === 'terms'
        ? h.ev.tos
        : c.file === 'rsl'
          ? (h.ev.rsl ?? null)
          : (h.ev[FILE_FIELD[c.file]] as FetchResult);
  if (r === null || r.kind !== 'response')
    return [`${c.file} was not read because it ${r ? describe(r) : 'was not fetched'}, not for its length`];
  return r.bytes === c.bytes ? [] : [`${c.file} was ${r.bytes} bytes as received, not ${c.bytes}`];
};

export const checkNothingAnswered: Check<NothingAnsweredClaim> = (_c, h) => {
  const answered = allResults(h.ev).find((r) => r.kind === 'response');
  return answered ? [`${answered.url} answered HTTP ${answered.status}`] : [];
};

const isJsonish = (body: string, contentType: string | null): boolean => {
  if (contentType !== null && /json/.test(contentType)) return true;
  const v = safeJson(body);
  return typeof v === 'object' && v !== null;
};

const tokensOf = (s: string): string[] => s.toLowerCase().split(/[\s,:]+/);
const hasAiToken = (s: string): boolean => tokensOf(s).some((t) => t === 'noai' || t === 'noimageai');

/** docs/policy.md section 1, "counts as found when", read by the verifier. */
function foundWhy(h: Host, standard: FoundClaim['standard']): string | null {
  const ev = h.ev;
  const page = ev.homepage.kind === 'response' ? ev.homepage : null;
  switch (standard) {
    case 'robots_txt':
      return h.robots.state === 'read' ? null : `robots.txt is ${h.robots.state} (${describe(ev.robots)})`;
    case 'llms_txt':
    case 'ai_txt': {
      const r = standard === 'llms_txt' ? ev.llms : ev.aiTxt;
      if (!okResponse(r)) return `${standard} was ${describe(r)}`;
      if (looksHtml(r)) return `${standard} is an HTML page`;
      if (standard === 'llms_txt' && isJsonish(r.body, r.contentType)) return 'llms.txt is JSON';
      return r.body.trim() === '' ? `${standard} is empty` : null;
    }
    case 'tdmrep': {
      if (okResponse(ev.tdmrep) && Array.isArray(safeJson(ev.tdmrep.body))) return null;
      if (page && (page.headers['tdm-reservation'] !== undefined || page.headers['tdm-policy'] !== undefined))
        return null;
      if (page && metaTags(page.body).some((m) => m.name === 'tdm-reservation' || m.name === 'tdm-policy')) return null;
      return `no TDMRep: tdmrep.json was ${describe(ev.tdmrep)}, no tdm-* header or meta tag`;
    }
    case 'agents_json': {
      const v = okResponse(ev.agents) ? safeJson(ev.agents.body) : undefined;
      return typeof v === 'object' && v !== null && !Array.isArray(v)
        ? null
        : `agents.json was ${describe(ev.agents)}, not a JSON object`;
    }
    case 'content_signals': {
      const n = (h.reading ? robotsStatements(h.reading).length : 0) + headerStatements(ev).length;
      return n > 0 ? null : 'no Content-Signal or Content-Usage line or header that says yes or no to a use';
    }
    case 'meta':
      return page && metaTags(page.body).some((m) => hasAiToken(m.content))
        ? null
        : 'no meta tag with noai or noimageai';
    case 'x_robots_tag': {
      const v = page?.headers['x-robots-tag'];
      return v !== undefined && hasAiToken(v) ? null : `no X-Robots-Tag with noai or noimageai (${v ?? 'no header'})`;
    }
    case 'rsl': {
      // A licence is named (docs/policy.md section 15): a robots.txt License line, the homepage's
      // <link rel="license" type="application/rsl+xml">, or a Link header with rel=license.
      const line = h.reading?.lines.some((l) => l.kind === 'field' && l.name === 'license' && l.value.trim() !== '');
      const link =
        page !== null &&
        /<link\b[^>]*\brel\s*=\s*["']?license\b[^>]*application\/rsl\+xml|<link\b[^>]*application\/rsl\+xml[^>]*\brel\s*=\s*["']?license\b/i.test(
          page.body,
        );
      const header = page !== null && /rel\s*=\s*"?license"?/i.test(page.headers['link'] ?? '');
      return line || link || header ? null : 'no License line, no licence link or Link header names an RSL licence';
    }
  }
}

export const checkFound: Check<FoundClaim> = (c, h) => {
  const why = foundWhy(h, c.standard);
  return why === null ? [] : [why];
};

const PAYWALL_STRONG = /["']?isAccessibleForFree["']?\s*[:=]\s*["']?false/i;
const PAYWALL_ANY =
  /isAccessibleForFree|paywall|tinypass|piano\.io|cxense|poool|pelcro|zephr|laterpay|memberful|wallkit|subscriber-only|premium-content|metered/i;

const CMS: Record<string, RegExp> = {
  wordpress: /wp-content|wp-includes|wordpress/i,
  drupal: /drupal/i,
  joomla: /joomla/i,
  wix: /wix\.com|wixstatic|x-wix/i,
  shopify: /shopify/i,
  'next.js': /_next\/|next\.js|x-nextjs/i,
  nextjs: /_next\/|next\.js|x-nextjs/i,
};
const CDN: Record<string, RegExp> = {
  cloudflare: /cf-ray|cloudflare/i,
  akamai: /akamai/i,
  fastly: /fastly|x-served-by: cache-/i,
  cloudfront: /cloudfront|x-amz-cf-id/i,
  vercel: /vercel/i,
  netlify: /netlify|x-nf-request-id/i,
};
const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether `value` (a CMS or CDN name) is seen in `text`, by its fingerprint or its name. */
function seen(value: string, text: string, table: Record<string, RegExp>): boolean {
  const re = table[value.toLowerCase()];
  return (re !== undefined && re.test(text)) || squash(text).includes(squash(value));
}

function pageFactValue(c: PageFactClaim, h: Host): string | null {
  const page = h.ev.homepage;
  if (page.kind !== 'response') return null;
  const headers = Object.entries(page.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  if (c.fact === 'paywall') {
    if (c.value === true && !PAYWALL_ANY.test(page.body)) return 'no paywall markup on the homepage';
    const strong = PAYWALL_STRONG.exec(page.body);
    if (c.value !== true && strong) return `the homepage says ${strong[0]}`;
    return null;
  }
  const where = c.fact === 'cdn' ? headers : `${headers}\n${page.body}`;
  const table = c.fact === 'cdn' ? CDN : CMS;
  if (c.value === null) {
    // "none seen" is false when a fingerprint of the verifier's small table is there.
    const found = Object.entries(table).find(([, re]) => re.test(where));
    return found ? `the homepage shows ${found[0]} (${found[1].exec(where)![0]})` : null;
  }
  if (typeof c.value !== 'string') return `a ${c.fact} is a name, not ${String(c.value)}`;
  return seen(c.value, where, table) ? null : `nothing on the homepage says ${c.value}`;
}

export const checkPageFact: Check<PageFactClaim> = (c, h) => {
  const page = h.ev.homepage;
  if (c.known) {
    if (page.kind !== 'response') return [`the homepage was ${describe(page)}: the ${c.fact} is not known`];
    const why = pageFactValue(c, h);
    return [
      ...(why === null ? [] : [why]),
      ...(c.because === null ? [] : [`a known fact has no reason for not being known (${c.because})`]),
    ];
  }
  const out: string[] = [];
  if (page.kind === 'response') out.push(`the homepage answered HTTP ${page.status}: the ${c.fact} was read`);
  else if (c.because !== stateOf(page))
    out.push(`the homepage was ${describe(page)} (${stateOf(page)}), not ${c.because}`);
  if (c.value !== null) out.push(`a fact not known has no value (${String(c.value)})`);
  return out;
};

/** The host has AI rules of its own: a use restricted or explicitly allowed, or any usage signal. */
export function aiRulesOf(h: Host): string | null {
  for (const u of USES) {
    const f = h.use(u);
    if (f.r !== 'allowed') return `${u} is ${f.r} by robots.txt (${f.restricting.slice(0, 3).join(', ')})`;
    if (f.explicitBy) return `${u} explicitly allowed: ${f.explicitBy}`;
  }
  const p = h.pieces[0];
  return p ? `${p.source} says ${p.value ? 'yes' : 'no'} to ${p.use} (${p.text})` : null;
}

export function checkBorrowed(c: BorrowedClaim, ctx: Context): Array<{ host: string; why: string }> {
  const out: Array<{ host: string; why: string }> = [];
  const host = ctx.host(c.host);
  const from = ctx.host(c.from);
  if (!host || !from) return [{ host: host ? c.from : c.host, why: 'no files given for this host' }];
  if (!c.host.endsWith(`.${c.from}`)) out.push({ host: c.host, why: `${c.from} is not a site ${c.host} belongs to` });
  if (host.robots.state !== 'missing')
    out.push({
      host: c.host,
      why: `its robots.txt is ${host.robots.state} (${describe(host.ev.robots)}), not missing`,
    });
  const own = host.pieces[0];
  if (own) out.push({ host: c.host, why: `it has an AI rule of its own: ${own.source} (${own.text})` });
  if (aiRulesOf(from) === null) out.push({ host: c.from, why: 'its files have no AI rule to borrow' });
  return out;
}
