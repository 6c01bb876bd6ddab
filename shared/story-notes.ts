/**
 * The rest of the story (classification.md section 9): conflicts that are real disagreements
 * and notes that are not, the openness score only where it means something, and times in the
 * reader's language ("3 minutes ago", "last check failed …, showing the result from …").
 * Sentences are said through shared/say.ts; dates and numbers follow Intl, where `locale`
 * undefined means the runtime's (the browser's) language. Plain functions.
 */
import { CONFLICT_LABELS, TOS_SILENT_NOTE, USE_CASE_LABELS, WARNING_LABELS, type Label } from './labels.js';
import { say } from './say.js';
import type { Basis, Explanation } from './schemas.js';
import { USE_CASES, type Conflict, type TosStance, type UseCase } from './values.js';
import type { UseReading } from './story.js';

export interface Issue extends Label {
  /** `conflict`: sources disagree; `note`: worth knowing, no disagreement; `warning`: about the files. */
  kind: 'conflict' | 'note' | 'warning';
}

/**
 * Conflicts and warnings in words. Terms that say nothing about AI are a note, not a conflict:
 * the seed's `robots_blocks_ai_but_tos_allows_or_silent` covers both, so the terms' stance picks.
 */
export function issues(conflicts: readonly Conflict[], warnings: readonly string[], tos: TosStance | null, explanations: readonly Explanation[] = []): Issue[] {
  const out: Issue[] = conflicts.map((c) => {
    if (c === 'robots_blocks_ai_but_tos_allows_or_silent' && tos !== 'permits') return { kind: 'note', ...TOS_SILENT_NOTE };
    const l = CONFLICT_LABELS[c] as Label | undefined;
    return {
      kind: 'conflict',
      label: l?.label ?? say('conflictOther', 'Sources disagree'),
      explanation: usesOf(c, explanations) ?? l?.explanation ?? say('conflictOtherInfo', 'Two of the site\u2019s sources say different things.'),
    };
  });
  for (const w of warnings) {
    const l = (WARNING_LABELS as Record<string, Label | undefined>)[w];
    // A warning this version has no words for is still shown, in general words (never its identifier).
    out.push({
      kind: 'warning',
      label: l?.label ?? say('warnOther', 'Something unusual in the files'),
      explanation: l?.explanation ?? say('warnOtherInfo', 'A file of the site has something this version cannot describe.'),
    });
  }
  return out;
}

const SIGNAL_CONFLICT_WORDS: Partial<Record<Conflict, (uses: string) => string>> = {
  signal_allows_but_robots_blocks: (uses) => say('conflictSignalAllowsUses', 'A usage signal says yes to $1, which robots.txt restricts for AI bots.', uses),
  signal_blocks_but_robots_allows_explicitly: (uses) => say('conflictSignalRefusesUses', 'A usage signal says no to $1, whose main bot robots.txt explicitly allows.', uses),
};

/** A signal conflict told with the uses it is about ("AI search"), from the record's explanations of it. */
function usesOf(c: Conflict, explanations: readonly Explanation[]): string | null {
  const words = SIGNAL_CONFLICT_WORDS[c];
  const uses = [...new Set(explanations.filter((e) => e.subject === c && (USE_CASES as readonly string[]).includes(e.value)).map((e) => USE_CASE_LABELS[e.value as UseCase].label))];
  return words && uses.length ? words(uses.reduce((x, y) => say('listAnd', '$1 and $2', x, y))) : null;
}

/**
 * The openness score (0-100) as a person should read it, or null when it would mislead: with
 * an unknown verdict the score is a guess, not the site's policy.
 */
export function opennessWords(score100: number, readings: readonly UseReading[]): string | null {
  if (readings.some((r) => r.verdict === 'unknown')) return null;
  return say('openness', 'Openness $1 / 100: how much AI use the site leaves open (0 all blocked, 100 none restricted; open is not the same as invited).', score100);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 minutes ago", "in 10 minutes", "yesterday", in the given language. */
export function relativeTime(iso: string, now: number, locale?: string): string {
  const ms = Date.parse(iso) - now;
  if (!Number.isFinite(ms)) return '?';
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(ms);
  // Seconds rather than "now": "the last check failed now" reads oddly.
  if (abs < MINUTE) return rtf.format(Math.round(ms / 1000), 'second');
  if (abs < HOUR) return rtf.format(Math.round(ms / MINUTE), 'minute');
  if (abs < DAY) return rtf.format(Math.round(ms / HOUR), 'hour');
  return rtf.format(Math.round(ms / DAY), 'day');
}

/** "21 Nov 2026, 14:05" in the given language. */
export function dateTime(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '?';
}

/** "21 Nov 2026" in the given language. */
export function dateOnly(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? d.toLocaleDateString(locale, { dateStyle: 'medium' }) : '?';
}

/**
 * "The last check failed 5 minutes ago (timed out); showing the result from 3 days ago.
 * Next try in 55 minutes." when the latest check failed (section 8), else null.
 */
export function lastCheckSentence(basis: Basis | undefined, lastUpdated: string, now: number, locale?: string): string | null {
  const lc = basis?.last_check;
  if (!lc) return null;
  const failed = say('lastCheckFailed', 'The last check failed $1 ($2); showing the result from $3.', relativeTime(lc.failed_at, now, locale), lc.cause, relativeTime(lastUpdated, now, locale));
  return lc.next_retry ? say('twoSentences', '$1 $2', failed, say('nextTry', 'Next try $1.', relativeTime(lc.next_retry, now, locale))) : failed;
}
