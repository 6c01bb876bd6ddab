/** GET /health's answers (ours: the seed leaves health paths "not shown"). */
import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/values.js';

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** The database answers (PostgreSQL, or the registry file). */
  dependencies: z.object({ database: z.literal('up') }),
  /** Domains with a current record. */
  domains: z.number().int().nonnegative(),
  /** Stored crawls (audit entries). */
  audits: z.number().int().nonnegative(),
  queue: z.object({
    queued: z.number().int().nonnegative(),
    crawling: z.number().int().nonnegative(),
    /** Failed checks waiting for their retry (10 min, 1 h, 6 h after a failure). */
    retrying: z.number().int().nonnegative(),
    /** Crawl jobs this process runs at once; 0 on an API-only replica (the workers run elsewhere). */
    workers: z.number().int().nonnegative(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** 503 while the database does not answer: the error object (`storage_unavailable`), plus what is down. */
export const HealthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  version: z.string(),
  dependencies: z.object({ database: z.literal('down') }),
  error: z.enum(ERROR_CODES),
  message: z.string(),
  retry_after: z.number().int().positive().optional(),
});
export type HealthUnavailable = z.infer<typeof HealthUnavailableSchema>;
