/**
 * The rest of the story (docs/policy.md section 9): the openness score only where it means
 * something, and times in the reader's language ("3 minutes ago", "last check failed …, showing
 * the result from …"). Conflicts, notes and the confidence are read-full.ts'.
 * Sentences are said through shared/say.ts; dates and numbers follow Intl, where `locale`
 * undefined means the runtime's (the browser's) language. Plain functions.
 */
import { say } from '../say.js';
import type { Basis } from '../schemas.js';
import { termsLimitAi, termsAiWords, type TermsReading } from './story-terms.js';
import type { UseReading } from './story.js';

/**
 * The openness score (0-100) as a person should read it, or null when it would mislead: with
 * an unknown verdict the score is a guess, not the site's policy. It counts robots.txt and the
 * AI files only; terms that forbid AI use are said beside it (section 11), never a bare 100.
 */
export function opennessWords(score100: number, readings: readonly UseReading[], terms?: TermsReading): string | null {
  if (readings.some((r) => r.verdict === 'unknown')) return null;
  if (terms && termsLimitAi(terms)) {
    return say(
      'opennessTerms',
      'Openness $1 / 100: how much AI use robots.txt and the AI files leave open (0 all blocked, 100 none restricted). It does not count the terms of service, and $2.',
      score100,
      termsAiWords(terms),
    );
  }
  return say(
    'openness',
    'Openness $1 / 100: how much AI use the site leaves open (0 all blocked, 100 none restricted; open is not the same as invited).',
    score100,
  );
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
export function lastCheckSentence(
  basis: Basis | undefined,
  lastUpdated: string,
  now: number,
  locale?: string,
): string | null {
  const lc = basis?.last_check;
  if (!lc) return null;
  const failed = say(
    'lastCheckFailed',
    'The last check failed $1 ($2); showing the result from $3.',
    relativeTime(lc.failed_at, now, locale),
    lc.cause,
    relativeTime(lastUpdated, now, locale),
  );
  return lc.next_retry
    ? say('twoSentences', '$1 $2', failed, say('nextTry', 'Next try $1.', relativeTime(lc.next_retry, now, locale)))
    : failed;
}
