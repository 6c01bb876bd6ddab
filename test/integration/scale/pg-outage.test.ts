/**
 * A PostgreSQL outage seen from outside: a real `npm run service` on a PostgreSQL cluster of the
 * test's own (test/helpers/pg-cluster.ts), stopped, started again, frozen (SIGSTOP) and thawed
 * mid-run. Every request is answered promptly with 503 `storage_unavailable` naming the database
 * and the cause, with `retry_after`; /health says the database is down; the log has one line when
 * it goes and one when it is back per outage, and no stack trace; after each, the service serves
 * again without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthUnavailableSchema } from '../../../proxy/service/http/health-schema.js';
import { ErrorObjectSchema } from '../../../shared/schemas.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { until } from '../../helpers/until.js';
import { start, type Child } from './processes.js';

let pg: PgCluster;
let service: Child;
let base: string;
let key: string;

beforeAll(async () => {
  pg = await startPgCluster();
  service = start('main', { DATABASE_URL: pg.adminUrl, HOST: '127.0.0.1', PORT: '0', DATA_DIR: '/nonexistent' });
  const listening = await service.waitFor((l) => l.msg === 'listening', 60_000);
  base = String(listening.url);
  const r = await fetch(`${base}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'outage@example.test' }),
  });
  key = ((await r.json()) as { api_key: string }).api_key;
});
afterAll(async () => {
  if (process.env.DEBUG_OUTAGE)
    for (const l of service?.lines ?? [])
      if (l.msg !== 'request' && !String(l.msg).startsWith('GET ')) console.log(JSON.stringify(l));
  await service?.kill();
  pg?.remove();
});

const lookup = async (domain = 'example.test') => {
  const started = Date.now();
  const r = await fetch(`${base}/v1/domain/${domain}`, { headers: { authorization: `Bearer ${key}` } });
  return {
    status: r.status,
    ms: Date.now() - started,
    headers: r.headers,
    body: (await r.json()) as Record<string, unknown>,
  };
};
const health = async () => {
  const r = await fetch(`${base}/health`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const lines = (re: RegExp) => service.lines.filter((l) => re.test(String(l.msg)));

/** A 503 that names PostgreSQL, says why, and when to ask again. */
function expectOutageAnswer(a: { status: number; headers: Headers; body: Record<string, unknown> }): void {
  expect(a.status).toBe(503);
  const e = ErrorObjectSchema.parse(a.body);
  expect(e.error).toBe('storage_unavailable');
  expect(e.message).toMatch(/PostgreSQL.*not answering: .+\. Ask again in \d+ seconds\./);
  expect(e.retry_after).toBeGreaterThan(0);
  expect(a.headers.get('retry-after')).toBe(String(e.retry_after));
}

describe('the service while PostgreSQL is stopped or frozen', () => {
  it('serves while the database answers', async () => {
    expect((await lookup()).status).toBe(200);
    const h = await health();
    expect(h).toMatchObject({ status: 200, body: { status: 'ok', dependencies: { database: 'up' } } });
  });

  it('answers 503 at once while PostgreSQL is stopped, says so on /health, and serves again when it is back', async () => {
    pg.stop();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => lookup(`stopped-${i}.test`)));
    for (const a of answers) {
      expectOutageAnswer(a);
      expect(a.ms).toBeLessThan(2_000);
    }
    const h = await health();
    expect(h.status).toBe(503);
    expect(HealthUnavailableSchema.parse(h.body)).toMatchObject({
      status: 'unavailable',
      dependencies: { database: 'down' },
      error: 'storage_unavailable',
    });
    // Known down: answered without touching the database.
    const later = await Promise.all(Array.from({ length: 50 }, () => lookup()));
    for (const a of later) {
      expectOutageAnswer(a);
      expect(a.ms).toBeLessThan(1_000);
    }
    const signup = await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"x@example.test"}',
    });
    expect(signup.status).toBe(503);

    pg.start();
    await until(async () => ((await health()).status === 200 ? true : undefined), 15_000, 200);
    expect((await lookup('back.test')).status).toBe(200);
    expect(lines(/PostgreSQL is not answering/)).toHaveLength(1);
    expect(lines(/PostgreSQL is answering again/)).toHaveLength(1);
  }, 60_000);

  it('answers 503 within seconds while PostgreSQL is frozen, and at once once it is known, then recovers', async () => {
    pg.freeze();
    try {
      const first = await Promise.all(Array.from({ length: 10 }, (_, i) => lookup(`frozen-${i}.test`)));
      for (const a of first) {
        expectOutageAnswer(a);
        expect(a.ms).toBeLessThan(7_000);
      }
      await until(async () => ((await health()).status === 503 ? true : undefined), 10_000, 200);
      const known = await Promise.all(Array.from({ length: 50 }, () => lookup()));
      for (const a of known) {
        expectOutageAnswer(a);
        expect(a.ms).toBeLessThan(1_000);
      }
    } finally {
      pg.thaw();
    }
    await until(async () => ((await health()).status === 200 ? true : undefined), 20_000, 200);
    expect((await lookup('thawed.test')).status).toBe(200);
    expect(lines(/PostgreSQL is not answering/)).toHaveLength(2);
    expect(lines(/PostgreSQL is answering again/)).toHaveLength(2);
  }, 90_000);

  it('logged no stack trace and no unhandled error through both outages', () => {
    const text = service.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).not.toMatch(/unhandled error|internal_error/);
    expect(text).not.toMatch(/\\n\s+at /);
    // The log's error lines are the outages' own.
    expect(service.lines.filter((l) => Number(l.level) >= 50).map((l) => l.msg)).toEqual([
      expect.stringMatching(/PostgreSQL is not answering/),
      expect.stringMatching(/PostgreSQL is not answering/),
    ]);
  });
});
