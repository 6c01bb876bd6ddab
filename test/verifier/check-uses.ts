/**
 * Claims about verdicts and what they add up to: use, headline, confidence, conflict
 * (docs/policy.md sections 4 to 6 and 13). The verifier computes each use's verdict from the
 * files itself (host.ts) and holds every claim to it.
 */
import { KEY_BOTS } from '../../shared/bots.js';
import type {
  ConfidenceClaim,
  ConflictClaim,
  DecidedBy,
  HeadlineClaim,
  ToldStance,
  UseClaim,
} from '../../shared/reading/claims.js';
import type { UseCase } from '../../shared/values.js';
import type { Check, Context } from './context.js';
import { checkFound } from './check-files.js';
import { termsAiStance } from './check-terms.js';
import { USES, type Host, type UseFacts } from './host.js';
import { comparable } from './robots-lines.js';
import { quotesLicence } from './rsl.js';
import { parsePreferences } from './signals.js';

function why(f: UseFacts, h: Host): string {
  const no = h.pieces.find((p) => p.use === f.use && !p.value);
  if (f.verdict === 'blocked')
    return no ? `${no.source} says no (${no.text})` : `every key bot (${KEY_BOTS[f.use].join(', ')}) is blocked`;
  if (f.verdict === 'partial')
    return `${f.restricting.slice(0, 4).join(', ')} restrict${f.restricting.length === 1 ? 's' : ''} it`;
  if (f.verdict === 'unknown') return `robots.txt is unread (${h.robots.problem}) and no signal says no`;
  return f.restricting.length === 0 ? 'no AI bot of the use is blocked or partly blocked by name' : '';
}

/** robots.txt named as deciding a verdict must be what decided it (docs/policy.md section 4). */
function robotsDecides(c: UseClaim, h: Host): string | null {
  const f = h.use(c.use);
  if (c.verdict === 'blocked' && f.r !== 'blocked')
    return `robots.txt does not block ${c.use} (${f.r}): a signal decided it`;
  if (c.verdict === 'partial' && f.r !== 'partial') return `robots.txt does not partly block ${c.use} (${f.r})`;
  if (
    c.verdict === 'allowed' &&
    c.explicit &&
    !KEY_BOTS[c.use].some((k) => (h.bot(k)?.permissionLines.length ?? 0) > 0)
  )
    return `robots.txt allows no key bot of ${c.use} by name`;
  return null;
}

/** A robots.txt line cited as deciding a verdict must be one that does. */
function robotsLineProblem(d: DecidedBy, c: UseClaim, h: Host): string | null {
  const decides = robotsDecides(c, h);
  if (decides !== null) return decides;
  const quiet = c.verdict === 'unknown' || (c.verdict === 'allowed' && !c.explicit);
  if (quiet && d.line !== null) return `nothing decided ${c.use} ${c.verdict}: ${h.quote(d.line)} cited`;
  if (d.line === null) return null;
  if (h.reading === null) return `robots.txt was not read: ${d.line} decides nothing`;
  const l = h.reading.lines[d.line - 1];
  if (!l) return `robots.txt has no line ${d.line}`;
  if (d.evidence !== null) {
    const ev = comparable(d.evidence);
    if (!comparable(l.raw).includes(ev) && !ev.includes(comparable(`${l.name}: ${l.value}`)))
      return `${h.quote(d.line)} is not "${d.evidence}"`;
  }
  const keys = KEY_BOTS[c.use];
  if (c.verdict === 'blocked' && !keys.some((k) => h.bot(k)?.closing.some((r) => r.line === d.line)))
    return `${h.quote(d.line)} closes the site to no key bot of ${c.use}`;
  if (c.verdict === 'partial') {
    const f = h.use(c.use);
    const restricts = f.restricting.some((b) => {
      const bf = h.bot(b);
      return (
        bf !== null &&
        (bf.closing.some((r) => r.line === d.line) || bf.partialByName.some((p) => p.rule.line === d.line))
      );
    });
    if (!restricts) return `${h.quote(d.line)} restricts no AI bot of ${c.use}`;
  }
  if (
    c.verdict === 'allowed' &&
    c.explicit &&
    !keys.some((k) => h.bot(k)?.permissionLines.some((r) => r.line === d.line))
  )
    return `${h.quote(d.line)} is no Allow line (nor empty Disallow) naming a key bot of ${c.use}: nothing there allows it explicitly`;
  return null;
}

