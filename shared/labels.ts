/**
 * Words for people: labels and one-sentence explanations of every value the records carry,
 * and the badge view per stance (CONVENTIONS 4: one table, one place). The badge always
 * carries text, so colour is never the only carrier of meaning (WCAG 2.2 SC 1.4.1); every
 * badge colour has at least 4.5:1 contrast with its text colour (SC 1.4.3), tested.
 * Plain data, no zod and no node:*: the extension imports this module.
 */
import type { BotPurpose, Completeness, Conflict, Detail, Purpose, SignalKey, Stance, StandardKey, TosStance, Verdict } from './values.js';

export interface Label {
  /** A few words, sentence case. */
  label: string;
  /** One sentence for people. */
  explanation: string;
}

export const STANCE_LABELS: Readonly<Record<Stance, Label>> = {
  blocks_all_ai: { label: 'Blocks all AI', explanation: 'The site refuses AI training, AI search and AI answers alike.' },
  blocks_training: { label: 'Blocks AI training', explanation: 'The site refuses the use of its content to train AI models.' },
  selective: { label: 'Selective', explanation: 'The site restricts some AI uses or AI bots and not others.' },
  allows_all: { label: 'Allows AI', explanation: 'The site explicitly allows some AI use and restricts none.' },
  no_policy: { label: 'No AI rules', explanation: 'The site publishes no machine-readable rule about AI.' },
};

/**
 * What a person reads for each detail (classification.md section 9): the label is the headline
 * of the popup and the CLI. `has_llms_txt` keeps the seed's `allows_all` in the API but says
 * what it is; the two unread details say "Unknown", never "no robots.txt".
 */
export const DETAIL_LABELS: Readonly<Record<Detail, Label>> = {
  blocks_all_ai: { label: 'Blocks all AI', explanation: 'The site refuses AI training, AI search and AI answers alike.' },
  wildcard_block: {
    label: 'Blocks all crawlers',
    explanation: 'robots.txt closes the whole site to every crawler (User-agent: *), AI bots included.',
  },
  blocks_training: { label: 'Blocks AI training', explanation: 'The site refuses the use of its content to train AI models.' },
  selective: { label: 'Selective', explanation: 'The site restricts some AI uses or AI bots and not others.' },
  allows_all: { label: 'Allows AI', explanation: 'The site explicitly allows some AI use and restricts none.' },
  has_llms_txt: { label: 'No AI rules', explanation: 'Publishes an llms.txt guide for AI tools; no AI rules in robots.txt.' },
  no_ai_rules: { label: 'No AI rules', explanation: 'robots.txt does not mention AI bots, and no other AI rule was found.' },
  no_robots: { label: 'No AI rules', explanation: 'The site has no robots.txt and publishes no other AI rule.' },
  has_signals: { label: 'No AI rules', explanation: 'robots.txt has no AI rules; other AI files were found, but none restricts AI use.' },
  robots_blocked: { label: 'Unknown', explanation: 'robots.txt could not be read, so the site\u2019s AI rules are not known.' },
  unreachable: { label: 'Unknown', explanation: 'The site could not be reached, so its AI rules are not known.' },
};

/**
 * Verdict words (section 9). `allowed` has two readings: "Allowed" only when the site says so
 * explicitly, "Not restricted" when it is silent; use verdictLabel() to pick.
 */
export const VERDICT_LABELS: Readonly<Record<Verdict, Label>> = {
  blocked: { label: 'Blocked', explanation: 'The site refuses this use.' },
  partial: { label: 'Partly blocked', explanation: 'Some AI bots of this kind are refused, or some paths are closed to them; others are not.' },
  allowed: { label: 'Allowed', explanation: 'The site explicitly allows this use.' },
  unknown: { label: 'Unknown', explanation: 'The site\u2019s rules could not be read, so this is not known.' },
};

export const NOT_RESTRICTED: Label = { label: 'Not restricted', explanation: 'Nothing the site publishes restricts this use; it does not invite it either.' };

/** "Allowed" for an explicit allow, "Not restricted" for silence (section 9); the rest as VERDICT_LABELS. */
export function verdictLabel(v: Verdict, explicit: boolean): Label {
  return v === 'allowed' && !explicit ? NOT_RESTRICTED : VERDICT_LABELS[v];
}

