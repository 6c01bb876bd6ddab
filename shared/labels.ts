/**
 * Words for people: labels and one-sentence explanations of every value the records carry,
 * and the badge view per stance (CONVENTIONS 4: one table, one place). The badge always
 * carries text, so colour is never the only carrier of meaning (WCAG 2.2 SC 1.4.1); every
 * badge colour has at least 4.5:1 contrast with its text colour (SC 1.4.3), tested.
 * Every word is said through shared/say.ts when it is read (the tables hold getters), so the
 * extension's translator, installed at start, is used; the CLI reads the English.
 * Plain data, no zod and no node:*: the extension imports this module.
 */
import type { ToldStance } from './reading/claims.js';
import { say } from './say.js';
import type {
  BotPurpose,
  Completeness,
  Conflict,
  Detail,
  Purpose,
  SignalKey,
  Stance,
  StandardKey,
  TosStance,
  Verdict,
} from './values.js';

export interface Label {
  /** A few words, sentence case. */
  label: string;
  /** One sentence for people. */
  explanation: string;
}

/** A label whose words are said each time they are read (never at module load). */
const words = (label: () => string, explanation: () => string): Label => ({
  get label() {
    return label();
  },
  get explanation() {
    return explanation();
  },
});

const noAiRules = () => say('noAiRules', 'No AI rules');
const unknown = () => say('unknown', 'Unknown');

export const STANCE_LABELS: Readonly<Record<Stance, Label>> = {
  blocks_all_ai: words(
    () => say('stanceBlocksAll', 'Blocks all AI'),
    () => say('stanceBlocksAllInfo', 'The site refuses AI training, AI search and AI answers alike.'),
  ),
  blocks_training: words(
    () => say('stanceBlocksTraining', 'Blocks AI training'),
    () => say('stanceBlocksTrainingInfo', 'The site refuses the use of its content to train AI models.'),
  ),
  selective: words(
    () => say('stanceSelective', 'Selective'),
    () => say('stanceSelectiveInfo', 'The site restricts some AI uses or AI bots and not others.'),
  ),
  allows_all: words(
    () => say('stanceAllowsAll', 'Allows AI'),
    () => say('stanceAllowsAllInfo', 'The site explicitly allows some AI use and restricts none.'),
  ),
  no_policy: words(noAiRules, () => say('stanceNoPolicyInfo', 'The site publishes no machine-readable rule about AI.')),
};

/**
 * What a person reads for each detail (docs/policy.md section 9): the label is the headline
 * of the popup and the CLI. `has_llms_txt` keeps the seed's `allows_all` in the API but says
 * what it is; the two unread details say "Unknown", never "no robots.txt".
 */
export const DETAIL_LABELS: Readonly<Record<Detail, Label>> = {
  blocks_all_ai: STANCE_LABELS.blocks_all_ai,
  // Whether the file lets some crawlers in by name is told by shared/reading/story.ts when known; these words are true either
  // way.
  wildcard_block: words(
    () => say('stanceBlocksAll', 'Blocks all AI'),
    () =>
      say(
        'detailWildcardUnsureInfo',
        'robots.txt\u2019s rule for all crawlers (User-agent: *) closes the whole site, AI bots included.',
      ),
  ),
  blocks_training: STANCE_LABELS.blocks_training,
  selective: STANCE_LABELS.selective,
  allows_all: STANCE_LABELS.allows_all,
  has_llms_txt: words(noAiRules, () =>
    say('detailLlmsTxtInfo', 'Publishes an llms.txt guide for AI tools; no AI rules in robots.txt.'),
  ),
  no_ai_rules: words(noAiRules, () =>
    say('detailNoAiRulesInfo', 'robots.txt sets no rule for AI bots, and no other AI rule was found.'),
  ),
  no_robots: words(noAiRules, () =>
    say('detailNoRobotsInfo', 'The site has no robots.txt and publishes no other AI rule.'),
  ),
  has_signals: words(noAiRules, () =>
    say('detailSignalsInfo', 'robots.txt has no AI rules; other AI files were found, but none restricts AI use.'),
  ),
  robots_blocked: words(unknown, () =>
    say('detailRobotsBlockedInfo', 'robots.txt could not be read, so the site\u2019s AI rules are not known.'),
  ),
  unreachable: words(unknown, () =>
    say('detailUnreachableInfo', 'The site could not be reached, so its AI rules are not known.'),
  ),
};

