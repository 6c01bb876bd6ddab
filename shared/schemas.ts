/**
 * The seed's shapes (../shared/seed/ai-policy-lookup-interface.md) as zod schemas, with our
 * decisions where the seed says "not shown" (docs/policy.md, openapi.json).
 * Server side only: the extension imports these as types (`import type`), never the schemas,
 * so zod stays out of its bundle; it checks what it is sent with guards generated from them
 * (extension/lib/wire-guards.ts, written by test/tools/wire-guards.ts).
 */
import { z } from 'zod';
import { TOLD_STANCES } from './reading/claims.js';
import {
  ANNOUNCED_STANCES,
  BOT_PURPOSES,
  BOT_ROLES,
  BOT_STATUSES,
  COMPLETENESS,
  CONFLICTS,
  NOTES,
  DECIDING_SOURCES,
  DETAILS,
  ERROR_CODES,
  FETCH_STATES,
  LICENCE_STATES,
  LICENCE_VERDICTS,
  LICENCE_VIA,
  FETCHED_FILES,
  LIMIT_TYPES,
  NOT_READ_REASONS,
  ROBOTS_OUTCOMES,
  ROBOTS_PROBLEMS,
  STANCES,
  SIGNAL_KEYS,
  STANDARD_KEYS,
  TOS_STANCES,
  USE_CASES,
  VERDICTS,
  VERDICT_SOURCES,
} from './values.js';

export const StanceSchema = z.enum(STANCES);
export const DetailSchema = z.enum(DETAILS);
export const VerdictSchema = z.enum(VERDICTS);
export const BotStatusSchema = z.enum(BOT_STATUSES);
export const ConflictSchema = z.enum(CONFLICTS);
export const FetchStateSchema = z.enum(FETCH_STATES);
export const TosStanceSchema = z.enum(TOS_STANCES);
export const CompletenessSchema = z.enum(COMPLETENESS);
export const RobotsOutcomeSchema = z.enum(ROBOTS_OUTCOMES);
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** ISO 8601 timestamp with an offset (Z or ±hh:mm), fractional seconds allowed. */
export const TimestampSchema = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- signup

export const SignupRequestSchema = z.object({ email: z.string() });
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const LimitsSchema = z.object({
  per_minute: z.number().int(),
  per_day: z.number().int(),
  per_month: z.number().int(),
});

