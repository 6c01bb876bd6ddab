/**
 * Safe to expose (issue 12 items 1, 3, 5), with real servers on 127.0.0.1: a DNS-rebinding
 * request (a Host that names another site) is refused by the gateway and by the service, and
 * accepted once the name is in ALLOWED_HOSTS; local clients that can be told apart have
 * separate rate-limit budgets; a gateway listening beyond loopback without a token refuses to
 * start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorObjectSchema } from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { CLIENT, EXT_ORIGIN, startTestGateway, tempDir, type TestGateway } from './helpers.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const KEY = 'sk-exposure-test-0123456789abcdef0123';
const TOKEN = 'proxy-token-exposure-0123456789';

/** A GET with a chosen Host header (fetch may not set Host), answered as status and parsed body. */
function getWithHost(
  base: string,
  path: string,
  host: string,
  headers: Record<string, string> = CLIENT,
): Promise<{ status: number; body: unknown }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let up: FaultUpstream;
beforeAll(async () => {
  up = await startFaultUpstream({ apiKey: KEY });
});
afterAll(async () => {
  await up.close();
});

describe('DNS rebinding: the Host header must name this server', () => {
  let gw: TestGateway;
  let named: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY });
    named = await startTestGateway({
      UPSTREAM_BASE_URL: up.url,
      UPSTREAM_API_KEY: KEY,
      ALLOWED_HOSTS: 'lens.example.org, evil.example',
    });
  });
  afterAll(async () => {
    await gw.close();
    await named.close();
  });

  it('refuses a page on a rebinding name with 421 and the error object, naming ALLOWED_HOSTS', async () => {
    const port = new URL(gw.url).port;
    const before = up.requests.length;
    for (const path of ['/status', '/metrics', '/v1/domain/rebind.test', '/healthz']) {
      const r = await getWithHost(gw.url, path, `evil.example:${port}`);
      expect(r.status).toBe(421);
      expect(ErrorObjectSchema.parse(r.body).error).toBe('forbidden');
      expect((r.body as { message: string }).message).toContain('ALLOWED_HOSTS');
    }
    // Another port on this machine, or another address, is another server.
    expect((await getWithHost(gw.url, '/status', '127.0.0.1:1')).status).toBe(421);
    expect((await getWithHost(gw.url, '/status', `10.0.0.1:${port}`)).status).toBe(421);
    expect(up.requests.length).toBe(before);
  });

  it('answers the listening address, localhost and [::1] with its port', async () => {
    const port = new URL(gw.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST.:${port}`, `[::1]:${port}`]) {
      const r = await getWithHost(gw.url, '/status', host);
      expect([host, r.status]).toEqual([host, 200]);
    }
  });

  it('accepts the same request once the name is in ALLOWED_HOSTS (any port)', async () => {
    const r = await getWithHost(named.url, '/v1/domain/rebind.test', 'evil.example:8787');
    expect(r.status).toBe(200);
    expect((r.body as { domain: string }).domain).toBe('rebind.test');
    expect((await getWithHost(named.url, '/status', 'lens.example.org')).status).toBe(200);
    expect((await getWithHost(named.url, '/status', 'other.example.org')).status).toBe(421);
  });

  it('refuses a rebinding name in the service too, and accepts its ALLOWED_HOSTS', async () => {
    const dir = tempDir('svc-host-');
    const service: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir.path,
        LOG_LEVEL: 'info',
        ALLOWED_HOSTS: 'api.lens.example',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        service.stdout!.on('data', (d) => {
          out += String(d);
          const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
          if (m) resolve(m[1]!);
        });
        service.once('exit', (code) => reject(new Error(`service exited ${code}: ${out}`)));
      });
      const port = new URL(url).port;
      const refused = await getWithHost(url, '/health', `evil.example:${port}`, {});
      expect(refused.status).toBe(421);
      expect(ErrorObjectSchema.parse(refused.body).error).toBe('forbidden');
      expect((await getWithHost(url, '/health', `127.0.0.1:${port}`, {})).status).toBe(200);
      expect((await getWithHost(url, '/health', 'api.lens.example', {})).status).toBe(200);
    } finally {
      service.kill('SIGTERM');
      await new Promise((r) => (service.exitCode !== null ? r(null) : service.once('exit', r)));
      dir.remove();
    }
  });
});

describe('rate limits per local client', () => {
  it('gives an extension origin and a plain local program separate budgets', async () => {
    const g = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const asProgram = () => g.get('/v1/domain/budget.test').then((r) => r.status);
      const asExtension = () => g.get('/v1/domain/budget.test', { origin: EXT_ORIGIN }).then((r) => r.status);
      // A local program uses up its budget...
      expect([await asProgram(), await asProgram(), await asProgram(), await asProgram()]).toEqual([
        200, 200, 200, 429,
      ]);
      // ...and the extension still has all of its own, on the same address.
      expect([await asExtension(), await asExtension(), await asExtension(), await asExtension()]).toEqual([
        200, 200, 200, 429,
      ]);
      expect(await asProgram()).toBe(429);
    } finally {
      await g.close();
    }
  });

  it("keeps the token holder's budget apart from requests without the token", async () => {
    const g = await startTestGateway({
      UPSTREAM_BASE_URL: up.url,
      UPSTREAM_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '3',
      PROXY_TOKEN: TOKEN,
    });
    try {
      const flood = await Promise.all(
        Array.from({ length: 6 }, () => g.get('/v1/domain/budget.test').then((r) => r.status)),
      );
      expect(flood.sort()).toEqual([401, 401, 401, 429, 429, 429]);
      const holder = () => g.get('/v1/domain/budget.test', { authorization: `Bearer ${TOKEN}` }).then((r) => r.status);
      expect([await holder(), await holder(), await holder(), await holder()]).toEqual([200, 200, 200, 429]);
    } finally {
      await g.close();
    }
  });
});

describe('exposed start', () => {
  it('refuses to listen beyond loopback without PROXY_TOKEN, in one line naming the way out', async () => {
    const dir = tempDir('gw-exposed-');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/gateway/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '0.0.0.0',
        PORT: '0',
        DATA_DIR: dir.path,
        UPSTREAM_BASE_URL: up.url,
        UPSTREAM_API_KEY: KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += String(d)));
    proc.stderr.on('data', (d) => (out += String(d)));
    const code = await new Promise<number | null>((r) => proc.once('exit', r));
    dir.remove();
    expect(code).toBe(2);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: HOST: 0\.0\.0\.0 .*PROXY_TOKEN.*TRUSTED_NETWORK=1/);
    expect(out).not.toContain(KEY);
  });
});