/**
 * The evidence quotes the statement (or part of it); where the part is a Content-Signal or
 * Content-Usage member, it is the member for this use (`ai-input=no` does not decide training).
 */
function quotes(evidence: string | null, text: string, use: UseCase, value: boolean, source: string): boolean {
  if (evidence === null) return true;
  const e = comparable(evidence);
  if (!comparable(text).includes(e) && !e.includes(comparable(text))) return false;
  if (source !== 'content_signals') return true;
  const said = [parsePreferences('content-signal', evidence).prefs, parsePreferences('content-usage', evidence).prefs];
  return said.some((p) => p[use] === value);
}

/** An RSL licence cited (section 15): its `<license>` element decides the use as the verdict says. */
function licenceProblem(d: DecidedBy, c: UseClaim, h: Host): string | null {
  const f = h.use(c.use);
  const granted = h.pieces.find((p) => p.source === 'rsl' && p.use === c.use);
  const l =
    c.verdict === 'partial' && f.paid
      ? { from: f.paid.from, to: f.paid.to, text: f.paid.text, word: 'paid' }
      : granted
        ? { from: granted.line!, to: granted.to!, text: granted.text, word: granted.value ? 'granted' : 'prohibited' }
        : null;
  const want = c.verdict === 'blocked' ? 'prohibited' : c.verdict === 'partial' ? 'paid' : 'granted';
  if (l === null || l.word !== want)
    return `the RSL licence does not make ${c.use} ${c.verdict} (${l?.word ?? 'silent'})`;
  if (d.line !== null && (d.line < l.from || d.line > l.to))
    return `line ${d.line} is outside the deciding <license> (lines ${l.from}-${l.to})`;
  if (!quotesLicence(d.evidence, l.text)) return `"${d.evidence}" is not in the deciding <license>`;
  return null;
}

function signalProblem(d: DecidedBy, c: UseClaim, h: Host): string | null {
  if (d.source === 'rsl') return licenceProblem(d, c, h);
  const want = c.verdict === 'blocked' ? false : c.verdict === 'allowed' && c.explicit ? true : null;
  const match = h.pieces.find(
    (p) =>
      p.source === d.source &&
      p.use === c.use &&
      (want === null || p.value === want) &&
      p.line === d.line &&
      quotes(d.evidence, p.text, c.use, p.value, p.source),
  );
  if (match) return null;
  const said = want === null ? 'anything' : want ? 'yes' : 'no';
  return `no ${d.source}${d.line === null ? '' : ` at line ${d.line}`} for every crawler says ${said} to ${c.use}`;
}

function byProblems(c: UseClaim, h: Host): string[] {
  const out: string[] = [];
  const decisive = c.verdict === 'blocked' || c.verdict === 'partial' || (c.verdict === 'allowed' && c.explicit);
  if (decisive && c.by.length === 0) out.push(`nothing named as deciding ${c.use} ${c.verdict}`);
  for (const d of c.by) {
    const p = d.source === 'robots_txt' ? robotsLineProblem(d, c, h) : signalProblem(d, c, h);
    if (p !== null) out.push(p);
  }
  return out;
}

/** A usage signal for every crawler and the whole site saying `search=yes`: search listings, not AI search. */
function listingsStatement(h: Host): string | null {
  const s = h.pieces.find((p) => p.source === 'content_signals' && p.use === 'search' && p.value);
  return s ? `${s.line === null ? 'header' : `line ${s.line}`} "${s.text}"` : null;
}

