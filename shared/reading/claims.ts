/**
 * Claims: what a sentence of the reading asserts about a site's files, as data (kind and
 * parameters), so that a second reader, written apart from the classifier, can check every
 * sentence against the files as served (docs/policy.md section 16). Every sentence the reading
 * gives a face carries the claims it rests on; a sentence with no claim says nothing about the
 * site (a definition of a use, a heading).
 *
 * Each claim names the host whose files it speaks of (`of`: the host looked up, or the site it
 * borrows its policy from), as the crawler requested it (punycode). "The files" are what the
 * crawler got for that host: robots.txt, llms.txt, ai.txt, /.well-known/tdmrep.json,
 * /.well-known/agents.json, the homepage (its status, headers and HTML) and the terms page. Bot
 * names are the catalogue's spelling (shared/bot-catalogue.ts) or, for a name the catalogue lacks,
 * as the file writes it. Line numbers are 1-based lines of the file as served (CR, LF and CRLF
 * each end a line). Paths are robots.txt patterns as written.
 *
 * Plain types, no code: shared by the reading (shared/reading/) and the verifier (test/verifier/).
 */
import type {
  BotPurpose,
  Conflict,
  FetchState,
  FetchedFile,
  RobotsProblem,
  NotReadReason,
  StandardKey,
  TosStance,
  UseCase,
  VerdictSource,
} from '../values.js';

/** A robots.txt rule line: its pattern as written and its line. */
export interface RuleAt {
  path: string;
  line: number;
}

/**
 * What robots.txt was for a host (docs/policy.md section 1):
 * - `read`: answered 2xx (after at most 5 redirects) with a body that is not HTML (content type
 *   not html, body not starting with `<`) and not a CDN challenge page;
 * - `missing`: answered 404, 410 or another 4xx except 401, 403 and 429, or 2xx with an HTML page
 *   that is not a challenge page (a "soft 404");
 * - `unread`: answered 401, 403 or 429, a 2xx challenge page, a 5xx, or no HTTP answer; `problem`
 *   says which (`refused` 401/403, `rate_limited` 429, `challenge`, `server_error` 5xx, `timeout`,
 *   `connection`, `dns`, `redirects`, `not_fetched`: the address is not public).
 * `http` is the final answer's status, null when there was none; `waited_s`, with `timeout`, the
 * crawler's request limit in whole seconds (it gave up then), null otherwise.
 */
export interface RobotsFileClaim {
  kind: 'robots_file';
  of: string;
  state: 'read' | 'missing' | 'unread';
  http: number | null;
  problem: RobotsProblem | null;
  waited_s: number | null;
}

/**
 * What became of the request for a file other than robots.txt (shared/values.ts FETCH_STATES):
 * `answered` (an HTTP answer; `http` its status, or null when the reading does not state it), `no_answer` (requested, none), `disallowed` (not
 * requested: robots.txt disallows it for the crawler), `robots_unreadable` (not requested:
 * robots.txt could not be read, so RFC 9309 2.3.1.4 holds every page back), `refused` (not
 * requested: the address is not public); for the terms only, `no_link` (the homepage answered,
 * links to no terms page, and /terms, /terms-of-service, /legal, /tos gave none that reads as
 * terms), `not_looked` (the homepage gave no page whose links could be read) and `pending`.
 */
export interface FetchClaim {
  kind: 'fetch';
  of: string;
  file: Exclude<FetchedFile, 'robots_txt'>;
  state: FetchState;
  http: number | null;
}

/**
 * A document fetched but not read (basis.not_read, docs/policy.md section 1): its reading ran past
 * the analysis time budget (`budget`) or its reader failed (`failed`). `bytes` is its size as
 * received, `note` what made it long when the record says ("without sentence ends").
 */
export interface NotReadClaim {
  kind: 'not_read';
  of: string;
  file: FetchedFile;
  reason: NotReadReason;
  bytes: number;
  budget_ms: number;
  note: string | null;
}

/** No request to the host got an HTTP answer (any status, a redirect included). */
export interface NothingAnsweredClaim {
  kind: 'nothing_answered';
  of: string;
}

/** A standard was found, as docs/policy.md section 1 defines "found" for it. */
export interface FoundClaim {
  kind: 'found';
  of: string;
  standard: StandardKey;
}

