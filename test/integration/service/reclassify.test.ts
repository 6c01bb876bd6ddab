/**
 * Records follow the rules after an upgrade (service/reclassify.ts): a registry holding records
 * made by older rules is opened by a real crawling process (`npm run service` on SQLite,
 * `npm run worker` on PostgreSQL), which re-derives them from the evidence in their audit
 * entries when it starts: they come back with today's classification, the crawl time unchanged,
 * the history as it was, and no site fetched. A record whose audit entry is gone is re-crawled
 * instead. The process says what it does in lines a person can read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_VERSION, classify } from '../../../proxy/analysis/index.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { openPgStore } from '../../../proxy/service/store/pg/open.js';
import type { RegistryStore } from '../../../proxy/service/store/registry-store.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { classification, evidence } from '../../helpers/crawls.js';
import { until } from '../../helpers/until.js';
import { start, type Child } from '../scale/processes.js';
import { createTestDatabase } from '../store/backends.js';

const HOUR = 3_600_000;
const OLD = RULES_VERSION - 1;
/** What each site's robots.txt said when it was crawled, and what older rules made of it. */
const SITES: Record<string, string> = {
  'gpt-blocked.test': 'User-agent: GPTBot\nDisallow: /\n',
  'all-blocked.test': 'User-agent: *\nDisallow: /\n',
  'cc-blocked.test': 'User-agent: CCBot\nDisallow: /\n',
};
const LOST = 'lost-evidence.test';
const quiet = createLogger('reclassify-test', 'silent');

/** Stores each site's crawl of two hours ago with the record older rules made of it ("allows all"), and LOST without its audit entry. */
async function storeOldRecords(
  store: RegistryStore,
  crawledMs: number,
  dropAudit: (auditId: string) => Promise<void>,
): Promise<void> {
  const at = new Date(crawledMs).toISOString();
  for (const [d, robots] of [...Object.entries(SITES), [LOST, 'User-agent: ClaudeBot\nDisallow: /\n']] as const) {
    const stored = await store.records.storeCrawl({
      evidence: evidence(d, at, robots),
      classification: classification(d, at, { detail: 'allows_all', basis: true }),
      nowMs: crawledMs,
      failure: null,
      retryDelaysMs: RETRY_DELAYS_MS,
      rulesVersion: OLD,
    });
    if (d === LOST) await dropAudit(stored.auditId);
  }
}

describe.each(['sqlite', 'postgres'] as const)(
  'a crawling process started on records made by older rules (%s)',
  (backend) => {
    let farm: FixtureFarm;
    let child: Child | undefined;
    let dataDir: string;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    const crawledMs = Date.now() - 2 * HOUR;
    const open = async (): Promise<RegistryStore> =>
      backend === 'sqlite' ? openSqliteStore(dataDir) : openPgStore(database!.url, { log: quiet });

    beforeAll(async () => {
      // Every site answers, so a fetch would be seen (and LOST's re-crawl finds its site).
      const site = (robots: string) => ({ routes: { '/': homepage('Site'), '/robots.txt': text(robots) } });
      farm = await startFixtureFarm({
        ...Object.fromEntries(Object.entries(SITES).map(([d, r]) => [d, site(r)])),
        [LOST]: site('User-agent: ClaudeBot\nDisallow: /\n'),
      });
      dataDir = mkdtempSync(join(tmpdir(), 'reclassify-'));
      if (backend === 'postgres') database = await createTestDatabase('lens_reclassify');
      if (backend === 'sqlite') {
        const store = openSqliteStore(dataDir);
        await storeOldRecords(
          store,
          crawledMs,
          async (id) => void store.db.prepare('DELETE FROM audits WHERE audit_id = ?').run(id),
        );
        await store.close();
      } else {
        const store = await openPgStore(database!.url, { log: quiet });
        await storeOldRecords(
          store,
          crawledMs,
          async (id) => void (await store.pool.query('DELETE FROM audits WHERE audit_id = $1', [id])),
        );
        await store.close();
      }
    });
    afterAll(async () => {
      await child?.kill();
      await farm?.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('re-derives them from their evidence when it starts: new classification, same crawl time and history, nothing fetched', async () => {
      const before = await open();
      const histories = await Promise.all(Object.keys(SITES).map((d) => before.preview.history(d)));
      await before.close();

      const env = {
        DATA_DIR: dataDir,
        CRAWL_OVERRIDES: farm.overrides(),
        REFRESH_DAYS: '3650',
        CRAWL_CONCURRENCY: '2',
      };
      child =
        backend === 'sqlite'
          ? start('main', { ...env, HOST: '127.0.0.1', PORT: '0' })
          : start('worker', { ...env, DATABASE_URL: database!.url });
      const first = await child.waitFor((l) => String(l.msg).startsWith('reclassifying'));
      expect(first.msg).toBe(`reclassifying 4 records from rules ${OLD} to ${RULES_VERSION}`);
      const last = await child.waitFor((l) => String(l.msg).startsWith('reclassified'));
      expect(last.msg).toMatch(
        new RegExp(
          `^reclassified 3 of 4 records from rules ${OLD} to ${RULES_VERSION} in \\d+ s; 1 had no evidence today's rules can read and was queued for a re-crawl$`,
        ),
      );

      const store = await open();
      try {
        // The record without evidence is crawled again, and stored with today's rules.
        await until(
          async () => ((await store.records.olderRules(RULES_VERSION)).length === 0 ? true : undefined),
          30_000,
          200,
        );
        for (const [i, [d, robots]] of Object.entries(SITES).entries()) {
          const today = classify(evidence(d, new Date(crawledMs).toISOString(), robots));
          const read = (await store.records.summary(d))!;
          expect(read.value, d).toEqual(today.summary);
          expect(read.value.detail, d).not.toBe('allows_all');
          expect(read.lastCrawledMs, d).toBe(crawledMs);
          expect(read.value.last_updated, d).toBe(new Date(crawledMs).toISOString());
          expect(await store.preview.history(d), d).toEqual(histories[i]);
          expect((await store.records.announced(d))!.value.stance, d).toBe(today.announced.stance);
        }
        expect(farm.requests.map((r) => r.host).filter((h) => h !== LOST)).toEqual([]);
        expect(farm.requests.some((r) => r.host === LOST && r.path === '/robots.txt')).toBe(true);
        expect((await store.records.summary(LOST))!.value.bots.blocked).toContain('ClaudeBot');
      } finally {
        await store.close();
      }
    }, 120_000);
  },
);