function listingsProblems(c: UseClaim, h: Host, f: UseFacts): string[] {
  const s = listingsStatement(h);
  if (c.listings) {
    if (c.use !== 'search') return ['listings are told of search only'];
    if (c.explicit || c.verdict !== 'allowed') return ['listings are told of search allowed and not explicitly'];
    return s === null ? ['no usage signal for every crawler says search=yes'] : [];
  }
  if (c.use === 'search' && f.verdict === 'allowed' && !c.explicit && c.verdict === 'allowed' && s !== null)
    return [`search is allowed by ${s}: that is search listings, and must be told so`];
  return [];
}

function termsProblems(c: UseClaim, h: Host, ctx: Context): string[] {
  if (c.terms === null) {
    // docs/policy.md section 13: where only the terms speak, the training row says so, never "Not restricted".
    const stance = termsAiStance(h, ctx, c.of);
    const forbid = stance.length === 1 && (stance[0] === 'prohibits' || stance[0] === 'restricts');
    const quiet = c.verdict === 'allowed' || c.verdict === 'unknown';
    if (c.use === 'training' && quiet && (forbid || h.termsAiBan !== null))
      return [
        `the terms ${stance[0] === 'restricts' ? 'restrict' : 'forbid'} AI training and nothing machine-readable does: the row must say so`,
      ];
    return [];
  }
  const out: string[] = [];
  // claims.ts: told on the training row when allowed, unknown or partial (beside the robots.txt reason).
  if (c.use !== 'training') out.push(`the terms are told on the training row only, not on ${c.use}`);
  if (c.verdict === 'blocked') out.push(`${c.use} is blocked by a machine-readable rule, not by the terms alone`);
  if (!termsAiStance(h, ctx, c.of).includes(c.terms))
    out.push(
      `the terms are not shown to ${c.terms === 'prohibits' ? 'forbid' : 'restrict'} AI use (no terms claim that holds, no ban found)`,
    );
  return out;
}

export const checkUse: Check<UseClaim> = (c, h, ctx) => {
  const f = h.use(c.use);
  const out: string[] = [];
  if (c.verdict !== f.verdict) out.push(`the files make ${c.use} ${f.verdict}, not ${c.verdict}: ${why(f, h)}`);
  else if (c.verdict === 'allowed' && c.explicit !== (f.explicitBy !== null))
    out.push(
      c.explicit
        ? `nothing allows ${c.use} explicitly (${why(f, h)})`
        : `${c.use} is explicitly allowed: ${f.explicitBy}`,
    );
  if (c.explicit && c.verdict !== 'allowed') out.push(`only an allowed use is explicit, not a ${c.verdict} one`);
  return [...out, ...byProblems(c, h), ...listingsProblems(c, h, f), ...termsProblems(c, h, ctx)];
};

/** The stances the files allow for the headline (more than one where claims.ts lets two words hold). */
function toldStances(h: Host, ctx: Context, of: string): ToldStance[] {
  const v = USES.map((u) => h.use(u));
  const blocked = (u: UseCase): boolean => h.use(u).verdict === 'blocked';
  const bySignal = v.some((f) => f.verdict === 'blocked' && f.s === false);
  if ((h.robots.state === 'unread' || h.nothing) && !bySignal) return ['unknown'];
  if (USES.every(blocked)) return ['blocks_all_ai'];
  if (blocked('training')) return ['blocks_training'];
  if (v.some((f) => f.verdict === 'blocked' || f.verdict === 'partial')) return ['selective'];
  const terms = termsAiStance(h, ctx, of);
  const byTerms: ToldStance[] = [
    ...(terms.includes('prohibits') ? (['terms_prohibit'] as const) : []),
    ...(terms.includes('restricts') ? (['terms_restrict'] as const) : []),
  ];
  // An explicit allow beside terms that forbid AI: claims.ts lets both words hold (reported to the lead).
  if (v.some((f) => f.explicitBy !== null)) return ['allows_ai', ...byTerms];
  return byTerms.length > 0 ? byTerms : ['no_ai_rules'];
}

