/**
 * The rest of the story (docs/policy.md section 9): conflicts that are real disagreements
 * and notes that are not, the openness score only where it means something, and times in the
 * reader's language ("3 minutes ago", "last check failed …, showing the result from …").
 * Sentences are said through shared/say.ts; dates and numbers follow Intl, where `locale`
 * undefined means the runtime's (the browser's) language. Plain functions.
 */
import {
  CONFLICT_LABELS,
  TOS_SILENT_NOTE,
  TOS_STANCE_LABELS,
  USE_CASE_LABELS,
  WARNING_LABELS,
  type Label,
} from './labels.js';
import { say } from './say.js';
import type { Basis, Explanation, FullRecord } from './schemas.js';
import {
  termsAccessSentence,
  termsAiClause,
  termsAiSentence,
  termsLimitAccess,
  termsLimitAi,
  termsAiWords,
  type TermsReading,
} from './story-terms.js';
import { USE_CASES, type Conflict, type UseCase } from './values.js';
import type { UseReading } from './story.js';

export interface Issue extends Label {
  /** `conflict`: sources disagree; `note`: worth knowing, no disagreement (facts about the files included). */
  kind: 'conflict' | 'note';
}

/**
 * What the terms say, as notes (section 11): an AI clause with its sentence, unless the conflict
 * below tells it; a ban on robots and scrapers apart from AI; terms silent on AI where robots.txt
 * restricts AI bots (the seed's `robots_blocks_ai_but_tos_allows_or_silent`, which is a note
 * then, section 9).
 */
function termsNotes(conflicts: readonly Conflict[], terms: TermsReading): Issue[] {
  const out: Issue[] = [];
  if (termsLimitAi(terms) && !conflicts.includes('tos_prohibits_ai_but_robots_allows'))
    out.push({ kind: 'note', label: TOS_STANCE_LABELS[terms.ai!].label, explanation: termsAiSentence(terms) });
  if (termsLimitAccess(terms) && !termsLimitAi(terms))
    out.push({ kind: 'note', label: say('tosRobots', 'Terms forbid robots'), explanation: termsAccessSentence(terms) });
  else if (conflicts.includes('robots_blocks_ai_but_tos_allows_or_silent') && terms.ai === 'silent')
    out.push({ kind: 'note', ...TOS_SILENT_NOTE });
  return out;
}

/**
 * Conflicts, notes and the files' warnings in words. Terms that say nothing about AI are a note,
 * not a conflict: the seed's `robots_blocks_ai_but_tos_allows_or_silent` covers both, so the
 * terms' stance picks. Warnings are facts about the files (retired bot names, unknown lines),
 * told as notes, not as dangers.
 */
export function issues(
  conflicts: readonly Conflict[],
  warnings: readonly string[],
  terms: TermsReading,
  explanations: readonly Explanation[] = [],
): Issue[] {
  const out: Issue[] = [];
  for (const c of conflicts) {
    if (c === 'robots_blocks_ai_but_tos_allows_or_silent' && terms.ai !== 'permits') continue;
    const l = CONFLICT_LABELS[c] as Label | undefined;
    const explanation =
      c === 'tos_prohibits_ai_but_robots_allows'
        ? say(
            'conflictTosRobotsSaid',
            '$1, but robots.txt lets every AI bot in.',
            termsAiClause({ ...terms, ai: terms.ai ?? 'prohibits' }),
          )
        : (usesOf(c, explanations) ??
          l?.explanation ??
          say('conflictOtherInfo', 'Two of the site\u2019s sources say different things.'));
    out.push({ kind: 'conflict', label: l?.label ?? say('conflictOther', 'Sources disagree'), explanation });
  }
  out.push(...termsNotes(conflicts, terms));
  // A warning said of several groups is one fact to a person.
  for (const w of new Set(warnings)) {
    const l = (WARNING_LABELS as Record<string, Label | undefined>)[w];
    // A warning this version has no words for is still shown, in general words (never its identifier).
    out.push({
      kind: 'note',
      label: l?.label ?? say('warnOther', 'Something unusual in the files'),
      explanation:
        l?.explanation ?? say('warnOtherInfo', 'A file of the site has something this version cannot describe.'),
    });
  }
  return out;
}

const SIGNAL_CONFLICT_WORDS: Partial<Record<Conflict, (uses: string) => string>> = {
  signal_allows_but_robots_blocks: (uses) =>
    say('conflictSignalAllowsUses', 'A usage signal says yes to $1, which robots.txt restricts for AI bots.', uses),
  signal_blocks_but_robots_allows_explicitly: (uses) =>
    say(
      'conflictSignalRefusesUses',
      'A usage signal says no to $1, whose main bot robots.txt explicitly allows.',
      uses,
    ),
};

/** A signal conflict told with the uses it is about ("AI search"), from the record's explanations of it. */
function usesOf(c: Conflict, explanations: readonly Explanation[]): string | null {
  const words = SIGNAL_CONFLICT_WORDS[c];
  const uses = [
    ...new Set(
      explanations
        .filter((e) => e.subject === c && (USE_CASES as readonly string[]).includes(e.value))
        .map((e) => USE_CASE_LABELS[e.value as UseCase].label),
    ),
  ];
  return words && uses.length ? words(uses.reduce((x, y) => say('listAnd', '$1 and $2', x, y))) : null;
}

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

/**
 * "How sure this reading is: 40 % (robots.txt could not be read)": the record's confidence with
 * what lowered it, as docs/policy.md section 6 computes it.
 */
export function confidenceWords(
  full: Pick<FullRecord, 'confidence' | 'robots_txt_status' | 'homepage_status' | 'conflicts' | 'explanations'>,
): string {
  const percent = Math.round(full.confidence * 100);
  const why: string[] = [];
  const robots = full.robots_txt_status;
  if (robots === 'missing') why.push(say('lowerNoRobots', 'the site has no robots.txt'));
  else if (robots === 'blocked' || robots === 'error')
    why.push(say('lowerRobotsUnread', 'robots.txt could not be read'));
  else if (robots === 'unreachable') why.push(say('lowerNothing', 'nothing answered'));
  if (
    robots !== 'unreachable' &&
    full.homepage_status === null &&
    full.explanations.some((e) => e.subject === 'homepage' && e.value === 'no_answer')
  )
    why.push(say('lowerHomepage', 'the homepage did not answer'));
  if (full.conflicts.length === 1) why.push(say('lowerConflict', 'two sources disagree'));
  else if (full.conflicts.length > 1)
    why.push(say('lowerConflicts', '$1 disagreements between sources', full.conflicts.length));
  const said = say('confidenceIs', 'How sure this reading is: $1 %', percent);
  return why.length ? say('confidenceWhy', '$1 ($2).', said, why.join('; ')) : say('sentence', '$1.', said);
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