/**
 * Verdict words (section 9). `allowed` has two readings: "Allowed" only when the site says so
 * explicitly, "Not restricted" when it is silent; use verdictLabel() to pick.
 */
export const VERDICT_LABELS: Readonly<Record<Verdict, Label>> = {
  blocked: words(
    () => say('verdictBlocked', 'Blocked'),
    () => say('verdictBlockedInfo', 'The site refuses this use.'),
  ),
  partial: words(
    () => say('verdictPartial', 'Partly blocked'),
    () =>
      say(
        'verdictPartialInfo',
        'Some AI bots of this kind are refused, or some paths are closed to them; others are not.',
      ),
  ),
  allowed: words(
    () => say('verdictAllowed', 'Allowed'),
    () => say('verdictAllowedInfo', 'The site explicitly allows this use.'),
  ),
  unknown: words(unknown, () =>
    say('verdictUnknownInfo', 'The site\u2019s rules could not be read, so this is not known.'),
  ),
};

export const NOT_RESTRICTED: Label = words(
  () => say('verdictNotRestricted', 'Not restricted'),
  () => say('verdictNotRestrictedInfo', 'Nothing the site publishes restricts this use; it does not invite it either.'),
);

/** "Allowed" for an explicit allow, "Not restricted" for silence (section 9); the rest as VERDICT_LABELS. */
export function verdictLabel(v: Verdict, explicit: boolean): Label {
  return v === 'allowed' && !explicit ? NOT_RESTRICTED : VERDICT_LABELS[v];
}

export const USE_CASE_LABELS: Readonly<Record<'training' | 'search' | 'inference', Label>> = {
  training: words(
    () => say('useTraining', 'AI training'),
    () => say('useTrainingInfo', 'Using the content to train AI models.'),
  ),
  search: words(
    () => say('useSearch', 'AI search'),
    () => say('useSearchInfo', 'Listing and linking the site\u2019s pages in AI search results.'),
  ),
  inference: words(
    () => say('useInference', 'AI answers'),
    () => say('useInferenceInfo', 'Reading a page to generate an answer for an AI assistant\u2019s user.'),
  ),
};

const agentInfo = () => say('purposeAgentInfo', 'Browsing and acting on websites on a user\u2019s behalf.');

export const PURPOSE_LABELS: Readonly<Record<BotPurpose | Purpose, Label>> = {
  training: USE_CASE_LABELS.training,
  search: USE_CASE_LABELS.search,
  inference: USE_CASE_LABELS.inference,
  rag: words(
    () => say('useInference', 'AI answers'),
    () => say('purposeRagInfo', 'Reading a page to ground an AI answer (retrieval).'),
  ),
  agent: words(() => say('purposeAgent', 'AI agent'), agentInfo),
  browsing: words(() => say('purposeBrowsing', 'AI agents'), agentInfo),
  other: words(
    () => say('purposeOther', 'Other'),
    () => say('purposeOtherInfo', 'Not an AI use: link previews, archives, generic crawls.'),
  ),
};

/**
 * Conflicts between sources (section 6). `robots_blocks_ai_but_tos_allows_or_silent` is a real
 * conflict only when the terms permit AI; when they are silent it is the note TOS_SILENT_NOTE
 * (section 9): conflictReading() picks.
 */
