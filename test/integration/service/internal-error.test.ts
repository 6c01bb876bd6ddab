/** A failure inside the service is a 500 internal_error: the cause is logged, never sent. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../../../proxy/lib/logger.js';
import { ApiKeys } from '../../../proxy/service/auth/api-keys.js';
import { createServiceApp } from '../../../proxy/service/http/app.js';
import { createLookupService, type EmbeddedLookupService } from '../../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';

describe('internal errors', () => {
  let dir: string;
  let service: EmbeddedLookupService;
  let base: string;
  let close: () => Promise<void>;
  let key: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-500-'));
    service = createLookupService({
      store: openSqliteStore(dir),
      crawler: { crawl: () => Promise.reject(new Error('unused')) },
      workers: false,
    });
    const sink = new Writable({ write: (chunk, _e, cb) => (logged.push(String(chunk)), cb()) });
    const logger = pino({ level: 'error', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    // The registry breaks under the app: every read now throws inside the route.
    const broken = {
      ...service,
      lookup: () => {
        throw new Error('SQLITE_CORRUPT: secret table detail');
      },
    };
    const app = createServiceApp({ service: broken, store: service.store, logger });
    key = await new ApiKeys(service.store.keys).create('a@example.com', '127.0.0.1', Date.now());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(() => r()));
  });
  afterAll(async () => {
    await close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 500 internal_error with a generic message and logs the cause without the key', async () => {
    const res = await fetch(`${base}/v1/domain/example.com`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal_error', message: 'The server failed to answer this request.' });
    expect(text).not.toMatch(/SQLITE|secret|\.ts/);
    expect(res.headers.get('x-ratelimit-remaining-minute')).toBe('199');
    expect(logged.join('')).toContain('secret table detail');
    expect(logged.join('')).not.toContain(key);
  });
});
