/**
 * The maintenance contract (maintenance-contract.ts) on the SQLite store, and what only SQLite
 * has: the full-text indexes stay intact after a purge, the counters equal a scan, and a
 * database newer than the program is refused with one line naming the file and both versions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../proxy/lib/env.js';
import { SchemaTooNewError } from '../../../../../proxy/service/store/schema-too-new.js';
import { SCHEMA_VERSION } from '../../../../../proxy/service/store/sqlite/migrations.js';
import { openSqliteStore, REGISTRY_FILE, type SqliteStore } from '../../../../../proxy/service/store/sqlite/open.js';
import { scanStats } from '../../../../../proxy/service/store/sqlite/preview-stats.js';
import { DAY, T0, maintenanceContract, storeCrawl } from '../../../../helpers/maintenance-contract.js';
import { tempSqliteStore } from '../../helpers/temp-store.js';

maintenanceContract('SQLite', async () => tempSqliteStore('svc-maint-'));

describe('SQLite maintenance: indexes after a purge, and a newer file refused', () => {
  let store: SqliteStore;
  let dir: string;
  let other: string | undefined;
  beforeEach(() => {
    ({ store, dir } = tempSqliteStore('svc-maint-sqlite-'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    if (other) rmSync(other, { recursive: true, force: true });
  });

  it('a purge leaves both full-text indexes consistent and the counters equal to a scan', async () => {
    for (const [i, d] of ['one.test', 'two.test', 'three.test'].entries()) {
      await storeCrawl(store, d, T0 + i, 'blocks_all_ai');
      await storeCrawl(store, d, T0 + DAY + i, 'blocks_training');
    }
    await store.maintenance.purgeDomain('two.test');
    // FTS5's own check: every external-content row matches its index.
    for (const t of ['domain_names', 'preview_names'])
      store.db.exec(`INSERT INTO ${t} (${t}, rank) VALUES ('integrity-check', 1)`);
    expect(
      store.db.prepare('SELECT count(*) AS n FROM domain_bigrams WHERE id NOT IN (SELECT id FROM domains)').get(),
    ).toEqual({ n: 0 });
    for (const q of ['two', 'tw'])
      expect((await store.records.search({ q, limit: 10, offset: 0 })).results).toEqual([]);
    expect((await store.preview.search({ q: 'thr', limit: 10, offset: 0 })).results.map((r) => r.domain)).toEqual([
      'three.test',
    ]);
    const now = T0 + 2 * DAY;
    expect(await store.preview.stats(now)).toEqual(scanStats(store.db, now));
  });

  it.each([
    [
      'registry schema',
      'PRAGMA user_version = 999',
      `has schema version 999, newer than this program's ${SCHEMA_VERSION}`,
    ],
    [
      'announced-surface schema',
      'UPDATE preview_meta SET version = 7',
      "has announced-surface schema version 7, newer than this program's 3",
    ],
  ])('a file with a newer %s is refused, naming the file and both versions', async (_, sql, words) => {
    await store.close();
    const db = new Database(join(dir, REGISTRY_FILE));
    db.exec(sql);
    db.close();
    let error: unknown;
    try {
      store = openSqliteStore(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`${join(dir, REGISTRY_FILE)} ${words}`);
    expect(message.startsWith('DATA_DIR: ')).toBe(true);
    expect(message).not.toContain('\n');
    // Nothing was changed: the file still says what it said.
    const after = new Database(join(dir, REGISTRY_FILE), { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(sql.includes('999') ? 999 : SCHEMA_VERSION);
    after.close();
    // A store for afterEach to close (the refused one never opened).
    other = mkdtempSync(join(tmpdir(), 'svc-maint-other-'));
    store = openSqliteStore(other);
  });
});
