import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../proxy/gateway/metrics.js';
import type { PolicySource } from '../../../proxy/upstream/policy-source.js';

describe('gateway metrics', () => {
  it('hands buffered durations and cache tallies to prom-client exactly once, across a full buffer and repeated scrapes', async () => {
    const m = createMetrics({ source: { quota: () => null } as unknown as PolicySource, cacheSize: () => 0, cacheBytes: () => 0 });
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 5_000; i++) m.request('lookup', t0);
    for (let i = 0; i < 3; i++) m.request('batch', t0);
    for (let i = 0; i < 7; i++) m.cache('HIT');
    m.cache('MISS');
    m.cache('STALE');
    for (let scrape = 0; scrape < 2; scrape++) {
      const text = await m.registry.metrics();
      expect(text).toMatch(/gateway_request_duration_seconds_count\{route="lookup"\} 5000\n/);
      expect(text).toMatch(/gateway_request_duration_seconds_count\{route="batch"\} 3\n/);
      expect(text).toMatch(/gateway_cache_lookups_total\{result="hit"\} 7\n/);
      expect(text).toMatch(/gateway_cache_lookups_total\{result="miss"\} 1\n/);
      expect(text).toMatch(/gateway_cache_lookups_total\{result="stale"\} 1\n/);
    }
    expect(m.counts()).toEqual({ hits: 7, misses: 1, stale: 1 });
  });
});
