/**
 * Prometheus metrics (prom-client) in a registry of the app's own, so tests can run several
 * gateways in one process. Label children are created once: recording a request is a
 * counter increment and a histogram observation, no label hashing.
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
  const cacheLookups = new Counter({ name: 'gateway_cache_lookups_total', help: 'Cache lookups by result', labelNames: ['result'], registers: [registry] });
  const hit = cacheLookups.labels('hit');
  const miss = cacheLookups.labels('miss');
  const stale = cacheLookups.labels('stale');
  const tally = { hits: 0, misses: 0, stale: 0 };
  const calls = new Counter({ name: 'gateway_upstream_calls_total', help: 'Upstream call attempts by outcome', labelNames: ['outcome'], registers: [registry] });
  const latency = new Histogram({
    name: 'gateway_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames: ['route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const byRoute = Object.fromEntries(ROUTES.map((r) => [r, latency.labels(r)])) as Record<RouteName, ReturnType<typeof latency.labels>>;
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
      if (state === 'HIT') (hit.inc(), tally.hits++);
      else if (state === 'MISS') (miss.inc(), tally.misses++);
      else (stale.inc(), tally.stale++);
    },
    upstream(outcome) {
      calls.inc({ outcome });
    },
    request(route, startNs) {
      byRoute[route].observe(Number(process.hrtime.bigint() - startNs) / 1e9);
    },
    counts: () => ({ ...tally }),
  };
}
