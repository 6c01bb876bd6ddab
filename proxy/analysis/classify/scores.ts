/**
 * Openness, confidence and completeness (docs/policy.md section 6).
 */
import type { Completeness, RobotsOutcome, TosStance, UseCase, Verdict } from '../../../shared/values.js';
import { USE_CASES } from '../../../shared/values.js';

const OPENNESS: Readonly<Record<Verdict, number>> = { allowed: 1, partial: 0.5, unknown: 0.5, blocked: 0 };

/** Two decimals: the sums below are exact in decimal but not in binary (0.1 + 0.2). */
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Mean over the three use cases of allowed 1, partial 0.5, unknown 0.5, blocked 0. */
export function openness(verdicts: Record<UseCase, Verdict>): number {
  return round2(USE_CASES.reduce((s, u) => s + OPENNESS[verdicts[u]], 0) / USE_CASES.length);
}

/** The announced surface's integer score. */
export const announcedScore = (open: number): number => Math.round(100 * open);

export interface ConfidenceFacts {
  robotsOutcome: RobotsOutcome;
  /**
   * The homepage was requested and gave no HTTP answer. A homepage not requested (robots.txt
   * disallows the crawler, or could not be read: RFC 9309) is not unreachable: nothing says
   * it would not have answered, and the site's own wish or its robots.txt's state is already
   * counted where it belongs.
   */
  homepageUnreachable: boolean;
  /** Some request to the host got an HTTP answer (read-evidence.ts Facts.hostAnswered). */
  hostAnswered: boolean;
  conflicts: number;
}

/**
 * 1.0, minus 0.1 when robots.txt is missing, 0.6 when blocked or error, 0.3 when the homepage
 * is unreachable but robots.txt is not, 0.15 per conflict (a real disagreement: realConflict); never below 0. "0.0 for
 * `unreachable`": the site is unreachable when nothing answered (section 11, row 1). A
 * robots.txt that gave no answer while other files did is read like one that failed (`error`):
 * its rules are unknown, the site is there.
 */
export function confidence(f: ConfidenceFacts): number {
  if (f.robotsOutcome === 'unreachable' && !f.hostAnswered) return 0;
  let c = 1;
  if (f.robotsOutcome === 'missing') c -= 0.1;
  if (f.robotsOutcome === 'blocked' || f.robotsOutcome === 'error' || f.robotsOutcome === 'unreachable') c -= 0.6;
  if (f.homepageUnreachable) c -= 0.3;
  c -= 0.15 * f.conflicts;
  return Math.max(0, round2(c));
}

/** The AI-policy sources of section 6, each found or not. */
export interface PolicySources {
  robotsAiRules: boolean;
  contentSignals: boolean;
  tdmrep: boolean;
  aiTxt: boolean;
  llmsTxt: boolean;
  agentsJson: boolean;
  pageMeta: boolean;
  tosAiClause: boolean;
  /** An RSL licence that was read (docs/policy.md section 15). */
  licence: boolean;
}

export const tosHasAiClause = (t: TosStance): boolean => t === 'prohibits' || t === 'restricts' || t === 'permits';

/**
 * `none` (no robots.txt, no signal), `minimal` (robots.txt without AI rules, no signal),
 * `moderate` (one or two sources), `comprehensive` (three or more). A robots.txt that could
 * not be read counts as no robots.txt here.
 */
export function completeness(sources: PolicySources, robotsOk: boolean): Completeness {
  const n = Object.values(sources).filter(Boolean).length;
  if (n >= 3) return 'comprehensive';
  if (n >= 1) return 'moderate';
  return robotsOk ? 'minimal' : 'none';
}
