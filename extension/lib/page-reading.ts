/**
 * "This page": the verdicts for the page in the address bar, where they differ from the site's
 * as a whole. Two sources, both judged in the browser so the path never leaves it: the site's
 * rules and signals for this path (lib/path-verdicts.ts, the judgement POST /v1/check gives),
 * and the page's own noai / TDMRep meta tags (lib/page-signals.ts, read when the popup opens).
 */
import { verdictLabel } from '~~/shared/labels.js';
import type { DecidingSignal } from '~~/shared/schemas.js';
import {
  byWords,
  deciderPhrase,
  useVerdictWords,
  type Headline,
  type Tone,
  type UseReading,
} from '~~/shared/reading/story.js';
import { licenceVerdictLabel } from '~~/shared/reading/story-licence.js';
import type { UseCase } from '~~/shared/values.js';
import { t } from './i18n.js';
import type { PageSignals } from './page-signals.js';

/** A use case's verdict for one path, with the rule that decided it. */
export interface PathVerdict {
  verdict: 'blocked' | 'partial' | 'allowed';
  decider: DecidingSignal | null;
}
/** Per use case; null where this path cannot be judged (then the site's verdict speaks). */
export type PathVerdicts = Readonly<Record<UseCase, PathVerdict | null>>;

export interface PageUse {
  use: UseCase;
  words: string;
  tone: Tone;
  because: string | null;
}

export interface PageReading {
  /** The uses whose verdict on this page differs from the site's. */
  differs: PageUse[];
  /** "This page: AI training blocked, by robots.txt (line 12); the site as a whole: selective"; null when nothing differs. */
  sentence: string | null;
}

const RANK = { allowed: 0, partial: 1, blocked: 2 } as const;
const TONE: Record<PathVerdict['verdict'], Tone> = { blocked: 'blocked', partial: 'partial', allowed: 'neutral' };

/** The page's own tags as a training verdict: noai / noimageai, or a TDM reservation ("1"). */
function fromSignals(s: PageSignals | null): PathVerdict | null {
  if (!s) return null;
  if (s.aiTokens.length)
    return { verdict: 'blocked', decider: { source: 'meta', evidence: s.aiTokens.join(', '), line: null } };
  if (s.tdmReservation === '1')
    return { verdict: 'blocked', decider: { source: 'tdmrep', evidence: `tdm-reservation: 1`, line: null } };
  return null;
}

export function pageReading(
  siteUses: readonly UseReading[],
  head: Headline,
  path: PathVerdicts | null,
  signals: PageSignals | null,
): PageReading {
  const differs: PageUse[] = [];
  const tags = fromSignals(signals);
  for (const site of siteUses) {
    // Rules that were not read judge no path; the page's own tags still speak for it.
    let page = site.verdict === 'unknown' ? null : (path?.[site.use] ?? null);
    if (site.use === 'training' && tags && (!page || RANK[tags.verdict] > RANK[page.verdict])) page = tags;
    if (!page || page.verdict === site.verdict) continue;
    // Restricted by the site's RSL licence for a payment: "Licence required", as the site's rows say it.
    const words =
      page.verdict === 'partial' && page.decider?.source === 'rsl'
        ? licenceVerdictLabel('paid')
        : verdictLabel(page.verdict, false).label;
    const where =
      page.decider && (page.decider.source === 'meta' || page.decider.source === 'tdmrep') && page === tags
        ? 'page'
        : 'homepage';
    const decider =
      page.decider &&
      (page.decider.source === 'tdmrep' && where === 'page'
        ? t('byPageTdmRep', 'this page\u2019s TDMRep reservation')
        : deciderPhrase(page.decider, null, where));
    const because = decider ? byWords(decider) : null;
    differs.push({ use: site.use, words, tone: TONE[page.verdict], because });
  }
  if (differs.length === 0) return { differs, sentence: null };
  const parts = differs.map((d) =>
    d.because ? t('pageUseBecause', '$1, $2', useVerdictWords(d), d.because) : useVerdictWords(d),
  );
  const whole = head.label.charAt(0).toLowerCase() + head.label.slice(1);
  return { differs, sentence: t('pageSentence', 'This page: $1; the site as a whole: $2', parts.join('; '), whole) };
}