export const CONFLICT_LABELS: Readonly<Record<Conflict, Label>> = {
  robots_blocks_ai_but_tos_allows_or_silent: words(
    () => say('conflictRobotsTos', 'robots.txt and terms disagree'),
    () => say('conflictRobotsTosInfo', 'robots.txt restricts AI bots, but the terms of service allow AI use.'),
  ),
  tos_prohibits_ai_but_robots_allows: words(
    () => say('conflictTosRobots', 'Terms forbid AI, robots.txt does not'),
    () => say('conflictTosRobotsInfo', 'The terms of service prohibit AI use, but robots.txt lets every AI bot in.'),
  ),
  signal_allows_but_robots_blocks: words(
    () => say('conflictSignalAllows', 'A signal allows what robots.txt blocks'),
    () => say('conflictSignalAllowsInfo', 'A usage signal says yes to a use that robots.txt restricts for AI bots.'),
  ),
  signal_blocks_but_robots_allows_explicitly: words(
    () => say('conflictSignalRefuses', 'A signal refuses what robots.txt allows'),
    () =>
      say('conflictSignalRefusesInfo', 'A usage signal says no to a use whose main bot robots.txt explicitly allows.'),
  ),
  llms_txt_but_blocks_all_ai: words(
    () => say('conflictLlmsTxt', 'llms.txt offered, AI blocked'),
    () => say('conflictLlmsTxtInfo', 'The site offers an llms.txt guide for AI tools, yet blocks all AI bots.'),
  ),
};

export const TOS_SILENT_NOTE: Label = words(
  () => say('tosSilent', 'Terms silent on AI use'),
  () => say('tosSilentInfo', 'The terms of service have no clause on using the content for AI.'),
);

/**
 * Warnings (docs/policy.md section 6): facts about the files, worth knowing, neither
 * contradictions nor dangers; told as notes (shared/reading/story-notes.ts).
 */
