/** A real SQLite store in a temp folder, removed on close; and one per test of a describe block. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../../../proxy/service/store/sqlite/open.js';

export interface TempStore {
  store: SqliteStore;
  dir: string;
  close(): Promise<void>;
}

export function tempSqliteStore(prefix: string): TempStore {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = openSqliteStore(dir);
  return {
    store,
    dir,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh store before each test of the calling block, removed after it; read `.store` and `.dir` inside tests. */
export function storePerTest(prefix: string): TempStore {
  const handle = {} as TempStore;
  let current: TempStore | undefined;
  beforeEach(() => {
    current = tempSqliteStore(prefix);
    Object.assign(handle, current);
  });
  afterEach(async () => {
    await current?.close();
  });
  return handle;
}
