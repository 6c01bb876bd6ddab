/**
 * The service's HTTP surface, built apart from `listen` (CONVENTIONS 7): open routes (health,
 * OpenAPI document, signup), then the reference surface at /v1 and the announced surface at
 * /preview/v1 behind the same Bearer keys and per-key limits, then 404 and one error handler.
 */
import express, { type Express } from 'express';
import { systemClock, type Clock } from '../../lib/clock.js';
import { createLogger, type Logger } from '../../lib/logger.js';
import type { LookupService } from '../api.js';
import { ApiKeys } from '../auth/api-keys.js';
import { KEY_LIMITS, KeyUsage } from '../auth/usage.js';
import type { LimitType } from '../../../shared/values.js';
import type { RegistryStore } from '../store/registry-store.js';
import { hostGuard } from '../../lib/http/host-guard.js';
import { strictHttp } from '../../lib/http/strict.js';
import { requestLog } from '../../lib/request-log.js';
import { errorHandler, notFound } from './errors.js';
import { batchRouter } from './routes/batch.js';
import { checkRouter } from './routes/check.js';
import { domainRouter } from './routes/domain.js';
import { healthRouter } from './routes/health.js';
import { openapiRouter } from './routes/openapi.js';
import { previewRouter } from './routes/preview.js';
import { searchRouter } from './routes/search.js';
import { signupRouter } from './routes/signup.js';
import { requireKey, securityHeaders } from './security.js';
import { storeErrors, storeGate } from './store-outage.js';

export interface ServiceAppDeps {
  service: LookupService;
  /** The store behind the service: keys and usage counters. */
  store: Pick<RegistryStore, 'keys' | 'usage' | 'availability'>;
  clock?: Clock;
  logger?: Logger;
  /** Express `trust proxy` hop count (TRUST_PROXY), default 0. */
  trustProxy?: number;
  /** ALLOWED_HOSTS: names answered besides the listening address, localhost and [::1]. */
  allowedHosts?: readonly string[];
  /** Per-key limits; default the seed's 200 / 10,000 / 100,000 (benchmarks raise them). */
  keyLimits?: Readonly<Record<LimitType, number>>;
}

export function createServiceApp(deps: ServiceAppDeps): Express {
  const clock = deps.clock ?? systemClock;
  const log = deps.logger ?? createLogger('service-http');
  const keys = new ApiKeys(deps.store.keys);
  const usage = new KeyUsage(deps.store.usage, deps.keyLimits ?? KEY_LIMITS);
  const keyed = requireKey(keys, usage, clock);

  const app = express();
  app.set('trust proxy', deps.trustProxy ?? 0);
  app.set('etag', false);
  app.disable('x-powered-by');
  // First, so every answer that is not a success is logged, the security middleware's refusals included.
  app.use(requestLog(log));
  app.use(securityHeaders());
  app.use(strictHttp);
  app.use(hostGuard(deps.allowedHosts ?? []));

  app.use(healthRouter(deps.service, { availability: deps.store.availability }));
  app.use(openapiRouter());
  // While the database does not answer, everything below is a prompt 503 (store-outage.ts).
  app.use(storeGate(deps.store.availability));
  app.use('/v1/auth', signupRouter(keys, usage.limits, clock));
  app.use('/v1', checkRouter(deps.service, { keys, usage, clock }));
  app.use('/v1', keyed, domainRouter(deps.service), searchRouter(deps.service), batchRouter(deps.service));
  app.use('/preview/v1', keyed, previewRouter(deps.service));

  app.use(notFound);
  app.use(storeErrors(deps.store.availability));
  app.use(errorHandler(log));
  return app;
}
