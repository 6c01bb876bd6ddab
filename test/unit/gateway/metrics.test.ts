import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics, LATENCY_BUCKETS } from '../../../proxy/gateway/metrics.js';
import type { PolicySource } from '../../../proxy/upstream/policy-source.js';

const newMetrics = () =>
  createMetrics({ source: { quota: () => null } as unknown as PolicySource, cacheSize: () => 0, cacheBytes: () => 0 });
const lines = (text: string, prefix: string) => text.split('\n').filter((l) => l.startsWith(prefix));

describe('gateway metrics', () => {
  it('counts durations and cache results without losing any, across repeated scrapes', async () => {
    const m = newMetrics();
    const t0 = performance.now();
    for (let i = 0; i < 5_000; i++) m.request('lookup', t0);
    for (let i = 0; i < 3; i++) m.request('batch', t0);
    for (let i = 0; i < 7; i++) m.cache('HIT');
    m.cache('MISS');
    m.cache('STALE');
    for (let scrape = 0; scrape < 2; scrape++) {
      const text = await m.registry.metrics();
      expect(text).toMatch(/gateway_request_duration_seconds_count\{route="lookup"\} 5000\n/);
      expect(text).toMatch(/gateway_request_duration_seconds_count\{route="batch"\} 3\n/);
      expect(text).not.toMatch(/route="search"/);
      expect(text).toMatch(/gateway_cache_lookups_total\{result="hit"\} 7\n/);
      expect(text).toMatch(/gateway_cache_lookups_total\{result="miss"\} 1\n/);
      expect(text).toMatch(/gateway_cache_lookups_total\{result="stale"\} 1\n/);
    }
    expect(m.counts()).toEqual({ hits: 7, misses: 1, stale: 1 });
  });

  it("writes the latency histogram exactly as prom-client's own Histogram would", async () => {
    const m = newMetrics();
    const reference = new Registry();
    const h = new Histogram({
      name: 'gateway_request_duration_seconds',
      help: 'Time to answer a request',
      labelNames: ['route'],
      buckets: [...LATENCY_BUCKETS],
      registers: [reference],
    });
    // Durations well inside their buckets (the few microseconds between the start given here
    // and the moment of recording cannot move them across an edge), and one beyond the last.
    const ms = [0.2, 0.7, 2, 2, 30, 700, 7_000];
    for (const d of ms) {
      m.request('full', performance.now() - d);
      h.observe({ route: 'full' }, d / 1000);
    }
    m.request('ops', performance.now() - 3);
    h.observe({ route: 'ops' }, 0.003);
    const ours = await m.registry.metrics();
    const theirs = await reference.metrics();
    const buckets = '# TYPE gateway_request_duration_seconds';
    expect(lines(ours, buckets)).toEqual(lines(theirs, buckets));
    expect(lines(ours, 'gateway_request_duration_seconds_bucket')).toEqual(
      lines(theirs, 'gateway_request_duration_seconds_bucket'),
    );
    expect(lines(ours, 'gateway_request_duration_seconds_count')).toEqual(
      lines(theirs, 'gateway_request_duration_seconds_count'),
    );
    const sum = (text: string) =>
      Number(lines(text, 'gateway_request_duration_seconds_sum{route="full"}')[0]!.split(' ')[1]);
    expect(sum(ours)).toBeCloseTo(sum(theirs), 2);
    expect(lines(ours, 'gateway_request_duration_seconds_bucket{le="0.001",route="full"}')).toEqual([
      'gateway_request_duration_seconds_bucket{le="0.001",route="full"} 2',
    ]);
    // JSON export (registry.getMetricsAsJSON) works too, and reset empties the histogram.
    expect((await m.registry.getMetricsAsJSON()).some((x) => x.name === 'gateway_request_duration_seconds')).toBe(true);
    m.registry.resetMetrics();
    expect(await m.registry.metrics()).not.toMatch(/gateway_request_duration_seconds_count/);
  });
});
