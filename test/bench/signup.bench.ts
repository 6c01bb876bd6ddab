/**
 * `npm run bench -- signup`: what durable keys cost. A new API key commits to the disk before the
 * signup answers (SQLite synchronous=FULL for its commit, PostgreSQL synchronous_commit on for
 * its transaction); before, it committed as counting does. Signups per second through the
 * storage port (KeyStore.create, the code now) against the same INSERT committed the way it was
 * before, alternately in the same run, one at a time and 8 at once, on a SQLite file in the temp
 * folder and a PostgreSQL database made for the run on 127.0.0.1:5432 (dropped after it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../proxy/lib/logger.js';
import { openPgStore } from '../../proxy/service/store/pg/open.js';
import type { KeyStore } from '../../proxy/service/store/registry-store.js';
import { openSqliteStore } from '../../proxy/service/store/sqlite/open.js';
import { createTestDatabase } from '../integration/store/backends.js';

const N = Number(process.env.SIGNUPS ?? 400);
const ROUNDS = 3;
const log = createLogger('bench', 'silent');

type Create = KeyStore['create'];
const row = () => ({
  hash: randomBytes(32),
  prefix: 'apl_benchmrk',
  email: 'bench@example.com',
  createdAt: new Date().toISOString(),
  ip: randomBytes(4).join('.'),
});

/** Signups per second: N creates, `parallel` at a time. */
async function rate(create: Create, parallel: number): Promise<number> {
  const t0 = performance.now();
  let left = N;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left-- > 0) await create(row());
    }),
  );
  return N / ((performance.now() - t0) / 1000);
}

/** Each way ROUNDS times, alternately (a loaded machine drifts); the median of each. */
async function compare(label: string, now: Create, before: Create): Promise<void> {
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const parallel of [1, 8]) {
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      b.push(await rate(before, parallel));
      a.push(await rate(now, parallel));
    }
    const [x, y] = [median(a), median(b)];
    const fmt = (n: number) => Math.round(n).toLocaleString('en');
    console.log(
      `  ${label}, ${parallel === 1 ? 'one at a time' : `${parallel} at once`}: ${fmt(x)} signups/s durable, ${fmt(y)} before (${(x / y).toFixed(2)}x)`,
    );
  }
}

async function sqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'signup-bench-'));
  const store = openSqliteStore(dir);
  try {
    // The INSERT SqliteKeys ran before, committed at the registry's synchronous=NORMAL.
    const insert = store.db.prepare(
      'INSERT INTO api_keys (key_hash, prefix, email, created_at, created_ip) VALUES (?, ?, ?, ?, ?)',
    );
    const before: Create = async (r) =>
      Number(insert.run(r.hash, r.prefix, r.email, r.createdAt, r.ip).lastInsertRowid);
    await compare(`SQLite (${tmpdir()})`, (r) => store.keys.create(r), before);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<void> {
  const db = await createTestDatabase('lens_signup_bench');
  const store = await openPgStore(db.url, { log });
  try {
    // The statement PgKeys ran before: one INSERT on the pool, synchronous_commit=off.
    const before: Create = async (r) =>
      (
        await store.pool.query<{ id: number }>(
          'INSERT INTO api_keys (key_hash, prefix, email, created_at, created_ip) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [r.hash, r.prefix, r.email, r.createdAt, r.ip],
        )
      ).rows[0]!.id;
    await compare('PostgreSQL (127.0.0.1:5432)', (r) => store.keys.create(r), before);
  } finally {
    await store.close();
    await db.drop();
  }
}

console.log(`signups through the storage port, ${N} per measure, median of ${ROUNDS} alternating rounds:`);
await sqlite();
await postgres();
console.log('  (signups are rare by design: at most 3 a day per client address)');