export const USE_CASE_LABELS: Readonly<Record<'training' | 'search' | 'inference', Label>> = {
  training: { label: 'AI training', explanation: 'Using the content to train AI models.' },
  search: { label: 'AI search', explanation: 'Listing and linking the site\u2019s pages in AI search results.' },
  inference: { label: 'AI answers', explanation: 'Reading a page to generate an answer for an AI assistant\u2019s user.' },
};

export const PURPOSE_LABELS: Readonly<Record<BotPurpose | Purpose, Label>> = {
  training: USE_CASE_LABELS.training,
  search: USE_CASE_LABELS.search,
  inference: USE_CASE_LABELS.inference,
  rag: { label: 'AI answers', explanation: 'Reading a page to ground an AI answer (retrieval).' },
  agent: { label: 'AI agent', explanation: 'Browsing and acting on websites on a user\u2019s behalf.' },
  browsing: { label: 'AI agents', explanation: 'Browsing and acting on websites on a user\u2019s behalf.' },
  other: { label: 'Other', explanation: 'Not an AI use: link previews, archives, generic crawls.' },
};

/**
 * Conflicts between sources (section 6). `robots_blocks_ai_but_tos_allows_or_silent` is a real
 * conflict only when the terms permit AI; when they are silent it is the note TOS_SILENT_NOTE
 * (section 9): conflictReading() picks.
 */
export const CONFLICT_LABELS: Readonly<Record<Conflict, Label>> = {
  robots_blocks_ai_but_tos_allows_or_silent: {
    label: 'robots.txt and terms disagree',
    explanation: 'robots.txt restricts AI bots, but the terms of service allow AI use.',
  },
  tos_prohibits_ai_but_robots_allows: {
    label: 'Terms forbid AI, robots.txt does not',
    explanation: 'The terms of service prohibit AI use, but robots.txt lets every AI bot in.',
  },
  signal_allows_but_robots_blocks: {
    label: 'A signal allows what robots.txt blocks',
    explanation: 'A usage signal says yes to a use that robots.txt restricts for AI bots.',
  },
  signal_blocks_but_robots_allows_explicitly: {
    label: 'A signal refuses what robots.txt allows',
    explanation: 'A usage signal says no to a use whose main bot robots.txt explicitly allows.',
  },
  llms_txt_but_blocks_all_ai: {
    label: 'llms.txt offered, AI blocked',
    explanation: 'The site offers an llms.txt guide for AI tools, yet blocks all AI bots.',
  },
};

export const TOS_SILENT_NOTE: Label = { label: 'Terms silent on AI', explanation: 'The terms of service do not mention AI.' };

