/**
 * Response shapes of the announced launch surface that the seed leaves "not shown"
 * (signals, search, batch, stats). The policy record, score and history shapes are the
 * shared ones (shared/schemas.ts). Every choice here is documented in openapi.ts.
 */
import { z } from 'zod';
import { ANNOUNCED_STANCES, CONFLICTS, DETAILS, SIGNAL_KEYS, TOS_STANCES, USE_CASES } from '../../../shared/values.js';
import {
  AnnouncedRecordSchema,
  SearchResultItemSchema,
  SearchResultSchema,
  TimestampSchema,
  TosStanceSchema,
} from '../../../shared/schemas.js';

// ---------------------------------------------------------------- signals

/** One requested file as crawled: no interpretation of "found", only what the server answered. */
export const SignalFileSchema = z.object({
  /** URL requested. */
  url: z.string(),
  /** URL of the answer after redirects; null when there was no HTTP answer. */
  final_url: z.string().nullable(),
  /** `response`: any HTTP answer; `refused`: the SSRF guard refused the target; `failed`: no usable answer. */
  outcome: z.enum(['response', 'refused', 'failed']),
  status: z.number().int().nullable(),
  /** Content-Type without parameters, lower-case. */
  content_type: z.string().nullable(),
  /** Bytes received (at most the crawl cap). */
  size: z.number().int().nonnegative().nullable(),
  /** True when the body was cut at the crawl's size cap. */
  truncated: z.boolean(),
  /** The body as crawled (UTF-8, capped as crawled); null without an HTTP answer. */
  body: z.string().nullable(),
  /** Why there was no answer (refused or failed), else null. */
  error: z.string().nullable(),
});
export type SignalFile = z.infer<typeof SignalFileSchema>;

export const SIGNAL_FILES = ['robots_txt', 'llms_txt', 'ai_txt', 'tdmrep', 'agents_json'] as const;

export const SignalsResponseSchema = z.object({
  domain: z.string(),
  audit_id: z.string(),
  crawled_at: TimestampSchema,
  /** Origin the files were requested from; null when neither https nor http answered. */
  origin: z.string().nullable(),
  files: z.object({
    robots_txt: SignalFileSchema,
    llms_txt: SignalFileSchema,
    ai_txt: SignalFileSchema,
    tdmrep: SignalFileSchema,
    agents_json: SignalFileSchema,
  }),
  homepage: z.object({
    url: z.string(),
    final_url: z.string().nullable(),
    outcome: z.enum(['response', 'refused', 'failed']),
    status: z.number().int().nullable(),
    /** The policy-relevant response headers (lower-case names), as served. */
    headers: z.record(z.string(), z.string()),
    /** The policy-relevant meta tags (robots, tdm-reservation, tdm-policy, generator, ...). */
    meta_tags: z.record(z.string(), z.string()),
  }),
  terms: z.object({
    url: z.string().nullable(),
    status: z.number().int().nullable(),
    /** The excerpt that decided ai_stance; null when none. */
    excerpt: z.string().nullable(),
    ai_stance: TosStanceSchema,
    /** Section number or heading of the clause that decided ai_stance; null when none. */
    ai_section: z.string().nullable().optional(),
    /**
     * What the terms say of robots, scrapers and other automated access, apart from AI use
     * (docs/policy.md section 11), with the clause that decided it and its section. Absent
     * from signals stored before these fields existed (they appear after the next crawl).
     */
    automated_access: TosStanceSchema.optional(),
    automated_access_excerpt: z.string().nullable().optional(),
    automated_access_section: z.string().nullable().optional(),
  }),
});
export type SignalsResponse = z.infer<typeof SignalsResponseSchema>;

// ---------------------------------------------------------------- search

/** The reference surface's search item, with the announced stance vocabulary, the score and the crawl time. */
export const PreviewSearchItemSchema = SearchResultItemSchema.extend({
  stance: z.enum(ANNOUNCED_STANCES),
  score: z.number().int().min(0).max(100),
  last_crawled: TimestampSchema,
});
/** The reference surface's page shape (results, limit, offset, has_more). */
export const PreviewSearchResultSchema = SearchResultSchema.extend({ results: z.array(PreviewSearchItemSchema) });
export type PreviewSearchResult = z.infer<typeof PreviewSearchResultSchema>;

// ---------------------------------------------------------------- batch

export const PREVIEW_BATCH_MIN = 1;
export const PreviewBatchRequestSchema = z.object({ domains: z.array(z.string()) });
export const PreviewBatchResultSchema = z.object({
  /** Announced records of the domains in the registry, in request order, each once. */
  domains: z.array(AnnouncedRecordSchema),
  /** Normalised names of the others (each is queued for analysis). */
  not_found: z.array(z.string()),
});
export type PreviewBatchResult = z.infer<typeof PreviewBatchResultSchema>;

// ---------------------------------------------------------------- stats

const count = z.number().int().nonnegative();
const share = z.number().min(0).max(1);

export const StatsResponseSchema = z.object({
  total_domains: count,
  /** Announced stance → domains, with the split by the details that stance can have (seed mapping). */
  by_stance: z.record(
    z.enum(ANNOUNCED_STANCES),
    z.object({ domains: count, details: z.partialRecord(z.enum(DETAILS), count) }),
  ),
  /** Standard → domains publishing it and their share of all domains. */
  standards: z.record(z.enum(SIGNAL_KEYS), z.object({ domains: count, share })),
  /** The 20 most blocked catalogue AI bots, most blocked first (ties by name). */
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
  key_bots: true,
  terms_vs_robots: true,
  stance_changes: true,
});
export type UpstreamStats = z.infer<typeof UpstreamStatsSchema>;
