/**
 * Logs a person and a collector can read: pino-pretty lines on a terminal (a real
 * pseudo-terminal from util-linux `script`, in Debian's essential bsdutils), JSON otherwise; one line per non-2xx answer from
 * a real Express app on 127.0.0.1; one line per crawl through the real lookup service.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../proxy/lib/logger.js';
import { requestLog } from '../../../proxy/lib/request-log.js';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { createLookupService } from '../../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { normalizeDomain } from '../../../shared/domain.js';
import { html, startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A JSON log line: the fields these tests read, and whatever else pino wrote. */
type LogLine = Record<string, unknown> & {
  msg?: string;
  path?: string;
  status?: number;
  ms?: number;
  domain?: string;
  outcome?: string;
  stance?: string;
};

/** A destination that keeps every line written. */
function capture(): { stream: Writable; lines: () => LogLine[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
  return { stream, lines };
}

/** Runs a few lines of TypeScript that log through createLogger, on a terminal or not. */
function logOnce(tty: boolean): string {
  const code = `import { createLogger } from './proxy/lib/logger.ts'; createLogger('probe', 'info').info({ domain: 'example.com', apiKey: 'sk_secret_value' }, 'hello there');`;
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', JSON.stringify(code)].join(' ');
  const r = tty
    ? spawnSync('script', ['-qec', node, '/dev/null'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, TERM: 'dumb' },
      })
    : spawnSync('sh', ['-c', node], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('log format', () => {
  it('on a terminal: a readable line with local time, level, message and fields, secrets redacted', () => {
    const out = logOnce(true).replace(/\x1b\[[0-9;]*m/g, '');
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.* \(probe\): hello there/m);
    expect(out).toContain('domain: "example.com"');
    expect(out).toContain('[redacted]');
    expect(out).not.toContain('sk_secret_value');
    expect(out).not.toContain('{"level"');
  });

  it('elsewhere: one JSON object per line', () => {
    const out = logOnce(false).trim();
    const line = JSON.parse(out) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      name: 'probe',
      msg: 'hello there',
      domain: 'example.com',
      apiKey: '[redacted]',
    });
  });
});

describe('one line per non-2xx answer', () => {
  it('logs 3xx, 4xx and 5xx answers with method, path (no query), status, time and client; not 2xx', async () => {
    const { stream, lines } = capture();
    const log = createLogger('http', 'info', { pretty: false, destination: stream });
    const app = express();
    app.use(requestLog(log));
    app.get('/ok', (_req, res) => void res.json({ ok: true }));
    app.get('/moved', (_req, res) => res.redirect(301, '/ok'));
    app.get('/boom', () => {
      throw new Error('internal detail');
    });
    app.use((_req: express.Request, res: express.Response) => void res.status(404).json({ error: 'not_found' }));
    app.use(
      (_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
        void res.status(500).json({ error: 'internal_error' }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const p of ['/ok', '/ok?x=1', '/moved', '/missing?key=sk_secret', '/boom'])
        await (
          await fetch(base + p, { redirect: 'manual', headers: { authorization: 'Bearer sk_secret' } })
        ).arrayBuffer();
      await new Promise((r) => setImmediate(r));
    } finally {
      server.close();
    }
    const got = lines();
    expect(got.map((l) => [l.method, l.path, l.status])).toEqual([
      ['GET', '/moved', 301],
      ['GET', '/missing', 404],
      ['GET', '/boom', 500],
    ]);
    for (const l of got) {
      expect(l).toMatchObject({ level: 30, client: '127.0.0.1', ms: expect.any(Number) });
      expect(l.msg).toBe(`GET ${l.path} answered ${l.status} in ${l.ms} ms`);
    }
    expect(JSON.stringify(got)).not.toContain('sk_secret');
  });
});

describe('one line per crawl', () => {
  let farm: FixtureFarm;
  let dataDir: string;
  beforeAll(async () => {
    farm = await startFixtureFarm({
      'logged.test': { routes: { '/': html('<p>Hi</p>'), '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n') } },
      'optout-logged.test': { routes: { '/': html('<p>Hi</p>'), '/robots.txt': text('User-agent: *\nDisallow: /\n') } },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'lens-ops-log-'));
  });
  afterAll(async () => {
    await farm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the domain, the time, what the site did and the stance, queued or asked for at once', async () => {
    const captured = capture();
    const crawler = createCrawler({ overrides: farm.overrides() });
    const service = createLookupService({
      store: openSqliteStore(dataDir),
      crawler,
      logger: createLogger('crawl', 'info', { pretty: false, destination: captured.stream }),
    });
    const stances: Record<string, string> = {};
    try {
      await service.lookup(normalizeDomain('logged.test'));
      await service.lookup(normalizeDomain('nowhere.invalid'));
      await service.idle();
      await service.analyseNow(normalizeDomain('optout-logged.test'));
      // The stance in each line is the stored record's.
      for (const d of ['logged.test', 'nowhere.invalid', 'optout-logged.test']) {
        const r = await service.lookup(normalizeDomain(d));
        if (r.found) stances[d] = r.stance;
      }
    } finally {
      await service.close();
      await crawler.close();
    }
    const crawls = captured.lines().filter((l) => typeof l.msg === 'string' && l.msg.startsWith('crawled '));
    expect(crawls.map((l) => [l.domain, l.outcome, l.stance]).sort()).toEqual([
      ['logged.test', 'answered, robots.txt 200', stances['logged.test']],
      ['nowhere.invalid', 'no answer (dns)', stances['nowhere.invalid']],
      [
        'optout-logged.test',
        'answered, robots.txt 200, pages disallowed for this crawler',
        stances['optout-logged.test'],
      ],
    ]);
    expect(Object.keys(stances)).toHaveLength(3);
    for (const l of crawls)
      expect(l).toMatchObject({
        level: 30,
        ms: expect.any(Number),
        msg: `crawled ${l.domain} in ${l.ms} ms: ${l.outcome}; stance ${l.stance}`,
      });
  });
});
