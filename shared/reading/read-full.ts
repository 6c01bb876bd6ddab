/**
 * What the reading tells once the full record is in (docs/policy.md sections 9, 11 and 15):
 * conflicts that are real disagreements and notes that are not, the lines robots.txt has that no
 * crawler understands (named by number, with what they cost), AI bots named without a rule, and
 * how sure the reading is, with causes that are true of the files. Each with its claims.
 */
import {
  CONFLICT_LABELS,
  TOS_SILENT_NOTE,
  TOS_STANCE_LABELS,
  USE_CASE_LABELS,
  WARNING_LABELS,
  type Label,
} from '../labels.js';
import { say } from '../say.js';
import type { FullRecord } from '../schemas.js';
import type { BotClaim, Claim, LineIgnoredClaim, NotReadClaim, Told } from './claims.js';
import type { HostClaims } from './host-claims.js';
import { notReadWords, type Reading } from './read-site.js';
import { someNames } from './story-robots.js';
import {
  termsAccessSentence,
  termsAiClause,
  termsAiSentence,
  termsLimitAccess,
  termsLimitAi,
  termsSilentSentence,
  type TermsReading,
} from './story-terms.js';

export interface Issue extends Label {
  /** `conflict`: sources disagree; `note`: worth knowing, no disagreement (facts about the files included). */
  kind: 'conflict' | 'note';
  claims: Claim[];
}

const present = <T>(x: T | null | undefined): T[] => (x === null || x === undefined ? [] : [x]);

/** A real conflict in words, with the uses it is about where it is about some. */
function conflictIssue(h: HostClaims, id: HostClaims['conflicts'][number], terms: TermsReading): Issue {
  const l = CONFLICT_LABELS[id.id] as Label | undefined;
  const uses = id.uses
    .map((u) => USE_CASE_LABELS[u].label)
    .reduce<string | null>((x, y) => (x === null ? y : say('listAnd', '$1 and $2', x, y)), null);
  const explanation =
    id.id === 'tos_prohibits_ai_but_robots_allows'
      ? say(
          'conflictTosRobotsSaid',
          '$1, but robots.txt lets every AI bot in.',
          termsAiClause({ ...terms, ai: terms.ai ?? 'prohibits' }),
        )
      : id.id === 'signal_allows_but_robots_blocks' && uses
        ? say(
            'conflictSignalAllowsUses',
            'A usage signal says yes to $1, which robots.txt restricts for AI bots.',
            uses,
          )
        : id.id === 'signal_blocks_but_robots_allows_explicitly' && uses
          ? say(
              'conflictSignalRefusesUses',
              'A usage signal says no to $1, whose main bot robots.txt explicitly allows.',
              uses,
            )
          : (l?.explanation ?? say('conflictOtherInfo', 'Two of the site\u2019s sources say different things.'));
  return {
    kind: 'conflict',
    label: l?.label ?? say('conflictOther', 'Sources disagree'),
    explanation,
    claims: [id, ...present(h.terms?.ai)],
  };
}

/**
 * What the terms say, as notes (section 11): an AI clause with its sentence, unless the conflict
 * tells it; a ban on robots and scrapers apart from AI; terms silent on AI use where robots.txt
 * restricts AI bots (the seed's `robots_blocks_ai_but_tos_allows_or_silent`, a note then).
 */
function termsNotes(h: HostClaims, full: FullRecord, terms: TermsReading): Issue[] {
  const out: Issue[] = [];
  const ai = present(h.terms?.ai);
  const mention = present(h.mention);
  if (termsLimitAi(terms) && !full.conflicts.includes('tos_prohibits_ai_but_robots_allows'))
    out.push({
      kind: 'note',
      label: TOS_STANCE_LABELS[terms.ai!].label,
      explanation: termsAiSentence(terms),
      claims: ai,
    });
  if (termsLimitAccess(terms) && !termsLimitAi(terms))
    out.push({
      kind: 'note',
      label: say('tosRobots', 'Terms forbid robots'),
      explanation: termsAccessSentence(terms),
      claims: [...present(h.terms?.access), ...ai, ...mention],
    });
  else if (full.conflicts.includes('robots_blocks_ai_but_tos_allows_or_silent') && terms.ai === 'silent')
    out.push({
      kind: 'note',
      label: TOS_SILENT_NOTE.label,
      explanation: termsSilentSentence(terms),
      claims: [...ai, ...mention],
    });
  return out;
}

