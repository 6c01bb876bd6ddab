/**
 * A consistent copy of a live SQLite file, safe while a server writes to
 * it. `VACUUM INTO` reads the whole database in one read transaction, so the copy is one
 * committed state; in WAL mode a reader neither blocks the server's writes nor waits for them.
 * (SQLite's online backup API restarts whenever another connection writes, so under a busy
 * server it may never finish.) The copy is written beside its final name, flushed to disk,
 * checked (`PRAGMA quick_check`) and only then renamed into place: a name that exists is a
 * whole, checked copy.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface BackupResult {
  bytes: number;
  /** The copy's `user_version`. */
  schemaVersion: number;
  /** Rows of the main table, for people: domains in a registry, answers in a cache. */
  rows: { table: string; n: number } | null;
}

/** Tables whose row count says what a copy holds, first match wins. */
const COUNTED = ['domains', 'gateway_cache'];

export function backupSqliteFile(source: string, dest: string): BackupResult {
  if (existsSync(dest)) throw new Error(`${dest} already exists; back up into a new folder`);
  const partial = `${dest}.partial`;
  rmSync(partial, { force: true });
  // Read-only: the backup never changes the source (it opens it even where the server has it open).
  const src = new Database(source, { readonly: true, fileMustExist: true });
  try {
    src.pragma('busy_timeout = 10000');
    src.prepare('VACUUM INTO ?').run(partial);
  } finally {
    src.close();
  }
  try {
    const fd = openSync(partial, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    const result = check(partial);
    renameSync(partial, dest);
    return result;
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

function check(file: string): BackupResult {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const verdict = db.pragma('quick_check', { simple: true });
    if (verdict !== 'ok') throw new Error(`the copy of ${file} failed its check: ${String(verdict)}`);
    const tables = new Set(
      (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>).map(
        (r) => r.name,
      ),
    );
    const table = COUNTED.find((t) => tables.has(t));
    return {
      bytes: statSync(file).size,
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      rows: table ? { table, n: (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n } : null,
    };
  } finally {
    db.close();
  }
}
