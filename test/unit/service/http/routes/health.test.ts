import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupService } from '../../../../../proxy/service/api.js';
import { HEALTH_TTL_MS, healthRouter } from '../../../../../proxy/service/http/routes/health.js';

describe('GET /health counts the registry at most once per TTL', () => {
  let calls = 0;
  let t = 0;
  const service = {
    status: async () => {
      calls++;
      return { domains: calls, queued: 0, crawling: 0, retrying: 0, workers: 8, audits: calls };
    },
  } as unknown as LookupService;
  let url = '';
  let close: () => void = () => {};

  beforeAll(async () => {
    const app = express().use(healthRouter(service, { now: () => t }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('answers a burst from one count, then counts again after the TTL', async () => {
    const bodies = await Promise.all(Array.from({ length: 20 }, () => fetch(url).then((r) => r.json())));
    expect(calls).toBe(1);
    expect(bodies.every((b) => (b as { domains: number }).domains === 1)).toBe(true);
    t += HEALTH_TTL_MS;
    const after = (await (await fetch(url)).json()) as { domains: number; status: string };
    expect(calls).toBe(2);
    expect(after).toMatchObject({ status: 'ok', domains: 2 });
  });
});