export const checkHeadline: Check<HeadlineClaim> = (c, h, ctx) => {
  const out: string[] = [];
  const ok = toldStances(h, ctx, c.of);
  if (!ok.includes(c.told)) {
    const rows = USES.map((u) => `${u} ${h.use(u).verdict}`).join(', ');
    out.push(`the files read ${ok.join(' or ')}, not ${c.told} (${rows}; robots.txt ${h.robots.state})`);
  }
  const restricted = USES.filter((u) => ['blocked', 'partial'].includes(h.use(u).verdict));
  const same = (a: readonly UseCase[], b: readonly UseCase[]): boolean =>
    a.length === b.length && a.every((x) => b.includes(x));
  if (!same(c.restricted, restricted))
    out.push(`the restricted uses are ${restricted.join(', ') || 'none'}, not ${c.restricted.join(', ') || 'none'}`);
  // claims.ts: `open` the uses allowed (not restricted); a use whose verdict is unknown is in neither.
  const open = USES.filter((u) => h.use(u).verdict === 'allowed');
  if (!same(c.open, open))
    out.push(`the uses not restricted are ${open.join(', ') || 'none'}, not ${c.open.join(', ') || 'none'}`);
  for (const u of ctx.about('use', c.of)) {
    const r = u.verdict === 'blocked' || u.verdict === 'partial';
    if (r !== c.restricted.includes(u.use)) out.push(`the reading's own ${u.use} row says ${u.verdict}`);
  }
  return out;
};

const homepageNoAnswer = (h: Host): boolean => h.ev.homepage.kind === 'failed' && h.ev.homepage.robots === undefined;

function causeProblem(cause: ConfidenceClaim['causes'][number], h: Host, ctx: Context, of: string): string | null {
  switch (cause) {
    case 'no_robots':
      return h.robots.state === 'missing' ? null : `robots.txt is ${h.robots.state}, not missing`;
    case 'robots_unread':
      return h.robots.state === 'unread' ? null : `robots.txt is ${h.robots.state}, not unread`;
    case 'nothing_answered': {
      const a = [h.ev.robots, h.ev.homepage, h.ev.llms, h.ev.aiTxt, h.ev.tdmrep, h.ev.agents].find(
        (r) => r.kind === 'response',
      );
      return h.nothing
        ? null
        : `${a?.url ?? 'a request'} answered${a && a.kind === 'response' ? ` HTTP ${a.status}` : ''}`;
    }
    case 'homepage_no_answer':
      return homepageNoAnswer(h)
        ? null
        : `the homepage was ${h.ev.homepage.kind === 'response' ? `answered (HTTP ${h.ev.homepage.status})` : 'not requested'}`;
    default: {
      const id = cause.slice('conflict:'.length);
      const claim = ctx.about('conflict', of).find((x) => x.id === id);
      if (!claim) return `no conflict ${id} is claimed`;
      const p = checkConflict(claim, h, ctx);
      return p.length === 0 ? null : `conflict ${id} does not hold: ${p[0]}`;
    }
  }
}

export const checkConfidence: Check<ConfidenceClaim> = (c, h, ctx) => {
  const out = c.causes.map((x) => causeProblem(x, h, ctx, c.of)).filter((x): x is string => x !== null);
  // docs/policy.md section 6: 0 when nothing answered; otherwise at most what the files' own causes leave.
  const robotsAnswered = h.ev.robots.kind === 'response';
  const penalty =
    (h.robots.state === 'missing' ? 10 : 0) +
    (h.robots.state === 'unread' ? 60 : 0) +
    (homepageNoAnswer(h) && robotsAnswered ? 30 : 0);
  const most = h.nothing ? 0 : Math.max(0, 100 - penalty);
  // Each conflict takes 15 more: at least the ones named here, at most the ones the files hold.
  const named = c.causes.filter((x) => x.startsWith('conflict:')).length;
  const possible = Math.max(named, possibleConflicts(h, ctx, c.of));
  const fits = (k: number): boolean => Math.abs(Math.max(0, most - 15 * k) - c.percent) < 0.5;
  if (!Array.from({ length: possible - named + 1 }, (_, i) => named + i).some(fits))
    out.push(`the files leave ${most} %, less 15 for each of ${named} to ${possible} conflicts: not ${c.percent} %`);
  return out;
};

