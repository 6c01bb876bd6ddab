/**
 * POST /v1/domain/{domain}/recheck's answer ("Check again", shared/api.ts RecheckResult): a wire
 * shape both sides read, the service to document it (openapi) and the gateway to check its
 * upstream's answer.
 */
import { z } from 'zod';

export const RecheckResultSchema = z.object({
  domain: z.string(),
  /** True when a new check was queued (or one is running now). */
  accepted: z.boolean(),
  /** Seconds until another check of this domain will be accepted. */
  retry_after: z.number().int().positive(),
});
