/**
 * The closed value sets of the seed interface and of docs/policy.md, as plain
 * constants. Zod-free on purpose: the extension imports this module and must stay small.
 */

export const STANCES = ['blocks_all_ai', 'blocks_training', 'selective', 'allows_all', 'no_policy'] as const;
export type Stance = (typeof STANCES)[number];

export const DETAILS = [
  'blocks_all_ai',
  'wildcard_block',
  'blocks_training',
  'selective',
  'allows_all',
  'has_llms_txt',
  'no_ai_rules',
  'no_robots',
  'has_signals',
  'robots_blocked',
  'unreachable',
] as const;
export type Detail = (typeof DETAILS)[number];

/** Seed table "stance to detail mapping". */
export const DETAIL_STANCE: Readonly<Record<Detail, Stance>> = {
  blocks_all_ai: 'blocks_all_ai',
  wildcard_block: 'blocks_all_ai',
  blocks_training: 'blocks_training',
  selective: 'selective',
  allows_all: 'allows_all',
  has_llms_txt: 'allows_all',
  no_ai_rules: 'no_policy',
  no_robots: 'no_policy',
  has_signals: 'no_policy',
  robots_blocked: 'no_policy',
  unreachable: 'no_policy',
};

/** The announced surface names allows_all `open` (its search filter value); the rest are shared. */
export const ANNOUNCED_STANCES = ['blocks_all_ai', 'blocks_training', 'selective', 'open', 'no_policy'] as const;
export type AnnouncedStance = (typeof ANNOUNCED_STANCES)[number];
export const toAnnouncedStance = (s: Stance): AnnouncedStance => (s === 'allows_all' ? 'open' : s);
export const fromAnnouncedStance = (s: AnnouncedStance): Stance => (s === 'open' ? 'allows_all' : s);

/** Use cases of the reference surface (docs/policy.md section 4). */
export const USE_CASES = ['training', 'search', 'inference'] as const;
export type UseCase = (typeof USE_CASES)[number];