/**
 * What robots.txt does to one bot (robots.txt read). Roles:
 * - `blocked`: the rules that apply to the bot disallow `/` (RFC 9309 matching: the bot's named
 *   groups when a group names it, else the `*` groups); `by` says which (`named` or `wildcard`);
 *   `lines` are the Disallow line(s) that close `/`; `paths` the narrower paths Allow lines of those
 *   groups still open ("blocked except …"), the first 10 in file order.
 * - `partial`: a group naming the bot leaves `/` open and disallows paths the `*` group leaves
 *   open (beyond housekeeping, docs/policy.md section 11); `lines`/`paths` are those Disallow
 *   lines and their patterns.
 * - `let_in`: the `*` group closes `/`, and a group naming the bot leaves `/` open (closing at most
 *   what `*` closes); `lines` are the bot's User-agent lines.
 * - `no_rule`: the bot is named only in groups with no Allow and no Disallow line, so no rule
 *   applies to it and it may crawl everything (RFC 9309 2.2.1); `lines` are its User-agent lines.
 * - `allowed`: the `*` groups leave `/` open, and the groups naming the bot have an Allow or
 *   Disallow line and close no path at all (an explicit permission: `Allow: /`, or an empty
 *   Disallow); `lines` are those groups' Allow lines with a pattern, else their empty Disallow
 *   lines.
 * - `like_all`: the `*` groups leave `/` open, and the groups naming the bot close some path, but
 *   only paths the `*` groups close too (housekeeping): it is treated as every crawler; `lines`
 *   are its Disallow lines with a pattern, `paths` their patterns.
 * Roles are decided in this order: no_rule, blocked, partial, let_in, allowed, like_all. `paths` is
 * empty for let_in, no_rule and allowed; `lines` holds at most 10.
 * `purpose` is the catalogue's (`other`: a tool with no AI use, listed apart; `unknown`: a name the
 * catalogue lacks that looks like an AI bot's, and the entry `*`).
 */
export interface BotClaim {
  kind: 'bot';
  of: string;
  bot: string;
  purpose: BotPurpose | 'unknown';
  role: 'blocked' | 'partial' | 'let_in' | 'no_rule' | 'allowed' | 'like_all';
  by: 'named' | 'wildcard';
  lines: number[];
  paths: string[];
}

/**
 * The `*` group disallows `/` by `line`; `opens` are the Allow lines of the `*` groups that open a
 * path again, the first 10 in file order. Told as "closes the whole site" only when `opens` is empty.
 */
export interface WildcardClosesClaim {
  kind: 'wildcard_closes';
  of: string;
  line: number;
  opens: RuleAt[];
}

/**
 * The `*` groups close the site (a wildcard_closes claim) and groups naming some crawlers let them
 * in: `let_in` up to 20 of their names (catalogue spelling where known, as written otherwise),
 * search engines and other known crawlers first, AI bots last; `count` how many agents are let in
 * all told (named in a group whose rules leave `/` open; malformed names left out); `ai` the AI
 * bots among them (catalogue AI bots and AI-looking names), at most 20. "No AI bot" is `ai` empty.
 */
export interface LetInListClaim {
  kind: 'let_in_list';
  of: string;
  let_in: string[];
  count: number;
  ai: string[];
}

/**
 * A robots.txt line the product does not read: not blank, not a comment, and not a line of a field
 * it reads (RFC 9309's user-agent, allow, disallow, sitemap; crawl-delay, content-signal,
 * content-usage, license; host, clean-param, request-rate and visit-time, which some crawler
 * documents), or a rule before any User-agent line; with its text as served (at most 200
 * characters). `loses`: `group` when the line is a User-agent line spoiled by stray bytes (a
 * byte-order mark decoded as text, `ï»¿User-agent: *`) with a rule after it before the next
 * group, so those rules are not read for the crawlers it names (`agents`); `nothing` otherwise
 * (then `agents` is empty). `joins`: for `group`, the first line of the group before it, which
 * the rules count for instead, or null when it stands before every group (they count for none).
 */
export interface LineIgnoredClaim {
  kind: 'line_ignored';
  of: string;
  line: number;
  text: string;
  loses: 'group' | 'nothing';
  agents: string[];
  joins?: number | null;
}

