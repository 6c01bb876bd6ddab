/**
 * Nothing queued or stored is lost when the process is killed: a real `node --import tsx
 * proxy/service/main.ts` child is SIGKILLed while a crawl is in flight and others wait in the
 * queue; started again on the same DATA_DIR, it re-runs the interrupted job, crawls the queued
 * ones, and still knows the API key and its usage. And a failed check, before or across a kill,
 * never replaces a good record (docs/policy.md section 8).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { classification, evidence } from '../../helpers/crawls.js';
import { until } from '../../helpers/until.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

interface Child {
  proc: ChildProcess;
  url: string;
  /** Everything the process wrote, stdout and stderr, kept to check no API key is ever logged. */
  output: string[];
}

/** Starts the service; resolves with its address from the `listening` log line. */
function startService(env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    let stderr = '';
    proc.stderr.on('data', (d) => ((stderr += String(d)), output.push(String(d))));
    const timer = setTimeout(() => reject(new Error(`service did not start: ${stderr}`)), 30_000);
    createInterface({ input: proc.stdout }).on('line', (line) => {
      output.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url) {
          clearTimeout(timer);
          resolve({ proc, url: entry.url, output });
        }
      } catch {
        /* not a log line */
      }
    });
    proc.on('exit', (code) => reject(new Error(`service exited with ${code}: ${stderr}`)));
  });
}

const killed = (c: Child) =>
  new Promise<void>((resolve) => {
    if (c.proc.exitCode !== null || c.proc.signalCode !== null) return resolve();
    c.proc.once('exit', () => resolve());
    c.proc.kill('SIGKILL');
  });

