/**
 * The site's RSL licence read for the three uses (docs/policy.md section 15): which document,
 * where it was named, whether it was read, and per `<content>` scope what it says of AI
 * training, AI search and AI answers. Derived from the evidence alone, so a stored crawl
 * classifies again into the same value; evidence stored before licences were fetched still
 * names the licence (robots.txt, the homepage), told as not fetched.
 *
 * RSL 1.0 usage tokens (section 3.4.1) and our uses: `ai-train` is training; `ai-input`
 * (content used as input to AI models: retrieval, grounding, answers) is inference; `ai-index`
 * (building an index for AI search) is AI search, which `search` (a search index returning
 * links and excerpts, no AI summaries) does not grant alone but restricts when prohibited (an
 * AI search engine lists pages too); `ai-all` covers the three `ai-` tokens, `all` every token.
 */
import { USE_CASES, type UseCase } from '../../../shared/values.js';
import { parseRobotsTxt, type RobotsTxt } from '../../../shared/robots/index.js';
import type { Evidence, FetchResponse, FetchResult } from '../evidence.js';
import { scanPage } from '../html/page-scan.js';
import type { HtmlScan } from '../html/scan.js';
import { matchesPathPattern } from '../signals/path-pattern.js';
import { isHtmlBody, isSuccess, successfulResponse, trimmedBody } from '../signals/response.js';
import { parseRsl, type RslContent, type RslDocument, type RslLicence, type RslPayment } from '../signals/rsl.js';
import { findLicence, onSite, type LicenceRef } from '../signals/rsl-discovery.js';

export type LicenceState = 'read' | 'not_fetched' | 'unreadable';
export type LicenceVerdict = 'prohibited' | 'paid' | 'free' | 'attribution';

export interface LicenceUse {
  /** null: the licence says nothing of this use to AI companies (docs/policy.md section 15). */
  verdict: LicenceVerdict | null;
  /** The payment of the licence that decided (`paid`, `attribution`, `free` by a `<payment>`). */
  payment: { type: string; amount: string | null; currency: string | null } | null;
  /** Line in the RSL document of the element that decided, and that element as written. */
  line: number | null;
  evidence: string | null;
  /** Some licence's `<permits type="usage">` lists other uses and not this one (not granted; not a prohibition). */
  notListed: boolean;
}

export interface LicenceScope {
  /** The `<content url>` as a path pattern of this site (RFC 9309 matching). */
  path: string;
  uses: Record<UseCase, LicenceUse>;
}

export interface LicenceFacts {
  ref: LicenceRef;
  state: LicenceState;
  /** HTTP status of the document's answer, null when there was none. */
  httpStatus: number | null;
  warnings: string[];
  doc: RslDocument | null;
  /** Every `<content>` of this site, in document order (empty unless read). */
  scopes: LicenceScope[];
  /** The uses of the scope covering the whole site (longest root pattern), all silent when none does. */
  site: Record<UseCase, LicenceUse>;
  /** Some scope covers only part of the site. */
  scoped: boolean;
}

/** The token that grants each use (AI search is `ai-index`: search listings alone are not AI search). */
const GRANTS: Record<UseCase, string> = { training: 'ai-train', search: 'ai-index', inference: 'ai-input' };
/** The tokens whose prohibition restricts each use (an AI search engine lists pages too). */
const PROHIBITS: Record<UseCase, readonly string[]> = {
  training: ['ai-train'],
  search: ['ai-index', 'search'],
  inference: ['ai-input'],
};
const covers = (value: string, token: string): boolean =>
  value === token || value === 'all' || (value === 'ai-all' && token.startsWith('ai-'));
const SILENT: LicenceUse = { verdict: null, payment: null, line: null, evidence: null, notListed: false };
const silentUses = (): Record<UseCase, LicenceUse> => ({ training: SILENT, search: SILENT, inference: SILENT });

export interface LicenceInputs {
  evidence: Evidence;
  robots: RobotsTxt | null;
  scan: HtmlScan | null;
  headers: Readonly<Record<string, string>> | null;
  /** The licence document was given up at the analysis budget (evidence.notRead). */
  notRead?: boolean;
}

