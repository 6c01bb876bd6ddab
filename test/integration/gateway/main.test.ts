/** `npm start` as a real process: logs its address, serves, stops cleanly on SIGTERM; bad config exits 2 naming the variable. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';
import { json } from '../../helpers/json.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

function start(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/gateway/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += String(d)));
  proc.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, exited, output: () => out };
}

describe('gateway main', () => {
  it('logs its address and mode, serves, and exits 0 on SIGTERM', async () => {
    const dir = tempDir('gw-main-');
    const key = 'sk-main-test-0123456789abcdef0123456789';
    const g = start({ DATA_DIR: dir.path, UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_API_KEY: key });
    const url = await new Promise<string>((resolve, reject) => {
      const t = setInterval(() => {
        const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(g.output());
        if (m) {
          clearInterval(t);
          resolve(m[1]!);
        }
      }, 50);
      void g.exited.then((c) => (clearInterval(t), reject(new Error(`exited ${c}: ${g.output()}`))));
    });
    expect(g.output()).toMatch(/"mode":"remote"/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // The upstream (port 9) is down: a clear error object, not a hang or a 500.
    const down = await fetch(`${url}/v1/domain/a.test`, { headers: { 'x-ai-policy-lens': '1' } });
    expect(down.status).toBe(503);
    expect((await json(down)).error).toBe('upstream_unavailable');
    g.proc.kill('SIGTERM');
    expect(await g.exited).toBe(0);
    expect(g.output()).not.toContain(key);
    dir.remove();
  });

  it.each([
    ['UPSTREAM_API_KEY', { UPSTREAM_BASE_URL: 'http://127.0.0.1:9' }],
    ['LOG_LEVEL', { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_API_KEY: 'k', LOG_LEVEL: 'loud' }],
    ['CRAWL_OVERRIDES', { CRAWL_OVERRIDES: 'not-a-pair' }],
    ['DATA_DIR', { DATA_DIR: '/dev/null' }],
  ])('exits 2 with a message naming %s on a bad value', async (variable, env) => {
    const dir = tempDir('gw-bad-');
    const g = start({ DATA_DIR: dir.path, ...env });
    expect(await g.exited).toBe(2);
    expect(g.output()).toMatch(new RegExp(`Configuration error: ${variable}`));
    expect(g.output()).not.toMatch(/\n\s+at /); // no stack trace
    dir.remove();
  });
});
