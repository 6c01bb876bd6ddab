/**
 * Words for people: labels and one-sentence explanations of every value the records carry,
 * and the badge view per stance (CONVENTIONS 4: one table, one place). The badge always
 * carries text, so colour is never the only carrier of meaning (WCAG 2.2 SC 1.4.1); every
 * badge colour has at least 4.5:1 contrast with its text colour (SC 1.4.3), tested.
 * Plain data, no zod and no node:*: the extension imports this module.
 */
import type { BotPurpose, Completeness, Conflict, Detail, Purpose, SignalKey, Stance, TosStance, Verdict } from './values.js';

export interface Label {
  /** A few words, sentence case. */
  label: string;
  /** One sentence for people. */
  explanation: string;
}

export const STANCE_LABELS: Readonly<Record<Stance, Label>> = {
  blocks_all_ai: { label: 'Blocks all AI', explanation: 'The site blocks AI bots for training, search and answering users alike.' },
  blocks_training: { label: 'Blocks AI training', explanation: 'The site does not want its content used to train AI models.' },
  selective: { label: 'Selective', explanation: 'The site blocks some AI bots or uses and lets others in.' },
  allows_all: { label: 'Allows AI', explanation: 'The site explicitly welcomes AI use of its content.' },
  no_policy: { label: 'No AI policy', explanation: 'The site publishes no machine-readable rule about AI.' },
};

export const DETAIL_LABELS: Readonly<Record<Detail, Label>> = {
  blocks_all_ai: { label: 'Blocks all AI bots', explanation: 'robots.txt or usage signals block AI training, search and user-triggered fetches.' },
  wildcard_block: { label: 'Blocks all bots', explanation: 'A rule for every crawler (User-agent: *) blocks the whole site; it is not aimed at AI in particular.' },
  blocks_training: { label: 'Blocks AI training', explanation: 'Every main training crawler is blocked or training is refused by a usage signal.' },
  selective: { label: 'Selective', explanation: 'Some AI bots or uses are restricted, others are not.' },
  allows_all: { label: 'Allows AI', explanation: 'AI bots are named and allowed, or a usage signal says yes.' },
  has_llms_txt: { label: 'Offers llms.txt', explanation: 'No AI bot rules, but the site offers an llms.txt guide for language models.' },
  no_ai_rules: { label: 'No AI rules', explanation: 'A robots.txt exists but says nothing specific about AI bots.' },
  no_robots: { label: 'No robots.txt', explanation: 'The site has no robots.txt file.' },
  has_signals: { label: 'Other signals', explanation: 'No AI bot rules, but other AI-related signals were found (such as agents.json or ai.txt).' },
  robots_blocked: { label: 'robots.txt unreadable', explanation: 'The site refused or failed to serve its robots.txt, so its rules are unknown.' },
  unreachable: { label: 'Unreachable', explanation: 'The site could not be reached when it was checked.' },
};

export const VERDICT_LABELS: Readonly<Record<Verdict, Label>> = {
  blocked: { label: 'Blocked', explanation: 'The site refuses this use.' },
  partial: { label: 'Partly blocked', explanation: 'Some bots of this kind are refused, others are not.' },
  allowed: { label: 'Allowed', explanation: 'Nothing the site publishes restricts this use.' },
  unknown: { label: 'Unknown', explanation: 'The site\u2019s rules could not be read, so this is not known.' },
};

export const USE_CASE_LABELS: Readonly<Record<'training' | 'search' | 'inference', Label>> = {
  training: { label: 'AI training', explanation: 'Using the content to train AI models.' },
  search: { label: 'AI search', explanation: 'Indexing the content so AI search can show and link it.' },
  inference: { label: 'AI answers', explanation: 'Reading a page while an AI assistant answers a user.' },
};

export const PURPOSE_LABELS: Readonly<Record<BotPurpose | Purpose, Label>> = {
  training: USE_CASE_LABELS.training,
  search: USE_CASE_LABELS.search,
  inference: USE_CASE_LABELS.inference,
  rag: { label: 'AI answers', explanation: 'Reading a page to ground an AI answer (retrieval).' },
  agent: { label: 'AI agent', explanation: 'Browsing and acting on websites on a user\u2019s behalf.' },
  browsing: { label: 'AI agent browsing', explanation: 'Browsing and acting on websites on a user\u2019s behalf.' },
  other: { label: 'Other', explanation: 'Not an AI use: link previews, archives, generic crawls.' },
};

