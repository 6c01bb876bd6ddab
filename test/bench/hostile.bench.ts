/**
 * `npm run bench -- hostile`
 *
 * A hostile site stalls no one (docs/security.md, "Hostile sites"): the gateway as `npm start`
 * runs it (embedded service, a child process with the default analysis budget and threads)
 * reads the sites of test/fixtures/hostile-sites.ts: an 860 KB terms page without a full stop,
 * 20,000 robots.txt groups, 12,000 wildcard rules, a bidi rule. Meanwhile this process looks up
 * a calm site the gateway has cached and asks /healthz, one request after the other; the same
 * is measured first with nothing else going on. Printed: p50, p99 and the slowest of each,
 * idle beside hostile, in one run; how long each hostile site took to be answered and what of
 * it was not read (basis.not_read).
 *
 * Then each reader's time at 1x and 2x its worst input (test/bench/lib/reader-worst-cases.ts,
 * timeReaders(): half its size cap and the cap, the least of five tries), printed below the latencies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DomainPolicy, DomainPolicyFound } from '../../shared/schemas.js';
import { startFixtureFarm, type FixtureSite } from '../fixtures/farm.js';
import { CALM_SITE, HOSTILE_SITES } from '../fixtures/hostile-sites.js';
import { percentile, timeWhile } from '../helpers/latency.js';
import { timeReaders } from './lib/reader-worst-cases.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = { 'x-ai-policy-lens': '1' };
const IDLE_ROUNDS = 400;
/** The hostile sites are read this many times over (each round with fresh names), so the window is long enough to measure. */
const HOSTILE_ROUNDS = 3;

function startGatewayProcess(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/gateway/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += String(d)));
  proc.stderr.on('data', (d) => (out += String(d)));
  return new Promise((resolve, reject) => {
    const t = setInterval(() => {
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (m) {
        clearInterval(t);
        resolve({ proc, url: m[1]! });
      }
    }, 50);
    proc.once('exit', (code) => (clearInterval(t), reject(new Error(`gateway exited ${code}: ${out}`))));
  });
}

async function storedAnswer(url: string, domain: string): Promise<{ answer: DomainPolicyFound; ms: number }> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}/v1/domain/${domain}`, { headers: { ...CLIENT, prefer: 'wait=20' } });
    const body = (await res.json()) as DomainPolicy;
    if (body.found && !body.basis?.terms_pending) return { answer: body, ms: performance.now() - started };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
function row(name: string, xs: readonly number[]): string {
  return `${name.padEnd(28)} ${String(xs.length).padStart(6)} ${ms(percentile(xs, 50)).padStart(10)} ${ms(percentile(xs, 99)).padStart(10)} ${ms(Math.max(...xs)).padStart(10)}`;
}

async function main(): Promise<void> {
  // Each round's sites under their own names, so every round is a first crawl.
  const sites: Record<string, FixtureSite> = Object.fromEntries(
    Array.from({ length: HOSTILE_ROUNDS }, (_, r) =>
      Object.entries(HOSTILE_SITES).map(([host, site]): [string, FixtureSite] => [
        host.replace('.hostile.test', `.r${r}.hostile.test`),
        site,
      ]),
    ).flat(),
  );
  const farm = await startFixtureFarm({ 'calm.test': CALM_SITE, ...sites });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const { proc, url } = await startGatewayProcess({
    DATA_DIR: dataDir,
    CRAWL_OVERRIDES: farm.overrides(),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  try {
    await storedAnswer(url, 'calm.test');
    const probes = {
      lookup: () => fetch(`${url}/v1/domain/calm.test`, { headers: CLIENT }),
      healthz: () => fetch(`${url}/healthz`),
    };
    const idle = await timeWhile(probes, Promise.resolve(), { minRounds: IDLE_ROUNDS, pauseMs: 5 });
    const started = performance.now();
    const answers = Promise.all(Object.keys(sites).map((d) => storedAnswer(url, d)));
    const during = await timeWhile(probes, answers, { minRounds: 100, pauseMs: 5 });
    const window = performance.now() - started;

    console.log(`gateway (embedded service, default ANALYSIS_BUDGET_MS and ANALYSIS_THREADS) as npm start runs it`);
    console.log(
      `${'requests'.padEnd(28)} ${'n'.padStart(6)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)}`,
    );
    console.log(row('cached lookup, idle', idle.lookup));
    console.log(row('cached lookup, hostile', during.lookup));
    console.log(row('/healthz, idle', idle.healthz));
    console.log(row('/healthz, hostile', during.healthz));
    console.log(
      `\nhostile sites (${Object.keys(sites).length}, read at once; the window above: ${(window / 1000).toFixed(1)} s)`,
    );
    for (const { answer, ms: took } of await answers) {
      const notRead = (answer.basis?.not_read ?? []).map(
        (n) => `${n.file} (${n.bytes} bytes${n.note ? `, ${n.note}` : ''})`,
      );
      console.log(
        `  ${answer.domain.padEnd(34)} answered in ${(took / 1000).toFixed(1).padStart(5)} s; not read: ${notRead.join(', ') || 'none'}`,
      );
    }
    // ---- each reader at 1x and 2x its worst input --------------------------------------------
    console.log(
      `\n${'reader'.padEnd(16)} ${'worst input'.padEnd(66)} ${'bytes 2x'.padStart(9)} ${'ms 1x'.padStart(9)} ${'ms 2x'.padStart(9)} ${'2x/1x'.padStart(6)}`,
    );
    for (const t of timeReaders()) {
      console.log(
        `${t.reader.padEnd(16)} ${t.input.padEnd(66)} ${String(t.bytes).padStart(9)} ${t.ms1x.toFixed(2).padStart(9)} ${t.ms2x.toFixed(2).padStart(9)} ${(t.ms2x / t.ms1x).toFixed(2).padStart(6)}`,
      );
    }
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    await farm.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