describe('restart after kill -9', () => {
  let farm: FixtureFarm;
  let dataDir: string;
  let child: Child | undefined;
  const site = (title: string, robots: string) => ({ routes: { '/': homepage(title), '/robots.txt': text(robots) } });

  beforeAll(async () => {
    farm = await startFixtureFarm({
      'first.test': site('First', 'User-agent: GPTBot\nDisallow: /\n'),
      // Hangs: the crawl is in flight when the process is killed.
      'hanging.test': { routes: {}, fallback: { ...text('late'), delayMs: 120_000 } },
      'queued-a.test': site('Queued A', 'User-agent: CCBot\nDisallow: /\n'),
      'queued-b.test': site('Queued B', 'User-agent: *\nDisallow: /\n'),
    });
    dataDir = mkdtempSync(join(tmpdir(), 'svc-restart-'));
  });
  afterAll(async () => {
    if (child && child.proc.exitCode === null) await killed(child);
    await farm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('re-runs the interrupted crawl and the queued ones; keeps records, keys and usage', async () => {
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CRAWL_OVERRIDES: farm.overrides(),
      CRAWL_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
    };
    child = await startService(env);
    const signup = await fetch(`${child.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com' }),
    });
    expect(signup.status).toBe(201);
    const { api_key: key } = (await signup.json()) as { api_key: string };
    const get = (c: Child, path: string) => fetch(c.url + path, { headers: { authorization: `Bearer ${key}` } });

    // One record stored before the kill.
    expect(await (await get(child, '/v1/domain/first.test')).json()).toMatchObject({ found: false, queued: true });
    const c1 = child;
    await until(
      async () => ((await (await get(c1, '/v1/domain/first.test')).json()) as { found: boolean }).found || undefined,
      20_000,
    );

    // One crawl in flight (it hangs), two waiting behind it (one worker).
    for (const d of ['hanging.test', 'queued-a.test', 'queued-b.test']) {
      expect(await (await get(child, `/v1/domain/${d}`)).json()).toEqual({ domain: d, found: false, queued: true });
    }
    await until(async () => (farm.requests.some((r) => r.host === 'hanging.test') ? true : undefined), 10_000);
    const before = (await (await fetch(`${child.url}/health`)).json()) as {
      queue: { queued: number; crawling: number };
    };
    expect(before.queue).toMatchObject({ queued: 2, crawling: 1 });
    // Usage is written through before the answer leaves (auth/usage.ts): killed right after it, nothing is forgotten.
    const remainingBefore = Number(
      (await get(child, '/v1/domain/first.test')).headers.get('x-ratelimit-remaining-day'),
    );

    await killed(child);
    // The site recovers while the service is down.
    farm.set('hanging.test', site('Was Hanging', 'User-agent: ClaudeBot\nDisallow: /\n'));

    child = await startService(env);
    const c2 = child;
    const first = await get(c2, '/v1/domain/first.test');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ domain: 'first.test', found: true });
    expect(Number(first.headers.get('x-ratelimit-remaining-day'))).toBe(remainingBefore - 1);

    await until(async () => {
      const h = (await (await fetch(`${c2.url}/health`)).json()) as {
        domains: number;
        queue: { queued: number; crawling: number };
      };
      return h.domains === 4 && h.queue.queued === 0 && h.queue.crawling === 0 ? h : undefined;
    }, 30_000);
    const hanging = (await (await get(c2, '/v1/domain/hanging.test')).json()) as {
      found: boolean;
      bots: { blocked: string[] };
    };
    expect(hanging.found).toBe(true);
    expect(hanging.bots.blocked).toContain('ClaudeBot');
    expect(await (await get(c2, '/v1/domain/queued-b.test')).json()).toMatchObject({
      found: true,
      detail: 'wildcard_block',
    });

    // Both runs logged at info level; the key (or its secret part) appears nowhere.
    const logs = [...c1.output, ...c2.output].join('\n');
    expect(logs).toContain('listening');
    expect(logs).not.toContain(key.slice(4));
  });
});

describe('a failed check and kill -9 never replace good data', () => {
  let farm: FixtureFarm;
  let dataDir: string;
  let child: Child | undefined;
  const DAY_AGO = new Date(Date.now() - 86_400_000).toISOString();
  const failing = { routes: { '/': homepage('Steady'), '/robots.txt': text('Service Unavailable', {}, 503) } };

  beforeAll(async () => {
    farm = await startFixtureFarm({
      'steady.test': failing,
      // Hangs: this check is in flight when the process is killed.
      'steady-two.test': { routes: {}, fallback: { ...text('late'), delayMs: 120_000 } },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'svc-failed-restart-'));
    // Good records from a day ago, written through the same store the service opens.
    const store = openSqliteStore(dataDir);
    for (const domain of ['steady.test', 'steady-two.test']) {
      await store.records.storeCrawl({
        evidence: evidence(domain, DAY_AGO, 'User-agent: GPTBot\nDisallow: /\n'),
        classification: classification(domain, DAY_AGO, {
          detail: 'blocks_training',
          use_cases: { training: 'blocked' },
          blocked: ['GPTBot'],
          basis: true,
        }),
        nowMs: Date.parse(DAY_AGO),
        failure: null,
        retryDelaysMs: RETRY_DELAYS_MS,
      });
    }
    await store.close();
  });
  afterAll(async () => {
    if (child && child.proc.exitCode === null) await killed(child);
    await farm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the good record, the failure and its retry survive; an interrupted check runs again and cannot replace it either', async () => {
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CRAWL_OVERRIDES: farm.overrides(),
      CRAWL_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
    };
    child = await startService(env);
    const signup = await fetch(`${child.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'failed-restart@example.com' }),
    });
    const { api_key: key } = (await signup.json()) as { api_key: string };
    const call = (c: Child, path: string, method = 'GET') =>
      fetch(c.url + path, { method, headers: { authorization: `Bearer ${key}` } });
    const health = async (c: Child) =>
      (
        (await (await fetch(`${c.url}/health`)).json()) as {
          queue: { queued: number; crawling: number; retrying: number };
        }
      ).queue;
    const summary = async (c: Child, domain: string) =>
      (await (await call(c, `/v1/domain/${domain}`)).json()) as {
        detail: string;
        last_updated: string;
        basis?: { last_check: unknown };
      };

    // 1. A check fails (robots.txt 503); the good record stays and a retry is scheduled.
    const c1 = child;
    expect((await call(c1, '/v1/domain/steady.test/recheck', 'POST')).status).toBe(202);
    await until(async () => ((await health(c1)).retrying === 1 ? true : undefined), 20_000);
    const kept = await summary(c1, 'steady.test');
    expect(kept).toMatchObject({
      detail: 'blocks_training',
      last_updated: DAY_AGO,
      basis: { last_check: { cause: 'robots.txt: server error (HTTP 503)' } },
    });

    // 2. Another check is in flight when the process is killed.
    expect((await call(c1, '/v1/domain/steady-two.test/recheck', 'POST')).status).toBe(202);
    await until(async () => (farm.requests.some((r) => r.host === 'steady-two.test') ? true : undefined), 10_000);
    await killed(c1);
    // While the service is down the site starts failing fast.
    farm.set('steady-two.test', failing);

    child = await startService(env);
    const c2 = child;
    // The kept record and the failure's retry survived the kill.
    expect(await summary(c2, 'steady.test')).toEqual(kept);
    // The interrupted check ran again, failed, and kept the good record too.
    await until(async () => ((await health(c2)).retrying === 2 ? true : undefined), 20_000);
    expect(await summary(c2, 'steady-two.test')).toMatchObject({
      detail: 'blocks_training',
      last_updated: DAY_AGO,
      basis: { last_check: { cause: 'robots.txt: server error (HTTP 503)' } },
    });
    expect(await health(c2)).toMatchObject({ queued: 0, crawling: 0, retrying: 2 });
    await killed(c2);

    // In the file: each domain's good crawl, then its failures, none of them lost.
    const store = openSqliteStore(dataDir);
    for (const domain of ['steady.test', 'steady-two.test']) {
      const audits = await store.records.audits(domain);
      expect(audits[0]!.failure).toBeNull();
      expect(audits.slice(1).map((a) => a.failure)).toEqual(['robots.txt: server error (HTTP 503)']);
    }
    await store.close();
  });
});