/**
 * A Content-Signal or Content-Usage statement: a robots.txt line (`line`), or a homepage header
 * (`line` null). `agents`: the crawlers of the robots.txt group it stands in (`['*']`: the `*`
 * group, outside any group, or a header); `path` its path scope, null for the whole site; per use
 * what it says (true yes, false no, null nothing). `text` the line or header as published.
 */
export interface SignalClaim {
  kind: 'signal';
  of: string;
  vocabulary: 'content-signal' | 'content-usage';
  line: number | null;
  agents: string[];
  path: string | null;
  training: boolean | null;
  search: boolean | null;
  inference: boolean | null;
  text: string;
}

/**
 * One thing that decided a verdict: a standard, and its line (robots.txt, ai.txt) or header/tag as
 * published. `group`, for a robots.txt line: `all` when it stands in a group for every crawler
 * (`User-agent: *`, told "robots.txt's rule for all crawlers"), `named` in a group naming bots;
 * null otherwise or when not known.
 */
export interface DecidedBy {
  source: VerdictSource;
  line: number | null;
  evidence: string | null;
  group?: 'all' | 'named' | null;
}

/**
 * A use's verdict (docs/policy.md section 4):
 * - `blocked`: a usage signal says no to the use, or every key bot of the use is blocked;
 * - `partial`: some AI bot of the use restricts (blocked, or partial by name) and not every key
 *   bot is blocked;
 * - `allowed` with `explicit`: a usage signal says yes to the use (a `search=yes` aside), or a key
 *   bot of the use has role `allowed`;
 * - `allowed` without `explicit`: nothing restricts it ("Not restricted");
 * - `unknown`: robots.txt was not read (state `unread`) and no usage signal says no.
 * `by` names what decided, the deciding one first. `listings`: the use is search, `allowed` and not
 * explicit, and a site-wide usage signal (the `*` group, outside any group, or a header; no path
 * scope) says `search=yes`: that allows listing and linking pages, not AI-written summaries, so it
 * is told "Search listings allowed" and is no explicit allow of AI search (docs/policy.md
 * section 16). `terms`: on the training row only, the terms of service forbid (`prohibits`) or
 * restrict AI use and the verdict is `allowed` (told "Forbidden by the terms": nothing
 * machine-readable restricts it), `partial` (the terms are told beside the robots.txt reason) or
 * `unknown` (told "Forbidden by the terms" beside why robots.txt was not read); null otherwise.
 */
export interface UseClaim {
  kind: 'use';
  of: string;
  use: UseCase;
  verdict: 'blocked' | 'partial' | 'allowed' | 'unknown';
  explicit: boolean;
  by: DecidedBy[];
  listings: boolean;
  terms: 'prohibits' | 'restricts' | null;
}

/**
 * The stance as told (the headline and the badge): what every face shows and counts.
 * - `blocks_all_ai`: every use blocked;
 * - `blocks_training`: training blocked, another use not blocked;
 * - `selective`: some use blocked or partly blocked and not `blocks_*`; `open` lists the uses not
 *   restricted (empty: every use restricted, none wholly blocked… told so, never "and not others");
 * - `allows_ai`: no use restricted, some use explicitly allowed;
 * - `no_ai_rules`: robots.txt read or missing, no use restricted or explicitly allowed, terms
 *   not forbidding or restricting AI use;
 * - `terms_prohibit` / `terms_restrict`: no use restricted or explicitly allowed by a
 *   machine-readable rule (an llms.txt is no rule), and the terms forbid / restrict AI use;
 * - `unknown`: robots.txt not read (or nothing answered) and no use blocked by a usage signal.
 * `restricted` lists the uses blocked or partly blocked, `open` the uses allowed (not restricted),
 * by the use claims; a use whose verdict is unknown is in neither.
 */
export interface HeadlineClaim {
  kind: 'headline';
  of: string;
  told: ToldStance;
  restricted: UseCase[];
  open: UseCase[];
}

export const TOLD_STANCES = [
  'blocks_all_ai',
  'blocks_training',
  'selective',
  'allows_ai',
  'no_ai_rules',
  'terms_prohibit',
  'terms_restrict',
  'unknown',
] as const;
export type ToldStance = (typeof TOLD_STANCES)[number];

