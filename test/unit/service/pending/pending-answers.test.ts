/**
 * Answers on their way (proxy/service/pending), over a real SQLite store: an early answer ends
 * the waits that take one, never a wait for the stored record, and goes when its crawl ends
 * (stored, failed or thrown); a failed crawl has no early answer; a stored record ends every wait.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisPool } from '../../../../proxy/analysis-pool/index.js';
import type { Evidence } from '../../../../proxy/analysis/evidence.js';
import { classify } from '../../../../proxy/analysis/index.js';
import { createLogger } from '../../../../proxy/lib/logger.js';
import { crawlFailure } from '../../../../proxy/service/crawl-failure.js';
import { PendingAnswers } from '../../../../proxy/service/pending/index.js';
import { openSqliteStore, type SqliteStore } from '../../../../proxy/service/store/sqlite/open.js';
import { evidence, storeGood } from '../../../helpers/crawls.js';

const T0 = Date.parse('2026-01-15T12:00:00.000Z');
const AT = new Date(T0).toISOString();
const silent = createLogger('pending-test', 'silent');
/** Early answers are read on the analysis pool, as in the service. */
const analysis = new AnalysisPool({ threads: 1, budgetMs: 10_000 });
afterAll(() => analysis.close());

describe('PendingAnswers', () => {
  let dir: string;
  let reg: SqliteStore;
  let pending: PendingAnswers;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-pending-'));
    reg = openSqliteStore(dir);
    pending = new PendingAnswers(reg.records, analysis, silent);
  });
  afterEach(async () => {
    pending.close();
    await reg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an early answer ends the waits that take one, not a wait for the stored record, and goes when the crawl ends', async () => {
    const partial = evidence('early.test', AT, 'User-agent: GPTBot\nDisallow: /\n');
    let finishCrawl!: () => void;
    const crawlEnds = new Promise<void>((r) => (finishCrawl = r));
    const anyAnswer = pending.whenAnalysed('early.test', 5_000);
    const storedOnly = pending.whenAnalysed('early.test', 300, undefined, { stored: true });
    const crawl = pending.during('early.test', async (onEarly) => {
      onEarly(partial);
      await crawlEnds;
    });
    expect(await anyAnswer).toBe(true);
    expect(pending.earlyAnswer('early.test')).toEqual(classify(partial).summary);
    // A wait that starts now is answered at once.
    expect(await pending.whenAnalysed('early.test', 1_000)).toBe(true);
    expect(await storedOnly).toBe(false);
    finishCrawl();
    await crawl;
    expect(pending.earlyAnswer('early.test')).toBeUndefined();
  });

  it('a crawl that throws leaves no early answer behind', async () => {
    const partial = evidence('throws.test', AT, null);
    await expect(
      pending.during('throws.test', async (onEarly) => {
        onEarly(partial);
        expect(await pending.whenAnalysed('throws.test', 10_000)).toBe(true);
        expect(pending.earlyAnswer('throws.test')).toBeDefined();
        throw new Error('crawl aborted');
      }),
    ).rejects.toThrow('crawl aborted');
    expect(pending.earlyAnswer('throws.test')).toBeUndefined();
  });

  it('a failed crawl has no early answer: the wait goes on to its timeout', async () => {
    const base = evidence('down.test', AT, null);
    const failed: Evidence = {
      ...base,
      homepage: {
        kind: 'failed',
        url: 'https://down.test/',
        reason: 'timeout',
        message: 'no answer in 10 s',
        elapsedMs: 10_000,
      },
      robots: {
        kind: 'failed',
        url: 'https://down.test/robots.txt',
        reason: 'timeout',
        message: 'no answer in 10 s',
        elapsedMs: 10_000,
      },
    };
    expect(crawlFailure(failed, classify(failed).full.robots_txt_status)).not.toBeNull();
    const wait = pending.whenAnalysed('down.test', 300);
    await pending.during('down.test', async (onEarly) => {
      onEarly(failed);
      expect(pending.earlyAnswer('down.test')).toBeUndefined();
    });
    expect(await wait).toBe(false);
  });

  it('a stored record ends every wait, the ones for the stored record included; close ends the rest with false', async () => {
    const anyAnswer = pending.whenAnalysed('stored.test', 5_000);
    const storedOnly = pending.whenAnalysed('stored.test', 5_000, undefined, { stored: true });
    const other = pending.whenAnalysed('other.test', 5_000);
    await storeGood(reg, 'stored.test', T0);
    expect(await anyAnswer).toBe(true);
    expect(await storedOnly).toBe(true);
    pending.close();
    expect(await other).toBe(false);
  });
});
