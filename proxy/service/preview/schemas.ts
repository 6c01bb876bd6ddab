/**
 * Response shapes of the announced launch surface that the seed leaves "not shown"
 * (signals, search, batch). The policy record, score and history shapes, and the statistics
 * (which the gateway's upstream client and the web page read too), are the shared ones
 * (shared/schemas.ts). Every choice here is documented in openapi.ts.
 */
import { z } from 'zod';
import { ANNOUNCED_STANCES } from '../../../shared/values.js';
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