export const CONFLICT_LABELS: Readonly<Record<Conflict, Label>> = {
  robots_blocks_ai_but_tos_allows_or_silent: {
    label: 'robots.txt and terms disagree',
    explanation: 'robots.txt restricts AI bots, but the terms of service allow AI use or say nothing about it.',
  },
  tos_prohibits_ai_but_robots_allows: {
    label: 'Terms forbid AI, robots.txt allows it',
    explanation: 'The terms of service prohibit AI use, but robots.txt lets every AI bot in.',
  },
  signal_allows_but_robots_blocks: {
    label: 'Signal allows, robots.txt blocks',
    explanation: 'A usage signal says yes to a use that robots.txt restricts for AI bots.',
  },
  signal_blocks_but_robots_allows_explicitly: {
    label: 'Signal refuses, robots.txt allows',
    explanation: 'A usage signal says no to a use whose main bot robots.txt names and allows.',
  },
  llms_txt_but_blocks_all_ai: {
    label: 'llms.txt offered, AI blocked',
    explanation: 'The site offers an llms.txt for language models, yet blocks all AI bots.',
  },
};

/** Warnings (classification.md section 6): worth knowing, not contradictions. */
export const WARNING_CODES = ['obsolete_tokens_only', 'content_signals_outside_group', 'robots_txt_truncated', 'unknown_directives'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const WARNING_LABELS: Readonly<Record<WarningCode, Label>> = {
  obsolete_tokens_only: {
    label: 'Rules for retired bots',
    explanation: 'Some rules name only retired tokens (anthropic-ai, Claude-Web) and block no real crawler.',
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

/** Names of the standards reported in `signals`. */
export const SIGNAL_LABELS: Readonly<Record<SignalKey, Label>> = {
  robots_txt: { label: 'robots.txt', explanation: 'The Robots Exclusion Protocol (RFC 9309): which bots may fetch which paths.' },
  llms_txt: { label: 'llms.txt', explanation: 'A guide to the site written for language models (llmstxt.org).' },
  ai_txt: { label: 'ai.txt', explanation: 'A robots.txt-like file about AI use of the site\u2019s content.' },
  tdmrep: { label: 'TDM Reservation Protocol', explanation: 'The W3C TDMRep: whether text and data mining rights are reserved.' },
  content_signals: { label: 'Content Signals', explanation: 'Content-Signal or Content-Usage lines saying yes or no to AI training, search and input.' },
  agents_json: { label: 'agents.json', explanation: 'A description of the site\u2019s API for AI agents.' },
};

export const TOS_STANCE_LABELS: Readonly<Record<TosStance, Label>> = {
  prohibits: { label: 'Terms prohibit AI', explanation: 'The terms of service forbid AI use or scraping of the content.' },
  restricts: { label: 'Terms restrict AI', explanation: 'The terms of service allow AI use only under conditions.' },
  permits: { label: 'Terms permit AI', explanation: 'The terms of service allow AI use of the content.' },
  silent: { label: 'Terms silent on AI', explanation: 'The terms of service say nothing about AI or scraping.' },
  unknown: { label: 'No terms found', explanation: 'No terms of service were found or they could not be read.' },
};

export const COMPLETENESS_LABELS: Readonly<Record<Completeness, Label>> = {
  none: { label: 'None', explanation: 'No robots.txt and no AI signal.' },
  minimal: { label: 'Minimal', explanation: 'A robots.txt without AI rules, and no AI signal.' },
  moderate: { label: 'Moderate', explanation: 'One or two sources state an AI policy.' },
  comprehensive: { label: 'Comprehensive', explanation: 'Three or more sources state an AI policy.' },
};

// ---------------------------------------------------------------- badge

export type BadgeState = Stance | 'queued' | 'error';

export interface BadgeView {
  /** Badge text, at most 4 characters: the meaning is in the text, not only the colour. */
  text: string;
  /** Background colour (#rrggbb). */
  color: string;
  /** Text colour (#rrggbb), at least 4.5:1 against `color`. */
  textColor: string;
  /** Short phrase for the screen-reader title, after "AI policy of {domain}: ". */
  phrase: string;
}

export const BADGE_VIEW: Readonly<Record<BadgeState, BadgeView>> = {
  blocks_all_ai: { text: 'NoAI', color: '#b91c1c', textColor: '#ffffff', phrase: 'blocks all AI' },
  blocks_training: { text: 'NoTr', color: '#c2410c', textColor: '#ffffff', phrase: 'blocks training' },
  selective: { text: 'Some', color: '#854d0e', textColor: '#ffffff', phrase: 'selective' },
  allows_all: { text: 'Open', color: '#15803d', textColor: '#ffffff', phrase: 'allows AI' },
  no_policy: { text: 'None', color: '#4b5563', textColor: '#ffffff', phrase: 'no AI policy' },
  queued: { text: '?', color: '#1d4ed8', textColor: '#ffffff', phrase: 'not checked yet, queued for analysis' },
  error: { text: '!', color: '#374151', textColor: '#ffffff', phrase: 'could not be looked up' },
};

/** Screen-reader title template; `{domain}` and `{phrase}` are replaced. */
export const BADGE_TITLE_TEMPLATE = 'AI policy of {domain}: {phrase}';

/** "AI policy of example.com: blocks training". */
export function badgeTitle(domain: string, state: BadgeState): string {
  return BADGE_TITLE_TEMPLATE.replace('{domain}', domain).replace('{phrase}', BADGE_VIEW[state].phrase);
}