/** Warnings (classification.md section 6): worth knowing, not contradictions. */
export const WARNING_CODES = ['obsolete_tokens_only', 'content_signals_outside_group', 'robots_txt_truncated', 'unknown_directives'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const WARNING_LABELS: Readonly<Record<WarningCode, Label>> = {
  obsolete_tokens_only: {
    label: 'Rules for retired bots',
    explanation: 'Some rules name only retired bot names (anthropic-ai, Claude-Web) and block no real crawler.',
  },
  content_signals_outside_group: {
    label: 'Content signal outside a group',
    explanation: 'A Content-Signal or Content-Usage line stands outside any user-agent group; it is read as applying to all bots.',
  },
  robots_txt_truncated: {
    label: 'robots.txt too large',
    explanation: 'robots.txt is larger than 500 KiB; only the first 500 KiB were read, as RFC 9309 allows.',
  },
  unknown_directives: { label: 'Unknown robots.txt lines', explanation: 'robots.txt has lines no crawler understands; they were ignored.' },
};

/** Names of every standard a verdict can rest on: the seed's `signals` plus page meta and X-Robots-Tag. */
export const STANDARD_LABELS: Readonly<Record<StandardKey, Label>> = {
  robots_txt: { label: 'robots.txt', explanation: 'The Robots Exclusion Protocol (RFC 9309): which bots may fetch which paths.' },
  llms_txt: { label: 'llms.txt', explanation: 'A guide to the site written for AI tools (llmstxt.org); it sets no rules.' },
  ai_txt: { label: 'ai.txt', explanation: 'A robots.txt-like file about AI use of the site\u2019s content.' },
  tdmrep: { label: 'TDM Reservation Protocol', explanation: 'The W3C TDMRep: whether text and data mining rights are reserved.' },
  content_signals: {
    label: 'Content-Signal',
    explanation: 'Yes or no to three uses: search (listing and linking pages), ai-input (using content to generate answers) and ai-train (training AI models).',
  },
  agents_json: { label: 'agents.json', explanation: 'A description of the site\u2019s API for AI agents; it sets no rules.' },
  meta: { label: 'Page noai tag', explanation: 'A robots meta tag on the homepage with noai or noimageai: no AI use of the page.' },
  x_robots_tag: { label: 'X-Robots-Tag header', explanation: 'An HTTP header on the homepage with noai or noimageai: no AI use of the page.' },
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

export const TOS_STANCE_LABELS: Readonly<Record<TosStance, Label>> = {
  prohibits: { label: 'Terms prohibit AI', explanation: 'The terms of service forbid AI use or scraping of the content.' },
  restricts: { label: 'Terms restrict AI', explanation: 'The terms of service allow AI use only under conditions.' },
  permits: { label: 'Terms permit AI', explanation: 'The terms of service allow AI use of the content.' },
  silent: { label: 'Terms silent on AI', explanation: 'The terms of service do not mention AI.' },
  unknown: { label: 'No terms found', explanation: 'No terms of service were found or they could not be read.' },
};

export const COMPLETENESS_LABELS: Readonly<Record<Completeness, Label>> = {
  none: { label: 'None', explanation: 'No robots.txt and no AI signal.' },
  minimal: { label: 'Minimal', explanation: 'A robots.txt without AI rules, and no AI signal.' },
  moderate: { label: 'Moderate', explanation: 'One or two sources state an AI policy.' },
  comprehensive: { label: 'Comprehensive', explanation: 'Three or more sources state an AI policy.' },
};

// ---------------------------------------------------------------- badge

/** The stances, plus `unknown` (robots.txt unread, nothing decided), `queued` and `error`. */
export type BadgeState = Stance | 'unknown' | 'queued' | 'error';

export interface BadgeView {
  /** Badge text, at most 4 characters: the meaning is in the text, not only the colour. */
  text: string;
  /** Background colour (#rrggbb). */
  color: string;
  /** Text colour (#rrggbb), at least 4.5:1 against `color`. */
  textColor: string;
  /** Short phrase for the screen-reader title, after "AI policy of {domain}: " (shared/story.ts adds what decided). */
  phrase: string;
}

/**
 * Green only for an explicit allow (section 9): silence is the neutral grey `None`, an unread
 * robots.txt is `?`, a first check under way is `…`.
 */
export const BADGE_VIEW: Readonly<Record<BadgeState, BadgeView>> = {
  blocks_all_ai: { text: 'NoAI', color: '#b91c1c', textColor: '#ffffff', phrase: 'blocks all AI' },
  blocks_training: { text: 'NoTr', color: '#c2410c', textColor: '#ffffff', phrase: 'blocks AI training' },
  selective: { text: 'Some', color: '#854d0e', textColor: '#ffffff', phrase: 'restricts some AI uses' },
  allows_all: { text: 'Open', color: '#15803d', textColor: '#ffffff', phrase: 'explicitly allows AI' },
  no_policy: { text: 'None', color: '#4b5563', textColor: '#ffffff', phrase: 'no AI rules; AI use not restricted' },
  unknown: { text: '?', color: '#57534e', textColor: '#ffffff', phrase: 'unknown: robots.txt could not be read' },
  queued: { text: '\u2026', color: '#1d4ed8', textColor: '#ffffff', phrase: 'being checked for the first time' },
  error: { text: '!', color: '#374151', textColor: '#ffffff', phrase: 'could not be looked up' },
};

/** Screen-reader title template; `{domain}` and `{phrase}` are replaced. */
export const BADGE_TITLE_TEMPLATE = 'AI policy of {domain}: {phrase}';

/** "AI policy of example.com: blocks AI training"; `phrase` replaces the state's default phrase. */
export function badgeTitle(domain: string, state: BadgeState, phrase?: string): string {
  return BADGE_TITLE_TEMPLATE.replace('{domain}', domain).replace('{phrase}', phrase ?? BADGE_VIEW[state].phrase);
}
