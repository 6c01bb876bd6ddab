/**
 * A downgrade is refused (issue 13, "Schema upgrades"): a registry written by a newer program
 * stops the service, the gateway (which embeds the service) and the maintenance command at
 * start with one line naming the file and both versions, exit code 2, no stack trace, and
 * the file untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../proxy/service/store/sqlite/migrations.js';
import { REGISTRY_FILE, openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { run } from './run.js';

describe('a registry newer than the program', () => {
  let dir: string;
  let file: string;
  const newer = SCHEMA_VERSION + 1;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'downgrade-'));
    file = join(dir, REGISTRY_FILE);
    await openSqliteStore(dir).close();
    const db = new Database(file);
    db.pragma(`user_version = ${newer}`);
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['the service', 'proxy/service/main.ts', []],
    ['the gateway', 'proxy/gateway/main.ts', []],
    ['the purge command', 'proxy/service/maintenance-cli.ts', ['purge', 'example.com']],
  ])('stops %s with one line and exit code 2', async (_, entry, args) => {
    const r = await run(entry, args, { DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `Configuration error: DATA_DIR: ${file} has schema version ${newer}, newer than this program's ${SCHEMA_VERSION}: ` +
        'it was written by a newer version of AI Policy Lens. Run that version, or restore a backup made by this one.\n',
    );
    expect(r.stdout).not.toContain('listening');
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(newer);
    db.close();
  });
});
