/**
 * The connector on its own: even a request that skipped the fetcher's pre-check cannot reach a
 * refused host, and allowed connections go to the pinned address and port.
 */
import { request, Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedConnector, DnsError, RefusedError } from '../../../proxy/crawler/guarded-connector.js';
import { parseCrawlOverrides } from '../../../proxy/crawler/overrides.js';
import { createPinnedResolver } from '../../../proxy/crawler/pinned-resolver.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { scriptedLookup } from './helpers.js';

let farm: FixtureFarm;
beforeAll(async () => {
  farm = await startFixtureFarm({ 'ok.test': { routes: { '/': text('connected') } } });
});
afterAll(() => farm.close());

function agentFor(overrides: string, table: Record<string, string[]> = {}) {
  const resolver = createPinnedResolver(parseCrawlOverrides(overrides), scriptedLookup(table).lookup);
  return new Agent({ connect: createGuardedConnector(resolver, 1_000) });
}

describe('createGuardedConnector', () => {
  it('connects an overridden host to the pinned address and port', async () => {
    const agent = agentFor(farm.overrides());
    const res = await request('http://ok.test/', { dispatcher: agent });
    expect(await res.body.text()).toBe('connected');
    await agent.close();
  });

  it.each([
    [`http://127.0.0.1:PORT/`, RefusedError],
    [`http://[::ffff:127.0.0.1]:PORT/`, RefusedError],
    [`http://inside.example.com:PORT/`, RefusedError],
    [`http://localhost:PORT/`, RefusedError],
    [`http://nothing.invalid:PORT/`, DnsError],
  ])('refuses %s at connect time', async (url, kind) => {
    const before = farm.requests.length;
    const agent = agentFor('', { 'inside.example.com': ['127.0.0.1'] });
    await expect(request(url.replace('PORT', String(farm.port)), { dispatcher: agent })).rejects.toBeInstanceOf(kind);
    expect(farm.requests.length).toBe(before);
    await agent.close();
  });
});
