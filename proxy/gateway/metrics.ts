/**
 * Prometheus metrics (prom-client) in a registry of the app's own, so tests can run several
 * gateways in one process. The per-request figures (cache results, request durations) are
 * kept in plain numbers and a buffer, and handed to prom-client when it collects (a scrape)
 * or when the buffer fills: prom-client validates and hashes labels on every call, which
 * cost about 3 % of a cached hit. What a scrape shows is the same.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AttemptOutcome } from '../upstream/remote-source.js';
import type { PolicySource } from '../upstream/policy-source.js';
import type { CacheState } from './response-cache.js';

export const ROUTES = ['lookup', 'full', 'search', 'batch', 'policy', 'score', 'history', 'ops', 'other'] as const;
export type RouteName = (typeof ROUTES)[number];

export interface GatewayMetrics {
  registry: Registry;
  cache(state: CacheState): void;
  upstream(outcome: AttemptOutcome): void;
  /** Seconds since `startNs` (process.hrtime.bigint()) for a finished request. */
  request(route: RouteName, startNs: bigint): void;
  counts(): { hits: number; misses: number; stale: number };
}

export function createMetrics(deps: { source: PolicySource; cacheSize: () => number; cacheBytes: () => number }): GatewayMetrics {
  const registry = new Registry();
  const tally = { hits: 0, misses: 0, stale: 0 };
  new Counter({
    name: 'gateway_cache_lookups_total',
    help: 'Cache lookups by result',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, tally.hits);
      this.inc({ result: 'miss' }, tally.misses);
      this.inc({ result: 'stale' }, tally.stale);
    },
  });
  const calls = new Counter({ name: 'gateway_upstream_calls_total', help: 'Upstream call attempts by outcome', labelNames: ['outcome'], registers: [registry] });
  // Durations waiting for prom-client: route index and seconds, flushed on collect or when full.
  const PENDING_MAX = 4096;
  const pendingRoute = new Uint8Array(PENDING_MAX);
  const pendingSeconds = new Float64Array(PENDING_MAX);
  let pending = 0;
  const flush = () => {
    for (let i = 0; i < pending; i++) byRoute[pendingRoute[i]!]!.observe(pendingSeconds[i]!);
    pending = 0;
  };
  const latency = new Histogram({
    name: 'gateway_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames: ['route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
    collect: flush,
  });
  const byRoute = ROUTES.map((r) => latency.labels(r));
  const routeIndex = Object.fromEntries(ROUTES.map((r, i) => [r, i])) as Record<RouteName, number>;
  new Gauge({
    name: 'gateway_upstream_quota_remaining',
    help: 'Upstream requests left as last reported (X-RateLimit-Remaining-*)',
    labelNames: ['window'],
    registers: [registry],
    collect() {
      const q = deps.source.quota();
      if (!q) return;
      if (q.remainingMinute !== null) this.set({ window: 'minute' }, q.remainingMinute);
      if (q.remainingDay !== null) this.set({ window: 'day' }, q.remainingDay);
      if (q.remainingMonth !== null) this.set({ window: 'month' }, q.remainingMonth);
    },
  });
  new Gauge({
    name: 'gateway_cache_entries',
    help: 'Entries in the in-memory cache',
    registers: [registry],
    collect() {
      this.set(deps.cacheSize());
    },
  });
  new Gauge({
    name: 'gateway_cache_bytes',
    help: 'Bytes of bodies in the in-memory cache',
    registers: [registry],
    collect() {
      this.set(deps.cacheBytes());
    },
  });
  return {
    registry,
    cache(state) {
      if (state === 'HIT') tally.hits++;
      else if (state === 'MISS') tally.misses++;
      else tally.stale++;
    },
    upstream(outcome) {
      calls.inc({ outcome });
    },
    request(route, startNs) {
      if (pending === PENDING_MAX) flush();
      pendingRoute[pending] = routeIndex[route];
      pendingSeconds[pending++] = Number(process.hrtime.bigint() - startNs) / 1e9;
    },
    counts: () => ({ ...tally }),
  };
}
