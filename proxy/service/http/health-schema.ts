/** GET /health's answer (ours: the seed leaves health paths "not shown"). */
import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
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