/**
 * The licence a crawl should fetch, from the answers of robots.txt and the homepage (the
 * crawler asks while it crawls; readLicence tells the same reference afterwards).
 */
export function licenceRefOf(robots: FetchResult, homepage: FetchResult): LicenceRef | null {
  const r = successfulResponse(robots);
  const page = homepage.kind === 'response' ? homepage : null;
  return findLicence({
    robots: r !== null && !isHtmlBody(r) ? parseRobotsTxt(r.body) : null,
    robotsUrl: r?.finalUrl ?? null,
    scan: scanPage(homepage),
    headers: page?.headers ?? null,
    pageUrl: page?.finalUrl ?? null,
  });
}

export function readLicence(input: LicenceInputs): LicenceFacts | null {
  const { evidence } = input;
  const ref =
    evidence.rslRef !== undefined
      ? evidence.rslRef
      : findLicence({
          robots: input.robots,
          robotsUrl: evidence.robots.kind === 'response' ? evidence.robots.finalUrl : null,
          scan: input.scan,
          headers: input.headers,
          pageUrl: evidence.homepage.kind === 'response' ? evidence.homepage.finalUrl : null,
        });
  if (ref === null) return null;
  const warnings: string[] = ref.agents
    ? [`the License line of robots.txt stands in a group for ${ref.agents.join(', ')}; read as the site's licence`]
    : [];
  if (!onSite(ref.url, evidence.domain))
    warnings.push(`the licence is on another site (${new URL(ref.url).host}): not fetched`);
  const base = { ref, warnings, doc: null, scopes: [], site: silentUses(), scoped: false };
  const r = evidence.rsl;
  if (r === undefined || r === null || r.kind !== 'response')
    return { ...base, state: 'not_fetched', httpStatus: null };
  // Given up at the analysis budget (evidence.notRead): fetched, not read.
  if (input.notRead)
    return { ...base, state: 'unreadable', httpStatus: r.status, warnings: [...warnings, 'too long to read'] };
  if (!isSuccess(r.status) || isHtmlPage(r))
    return {
      ...base,
      state: 'unreadable',
      httpStatus: r.status,
      warnings: [...warnings, isSuccess(r.status) ? 'an HTML page, not an RSL document' : `HTTP ${r.status}`],
    };
  const doc = parseRsl(r.body);
  const all = [...warnings, ...doc.warnings.map((w) => (w.line === null ? w.message : `line ${w.line}: ${w.message}`))];
  if (r.truncated) all.push('the document is larger than the crawler reads');
  if (!doc.readable) return { ...base, state: 'unreadable', httpStatus: r.status, warnings: all, doc };
  const scopes = scopesOf(doc.contents, evidence.domain, all);
  return { ref, state: 'read', httpStatus: r.status, warnings: all, doc, scopes, ...siteOf(scopes) };
}

/**
 * An HTML page served where the licence should be (a soft 404, a login page). XML also starts
 * with `<`, so the markup is asked; an XML document served as text/html is still read.
 */
function isHtmlPage(r: FetchResponse): boolean {
  const head = trimmedBody(r.body.slice(0, 1024));
  if (/^<(\?xml|([\w-]+:)?rsl[\s>])/i.test(head)) return false;
  return (
    r.contentType === 'text/html' ||
    r.contentType === 'application/xhtml+xml' ||
    /^<(!doctype html|html)[\s>]/i.test(head)
  );
}

/** The scope that decides for the whole site: the longest pattern covering every path. */
function siteOf(scopes: readonly LicenceScope[]): Pick<LicenceFacts, 'site' | 'scoped'> {
  let best: LicenceScope | null = null;
  for (const s of scopes) if (coversSite(s.path) && (best === null || s.path.length > best.path.length)) best = s;
  return { site: best?.uses ?? silentUses(), scoped: scopes.some((s) => !coversSite(s.path)) };
}

export const coversSite = (path: string): boolean => matchesPathPattern(path, '/') && !path.endsWith('$');

function scopesOf(contents: readonly RslContent[], domain: string, warnings: string[]): LicenceScope[] {
  const out: LicenceScope[] = [];
  for (const c of contents) {
    const path = scopePath(c.url, domain);
    if (path === null) {
      warnings.push(`line ${c.line}: <content url="${c.url.slice(0, 80)}"> is not on this site; ignored`);
      continue;
    }
    out.push({ path, uses: contentUses(c) });
  }
  return out;
}