export const WARNING_CODES = [
  'obsolete_tokens_only',
  'content_signals_outside_group',
  'robots_txt_truncated',
  'unknown_directives',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const WARNING_LABELS: Readonly<Record<WarningCode, Label>> = {
  obsolete_tokens_only: words(
    () => say('warnObsolete', 'Rules for retired bots'),
    () =>
      say(
        'warnObsoleteInfo',
        'Some rules name only retired bot names, such as anthropic-ai or Claude-Web; they block no crawler that still runs.',
      ),
  ),
  content_signals_outside_group: words(
    () => say('warnSignalOutside', 'Content signal outside a group'),
    () =>
      say(
        'warnSignalOutsideInfo',
        'A Content-Signal or Content-Usage line stands outside any user-agent group; it is read as applying to all bots.',
      ),
  ),
  robots_txt_truncated: words(
    () => say('warnTruncated', 'robots.txt too large'),
    () =>
      say(
        'warnTruncatedInfo',
        'robots.txt is larger than 500 KiB; only the first 500 KiB were read, as RFC 9309 allows.',
      ),
  ),
  unknown_directives: words(
    () => say('warnUnknownLines', 'Unknown robots.txt lines'),
    () => say('warnUnknownLinesInfo', 'robots.txt has lines no crawler understands; they were ignored.'),
  ),
};

/** Names of every standard a verdict can rest on: the seed's `signals` plus page meta and X-Robots-Tag. */
export const STANDARD_LABELS: Readonly<Record<StandardKey, Label>> = {
  robots_txt: words(
    () => say('stdRobotsTxt', 'robots.txt'),
    () => say('stdRobotsTxtInfo', 'The Robots Exclusion Protocol (RFC 9309): which bots may fetch which paths.'),
  ),
  llms_txt: words(
    () => say('stdLlmsTxt', 'llms.txt'),
    () => say('stdLlmsTxtInfo', 'A guide to the site written for AI tools (llmstxt.org); it sets no rules.'),
  ),
  ai_txt: words(
    () => say('stdAiTxt', 'ai.txt'),
    () => say('stdAiTxtInfo', 'A robots.txt-like file about AI use of the site\u2019s content.'),
  ),
  tdmrep: words(
    () => say('stdTdmRep', 'TDM Reservation Protocol'),
    () => say('stdTdmRepInfo', 'The W3C TDMRep: whether text and data mining rights are reserved.'),
  ),
  content_signals: words(
    () => say('stdContentSignal', 'Content-Signal'),
    () =>
      say(
        'stdContentSignalInfo',
        'A line in robots.txt or a header saying yes or no to AI training, AI answers and search (listing and linking pages).',
      ),
  ),
  agents_json: words(
    () => say('stdAgentsJson', 'agents.json'),
    () => say('stdAgentsJsonInfo', 'A description of the site\u2019s API for AI agents; it sets no rules.'),
  ),
  meta: words(
    () => say('stdMeta', 'Page noai tag'),
    () => say('stdMetaInfo', 'A robots meta tag on the homepage with noai or noimageai: no AI use of the page.'),
  ),
  x_robots_tag: words(
    () => say('stdXRobotsTag', 'X-Robots-Tag header'),
    () => say('stdXRobotsTagInfo', 'An HTTP header on the homepage with noai or noimageai: no AI use of the page.'),
  ),
  rsl: words(
    () => say('stdRsl', 'RSL licence'),
    () =>
      say(
        'stdRslInfo',
        'A machine-readable licence (Really Simple Licensing 1.0): which AI uses are allowed, forbidden or paid for, and at what price.',
      ),
  ),
};

/** The seed's six `signals` (kept for callers that only have those). */
export const SIGNAL_LABELS: Readonly<Record<SignalKey, Label>> = {
  robots_txt: STANDARD_LABELS.robots_txt,
  llms_txt: STANDARD_LABELS.llms_txt,
  ai_txt: STANDARD_LABELS.ai_txt,
  tdmrep: STANDARD_LABELS.tdmrep,
  content_signals: STANDARD_LABELS.content_signals,
  agents_json: STANDARD_LABELS.agents_json,
};

/** `unknown`: the terms were not found, or not read; never "there are none" (the crawler may not have looked). */
export const TOS_STANCE_LABELS: Readonly<Record<TosStance, Label>> = {
  prohibits: words(
    () => say('tosProhibits', 'Terms prohibit AI'),
    () => say('tosProhibitsInfo', 'The terms of service forbid AI use of the content.'),
  ),
  restricts: words(
    () => say('tosRestricts', 'Terms restrict AI'),
    () => say('tosRestrictsInfo', 'The terms of service allow AI use only under conditions.'),
  ),
  permits: words(
    () => say('tosPermits', 'Terms permit AI'),
    () => say('tosPermitsInfo', 'The terms of service allow AI use of the content.'),
  ),
  silent: TOS_SILENT_NOTE,
  unknown: words(
    () => say('tosUnknown', 'Terms not read'),
    () => say('tosUnknownInfo', 'No terms of service page was found, or it could not be read.'),
  ),
};

export const COMPLETENESS_LABELS: Readonly<Record<Completeness, Label>> = {
  none: words(
    () => say('completeNone', 'None'),
    () => say('completeNoneInfo', 'No robots.txt and no AI signal.'),
  ),
  minimal: words(
    () => say('completeMinimal', 'Minimal'),
    () => say('completeMinimalInfo', 'A robots.txt without AI rules, and no AI signal.'),
  ),
  moderate: words(
    () => say('completeModerate', 'Moderate'),
    () => say('completeModerateInfo', 'One or two sources state an AI policy.'),
  ),
  comprehensive: words(
    () => say('completeComprehensive', 'Comprehensive'),
    () => say('completeComprehensiveInfo', 'Three or more sources state an AI policy.'),
  ),
};

// ---------------------------------------------------------------- badge

/**
 * The stances, plus `terms` (robots.txt and the AI files restrict nothing, but the terms of
 * service forbid or restrict AI use: docs/policy.md section 11), `unknown` (robots.txt
 * unread, nothing decided), `queued` and `error`.
 */
export type BadgeState = Stance | 'terms' | 'unknown' | 'queued' | 'error';

export interface BadgeView {
  /**
   * Badge text, at most 3 narrow characters: Chromium's and Firefox's toolbars clip anything
   * wider (checked in a real toolbar, test/e2e/screenshots/toolbar-chromium.png). The meaning
   * is in the text, not only the colour; the title says the rest.
   */
  text: string;
  /** Background colour (#rrggbb). */
  color: string;
  /** Text colour (#rrggbb), at least 4.5:1 against `color`. */
  textColor: string;
  /** Short phrase for the screen-reader title, after "AI policy of {domain}: " (shared/reading/story.ts adds what decided). */
  phrase: string;
}

/** A badge view whose text and phrase are said each time they are read. */
const badge = (text: () => string, color: string, phrase: () => string): BadgeView => ({
  get text() {
    return text();
  },
  color,
  textColor: '#ffffff',
  get phrase() {
    return phrase();
  },
});

/** "robots.txt could not be read": the badge's unknown phrase and shared/reading/story.ts's clause. */
export const robotsUnreadWords = (reason: string | null): string =>
  reason
    ? say('robotsUnreadWhy', 'robots.txt could not be read ($1)', reason)
    : say('robotsUnread', 'robots.txt could not be read');

/** "unknown: robots.txt could not be read (timed out)". */
export const unknownPhrase = (what: string): string => say('phraseUnknown', 'unknown: $1', what);

/**
 * Green only for an explicit allow (section 9): silence is the grey dash, an unread robots.txt
 * is `?`, a first check under way is `…`. `No` is every AI use refused, `Tr×` training refused,
 * `Mix` some uses or bots restricted, `Yes` an explicit allow, `ToS` only the terms of service
 * speak of AI. The symbols are the same in every language.
 */
export const BADGE_VIEW: Readonly<Record<BadgeState, BadgeView>> = {
  blocks_all_ai: badge(
    () => say('badgeBlocksAll', 'No'),
    '#b91c1c',
    () => say('phraseBlocksAll', 'blocks all AI'),
  ),
  blocks_training: badge(
    () => say('badgeBlocksTraining', 'Tr\u00d7'),
    '#c2410c',
    () => say('phraseBlocksTraining', 'blocks AI training'),
  ),
  selective: badge(
    () => say('badgeSelective', 'Mix'),
    '#854d0e',
    () => say('phraseSelective', 'restricts some AI uses'),
  ),
  allows_all: badge(
    () => say('badgeAllowsAll', 'Yes'),
    '#15803d',
    () => say('phraseAllowsAll', 'explicitly allows AI'),
  ),
  no_policy: badge(
    () => '\u2014',
    '#4b5563',
    () => say('phraseNoPolicy', 'no AI rules; AI use not restricted'),
  ),
  terms: badge(
    () => say('badgeTerms', 'ToS'),
    '#6b21a8',
    () => say('phraseTerms', 'the terms of service forbid AI use; robots.txt does not block AI bots'),
  ),
  unknown: badge(
    () => '?',
    '#57534e',
    () => unknownPhrase(robotsUnreadWords(null)),
  ),
  queued: badge(
    () => '\u2026',
    '#1d4ed8',
    () => say('phraseQueued', 'being checked for the first time'),
  ),
  error: badge(
    () => '!',
    '#374151',
    () => say('phraseError', 'could not be looked up'),
  ),
};

/** The badge of each stance as told (shared/reading/claims.ts ToldStance). */
export const TOLD_BADGE: Readonly<Record<ToldStance, BadgeState>> = {
  blocks_all_ai: 'blocks_all_ai',
  blocks_training: 'blocks_training',
  selective: 'selective',
  allows_ai: 'allows_all',
  no_ai_rules: 'no_policy',
  terms_prohibit: 'terms',
  terms_restrict: 'terms',
  unknown: 'unknown',
};

/**
 * The stance as told, in a few words: what the badge, the web page's recent lookups, the overview
 * and the audit's report count and show for a site (docs/policy.md section 16). "Unknown" is never
 * "No AI rules".
 */
export const TOLD_LABELS: Readonly<Record<ToldStance, () => string>> = {
  blocks_all_ai: () => say('stanceBlocksAll', 'Blocks all AI'),
  blocks_training: () => say('stanceBlocksTraining', 'Blocks AI training'),
  selective: () => say('stanceSelective', 'Selective'),
  allows_ai: () => say('stanceAllowsAll', 'Allows AI'),
  no_ai_rules: noAiRules,
  terms_prohibit: () => say('tosProhibits', 'Terms prohibit AI'),
  terms_restrict: () => say('tosRestricts', 'Terms restrict AI'),
  unknown,
};

/** "AI policy of example.com: blocks AI training" (the screen-reader title); `phrase` replaces the state's default phrase. */
export function badgeTitle(domain: string, state: BadgeState, phrase?: string): string {
  return say('badgeTitle', 'AI policy of $1: $2', domain, phrase ?? BADGE_VIEW[state].phrase);
}