/** Verdict per use case. `unknown`: robots.txt could not be read and no usage signal decided. */
export const VERDICTS = ['blocked', 'partial', 'allowed', 'unknown'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Purposes of the announced surface (docs/policy.md section 7). */
export const PURPOSES = ['training', 'search', 'rag', 'browsing'] as const;
export type Purpose = (typeof PURPOSES)[number];

/** Catalogue purposes of a bot (docs/policy.md section 3). */
export const BOT_PURPOSES = ['training', 'search', 'inference', 'agent', 'other'] as const;
export type BotPurpose = (typeof BOT_PURPOSES)[number];

/** Status of one bot under a robots.txt (docs/policy.md section 2). */
export const BOT_STATUSES = ['blocked', 'partial', 'allowed'] as const;
/** What robots.txt does to one bot, as told (shared/schemas.ts BotRoleSchema; docs/policy.md section 16). */
export const BOT_ROLES = ['blocked', 'partial', 'let_in', 'no_rule', 'allowed', 'like_all'] as const;
export type BotRoleValue = (typeof BOT_ROLES)[number];
export type BotStatus = (typeof BOT_STATUSES)[number];
export const RULE_SOURCES = ['named', 'wildcard', 'none'] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

/** Standards reported in `signals` (seed). */
export const SIGNAL_KEYS = ['robots_txt', 'llms_txt', 'ai_txt', 'tdmrep', 'content_signals', 'agents_json'] as const;
export type SignalKey = (typeof SIGNAL_KEYS)[number];

/** Standards that can decide a purpose on the announced surface (docs/policy.md section 7); `rsl` an RSL licence (section 15). */
export const DECIDING_SOURCES = ['robots_txt', 'content_signals', 'tdmrep', 'ai_txt', 'meta', 'rsl'] as const;
export type DecidingSource = (typeof DECIDING_SOURCES)[number];

export const ROBOTS_OUTCOMES = ['ok', 'missing', 'blocked', 'error', 'unreachable'] as const;
export type RobotsOutcome = (typeof ROBOTS_OUTCOMES)[number];

/**
 * Why robots.txt could not be read (outcome `blocked`, `error` or `unreachable`), so people are
 * told "could not be read (403 / challenge page / timed out)", never "missing"
 * (docs/policy.md sections 8 and 9): `refused` 401/403, `rate_limited` 429, `challenge` a
 * CDN challenge page, `server_error` 5xx, `timeout`, `connection` (refused, reset, TLS,
 * protocol), `dns`, `redirects` (more than 5), `not_fetched` (the SSRF guard refused it),
 * `not_read` (it answered, but reading it ran past the analysis time budget; basis.not_read
 * says how large it was and the budget: docs/policy.md section 1).
 */
export const ROBOTS_PROBLEMS = [
  'refused',
  'rate_limited',
  'challenge',
  'server_error',
  'timeout',
  'connection',
  'dns',
  'redirects',
  'not_fetched',
  'not_read',
] as const;
export type RobotsProblem = (typeof ROBOTS_PROBLEMS)[number];

/**
 * What became of one request of a crawl (basis.fetches), so a file that was never requested is
 * not told as missing or silent (docs/policy.md section 11, "not fetched is not missing"):
 * - `answered`: requested, an HTTP answer of any status (whether the file counts as found is
 *   `basis.found`, `site.has_tos` …);
 * - `no_answer`: requested, no HTTP answer (timed out, connection failed, name not found, too
 *   many redirects);
 * - `disallowed`: not requested: robots.txt asks crawlers to stay out ("not fetched: robots.txt
 *   asks crawlers to stay out");
 * - `robots_unreadable`: not requested: robots.txt could not be read (server error, 429, no
 *   answer), which RFC 9309 reads as "fetch nothing" ("not fetched: robots.txt could not be read");
 * - `refused`: not requested: the site's address is not public;
 * - terms only: `no_link` (the homepage was read and links to no terms page, and none of /terms,
 *   /terms-of-service, /legal, /tos read as terms), `not_looked` (the homepage gave no page
 *   whose links could be read), `pending` (an early answer: the terms page is still being
 *   fetched). Terms that were not looked for because the homepage was not
 *   requested take the homepage's reason (`disallowed`, `robots_unreadable`, `refused`).
 */
export const FETCH_STATES = [
  'answered',
  'no_answer',
  'disallowed',
  'robots_unreadable',
  'refused',
  'no_link',
  'not_looked',
  'pending',
] as const;
export type FetchState = (typeof FETCH_STATES)[number];

/** The requests basis.fetches tells about: the policy files, the homepage, the terms page, the RSL licence the site names. */
export const FETCHED_FILES = [
  'robots_txt',
  'llms_txt',
  'ai_txt',
  'tdmrep',
  'agents_json',
  'homepage',
  'terms',
  'rsl',
] as const;
export type FetchedFile = (typeof FETCHED_FILES)[number];

/**
 * Why a fetched document was not read (basis.not_read): `budget`, its reading ran past the
 * analysis time budget (ANALYSIS_BUDGET_MS); `failed`, the reader failed on it (a crash of
 * the worker reading it). Either way the rest of the crawl stands (docs/policy.md section 1).
 */
export const NOT_READ_REASONS = ['budget', 'failed'] as const;
export type NotReadReason = (typeof NOT_READ_REASONS)[number];

/**
 * Every standard a verdict can rest on, for "Standards found" and "decided by": the seed's six
 * `signals` plus the homepage's own `<meta name="robots">` AI tokens and `X-Robots-Tag` header,
 * and an RSL licence (`rsl`, docs/policy.md section 15: found when the site names one, read or not).
 */
export const STANDARD_KEYS = [
  'robots_txt',
  'llms_txt',
  'ai_txt',
  'tdmrep',
  'content_signals',
  'agents_json',
  'meta',
  'x_robots_tag',
  'rsl',
] as const;
export type StandardKey = (typeof STANDARD_KEYS)[number];

/** Standards that can decide a use-case verdict (a subset of STANDARD_KEYS). */
export const VERDICT_SOURCES = [
  'robots_txt',
  'content_signals',
  'tdmrep',
  'ai_txt',
  'meta',
  'x_robots_tag',
  'rsl',
] as const;
export type VerdictSource = (typeof VERDICT_SOURCES)[number];

/**
 * An RSL licence (docs/policy.md section 15). Where the site names it: a robots.txt `License:`
 * line, the homepage's `<link rel="license" type="application/rsl+xml">`, its `Link` header.
 * Its state: `read` (fetched and read as RSL 1.0), `not_fetched` (not requested, or no answer),
 * `unreadable` (an answer that is not a readable RSL document: error status, an HTML page,
 * XML that is not well-formed, no RSL content). What it says of a use, for AI companies:
 * `prohibited` (a `<prohibits type="usage">` covers it), `paid` (granted only under a payment
 * other than free or attribution: a licence is required), `free`, `attribution` (granted
 * freely, or for credit).
 */
export const LICENCE_VIA = ['robots_txt', 'link', 'header'] as const;
export const LICENCE_STATES = ['read', 'not_fetched', 'unreadable'] as const;
export const LICENCE_VERDICTS = ['prohibited', 'paid', 'free', 'attribution'] as const;
export type LicenceVerdictValue = (typeof LICENCE_VERDICTS)[number];

export const TOS_STANCES = ['prohibits', 'restricts', 'permits', 'silent', 'unknown'] as const;
export type TosStance = (typeof TOS_STANCES)[number];

export const COMPLETENESS = ['none', 'minimal', 'moderate', 'comprehensive'] as const;
export type Completeness = (typeof COMPLETENESS)[number];

export const CONFLICTS = [
  'robots_blocks_ai_but_tos_allows_or_silent',
  'tos_prohibits_ai_but_robots_allows',
  'signal_allows_but_robots_blocks',
  'signal_blocks_but_robots_allows_explicitly',
  'llms_txt_but_blocks_all_ai',
] as const;
export type Conflict = (typeof CONFLICTS)[number];

/**
 * A conflict that is a disagreement between sources: `robots_blocks_ai_but_tos_allows_or_silent`
 * beside terms that say nothing of AI use is a note, not a disagreement (docs/policy.md sections 9
 * and 15), so it lowers no confidence and is never told as "two sources disagree".
 */
export const realConflict = (id: Conflict, tosAi: TosStance | null): boolean =>
  id !== 'robots_blocks_ai_but_tos_allows_or_silent' || tosAi === 'permits';

/**
 * Notes in the full record (ours): facts worth telling beside the verdicts that are no
 * conflict. `tos_bans_automated_access_but_robots_allows`: the terms forbid robots or scrapers
 * without naming AI, while robots.txt restricts no AI bot (docs/policy.md section 11).
 */
export const NOTES = ['tos_bans_automated_access_but_robots_allows'] as const;
export type Note = (typeof NOTES)[number];

export const LIMIT_TYPES = ['minute', 'day', 'month'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/**
 * Error codes. The first five are the seed's; the rest are ours where the seed says "not shown"
 * (each documented in openapi.json).
 */
export const ERROR_CODES = [
  'invalid_domain',
  'invalid_params',
  'unauthorized',
  'rate_limit_exceeded',
  'internal_error',
  'invalid_email',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'forbidden',
  'upstream_error',
  'upstream_unavailable',
  'queue_full',
  'storage_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Seed limits. */
export const LIMITS = {
  perMinute: 200,
  perDay: 10_000,
  perMonth: 100_000,
  signupsPerDay: 3,
  batchMin: 2,
  batchMax: 25,
  previewBatchMax: 100,
  searchQMin: 2,
  searchLimitMax: 100,
  searchLimitDefault: 20,
} as const;

/** Clients are advised to recheck a policy older than this (seed, "States and transitions"). */
export const STALE_AFTER_DAYS = 30;