export const SignupResponseSchema = z.object({
  api_key: z.string().min(32),
  email: z.string(),
  limits: LimitsSchema,
  message: z.string(),
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

// ---------------------------------------------------------------- domain policy

export const UseCasesSchema = z.object({
  training: VerdictSchema,
  search: VerdictSchema,
  inference: VerdictSchema,
});
export type UseCases = z.infer<typeof UseCasesSchema>;

export const BotsSchema = z.object({
  blocked: z.array(z.string()),
  allowed: z.array(z.string()),
});
export type Bots = z.infer<typeof BotsSchema>;

export const SignalsSchema = z.object({
  robots_txt: z.boolean(),
  llms_txt: z.boolean(),
  ai_txt: z.boolean(),
  tdmrep: z.boolean(),
  content_signals: z.boolean(),
  agents_json: z.boolean(),
});
export type Signals = z.infer<typeof SignalsSchema>;

/** Site facts. Unknown values are null (our choice: the seed shows only present values). */
export const SiteSchema = z.object({
  ranklist_rank: z.number().int().positive().nullable(),
  cdn: z.string().nullable(),
  cms: z.string().nullable(),
  behind_cdnvendor: z.boolean(),
  has_paywall: z.boolean(),
  has_tos: z.boolean(),
  tos_url: z.string().nullable(),
});
export type Site = z.infer<typeof SiteSchema>;

// ---------------------------------------------------------------- basis (ours, beyond the seed)

/** One signal that decided a verdict: the standard, the line or header as published, its line number. */
export const DecidingSignalSchema = z.object({
  source: z.enum(VERDICT_SOURCES),
  /** The robots.txt line, header value or tag as published (trimmed, at most 300 characters). */
  evidence: z.string().nullable(),
  /** 1-based line when the source is a file (robots.txt, ai.txt), else null. */
  line: z.number().int().positive().nullable(),
});
export type DecidingSignal = z.infer<typeof DecidingSignalSchema>;

/**
 * What an RSL licence says of one use to AI companies (docs/policy.md section 15): `verdict`
 * `prohibited` (blocked), `paid` (a licence is required: granted only under a payment other than
 * free or attribution), `free` or `attribution` (granted: an explicit allow), null (the licence
 * says nothing of this use, or was not read). `payment`: the deciding licence's `<payment>`
 * (`type` as written, lower-case: free, attribution, purchase, subscription, training, crawl,
 * use, contribution …; `amount` the decimal as written; `currency` ISO 4217), null when none
 * decided. `line`: the line in the RSL document of the element that decided, `evidence` that
 * element as written (`<prohibits type="usage">ai-train</prohibits>`, `<payment type="crawl">
 * 0.01 USD`). `not_listed`: a licence's `<permits type="usage">` names other uses and not this
 * one (not granted, which is not a prohibition: the verdict stays null).
 */
export const LicenceUseSchema = z.object({
  verdict: z.enum(LICENCE_VERDICTS).nullable(),
  payment: z.object({ type: z.string(), amount: z.string().nullable(), currency: z.string().nullable() }).nullable(),
  line: z.number().int().positive().nullable(),
  evidence: z.string().nullable(),
  not_listed: z.boolean(),
});
export type LicenceUse = z.infer<typeof LicenceUseSchema>;

/**
 * A document that was fetched but not read (docs/policy.md section 1): its reading ran past
 * the analysis time budget, or its reader failed. `file` is the request it came from
 * (shared/values.ts FETCHED_FILES), `bytes` its size as received, `budget_ms` the budget in
 * force. `note`, when the document could be characterised cheaply, is a few words on what made
 * it long ("without sentence ends", "20,000 user-agent groups"). robots.txt not read is read
 * as an unreadable robots.txt (`robots_txt.status` `blocked`, problem `not_read`): the rules
 * are unknown; the homepage not read, nothing from its markup is known (its headers are still
 * read); the terms not read, their stances are `unknown`; another file not read counts as not
 * found.
 */
export const NotReadSchema = z.object({
  file: z.enum(FETCHED_FILES),
  reason: z.enum(NOT_READ_REASONS),
  bytes: z.number().int().nonnegative(),
  budget_ms: z.number().int().positive(),
  note: z.string().optional(),
});
export type NotRead = z.infer<typeof NotReadSchema>;

/**
 * What the verdicts rest on, so a person can be told what was read and what was not
 * (docs/policy.md sections 8 and 9). The seed's values stay as they are; this says how
 * far to trust them and why. Emitted by our service on every found answer (summary and full
 * record); optional in the schema because a foreign upstream speaking only the seed omits it.
 */
export const BasisSchema = z.object({
  robots_txt: z.object({
    status: RobotsOutcomeSchema,
    /** HTTP status of the robots.txt answer, null when there was none. */
    http_status: z.number().int().nullable(),
    /** Why it could not be read; null when `status` is ok or missing. */
    problem: z.enum(ROBOTS_PROBLEMS).nullable(),
    /**
     * With `problem` `timeout`: how long the crawler waited for an answer, in whole seconds (its
     * request limit, 10 by default), so a person reads "robots.txt did not answer within 10 s"
     * (docs/policy.md section 11). Absent otherwise, and from records made before it.
     */
    waited_s: z.number().int().positive().optional(),
  }),
  /** Per use case: `allowed` is explicit (a key bot named and allowed, or a usage signal yes; section 4). */
  explicit: z.object({ training: z.boolean(), search: z.boolean(), inference: z.boolean() }),
  /**
   * Per use case, the signals that decided a blocked, partial or explicitly allowed verdict,
   * the deciding one first (a usage signal `no` before robots.txt); empty when nothing
   * restricts or allows explicitly (silence) or the verdict is unknown.
   */
  decided_by: z.object({
    training: z.array(DecidingSignalSchema),
    search: z.array(DecidingSignalSchema),
    inference: z.array(DecidingSignalSchema),
  }),
  /** Every standard found, the seed's six plus page meta AI tokens and X-Robots-Tag. */
  found: z.array(z.enum(STANDARD_KEYS)),
  /**
   * The latest check failed (docs/policy.md section 8) and this answer is the earlier good
   * crawl's (`last_updated` keeps that crawl's time); null when the latest check is this one.
   */
  last_check: z
    .object({
      failed_at: TimestampSchema,
      /** For people: "timed out", "server error (HTTP 503)", "connection refused". */
      cause: z.string(),
      /** When the failed check will be retried, null when no retry is planned. */
      next_retry: TimestampSchema.nullable(),
    })
    .nullable(),
  /**
   * Present (true) on an answer given while the site's terms of service page is still being read,
   * seconds before the crawl ends. The stance, verdicts and bots are final (the
   * terms decide none of them); `site.has_tos` and the terms' notes are not yet, and the record
   * that includes them replaces this one when the crawl is stored. Absent otherwise.
   */
  terms_pending: z.literal(true).optional(),
  /**
   * What the terms of service say (docs/policy.md section 11), apart: of AI use (the full
   * record's `tos_ai_stance`) and of automated access: robots, scrapers, crawlers
   * (`tos_automated_access`). They decide no verdict, but a person is told them beside the
   * verdicts. Absent on an early answer (`terms_pending`) and from a foreign upstream.
   * `names_ai`: the terms name AI somewhere (AI, machine learning, language models, text and data
   * mining), in any role, so terms naming AI are never told as silent on it (issue 34). Absent
   * when the terms were not read (`ai` unknown) and from records made before it.
   */
  terms: z
    .object({ ai: TosStanceSchema, automated_access: TosStanceSchema, names_ai: z.boolean().optional() })
    .optional(),
  /**
   * What each Content-Signal and Content-Usage line (or homepage header) said, with its values,
   * so a person reads "Content-Signal (for Googlebot, bingbot and 5 others): AI training no, AI
   * answers no, search yes" rather than a description of the standard (docs/policy.md
   * section 11). `agents`: the robots.txt group's crawlers (catalogue spelling when known),
   * `['*']` for every crawler (the `*` group, outside any group, a header); `line` null for a
   * header; `path` the line's path scope, null for the whole site; per use: true yes, false no,
   * null not said. Content-Signal `search` is listing and linking pages and `ai-input` using
   * pages for AI answers (Cloudflare's definitions). At most 20 entries of at most 100 agents,
   * in file order, headers last.
   * Absent from records made before it.
   */
  content_signals: z
    .array(
      z.object({
        vocabulary: z.enum(['content-signal', 'content-usage']),
        agents: z.array(z.string()),
        line: z.number().int().positive().nullable(),
        path: z.string().nullable(),
        training: z.boolean().nullable(),
        search: z.boolean().nullable(),
        inference: z.boolean().nullable(),
        /** The line or header as published (at most 300 characters). */
        text: z.string(),
      }),
    )
    .optional(),
  /**
   * When robots.txt's rules for every crawler (`User-agent: *`) close the whole site, the
   * crawlers it names and lets in anyway (an allow-list), so a person reads "robots.txt closes
   * the site to every crawler it does not name; it lets in Googlebot, Bingbot and 5 others, no
   * AI bot" (docs/policy.md section 11). `let_in`: at most 20 names, search engines and
   * other known crawlers first (catalogue spelling), AI bots last; `let_in_count`: how many in
   * all (0: the site is closed to every crawler); `ai`: the AI bots among them, at most 20
   * (catalogue AI bots, and AI-looking names the catalogue lacks). Null when `*` does not close the site or
   * robots.txt was not read; absent from records made before it.
   */
  allow_list: z
    .object({
      let_in: z.array(z.string()),
      let_in_count: z.number().int().nonnegative(),
      ai: z.array(z.string()),
    })
    .nullable()
    .optional(),
  /**
   * When robots.txt's rules for every crawler (`User-agent: *`) close the whole site: the line
   * that closes it and the Allow lines of those groups that open a path again (at most 10;
   * `opens_count` how many in all), so a person is told "closes the whole site" only when none
   * does (docs/policy.md section 16). Null when `*` does not close the site or robots.txt was not
   * read; absent from records made before it.
   */
  closed_to_all: z
    .object({
      line: z.number().int().positive(),
      opens: z.array(z.object({ path: z.string(), line: z.number().int().positive() })),
      opens_count: z.number().int().nonnegative(),
    })
    .nullable()
    .optional(),
  /**
   * Per request, whether it was made and answered, and if not, why (shared/values.ts
   * FETCH_STATES): so a homepage or terms page the crawler never requested (robots.txt asks
   * crawlers to stay out, or could not be read) reads "not fetched: …", never "no answer" or
   * "none found" (docs/policy.md section 11). Absent from records made before it and from a
   * foreign upstream.
   */
  fetches: z
    .object({
      robots_txt: FetchStateSchema,
      llms_txt: FetchStateSchema,
      ai_txt: FetchStateSchema,
      tdmrep: FetchStateSchema,
      agents_json: FetchStateSchema,
      homepage: FetchStateSchema,
      terms: FetchStateSchema,
      /** The RSL licence the site names (absent when it names none, and from records made before licences were fetched). */
      rsl: FetchStateSchema.optional(),
    })
    .optional(),
  /**
   * The RSL licence the site names (docs/policy.md section 15), null when it names none; absent
   * from records made before licences were read and from a foreign upstream.
   * `url`: the document as named (absolute). `found_via`: `robots_txt` (a `License:` line, its
   * number in `line`), `link` (the homepage's `<link rel="license" type="application/rsl+xml">`)
   * or `header` (the homepage's `Link` header); `line` null for those two. `state`: `read`,
   * `not_fetched` (no answer, or not requested) or `unreadable` (an error status, an HTML page,
   * XML that is not well-formed, no RSL content): a licence found and not read is told so, never
   * as silence, and decides nothing. `http_status`: of the document's answer, null without one.
   * `warnings`: what could not be read (at most 20, "line 7: unknown usage value …").
   * `uses`: what the licence covering the whole site says of each use (a `<content>` whose url
   * covers `/`); all null when it was not read or no `<content>` covers the whole site.
   * `scoped`: some `<content>` covers only part of the site: a URL there is judged by
   * `path_signals.rsl` (POST /v1/check, "This page").
   */
  licence: z
    .object({
      url: z.string(),
      found_via: z.enum(LICENCE_VIA),
      line: z.number().int().positive().nullable(),
      state: z.enum(LICENCE_STATES),
      http_status: z.number().int().nullable(),
      warnings: z.array(z.string()),
      uses: z.object({ training: LicenceUseSchema, search: LicenceUseSchema, inference: LicenceUseSchema }),
      scoped: z.boolean(),
    })
    .nullable()
    .optional(),
  /**
   * Documents fetched but not read, in the order they were given up (NotReadSchema): so a person
   * is told "the terms page is too long to read: 860 KB without sentence ends" rather than
   * "silent on AI". Absent when every fetched document was read, and from records made before it.
   */
  not_read: z.array(NotReadSchema).optional(),
});
export type Basis = z.infer<typeof BasisSchema>;

/** One rule as [allow (1) or disallow (0), pattern, line], the shape of path_rules' rules. */
const RuleTupleSchema = z.tuple([z.union([z.literal(0), z.literal(1)]), z.string(), z.number().int().positive()]);

/**
 * robots.txt rules the extension needs to judge any path of the site locally: the
 * groups naming a catalogue AI bot or `*`, each rule as [allow (1) or disallow (0), pattern,
 * line]. Matched with shared/robots (the matcher the service uses), so the page's path never
 * leaves the browser. null when robots.txt was not read (status other than ok).
 */
export const PathRulesSchema = z.object({
  groups: z.array(
    z.object({
      /** Lower-case tokens as the matcher compares them (`gptbot`, `*`). */
      agents: z.array(z.string()),
      rules: z.array(RuleTupleSchema),
    }),
  ),
  /** True when rules were left out to keep the answer small; then a path may only be judged by the site-level verdicts. */
  truncated: z.boolean(),
});
export type PathRules = z.infer<typeof PathRulesSchema>;

/** What one RSL `<content>` scope says of one use (PathSignalsSchema.rsl). */
const PathLicenceSchema = z.object({
  verdict: z.enum(LICENCE_VERDICTS),
  line: z.number().int().positive().nullable(),
  evidence: z.string(),
});

/**
 * The usage signals a URL's answer depends on beside robots.txt's rules (shared/url-check): what
 * "This page" and POST /v1/check judge a path by, so both judge it alike. Empty lists when the
 * site has none; absent on records stored before it was kept (then a URL of a site with such
 * signals is answered `unknown`, reason `no_url_rules`, until its next check).
 */
export const PathSignalsSchema = z.object({
  /** Content-Signal / Content-Usage lines of robots.txt and the homepage's headers. */
  content_signals: z.array(
    z.object({
      /** Lower-case tokens of the group the line stands in; `['*']` for the `*` group, outside any group, or a header. */
      agents: z.array(z.string()),
      /** The leading path the line is scoped to (`/images/`), null for the whole site. */
      path: z.string().nullable(),
      /** What it says per use case (`false` no, `true` yes); a use it does not name is absent. */
      training: z.boolean().optional(),
      search: z.boolean().optional(),
      inference: z.boolean().optional(),
      /** robots.txt line, null for a header. */
      line: z.number().int().positive().nullable(),
      /** The line or header as published (at most 300 characters). */
      evidence: z.string(),
    }),
  ),
  /** TDMRep, null when none was found (W3C TDMRep sections 3.2 to 3.5). */
  tdmrep: z
    .object({
      /** tdmrep.json's rules in file order as [location, tdm-reservation (null when not 0 or 1), tdm-policy]; the first whose location matches a path decides it. */
      rules: z.array(z.tuple([z.string(), z.union([z.literal(0), z.literal(1), z.null()]), z.string().nullable()])),
      /** The homepage's tdm-reservation header or meta tag, which supersedes the file (section 3.5); taken as the site's for every URL, as the site's verdicts take it. */
      page: z
        .object({
          reservation: z.union([z.literal(0), z.literal(1)]),
          source: z.enum(['header', 'meta']),
          evidence: z.string(),
        })
        .nullable(),
    })
    .nullable(),
  /** ai.txt's rules for `*`, null when there is no ai.txt; a disallowed path is an AI training "no". */
  ai_txt: z.array(RuleTupleSchema).nullable(),
  /** The homepage's `noai` tags (robots meta, X-Robots-Tag), each for the agents it names (`['*']`: all): an AI training "no" for every URL. */
  noai: z.array(
    z.object({ agents: z.array(z.string()), source: z.enum(['meta', 'x_robots_tag']), evidence: z.string() }),
  ),
  /** True when rules were left out to keep the answer small; then a question about a use case is answered `unknown` (reason `rules_truncated`). */
  truncated: z.boolean(),
  /**
   * The RSL licence's `<content>` scopes (docs/policy.md section 15), in document order: `path`
   * the scope's url as a path pattern of this site, matched as robots.txt rules are (RFC 9309:
   * the longest matching pattern decides a URL); per use, what it says (`verdict` as in
   * `basis.licence.uses`, the deciding element's `line` in the RSL document and `evidence`), null
   * when it says nothing. A URL under no scope has no licence. Absent when no licence was read
   * (none named, or not readable), and from records stored before licences were read.
   */
  rsl: z
    .array(
      z.object({
        path: z.string(),
        training: PathLicenceSchema.nullable(),
        search: PathLicenceSchema.nullable(),
        inference: PathLicenceSchema.nullable(),
      }),
    )
    .nullable()
    .optional(),
});
export type PathSignals = z.infer<typeof PathSignalsSchema>;

/** The single-lookup answer for a domain in the registry (full form). */
export const DomainPolicyFoundSchema = z.object({
  domain: z.string(),
  found: z.literal(true),
  stance: StanceSchema,
  detail: DetailSchema,
  use_cases: UseCasesSchema,
  bots: BotsSchema,
  signals: SignalsSchema,
  site: SiteSchema,
  last_updated: TimestampSchema,
  // ---- ours, beyond the seed (optional: a foreign seed-only upstream omits them) ----
  basis: BasisSchema.optional(),
  path_rules: PathRulesSchema.nullable().optional(),
  path_signals: PathSignalsSchema.optional(),
  /**
   * The registrable domain (Public Suffix List) when `domain` is a subdomain of it, else null:
   * the extension shows its policy beside a subdomain's without shipping the
   * list. Added by the extension helper; optional like the rest of ours.
   *
   * The parent's record is joined by the extension, not in this answer (docs/policy.md
   * section 11, "subdomains"): when `basis.robots_txt.status` is `missing` (the host has no
   * robots.txt of its own) it asks for `registrable_domain` too and, when that answer has AI
   * rules, tells its policy marked as the parent's. Each answer stays one domain's record, so
   * caches, ETags, held reads and history stay per domain, a parent crawled later is seen on
   * the next read, and a seed-only upstream is joined the same way.
   */
  registrable_domain: z.string().nullable().optional(),
});
export type DomainPolicyFound = z.infer<typeof DomainPolicyFoundSchema>;

/** The answer for a domain not (yet) in the registry: nothing beyond what the seed shows. */
export const DomainPolicyUnknownSchema = z.object({
  domain: z.string(),
  found: z.literal(false),
  queued: z.literal(true),
});
export type DomainPolicyUnknown = z.infer<typeof DomainPolicyUnknownSchema>;

export const DomainPolicySchema = z.discriminatedUnion('found', [DomainPolicyFoundSchema, DomainPolicyUnknownSchema]);
export type DomainPolicy = z.infer<typeof DomainPolicySchema>;

/** The quick-start form: only domain, found, stance, use_cases, bots, signals. */
export const DomainPolicyQuickSchema = DomainPolicyFoundSchema.pick({
  domain: true,
  found: true,
  stance: true,
  use_cases: true,
  bots: true,
  signals: true,
});
export type DomainPolicyQuick = z.infer<typeof DomainPolicyQuickSchema>;

// ---------------------------------------------------------------- explanations

/** Why a verdict is what it is: the line or header behind it (docs/policy.md intro). */
export const ExplanationSchema = z.object({
  /** What is explained: a use case, 'stance', a bot token, a conflict id, a site fact. */
  subject: z.string(),
  /** The value it was given (a verdict, a status, a stance). */
  value: z.string(),
  /** Where it came from. */
  source: z.enum([
    'robots_txt',
    'content_signals',
    'tdmrep',
    'ai_txt',
    'llms_txt',
    'agents_json',
    'meta',
    'x_robots_tag',
    'rsl',
    'tos',
    'crawl',
    'rule',
  ]),
  /** 1-based line in the source file, when it is a file. */
  line: z.number().int().positive().nullable(),
  /** The line, header or tag itself, as published (trimmed, at most 300 characters). */
  evidence: z.string().nullable(),
  /** A sentence for people. */
  reason: z.string(),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

// ---------------------------------------------------------------- full record

export const BotEntrySchema = z.object({
  status: BotStatusSchema,
  is_ai_bot: z.boolean(),
  allowed_paths: z.array(z.string()),
  disallowed_paths: z.array(z.string()),
});
export type BotEntry = z.infer<typeof BotEntrySchema>;

/**
 * What robots.txt does to one bot, with the lines that say so (docs/policy.md section 16):
 * `blocked` (`/` closed; `paths` the narrower paths Allow lines still open), `partial` (a group
 * naming it closes paths `*` leaves open: `lines`/`paths` those Disallow lines), `let_in` (`*`
 * closes the site, its own group opens it: `lines` its User-agent lines), `no_rule` (named only in
 * groups without an Allow or Disallow line, so it may crawl everything: `lines` its User-agent
 * lines), `allowed` (its own group has a rule and closes nothing `*` leaves open: `lines` its Allow
 * lines, else its empty Disallow lines), `like_all` (its group closes only what `*` closes:
 * housekeeping; `lines`/`paths` its Disallow lines). `by` is `named`, or `wildcard` for the entry
 * `*`: the bots no group names, blocked by the `*` groups. `purpose` the catalogue's, `unknown`
 * for a name the catalogue lacks (and for `*`). At most 10 lines and paths each.
 */
export const BotRoleSchema = z.object({
  bot: z.string(),
  purpose: z.enum([...BOT_PURPOSES, 'unknown']),
  role: z.enum(BOT_ROLES),
  by: z.enum(['named', 'wildcard']),
  lines: z.array(z.number().int().positive()),
  paths: z.array(z.string()),
});
export type BotRole = z.infer<typeof BotRoleSchema>;

/**
 * A robots.txt line no crawler understands, with its text as served (at most 200 characters):
 * `loses` `group` when it is a User-agent line spoiled by stray bytes (a byte-order mark read as
 * text, `ï»¿User-agent: *`), so the rules after it were meant for `agents` and are ignored for
 * them; `nothing` otherwise.
 */
export const IgnoredLineSchema = z.object({
  line: z.number().int().positive(),
  text: z.string(),
  /** `group`: a User-agent line spoiled by stray bytes, with rules after it that `agents` then do not get. */
  loses: z.enum(['group', 'nothing']),
  agents: z.array(z.string()),
  /**
   * Where those rules go instead: the first line of the group before it (RFC 9309 reads them as
   * that group's), or null when they stand before every group and belong to none. Absent when
   * `loses` is `nothing` and from records made before it.
   */
  joins: z.number().int().positive().nullable().optional(),
});
export type IgnoredLine = z.infer<typeof IgnoredLineSchema>;

export const CrawlRulesSchema = z.object({
  crawl_delays: z.record(z.string(), z.number()),
  blocked_paths: z.array(z.string()),
  sitemaps_count: z.number().int().nonnegative(),
  directives_count: z.number().int().nonnegative(),
  has_wildcard_block: z.boolean(),
});

/** Resolved usage preferences from content signals, TDMRep, ai.txt and meta: true yes, false no, null nothing said. */
export const UsagePrefsSchema = z.object({
  training: z.boolean().nullable(),
  search: z.boolean().nullable(),
  inference: z.boolean().nullable(),
});
export type UsagePrefs = z.infer<typeof UsagePrefsSchema>;

/** One licence's `<permits>` or `<prohibits>` values per type (FullRecordSchema.rsl_licence). */
const RslConstraintsSchema = z.object({
  usage: z.array(z.string()),
  user: z.array(z.string()),
  geo: z.array(z.string()),
});

export const FullRecordSchema = z.object({
  id: z.number().int().positive(),
  domain: z.string(),
  robots_txt_exists: z.boolean(),
  llms_txt_exists: z.boolean(),
  ai_txt_exists: z.boolean(),
  tdmrep_exists: z.boolean(),
  agents_json_exists: z.boolean(),
  ai_stance: StanceSchema,
  policy_detail: DetailSchema,
  ai_openness_score: z.number().min(0).max(1),
  policy_completeness: CompletenessSchema,
  confidence: z.number().min(0).max(1),
  ai_bots_blocked_count: z.number().int().nonnegative(),
  ai_bots_allowed_count: z.number().int().nonnegative(),
  ai_bots: z.record(z.string(), BotStatusSchema),
  all_bots: z.record(z.string(), BotEntrySchema),
  crawl_rules: CrawlRulesSchema,
  use_case_policies: UseCasesSchema,
  conflicts: z.array(ConflictSchema),
  tos_url: z.string().nullable(),
  tos_ai_stance: TosStanceSchema,
  cdn_provider: z.string().nullable(),
  cms: z.string().nullable(),
  has_paywall: z.boolean(),
  behind_cdnvendor: z.boolean(),
  markdown_for_agents: z.boolean(),
  parsed_at: TimestampSchema,
  // ---- ours, where the seed says "not shown" ----
  /** Identifier of the stored crawl (audit entry) this record came from. */
  audit_id: z.string(),
  ranklist_rank: z.number().int().positive().nullable(),
  content_signals_exists: z.boolean(),
  robots_txt_status: RobotsOutcomeSchema,
  /** HTTP status of the homepage, null when it gave no HTTP answer. */
  homepage_status: z.number().int().nullable(),
  /** Raw robots.txt as served (first 500 KiB), null when there was none. */
  robots_txt: z.string().nullable(),
  /** Relevant homepage response headers, lower-case names. */
  headers: z.record(z.string(), z.string()),
  /** Relevant homepage meta tags (robots, tdm-reservation, tdm-policy, generator, ...). */
  meta_tags: z.record(z.string(), z.string()),
  /** The terms-of-service sentence that decided tos_ai_stance (AI use), null when none. */
  tos_excerpt: z.string().nullable(),
  /**
   * What the terms say of automated access (robots, spiders, scrapers, crawlers), apart from AI
   * use (docs/policy.md section 11); same values as tos_ai_stance. Optional: a foreign
   * upstream, or a record stored before this field, lacks it.
   */
  tos_automated_access: TosStanceSchema.optional(),
  /** The sentence that decided tos_automated_access, null when none. */
  tos_automated_access_excerpt: z.string().nullable().optional(),
  /**
   * Where in the terms the clause deciding tos_ai_stance stands: its section number ("4.2",
   * "§ 7", "IV") or, when unnumbered, its heading text ("Use of content"); null when none was
   * found or the stance is silent/unknown. Optional like the fields above.
   */
  tos_ai_section: z.string().nullable().optional(),
  /** The same for tos_automated_access. */
  tos_automated_access_section: z.string().nullable().optional(),
  /**
   * The first terms clause naming AI (with its lead-in), whatever it says, so a person can read
   * where the terms speak of AI when they neither forbid nor allow AI use; null when the terms
   * name no AI or were not read. Absent from records made before it.
   */
  tos_ai_mention: z.string().nullable().optional(),
  /** Where tos_ai_mention stands in the terms (section number or heading), null when unknown. */
  tos_ai_mention_section: z.string().nullable().optional(),
  /**
   * Notes: worth telling a person, no disagreement between sources (docs/policy.md sections
   * 9 and 11), each with an explanation of the same subject. Optional for a foreign upstream.
   */
  notes: z.array(z.enum(NOTES)).optional(),
  usage_signals: UsagePrefsSchema,
  explanations: z.array(ExplanationSchema),
  warnings: z.array(z.string()),
  /** The same basis as the summary's (optional for a foreign upstream). */
  basis: BasisSchema.optional(),
  /**
   * The RSL licence as read (docs/policy.md section 15), null when the site names none or it was
   * not read; absent from records made before licences were read and from a foreign upstream.
   * `url` the document; per `<content>` (at most 100, document order): `url` as written, `path`
   * the url as a path pattern of this site (null: another site's, ignored), `server` (an RSL
   * licence server), `terms` links, `copyright`; its `<license>` elements (at most 20 each):
   * `permits` and `prohibits` per type (`usage`, `user`, `geo`: the values as written, unknown
   * ones left out and warned of in `basis.licence.warnings`), `payments` (`type`, `amount`,
   * `currency`, `<standard>` licences, `<custom>` rate card) and `legal` statements.
   */
  rsl_licence: z
    .object({
      url: z.string(),
      contents: z.array(
        z.object({
          url: z.string(),
          path: z.string().nullable(),
          server: z.string().nullable(),
          terms: z.array(z.string()),
          copyright: z.string().nullable(),
          licences: z.array(
            z.object({
              permits: RslConstraintsSchema,
              prohibits: RslConstraintsSchema,
              payments: z.array(
                z.object({
                  type: z.string(),
                  amount: z.string().nullable(),
                  currency: z.string().nullable(),
                  standards: z.array(z.string()),
                  custom: z.string().nullable(),
                }),
              ),
              legal: z.array(z.object({ type: z.string(), values: z.array(z.string()) })),
            }),
          ),
        }),
      ),
    })
    .nullable()
    .optional(),
  /**
   * User-agents robots.txt names that look like AI bots but are not in the bot catalogue
   * ("other bots this site names"): misspelt catalogue tokens, names with an AI marker. In file
   * order, each also in all_bots (is_ai_bot true); they never decide a use case
   * (docs/policy.md section 10). Optional for a foreign upstream.
   */
  unknown_ai_bots: z.array(z.string()).optional(),
  /**
   * What robots.txt does to each AI bot it names (tools of purpose `other` and AI-looking names
   * the catalogue lacks included), in file order, then the entry `*` when the rules for every
   * crawler close the site; at most 300 (docs/policy.md section 16). Absent when robots.txt was
   * not read, from records made before it, and from a foreign upstream.
   */
  bot_roles: z.array(BotRoleSchema).optional(),
  /** robots.txt lines no crawler understands, at most 20, in file order. Absent like bot_roles. */
  robots_ignored: z.array(IgnoredLineSchema).optional(),
});
export type FullRecord = z.infer<typeof FullRecordSchema>;
/** What classify() produces; the registry adds id and audit_id when it stores it. */
export type FullRecordBody = Omit<FullRecord, 'id' | 'audit_id'>;

// ---------------------------------------------------------------- search and batch

export const SearchResultItemSchema = z.object({
  domain: z.string(),
  stance: StanceSchema,
  detail: DetailSchema,
  ranklist_rank: z.number().int().positive().nullable(),
});
export const SearchResultSchema = z.object({
  results: z.array(SearchResultItemSchema),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const BatchItemSchema = DomainPolicyFoundSchema.pick({
  domain: true,
  found: true,
  stance: true,
  use_cases: true,
  bots: true,
});
export type BatchItem = z.infer<typeof BatchItemSchema>;

export const BatchRequestSchema = z.object({ domains: z.array(z.string()) });
export const BatchResultSchema = z.object({
  domains: z.array(BatchItemSchema),
  not_found: z.array(z.string()),
});
export type BatchResult = z.infer<typeof BatchResultSchema>;

// ---------------------------------------------------------------- errors

export const ErrorObjectSchema = z.object({
  error: z.string(),
  message: z.string(),
  retry_after: z.number().int().nonnegative().optional(),
  limit_type: z.enum(LIMIT_TYPES).optional(),
});
export type ErrorObject = z.infer<typeof ErrorObjectSchema>;

// ---------------------------------------------------------------- announced surface

export const PurposeVerdictSchema = z.object({
  allowed: z.boolean().nullable(),
  source: z.array(z.enum(DECIDING_SOURCES)),
});
export type PurposeVerdict = z.infer<typeof PurposeVerdictSchema>;

export const AnnouncedRecordSchema = z.object({
  domain: z.string(),
  score: z.number().int().min(0).max(100),
  stance: z.enum(ANNOUNCED_STANCES),
  purposes: z.object({
    training: PurposeVerdictSchema,
    search: PurposeVerdictSchema,
    rag: PurposeVerdictSchema,
    browsing: PurposeVerdictSchema,
  }),
  signals: z.object({
    robots_txt: z.object({ found: z.boolean(), blocks: z.array(z.string()) }),
    llms_txt: z.object({ found: z.boolean() }),
    ai_txt: z.object({ found: z.boolean() }),
    tdmrep: z.object({ found: z.boolean() }),
    agents_json: z.object({ found: z.boolean() }),
    /** training/search: the content signal's value, null when it says nothing of that use. */
    content_signals: z.object({ found: z.boolean(), training: z.boolean().nullable(), search: z.boolean().nullable() }),
  }),
  conflicts: z.array(ConflictSchema),
  last_crawled: TimestampSchema,
  audit_id: z.string(),
});
export type AnnouncedRecord = z.infer<typeof AnnouncedRecordSchema>;
export type AnnouncedRecordBody = Omit<AnnouncedRecord, 'audit_id'>;

export const AnnouncedUnknownSchema = DomainPolicyUnknownSchema;

export const ScoreResponseSchema = z.object({
  domain: z.string(),
  score: z.number().int().min(0).max(100),
  last_crawled: TimestampSchema,
});
export type ScoreResponse = z.infer<typeof ScoreResponseSchema>;

// ---------------------------------------------------------------- history (ours, beyond the seed)

/** One stored crawl in a domain's history, with what changed since the crawl before it. */
export const HistoryEntrySchema = z.object({
  audit_id: z.string(),
  crawled_at: TimestampSchema,
  stance: StanceSchema,
  detail: DetailSchema,
  score: z.number().int().min(0).max(100),
  use_cases: UseCasesSchema,
  bots_blocked: z.array(z.string()),
  /** Sentences for people, e.g. "started blocking GPTBot", "training: allowed → blocked"; empty for the first crawl. */
  changes: z.array(z.string()),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryResponseSchema = z.object({
  domain: z.string(),
  /** Number of stored crawls. */
  crawls: z.number().int().nonnegative(),
  /** Newest first: the first crawl and every crawl whose policy differed from the one before. */
  entries: z.array(HistoryEntrySchema),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

// ---------------------------------------------------------------- check again (ours, beyond the seed)

/**
 * POST /v1/domain/{domain}/recheck's answer, "Check again": a new crawl of
 * one domain, now, ahead of batch and refresh work. Refused (`accepted: false`) when the domain
 * was checked or queued for a check less than `retry_after` seconds ago.
 */
export const RecheckResultSchema = z.object({
  domain: z.string(),
  /** True when a new check was queued (or one is running now). */
  accepted: z.boolean(),
  /** Seconds until another check of this domain will be accepted: at least 1 (a refusal always has a wait). */
  retry_after: z.number().int().positive(),
});
export type RecheckResult = z.infer<typeof RecheckResultSchema>;

// ---------------------------------------------------------------- statistics (the announced /v1/stats)

const count = z.number().int().nonnegative();
const share = z.number().min(0).max(1);

export const StatsResponseSchema = z.object({
  total_domains: count,
  /** Announced stance → domains, with the split by the details that stance can have (seed mapping). */
  by_stance: z.record(
    z.enum(ANNOUNCED_STANCES),
    z.object({ domains: count, details: z.partialRecord(z.enum(DETAILS), count) }),
  ),
  /**
   * Domains by the stance as told (shared/reading/claims.ts ToldStance): what the badge, the site
   * page and the audit show for each, a host with nothing of its own counted by its site's
   * (docs/policy.md section 16). Unknown is never "No AI rules".
   */
  by_told: z.record(z.enum(TOLD_STANCES), count),
  /** Standard → domains publishing it and their share of all domains. */
  standards: z.record(z.enum(SIGNAL_KEYS), z.object({ domains: count, share })),
  /** The 20 most blocked AI bots, most blocked first (ties by name); tools with no AI use (Scrapy…) are not counted. */
  top_blocked_bots: z.array(z.object({ bot: z.string(), domains: count, share })),
  /** Ten buckets: 0-9, 10-19, ..., 90-100. */
  score_distribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), domains: count })),
  conflicts: z.record(z.enum(CONFLICTS), count),
  /** By the last crawl's age: fresh under 7 days, aging 7 to 30 days, stale over 30 days. */
  freshness: z.object({ fresh: count, aging: count, stale: count }),
  /** The key bots of each use case (docs/policy.md section 3), each with the domains blocking it, in the table's order. */
  key_bots: z.array(z.object({ bot: z.string(), use: z.enum(USE_CASES), domains: count, share })),
  /**
   * Terms of service against robots.txt: for each terms stance, the domains whose robots.txt
   * blocks at least one AI bot, blocks none, or could not be read.
   */
  terms_vs_robots: z.record(
    z.enum(TOS_STANCES),
    z.object({ robots_blocks: count, robots_open: count, robots_unread: count }),
  ),
  /**
   * Stance changes (a history entry whose stance differs from the domain's entry before it) in the last
   * STANCE_CHANGE_DAYS UTC days, today included: per day, oldest first, and per change.
   */
  stance_changes: z.object({
    since: TimestampSchema,
    by_day: z.array(z.object({ day: z.string(), changes: count })),
    transitions: z.array(z.object({ from: z.enum(ANNOUNCED_STANCES), to: z.enum(ANNOUNCED_STANCES), changes: count })),
  }),
  generated_at: TimestampSchema,
});
export type StatsResponse = z.infer<typeof StatsResponseSchema>;
/**
 * The statistics as another service may answer them: the fields beyond the registry's counts
 * (key bots, terms against robots.txt, stance changes) came later and may be missing.
 */
export const UpstreamStatsSchema = StatsResponseSchema.partial({
  by_told: true,
  key_bots: true,
  terms_vs_robots: true,
  stance_changes: true,
});
export type UpstreamStats = z.infer<typeof UpstreamStatsSchema>;
