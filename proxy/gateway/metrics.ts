/**
 * Prometheus metrics (prom-client) in a registry of the app's own, so tests can run several
 * gateways in one process. The per-request figures (cache results, request durations) are
 * kept in plain numbers and a typed array, and read only when prom-client collects (a
 * scrape): prom-client's own counters and histograms build, validate and hash a label key
 * on every call, which cost about 5 % of a cached hit. The exposition is the same.
 */
import {
  Counter,
  Gauge,
  Registry,
  type Metric,
  type MetricObjectWithValues,
  type MetricType,
  type MetricValueWithName,
} from 'prom-client';
import type { AttemptOutcome } from '../upstream/remote-answer.js';
import type { PolicySource } from '../upstream/policy-source.js';
import type { CacheState } from './response-cache.js';

/** `held`: a domain read held for RFC 7240 `Prefer: wait` (seconds, not milliseconds: kept apart). */
export const ROUTES = [
  'lookup',
  'full',
  'search',
  'batch',
  'policy',
  'score',
  'history',
  'held',
  'recheck',
  'check',
  'stats',
  'ops',
  'other',
] as const;
export type RouteName = (typeof ROUTES)[number];

export interface GatewayMetrics {
  registry: Registry;
  cache(state: CacheState): void;
  upstream(outcome: AttemptOutcome): void;
  /** A finished request that started at `startMs` (performance.now()). */
  request(route: RouteName, startMs: number): void;
  counts(): { hits: number; misses: number; stale: number };
}

export const LATENCY_BUCKETS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

/**
 * gateway_request_duration_seconds, a histogram by route: per route one row of bucket counts
 * (the last is +Inf), its sum and count. Exported in prom-client's own histogram shape
 * (cumulative `_bucket` lines with `le` first, then `_sum` and `_count`; a route appears once
 * it has been observed), through the registry's metric interface.
 */
class RouteLatency {
  readonly name = 'gateway_request_duration_seconds';
  readonly help = 'Time to answer a request';
  readonly type = 'histogram';
  readonly aggregator = 'sum' as const;
  private readonly width = LATENCY_BUCKETS.length + 1;
  private readonly counts = new Float64Array(ROUTES.length * this.width);
  private readonly sums = new Float64Array(ROUTES.length);

  observe(route: number, seconds: number): void {
    let b = 0;
    while (b < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[b]!) b++;
    this.counts[route * this.width + b]!++;
    this.sums[route]! += seconds;
  }

  async get(): Promise<MetricObjectWithValues<MetricValueWithName<'le' | 'route'>>> {
    const values: MetricValueWithName<'le' | 'route'>[] = [];
    for (let r = 0; r < ROUTES.length; r++) {
      const route = ROUTES[r]!;
      const row = this.counts.subarray(r * this.width, (r + 1) * this.width);
      if (row.every((c) => c === 0)) continue;
      let cumulative = 0;
      row.forEach((c, b) => {
        cumulative += c;
        values.push({
          labels: { le: b < LATENCY_BUCKETS.length ? LATENCY_BUCKETS[b]! : '+Inf', route },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({ labels: { route }, value: this.sums[r]!, metricName: `${this.name}_sum` });
      values.push({ labels: { route }, value: cumulative, metricName: `${this.name}_count` });
    }
    // prom-client's typings declare `type` a numeric enum; its runtime (and exposition) uses the names.
    return {
      name: this.name,
      help: this.help,
      type: this.type as unknown as MetricType,
      values,
      aggregator: this.aggregator,
      collect: () => undefined,
    };
  }

  reset(): void {
    this.counts.fill(0);
    this.sums.fill(0);
  }
}

export interface MetricsDeps {
  source: PolicySource;
  cacheSize: () => number;
  cacheBytes: () => number;
}

export function createMetrics(deps: MetricsDeps): GatewayMetrics {
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
  const calls = new Counter({
    name: 'gateway_upstream_calls_total',
    help: 'Upstream call attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const latency = new RouteLatency();
  registry.registerMetric(latency as unknown as Metric);
  const routeIndex = Object.fromEntries(ROUTES.map((r, i) => [r, i])) as Record<RouteName, number>;
  gauges(registry, deps);
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
    request(route, startMs) {
      latency.observe(routeIndex[route], (performance.now() - startMs) / 1000);
    },
    counts: () => ({ ...tally }),
  };
}

/** The figures read only when scraped: the upstream quota last reported, and the cache's size. */
function gauges(registry: Registry, deps: MetricsDeps): void {
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
}