/**
 * What the terms of service say (the terms page answered and was read): of AI use (`ai`: training
 * or improving AI or machine-learning models, generative AI, text and data mining) or of automated
 * access (`access`: robots, spiders, scrapers, crawlers, automated means). `prohibits`,
 * `restricts`, `permits`: `excerpt` is a passage of the terms text (spaces collapsed; a lead-in
 * and its item may be joined by " … ") that says so; `silent`: no clause on it. `section` is the
 * clause's heading or number as the text writes it, null when none.
 */
export interface TermsClaim {
  kind: 'terms';
  of: string;
  about: 'ai' | 'access';
  stance: TosStance;
  excerpt: string | null;
  section: string | null;
}

/**
 * Whether the terms text names AI at all (artificial intelligence, AI, machine learning, model
 * training, large language models, text and data mining, in the languages read). `names_ai` false:
 * the text names none of them (told only as "say nothing about using the content for AI"). True:
 * `excerpt` is a passage that does ("mention AI … but do not restrict using the content for it").
 */
export interface TermsMentionClaim {
  kind: 'terms_mention';
  of: string;
  names_ai: boolean;
  excerpt: string | null;
  section: string | null;
}

/**
 * A fact read from the homepage: `paywall` (paywall markup seen), `cms`, `cdn` (from headers). With
 * `known` true the homepage answered and `value` is what was seen (false/null: none seen); with
 * `known` false the homepage was not read and `because` says why (its fetch state).
 */
export interface PageFactClaim {
  kind: 'page_fact';
  of: string;
  fact: 'paywall' | 'cms' | 'cdn';
  known: boolean;
  value: boolean | string | null;
  because: FetchState | null;
}

/**
 * What lowered the confidence (docs/policy.md section 6), each true of the files, and all of them:
 * `percent` is 100 less 10 for no robots.txt, 60 for robots.txt not read, 30 for a homepage that
 * did not answer, 15 per conflict told (ConflictClaim: terms silent on AI are no conflict), never
 * below 0; 0 when nothing answered.
 */
export type ConfidenceCause =
  'no_robots' | 'robots_unread' | 'nothing_answered' | 'homepage_no_answer' | `conflict:${Conflict}`;

export interface ConfidenceClaim {
  kind: 'confidence';
  of: string;
  percent: number;
  causes: ConfidenceCause[];
}

/**
 * Two sources that disagree (docs/policy.md section 6), told as a conflict: `uses` the uses it is
 * about, where it is about some. `tos_prohibits_ai_but_robots_allows`: the terms forbid AI use
 * and robots.txt lets every key AI bot in; `robots_blocks_ai_but_tos_allows_or_silent` (told as a
 * conflict only when the terms permit AI use); `signal_allows_but_robots_blocks`: a usage signal
 * says yes to a use robots.txt restricts; `signal_blocks_but_robots_allows_explicitly`: a usage
 * signal says no to a use whose key bot robots.txt allows by name; `llms_txt_but_blocks_all_ai`.
 */
export interface ConflictClaim {
  kind: 'conflict';
  of: string;
  id: Conflict;
  uses: UseCase[];
}

/**
 * The host shows the policy of the site it belongs to (docs/policy.md section 11): `host` has no
 * robots.txt of its own (missing) and no other AI rule, and `from` has AI rules.
 */
export interface BorrowedClaim {
  kind: 'borrowed';
  host: string;
  from: string;
}

export type Claim =
  | RobotsFileClaim
  | FetchClaim
  | NotReadClaim
  | NothingAnsweredClaim
  | FoundClaim
  | BotClaim
  | WildcardClosesClaim
  | LetInListClaim
  | LineIgnoredClaim
  | SignalClaim
  | UseClaim
  | HeadlineClaim
  | TermsClaim
  | TermsMentionClaim
  | PageFactClaim
  | ConfidenceClaim
  | ConflictClaim
  | BorrowedClaim;

export type ClaimKind = Claim['kind'];

/** A sentence (or a short phrase a face shows alone) and the claims it rests on. */
export interface Told {
  text: string;
  claims: Claim[];
}