/** `<content url>`: a path pattern as written, or a full URL of this host (or its www. twin) as its path. */
export function scopePath(url: string, domain: string): string | null {
  if (url.startsWith('/') || url.startsWith('*')) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const u = new URL(url);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    if (host !== domain.toLowerCase().replace(/^www\./, '')) return null;
    return `${u.pathname}${u.search}` || '/';
  } catch {
    return null;
  }
}

/** AI companies are commercial users: a licence that excludes them grants them nothing (section 15). */
function admitsCommercial(l: RslLicence): boolean {
  const users = l.statements.filter((s) => s.type === 'user');
  const permitted = users.filter((s) => s.kind === 'permits');
  if (permitted.length > 0 && !permitted.some((s) => s.values.includes('commercial'))) return false;
  return !users.some((s) => s.kind === 'prohibits' && s.values.includes('commercial'));
}

const usage = (l: RslLicence, kind: 'permits' | 'prohibits') =>
  l.statements.filter((s) => s.type === 'usage' && s.kind === kind);
const statementText = (s: { kind: string; type: string; values: string[] }): string =>
  `<${s.kind} type="${s.type}">${s.values.join(' ')}</${s.kind}>`;

/** What one `<content>` says of each use, every licence that admits AI companies weighed. */
export function contentUses(c: RslContent): Record<UseCase, LicenceUse> {
  const licences = c.licences.filter(admitsCommercial);
  const out = silentUses();
  for (const u of USE_CASES) out[u] = useOf(licences, u);
  return out;
}

const RANK: Record<'free' | 'attribution' | 'paid', number> = { free: 0, attribution: 1, paid: 2 };

function useOf(licences: readonly RslLicence[], u: UseCase): LicenceUse {
  const tokens = PROHIBITS[u];
  const grant = GRANTS[u];
  let best: LicenceUse | null = null;
  let prohibited: LicenceUse | null = null;
  let notListed = false;
  for (const l of licences) {
    const no = usage(l, 'prohibits').find((s) => tokens.some((t) => s.values.some((v) => covers(v, t))));
    if (no) {
      prohibited ??= { ...SILENT, verdict: 'prohibited', line: no.line, evidence: statementText(no) };
      continue;
    }
    const permits = usage(l, 'permits');
    const yes = permits.find((s) => s.values.some((v) => covers(v, grant)));
    if (permits.length > 0 && yes === undefined) {
      notListed = true;
      continue;
    }
    const use = paymentOf(l, yes ?? null);
    if (best === null || RANK[use.verdict as keyof typeof RANK] < RANK[best.verdict as keyof typeof RANK]) best = use;
  }
  return best ?? prohibited ?? { ...SILENT, notListed };
}

/** A granting licence's cost: free unless a `<payment>` other than free or attribution says otherwise. */
function paymentOf(l: RslLicence, permit: { kind: string; type: string; values: string[]; line: number } | null) {
  const pay = (p: RslPayment) => ({ type: p.type, amount: p.amount, currency: p.currency });
  const free = l.payments.find((p) => p.type === 'free');
  const attribution = l.payments.find((p) => p.type === 'attribution');
  const paid = l.payments.find((p) => p.type !== 'free' && p.type !== 'attribution');
  const chosen = l.payments.length === 0 ? null : (free ?? attribution ?? paid)!;
  const verdict: LicenceVerdict =
    chosen === null || chosen === free ? 'free' : chosen === attribution ? 'attribution' : 'paid';
  const evidenceOf = (p: RslPayment) =>
    `<payment type="${p.type}">${p.amount === null ? '' : ` ${p.amount}${p.currency ? ` ${p.currency}` : ''}`}`;
  const use: LicenceUse = {
    verdict,
    payment: chosen && pay(chosen),
    line: verdict !== 'paid' && permit ? permit.line : (chosen?.line ?? l.line),
    evidence:
      verdict !== 'paid' && permit
        ? statementText(permit)
        : chosen
          ? evidenceOf(chosen)
          : '<license> without a payment (free)',
    notListed: false,
  };
  return use;
}
