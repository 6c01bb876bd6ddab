/**
 * `path_signals` (shared/schemas.ts PathSignalsSchema): the usage signals a URL's answer depends
 * on beside robots.txt, compact, for shared/url-check: every Content-Signal / Content-Usage line
 * with its agents and path scope, tdmrep.json's rules and the homepage's own reservation, ai.txt's
 * rules for `*`, and the homepage's `noai` tags. Derived from the crawl's evidence alone, so a
 * stored crawl can be classified again into the same value.
 */
import { PATH_RULES_LIMIT } from '../../../shared/robots/index.js';
import type { PathSignals } from '../../../shared/schemas.js';
import { USE_CASES } from '../../../shared/values.js';
import { clip } from './clip.js';
import type { Facts } from './read-evidence.js';
import { licencePathSignals } from './licence-record.js';
import { directiveText } from './usage-signals.js';

/** Past the same bounds as path_rules (rules and characters of patterns), nothing is sent but `truncated`. */
const TRUNCATED: PathSignals = { content_signals: [], tdmrep: null, ai_txt: null, noai: [], truncated: true };

export function pathSignalsOf(facts: Facts, limit = PATH_RULES_LIMIT): PathSignals {
  const content_signals: PathSignals['content_signals'] = facts.contentSignals.entries.map((e) => {
    const prefs: Partial<Record<(typeof USE_CASES)[number], boolean>> = {};
    for (const u of USE_CASES) if (e.prefs[u] !== undefined) prefs[u] = e.prefs[u];
    return { agents: e.agents, path: e.path, ...prefs, line: e.line, evidence: clip(e.text) ?? '' };
  });
  const t = facts.tdmrep;
  const page =
    t.source === 'header' || t.source === 'meta'
      ? { reservation: t.reservation!, source: t.source, evidence: clip(t.text) ?? '' }
      : null;
  const tdmrep: PathSignals['tdmrep'] = t.found
    ? { rules: t.rules.map((r): [string, 0 | 1 | null, string | null] => [r.location, r.reservation, r.policy]), page }
    : null;
  const ai_txt: PathSignals['ai_txt'] = facts.aiTxt.found
    ? facts.aiTxt.rules.map((r) => [r.type === 'allow' ? 1 : 0, r.pattern, r.line])
    : null;
  const noai: PathSignals['noai'] = facts.meta.directives
    .filter((d) => d.directives.includes('noai'))
    .map((d) => ({ agents: [d.agent], source: d.source, evidence: clip(directiveText(d, null)) ?? 'noai' }));

  const rsl = licencePathSignals(facts.licence);
  const rules = content_signals.length + (tdmrep?.rules.length ?? 0) + (ai_txt?.length ?? 0) + (rsl?.length ?? 0);
  const chars =
    (tdmrep?.rules ?? []).reduce((n, r) => n + r[0].length, 0) +
    (ai_txt ?? []).reduce((n, r) => n + r[1].length, 0) +
    (rsl ?? []).reduce((n, r) => n + r.path.length, 0);
  if (rules > limit.rules || chars > limit.chars) return TRUNCATED;
  return { content_signals, tdmrep, ai_txt, noai, truncated: false, ...(rsl === null ? {} : { rsl }) };
}
