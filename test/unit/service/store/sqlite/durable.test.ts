/**
 * SQLite's durable writes (store/sqlite/durable.ts): a new key and a named purge commit with
 * synchronous=FULL (the WAL is fsynced at their commit, so a power loss cannot take them), and
 * the registry is back to NORMAL after each, for the counting and crawls that follow; the unused
 * purge ends with a full checkpoint instead of syncing each step. A durable write cannot be
 * nested in another transaction (SQLite refuses to change the setting there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { purgeUnused } from '../../../../../proxy/service/retention.js';
import { durably } from '../../../../../proxy/service/store/sqlite/durable.js';
import { openSqliteStore, type SqliteStore } from '../../../../../proxy/service/store/sqlite/open.js';
import { storeGood } from '../../../../helpers/crawls.js';

const FULL = 2;
const NORMAL = 1;
let dir: string;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-durable-'));
  store = openSqliteStore(dir);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const level = () => store.db.pragma('synchronous', { simple: true });

it('runs the transaction under synchronous=FULL and goes back to NORMAL, after a throw too', () => {
  expect(durably(store.db, level)).toBe(FULL);
  expect(level()).toBe(NORMAL);
  expect(() =>
    durably(store.db, () => {
      store.db
        .prepare(
          "INSERT INTO api_keys (key_hash, prefix, email, created_at, created_ip) VALUES (x'00', 'p', 'e', 't', 'i')",
        )
        .run();
      throw new Error('rolled back');
    }),
  ).toThrow('rolled back');
  expect(level()).toBe(NORMAL);
  expect(store.db.prepare('SELECT count(*) AS n FROM api_keys').get()).toEqual({ n: 0 });
});

it('refuses to nest in another transaction', () => {
  expect(() => store.db.transaction(() => durably(store.db, () => 1))()).toThrow(/already inside a transaction/);
  expect(level()).toBe(NORMAL);
});

it("the operator's unused purge commits its steps as crawls do and ends with a full checkpoint: every commit is then in the synced file", async () => {
  const settings: string[] = [];
  const pragma = store.db.pragma.bind(store.db);
  store.db.pragma = (source: string, options?: { simple?: boolean }) => {
    if (/^(synchronous =|wal_checkpoint)/.test(source)) settings.push(source);
    return pragma(source, options);
  };
  for (const d of ['a.test', 'b.test']) await storeGood(store, d, Date.parse('2026-01-15T12:00:00.000Z'));
  expect(await purgeUnused(store.maintenance, Date.parse('2026-02-15T12:00:00.000Z'), { durable: true })).toEqual([
    'a.test',
    'b.test',
  ]);
  expect(settings).toEqual(['wal_checkpoint(FULL)']);
  // Nothing is left in the WAL that the database file does not hold.
  const [after] = pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
  expect(after).toMatchObject({ busy: 0 });
  expect(after!.checkpointed).toBe(after!.log);
});

it('a new key and a named purge commit durably; crawls stay on NORMAL', async () => {
  const settings: string[] = [];
  const pragma = store.db.pragma.bind(store.db);
  store.db.pragma = (source: string, options?: { simple?: boolean }) => {
    if (source.startsWith('synchronous =')) settings.push(source);
    return pragma(source, options);
  };
  await storeGood(store, 'kept.test', Date.parse('2026-01-15T12:00:00.000Z'));
  expect(settings).toEqual([]);
  await store.keys.create({
    hash: Buffer.alloc(32, 1),
    prefix: 'apl_abcdefgh',
    email: 'a@example.com',
    createdAt: '2026-01-15T12:00:00.000Z',
    ip: '::1',
  });
  expect(settings).toEqual(['synchronous = FULL', 'synchronous = NORMAL']);
  expect(await store.maintenance.purgeDomain('kept.test')).toBe(true);
  expect(settings).toEqual([
    'synchronous = FULL',
    'synchronous = NORMAL',
    'synchronous = FULL',
    'synchronous = NORMAL',
  ]);
});
