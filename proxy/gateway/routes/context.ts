/** What every gateway route needs, built once by createGatewayApp. */
import type { Response } from 'express';
import type { Domain } from '../../../shared/domain.js';
import { checkDomain } from '../../../shared/params.js';
import { checked } from '../../lib/http/params.js';
import type { Logger } from '../../lib/logger.js';
import type { PolicySource } from '../../upstream/policy-source.js';
import type { BatchLoader } from '../batch-loader.js';
import type { Ttls } from '../config.js';
import type { HeldReads } from '../held/index.js';
import type { GatewayMetrics } from '../metrics.js';
import type { ResponseCache } from '../response-cache.js';

export interface RouteContext {
  source: PolicySource;
  cache: ResponseCache;
  loader: BatchLoader;
  ttl: Ttls;
  metrics: GatewayMetrics;
  log: Logger | undefined;
  /** Loads domain documents; held reads, early answers and "Check again". */
  held: HeldReads;
  /** The id the lookup service budgets this request's client by (security.ts serviceClient). */
  clientOf(res: Response): string;
}

/**
 * Path parameters already validated, so a hot domain is not re-parsed on every request
 * (parseDomain runs the WHATWG URL parser). Only valid results are kept; bounded by clearing.
 */
const validated = new Map<string, Domain>();
const VALIDATED_MAX = 10_000;

/**
 * A domain path parameter (already percent-decoded by Express, so IDNs may come encoded) as a
 * Domain, else 400 invalid_domain.
 */
export function domainFromPath(param: string): Domain {
  const known = validated.get(param);
  if (known !== undefined) return known;
  const domain = checked(checkDomain(param));
  if (validated.size >= VALIDATED_MAX) validated.clear();
  validated.set(param, domain);
  return domain;
}