/** "line 1 (‘ï»¿User-agent: *’)" */
const lineWords = (c: LineIgnoredClaim): string => say('lineQuoted', 'line $1 (\u2018$2\u2019)', c.line, c.text);

/** The documents a person may be told were fetched and not read (robots.txt is told in its own sentence). */
const NOT_READ_NAMES: Readonly<Record<Exclude<NotReadClaim['file'], 'robots_txt'>, () => string>> = {
  homepage: () => say('docHomepage', 'The homepage'),
  terms: () => say('docTerms', 'The terms page'),
  llms_txt: () => 'llms.txt',
  ai_txt: () => 'ai.txt',
  tdmrep: () => 'tdmrep.json',
  agents_json: () => 'agents.json',
  rsl: () => say('docRsl', 'The RSL licence'),
};

/** "The terms page was fetched but not read: too long to read in the time allowed (860 KB, …); what it says is not known." */
function notReadNotes(h: HostClaims): Issue[] {
  return h.notRead
    .filter((c): c is NotReadClaim & { file: Exclude<NotReadClaim['file'], 'robots_txt'> } => c.file !== 'robots_txt')
    .map((c) => ({
      kind: 'note' as const,
      label: say('notReadLabel', '$1 was not read', NOT_READ_NAMES[c.file]()),
      explanation: say(
        'notReadInfo',
        '$1 was fetched but not read: $2. What it says is not known.',
        NOT_READ_NAMES[c.file](),
        notReadWords(c),
      ),
      claims: [c],
    }));
}

/**
 * robots.txt lines no crawler understands, named by number (section 16): a User-agent line spoiled
 * by stray bytes costs its group, told apart; the others in one note.
 */
function ignoredNotes(h: HostClaims): Issue[] {
  const out: Issue[] = [];
  for (const c of h.ignored.filter((x) => x.loses === 'group')) {
    const who = c.agents.includes('*') ? say('forAllCrawlers', 'all crawlers') : someNames(c.agents);
    out.push({
      kind: 'note',
      label: say('lineSpoiled', 'Line $1 not understood', c.line),
      explanation:
        typeof c.joins === 'number'
          ? say(
              'lineSpoiledJoinsInfo',
              'Line $1 of robots.txt starts with stray bytes (\u2018$2\u2019), so no crawler reads it as a User-agent line: the rules after it, meant for $3, count for the group of line $4 instead.',
              c.line,
              c.text,
              who,
              c.joins,
            )
          : say(
              'lineSpoiledInfo',
              'Line $1 of robots.txt starts with stray bytes (\u2018$2\u2019), so no crawler reads it as a User-agent line: the rules after it, meant for $3, are ignored.',
              c.line,
              c.text,
              who,
            ),
      claims: [c],
    });
  }
  const rest = h.ignored.filter((x) => x.loses === 'nothing');
  if (rest.length > 0)
    out.push({
      kind: 'note',
      label: say('warnUnknownLines', 'Unknown robots.txt lines'),
      explanation: say(
        'ignoredLinesInfo',
        'robots.txt has lines no crawler understands, ignored: $1.',
        rest.slice(0, 5).map(lineWords).join(', ') + (rest.length > 5 ? ', \u2026' : ''),
      ),
      claims: rest,
    });
  return out;
}

