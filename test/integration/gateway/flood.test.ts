/**
 * A local program against the extension on one gateway (the README's promise that one local
 * program cannot use up the extension's budget), on a real embedded gateway with slow fixture
 * sites. The program makes up 8 install ids and queues hundreds of domains; the extension, seen
 * before, keeps a client of its own (rate budget, crawl budget, turn in the queue), also after a
 * restart, and its fresh domain is answered after about one crawl, not after the backlog.
 * (`npm run bench -- flood` is the full-size version with its figures.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { slowSite, startTestGateway, tempDir, type TestGateway } from './helpers.js';
import { json } from '../../helpers/json.js';

const ROBOTS = 'User-agent: GPTBot\nDisallow: /\n';
const DELAY_MS = 300;
const EXTENSION = { 'x-ai-policy-lens-install': 'the-real-extension-0123456789' };
const madeUp = (i: number) => ({ 'x-ai-policy-lens-install': `made-up-${String(i).padStart(12, '0')}` });

let farm: FixtureFarm;
beforeAll(async () => {
  farm = await startFixtureFarm();
});
afterAll(() => farm.close());

const site = (d: string) => (farm.set(d, slowSite(ROBOTS, DELAY_MS)), d);

describe('a program with 8 made-up install ids', () => {
  let gw: TestGateway;
  const dir = tempDir('gw-flood-');
  afterAll(async () => {
    await gw?.close();
    dir.remove();
  });

  it("does not delay the extension's fresh domain behind its backlog", async () => {
    gw = await startTestGateway(
      {
        CRAWL_OVERRIDES: farm.overrides(),
        CRAWL_CONCURRENCY: '2',
        CRAWL_NEW_PER_MINUTE: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      {},
      dir.path,
    );
    // The extension in use first: one crawl with nothing else running.
    let started = Date.now();
    expect(
      await json(await gw.get(`/v1/domain/${site('ext-first.test')}`, { ...EXTENSION, prefer: 'wait=10' })),
    ).toMatchObject({ found: true });
    const alone = Date.now() - started;

    for (let i = 0; i < 8; i++) {
      await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          gw.get(`/v1/domain/${site(`p${i}-${n}.flood.test`)}`, madeUp(i)).then((r) => r.arrayBuffer()),
        ),
      );
    }
    const before = (await (await gw.get('/status')).json()) as { service: { queued: number } };
    expect(before.service.queued).toBeGreaterThan(200);

    started = Date.now();
    const [ext, prog] = await Promise.all([
      gw
        .get(`/v1/domain/${site('ext-fresh.test')}`, { ...EXTENSION, prefer: 'wait=10' })
        .then(async (r) => ({ body: await r.json(), ms: Date.now() - started })),
      gw.get(`/v1/domain/${site('prog-fresh.flood.test')}`, { ...madeUp(3), prefer: 'wait=3' }).then((r) => json(r)),
    ]);
    // Found within the 10 s hold: a free worker (two crawl at once), then its own crawl. The
    // backlog's turn would be far longer (240 crawls of at least 4 × 300 ms, two at a time: over
    // two minutes), so a first-come queue answers `queued` here. The time itself is only bounded
    // by the hold, since under a loaded machine (the whole suite in parallel) crawls slow down;
    // `npm run bench -- flood` measures it on a quiet one.
    expect(ext.body).toMatchObject({ domain: 'ext-fresh.test', found: true });
    expect(ext.ms).toBeLessThan(Math.max(2 * alone + 2_000, 10_500));
    // The program's own fresh domain waits behind its own backlog.
    expect(prog).toEqual({ domain: 'prog-fresh.flood.test', found: false, queued: true });
    const after = (await (await gw.get('/status')).json()) as { service: { queued: number } };
    expect(after.service.queued).toBeGreaterThan(150);
  }, 60_000);
});

describe("the extension's identity", () => {
  it('keeps its own rate budget when a program makes up ids, also after a restart', async () => {
    const dir = tempDir('gw-slots-');
    const env = { CRAWL_OVERRIDES: farm.overrides(), RATE_LIMIT_PER_MINUTE: '3' };
    const remaining = (r: Response) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
    let gw = await startTestGateway(env, {}, dir.path);
    try {
      expect(remaining(await gw.get('/v1/domain/a.test', EXTENSION))).toBe(2);
      // Eight made-up ids: seven take the free slots, the eighth shares the address's budget.
      for (let i = 0; i < 8; i++) await (await gw.get('/v1/domain/a.test', madeUp(i))).arrayBuffer();
      expect(remaining(await gw.get('/v1/domain/a.test', madeUp(7)))).toBe(1);
      expect(remaining(await gw.get('/v1/domain/a.test', madeUp(8)))).toBe(0);
      expect((await gw.get('/v1/domain/a.test', madeUp(9))).status).toBe(429);
      expect(remaining(await gw.get('/v1/domain/a.test', EXTENSION))).toBe(1);
      await gw.close();

      // After a restart the slots are as they were: new made-up ids share the address's budget.
      gw = await startTestGateway(env, {}, dir.path);
      const statuses = [];
      for (let i = 100; i < 110; i++) statuses.push((await gw.get('/v1/domain/a.test', madeUp(i))).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
      expect(remaining(await gw.get('/v1/domain/a.test', EXTENSION))).toBe(2);
    } finally {
      await gw.close();
      dir.remove();
    }
  }, 60_000);
});
