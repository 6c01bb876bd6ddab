/**
 * The real system for the end-to-end suite and the extension benchmark: the fixture farm
 * serving every stance site on 127.0.0.1, and the gateway with its embedded service started as
 * `npm start` would be (a child process), crawling the farm through CRAWL_OVERRIDES.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface Stack {
  farm: FixtureFarm;
  gatewayUrl: string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** GET with the extension's marker header; used to wait for readiness and to warm the cache. */
export async function gatewayGet(base: string, path: string): Promise<unknown> {
  const res = await fetch(base + path, { headers: { 'x-ai-policy-lens': '1' } });
  return res.json();
}

export async function startStack(): Promise<Stack> {
  const farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  const dataDir = mkdtempSync(join(tmpdir(), 'lens-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'proxy/gateway/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CRAWL_OVERRIDES: farm.overrides(), LOG_LEVEL: 'silent',
      // The suite warms 13 sites in parallel and the benchmark navigates in a loop: far above one person's browsing.
      RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => void (stderr += b.toString()));
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${gatewayUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`gateway did not start within 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    farm,
    gatewayUrl,
    async close() {
      child.kill('SIGTERM');
      await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
      await farm.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks for a domain until the gateway has analysed it (queued → found). */
export async function warm(base: string, domain: string, timeoutMs = 30_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await gatewayGet(base, `/v1/domain/${domain}`)) as { found?: boolean };
    if (body.found) return body;
    if (Date.now() > deadline) throw new Error(`${domain} not analysed within ${timeoutMs} ms: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