/**
 * How many conflicts of docs/policy.md section 6 the files hold, as the record counts them (the
 * terms-silent form of robots_blocks_ai_but_tos_allows_or_silent included, though it is told
 * as a note): the most a confidence can have lost to conflicts.
 */
function possibleConflicts(h: Host, ctx: Context, of: string): number {
  const restricted = USES.some((u) => h.use(u).r !== 'allowed');
  const terms = termsAiStance(h, ctx, of);
  const robotsVsTerms = restricted && (terms.includes('permits') || terms.includes('silent'));
  const others = (
    [
      'tos_prohibits_ai_but_robots_allows',
      'signal_allows_but_robots_blocks',
      'signal_blocks_but_robots_allows_explicitly',
      'llms_txt_but_blocks_all_ai',
    ] as const
  ).filter((id) => conflictHolds(id, null, h, ctx, of) === null);
  return others.length + (robotsVsTerms ? 1 : 0);
}

function conflictHolds(id: ConflictClaim['id'], u: UseCase | null, h: Host, ctx: Context, of: string): string | null {
  const uses = u === null ? USES : [u];
  switch (id) {
    case 'tos_prohibits_ai_but_robots_allows': {
      if (!termsAiStance(h, ctx, of).includes('prohibits')) return 'the terms are not shown to forbid AI use';
      if (h.robots.state === 'unread') return 'robots.txt was not read: it lets no bot in';
      const kept = uses.flatMap((x) => KEY_BOTS[x]).find((k) => h.bot(k)?.closed === true);
      return kept ? `robots.txt blocks ${kept}` : null;
    }
    case 'robots_blocks_ai_but_tos_allows_or_silent': {
      if (!uses.some((x) => ['blocked', 'partial'].includes(h.use(x).r))) return 'robots.txt restricts no AI use';
      return termsAiStance(h, ctx, of).includes('permits') &&
        ctx.about('terms', of).some((t) => t.about === 'ai' && t.stance === 'permits')
        ? null
        : 'the terms do not permit AI use (a conflict is told only then)';
    }
    case 'signal_allows_but_robots_blocks':
      return uses.some((x) => h.pieces.some((p) => p.use === x && p.value) && h.use(x).r !== 'allowed')
        ? null
        : 'no use has a signal saying yes while robots.txt restricts it';
    case 'signal_blocks_but_robots_allows_explicitly':
      return uses.some(
        (x) =>
          h.pieces.some((p) => p.use === x && !p.value) &&
          KEY_BOTS[x].some((k) => (h.bot(k)?.permissionLines.length ?? 0) > 0 && !h.bot(k)!.closed),
      )
        ? null
        : 'no use has a signal saying no while robots.txt allows a key bot by name';
    case 'llms_txt_but_blocks_all_ai': {
      const llms = checkFound({ kind: 'found', of, standard: 'llms_txt' }, h, ctx);
      if (llms.length > 0) return llms[0]!;
      return USES.every((x) => h.use(x).verdict === 'blocked') ? null : 'not every use is blocked';
    }
  }
}

export function checkConflict(c: ConflictClaim, h: Host, ctx: Context): string[] {
  if (c.uses.length === 0) {
    const p = conflictHolds(c.id, null, h, ctx, c.of);
    return p === null ? [] : [p];
  }
  return c.uses.flatMap((u) => {
    const p = conflictHolds(c.id, u, h, ctx, c.of);
    return p === null ? [] : [`${u}: ${p}`];
  });
}
