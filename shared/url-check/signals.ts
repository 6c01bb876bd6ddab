/**
 * The usage signals that speak for one path (docs/policy.md section 4, read per URL): the
 * record's `path_signals` (shared/schemas.ts) matched against the path. Per use case, most
 * restrictive wins (`no` over `yes` over nothing), in the order the site's verdicts list them:
 * Content-Signal / Content-Usage, then TDMRep, the homepage's `noai`, ai.txt, the RSL licence's
 * `<content>` scope (docs/policy.md section 15: the longest matching scope decides, as RFC 9309
 * rules do; a licence that asks a payment restricts, `licenceRequired`). A line in a group
 * naming bots speaks for those bots only (`scoped`); one in the `*` group, outside any group, or
 * in a header speaks for all (`site`). Patterns are compiled once per record (WeakMap).
 */
import { bestMatch, compilePattern, patternMatches, type CompiledPattern } from '../robots/pattern.js';
import type { DecidingSignal, PathSignals } from '../schemas.js';
import type { UseCase } from '../values.js';

/** What one signal says about one use case for a path, and where it was written. */
export interface PathSignal {
  value: boolean;
  signal: DecidingSignal;
}

/** A `location` may be written as an absolute URL; only its path and query are matched (TDMRep 3.2.1). */
export function tdmLocationPath(location: string): string {
  if (!/^https?:\/\//i.test(location)) return location;
  try {
    const u = new URL(location);
    return `${u.pathname}${u.search}`;
  } catch {
    return location;
  }
}

interface Compiled {
  scopes: (CompiledPattern | null)[];
  tdm: CompiledPattern[];
  aiTxt: CompiledPattern[];
  aiAllow: boolean[];
  rsl: CompiledPattern[];
}

const compiledOf = new WeakMap<PathSignals, Compiled>();

function compiled(ps: PathSignals): Compiled {
  let c = compiledOf.get(ps);
  if (!c) {
    c = {
      scopes: ps.content_signals.map((e) => (e.path === null ? null : compilePattern(e.path))),
      tdm: (ps.tdmrep?.rules ?? []).map(([location]) => compilePattern(tdmLocationPath(location))),
      aiTxt: (ps.ai_txt ?? []).map(([, pattern]) => compilePattern(pattern)),
      aiAllow: (ps.ai_txt ?? []).map(([allow]) => allow === 1),
      rsl: (ps.rsl ?? []).map((s) => compilePattern(s.path)),
    };
    compiledOf.set(ps, c);
  }
  return c;
}

/** Keeps the most restrictive: a `no` replaces a `yes`, the first of equal values stays. */
const stricter = (had: PathSignal | null, next: PathSignal | null): PathSignal | null =>
  next === null || (had !== null && (!had.value || next.value)) ? had : next;

/**
 * The signal that decides `use` for `path` (canonical: shared/robots canonicalize): `agent` null asks for what speaks
 * for
 * every bot, a lower-case token for what the groups naming that bot add (scoped lines only).
 */
export function signalFor(ps: PathSignals, use: UseCase, path: string, agent: string | null): PathSignal | null {
  const c = compiled(ps);
  let out: PathSignal | null = null;
  ps.content_signals.forEach((e, i) => {
    const v = e[use];
    if (v === undefined) return;
    const all = e.agents.includes('*');
    if (agent === null ? !all : all || !e.agents.includes(agent)) return;
    const scope = c.scopes[i];
    if (scope && !patternMatches(scope, path)) return;
    out = stricter(out, { value: v, signal: { source: 'content_signals', line: e.line, evidence: e.evidence } });
  });
  if (agent === null) out = stricter(out, licenceSignal(ps, c, use, path));
  if (use !== 'training') return out;
  if (agent === null) out = stricter(out, tdmFor(ps, c, path));
  for (const n of ps.noai) {
    const all = n.agents.includes('*');
    if (agent === null ? all : !all && n.agents.includes(agent))
      out = stricter(out, { value: false, signal: { source: n.source, line: null, evidence: n.evidence } });
  }
  if (agent === null && ps.ai_txt !== null) {
    const i = bestMatch(c.aiTxt, c.aiAllow, path);
    const rule = i < 0 ? null : ps.ai_txt[i]!;
    if (rule && rule[0] === 0)
      out = stricter(out, {
        value: false,
        signal: { source: 'ai_txt', line: rule[2], evidence: `Disallow: ${rule[1]}` },
      });
  }
  return out;
}

/** The RSL scope deciding a path: the longest matching `<content>` pattern, the first of equals (RFC 9309 section 2.2.2). */
function licenceScope(ps: PathSignals, c: Compiled, use: UseCase, path: string) {
  let best = -1;
  c.rsl.forEach((p, i) => {
    if (patternMatches(p, path) && (best < 0 || p.length > c.rsl[best]!.length)) best = i;
  });
  return best < 0 ? null : (ps.rsl![best]![use] ?? null);
}

function licenceSignal(ps: PathSignals, c: Compiled, use: UseCase, path: string): PathSignal | null {
  const u = licenceScope(ps, c, use, path);
  if (u === null || u.verdict === 'paid') return null;
  return { value: u.verdict !== 'prohibited', signal: { source: 'rsl', line: u.line, evidence: u.evidence } };
}

/** The RSL licence grants `use` of the path only for a payment: the `<payment>` that says so, else null. */
export function licenceRequired(ps: PathSignals, use: UseCase, path: string): DecidingSignal | null {
  const u = licenceScope(ps, compiled(ps), use, path);
  return u?.verdict === 'paid' ? { source: 'rsl', line: u.line, evidence: u.evidence } : null;
}

/** TDMRep for a path: the homepage's header or tag if any (section 3.5), else the file's first matching rule; 1 is a no, 0 a yes. */
function tdmFor(ps: PathSignals, c: Compiled, path: string): PathSignal | null {
  const t = ps.tdmrep;
  if (t === null) return null;
  if (t.page)
    return { value: t.page.reservation === 0, signal: { source: 'tdmrep', line: null, evidence: t.page.evidence } };
  const i = c.tdm.findIndex((p) => patternMatches(p, path));
  if (i < 0) return null;
  const [location, reservation, policy] = t.rules[i]!;
  // A matching rule without a valid reservation still ends the search: it says nothing valid (3.2.1).
  if (reservation === null) return null;
  const evidence = JSON.stringify({
    location,
    'tdm-reservation': reservation,
    ...(policy === null ? {} : { 'tdm-policy': policy }),
  });
  return { value: reservation === 0, signal: { source: 'tdmrep', line: null, evidence } };
}
