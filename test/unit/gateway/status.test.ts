import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../../proxy/gateway/app.js';
import { STATUS_TTL_MS } from '../../../proxy/gateway/routes/ops.js';
import { ManualClock } from '../../../proxy/lib/clock.js';
import type { PolicySource } from '../../../proxy/upstream/policy-source.js';

describe('GET /status counts the embedded registry at most once per TTL', () => {
  let counts = 0;
  const clock = new ManualClock();
  // An embedded source whose service counts how often its registry figures are asked for.
  const source = {
    mode: 'embedded',
    quota: () => null,
    service: {
      status: () => {
        counts++;
        return { domains: counts, queued: 0, crawling: 0, workers: 2, audits: counts };
      },
    },
  } as unknown as PolicySource;
  let server: Server;
  let url = '';

  beforeAll(async () => {
    const gateway = createGatewayApp({
      source,
      settings: {
        allowedOrigins: [],
        allowedHosts: [],
        proxyToken: undefined,
        rateLimitPerMinute: 1_000,
        trustProxy: 0,
        cacheMaxEntries: 10,
        cacheMaxBytes: 100_000,
        cacheTtl: { foundMs: 86_400_000, queuedMs: 5_000, searchMs: 300_000 },
      },
      clock,
    });
    server = createServer(gateway.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const status = async () => {
    const res = await fetch(url, { headers: { 'x-ai-policy-lens': '1' } });
    expect(res.status).toBe(200);
    return (await res.json()) as { mode: string; service: { domains: number }; uptime_s: number };
  };

  it('answers a burst from one count, then counts again after the TTL; uptime stays live', async () => {
    const bodies = await Promise.all(Array.from({ length: 10 }, status));
    expect(counts).toBe(1);
    expect(bodies.every((b) => b.mode === 'embedded' && b.service.domains === 1)).toBe(true);
    clock.advance(STATUS_TTL_MS - 1);
    expect((await status()).service.domains).toBe(1);
    clock.advance(1);
    const after = await status();
    expect(counts).toBe(2);
    expect(after.service.domains).toBe(2);
    expect(after.uptime_s).toBe(1);
  });
});