/** AI bots named without a rule (section 16): not restricted, and the list may be missing its Disallow. */
function noRuleNote(bots: readonly BotClaim[]): Issue[] {
  const named = bots.filter((b) => b.role === 'no_rule' && b.purpose !== 'other');
  if (named.length === 0) return [];
  const lines = [...new Set(named.flatMap((b) => b.lines))].sort((a, b) => a - b);
  return [
    {
      kind: 'note',
      label: say('noRuleLabel', 'AI bots named without a rule'),
      explanation: say(
        'noRuleInfo',
        'robots.txt names $1 ($2) but gives them no Allow or Disallow line, so nothing restricts them: they may crawl everything. Such a list is usually meant to block them and is missing its Disallow line.',
        someNames(named.map((b) => b.bot)),
        lines.length === 1
          ? say('lineN', 'line $1', lines[0]!)
          : say('linesN', 'lines $1', lines.slice(0, 5).join(', ') + (lines.length > 5 ? ', \u2026' : '')),
      ),
      claims: named,
    },
  ];
}

/** Warnings with no claim of their own: facts about the files, told as notes, never as dangers. */
function warningNotes(full: FullRecord, h: HostClaims): Issue[] {
  const out: Issue[] = [];
  for (const w of new Set(full.warnings)) {
    // Unknown lines are named one by one where the record lists them (ignoredNotes).
    if (w === 'unknown_directives' && full.robots_ignored !== undefined) continue;
    const l = (WARNING_LABELS as Record<string, Label | undefined>)[w];
    // A warning this version has no words for is still shown, in general words (never its identifier).
    out.push({
      kind: 'note',
      label: l?.label ?? say('warnOther', 'Something unusual in the files'),
      explanation:
        l?.explanation ?? say('warnOtherInfo', 'A file of the site has something this version cannot describe.'),
      claims: present(h.robots),
    });
  }
  return out;
}

/** The notes and conflicts of a host's full record, in words, each with its claims. */
export function readIssues(reading: Reading, full: FullRecord, bots: readonly BotClaim[] = []): Issue[] {
  const h = reading.own;
  return [
    ...h.conflicts.map((c) => conflictIssue(h, c, reading.terms)),
    ...termsNotes(h, full, reading.terms),
    ...noRuleNote(
      bots.length > 0 ? bots : (full.bot_roles ?? []).map((r) => ({ kind: 'bot' as const, of: h.of, ...r })),
    ),
    ...ignoredNotes(h),
    ...notReadNotes(h),
    ...warningNotes(full, h),
  ];
}

const CAUSE_WORDS: Readonly<
  Record<'no_robots' | 'robots_unread' | 'nothing_answered' | 'homepage_no_answer', () => string>
> = {
  no_robots: () => say('lowerNoRobots', 'the site has no robots.txt'),
  robots_unread: () => say('lowerRobotsUnread', 'robots.txt could not be read'),
  nothing_answered: () => say('lowerNothing', 'nothing answered'),
  homepage_no_answer: () => say('lowerHomepage', 'the homepage did not answer'),
};

/** "How sure this reading is: 40 % (robots.txt could not be read)": the confidence with what lowered it, each cause true. */
export function readConfidence(h: HostClaims): Told | null {
  const c = h.confidence;
  if (!c) return null;
  const why: string[] = [];
  let conflicts = 0;
  for (const cause of c.causes) {
    if (cause.startsWith('conflict:')) conflicts++;
    else why.push(CAUSE_WORDS[cause as keyof typeof CAUSE_WORDS]());
  }
  if (conflicts === 1) why.push(say('lowerConflict', 'two sources disagree'));
  else if (conflicts > 1) why.push(say('lowerConflicts', '$1 disagreements between sources', conflicts));
  const said = say('confidenceIs', 'How sure this reading is: $1 %', c.percent);
  return {
    text: why.length ? say('confidenceWhy', '$1 ($2).', said, why.join('; ')) : say('sentence', '$1.', said),
    claims: [c, ...h.conflicts],
  };
}
