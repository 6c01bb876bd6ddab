/**
 * A SQLite transaction whose commit is on the disk before it returns. The registry runs WAL with
 * synchronous=NORMAL (open.ts): a commit survives the process being killed, but the WAL is
 * fsynced only at checkpoints, so an OS crash or a power loss can take the last commits. A write
 * whose loss would break a promise made to a client (an API key shown once, a purge the operator
 * was told is done) runs with synchronous=FULL, which fsyncs the WAL at its commit
 * (https://www.sqlite.org/pragma.html#pragma_synchronous), and every earlier commit with it.
 * The registry has one connection and better-sqlite3 runs each call to its end, so no other
 * statement runs while the setting is FULL.
 */
import type Database from 'better-sqlite3';

export function durably<T>(db: Database.Database, fn: () => T): T {
  // SQLite refuses to change the setting inside a transaction: a durable write cannot be nested.
  if (db.inTransaction) throw new Error('durably(): already inside a transaction');
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(fn)();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}
