/**
 * `npm run bench -- audit`: the researcher's run at scale, as `npm run audit` runs (the compiled
 * dist/proxy/audit/main.js and dist/proxy/service/worker.js, built first if needed).
 *
 * 1. Domains per hour over AUDIT_DOMAINS fixture domains (default 10,000; each scenario its own
 *    names, so nothing is reused): robots.txt bodies of the 204 real files of the corpus, a
 *    homepage with a terms link, every file answering after 50 to 300 ms (seeded per file), all
 *    on one fixture server on 127.0.0.1 reached through CRAWL_OVERRIDES (`*.bench.test`).
 *    Three ways: the embedded service (no DATABASE_URL, CRAWL_CONCURRENCY 8 in the audit's
 *    process), then PostgreSQL with one and with two `npm run worker` processes (8 crawls
 *    each). The audit's RSS is sampled every 2 s and printed at each tenth of the run, to show
 *    memory flat over it; so is each worker's.
 *    AUDIT_SCENARIOS=embedded,pg1,pg2 picks some of them.
 *    Run with NODE_OPTIONS=--max-old-space-size=128 to show the heap bounded: the run completes.
 * 2. report.html, sites.csv, sites.jsonl and bots.csv written from AUDIT_ROWS rows (default
 *    100,000: the corpus's 204 files classified, the rows repeated under new names) in the
 *    run's state file; goal under 10 s, beside the time to read and parse the rows alone.
 *
 * The machine's 2 cores are shared by the fixture server, PostgreSQL, the workers and the
 * audit, so a second worker adds processes, not cores. Nothing is asserted; figures are printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { classify } from '../../proxy/analysis/index.js';
import { readDomainList } from '../../proxy/audit/list.js';
import { writeOutputs } from '../../proxy/audit/output/write-outputs.js';
import { siteRow } from '../../proxy/audit/site-row.js';
import { AuditState } from '../../proxy/audit/state.js';
import { catalogueCounts } from '../../shared/bots.js';
import { CRAWL_LIMITS } from '../../proxy/crawler/limits.js';
import { html, startFixtureFarm, text, type FixtureFarm, type FixtureRoute } from '../fixtures/farm.js';
import { evidence } from '../helpers/crawls.js';
import { realSites } from '../integration/audit/real-sites.js';
import { createTestDatabase } from '../integration/store/backends.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOMAINS = Number(process.env.AUDIT_DOMAINS ?? 10_000);
const ROWS = Number(process.env.AUDIT_ROWS ?? 100_000);
/** AUDIT_SCENARIOS: a comma-separated choice of embedded, pg1, pg2 (default all three). */
const SCENARIOS = (process.env.AUDIT_SCENARIOS ?? 'embedded,pg1,pg2').split(',').map((x) => x.trim());
const corpus = realSites();
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** 50 to 300 ms, the same for a given host and path in every run. */
function delayOf(host: string, path: string): number {
  let h = 2166136261;
  for (const c of host + path) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return 50 + ((h >>> 0) % 251);
}

function serveAll(farm: FixtureFarm, domains: readonly string[]): void {
  domains.forEach((d, i) => {
    const delayed =
      (r: ReturnType<typeof text>): FixtureRoute =>
      (req) => ({ ...r, delayMs: delayOf(d, req.url ?? '/') });
    farm.set(d, {
      routes: {
        '/robots.txt': delayed(text(corpus[i % corpus.length]!.robots)),
        '/': delayed(
          html(
            `<html><head><title>Site ${i}</title></head><body><a href="/legal/terms">Terms of Service</a><p>${'content '.repeat(100)}</p></body></html>`,
          ),
        ),
        '/legal/terms': delayed(
          html(
            `<h1>Terms</h1><p>${i % 2 ? 'You may not scrape this site or use it to train AI models.' : 'Be nice.'}</p>`,
          ),
        ),
      },
      fallback: delayed(text('Not found', {}, 404)),
    });
  });
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function node(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'dist', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (l) => l.includes(text) && resolve());
    child.once('exit', (code) => reject(new Error(`exited (${code}) before "${text}"`)));
  });
}

interface Scenario {
  name: string;
  workers: number;
  pg: boolean;
}

async function scenario(s: Scenario, farm: FixtureFarm, dir: string): Promise<void> {
  const names = Array.from({ length: DOMAINS }, (_, i) => `d${i}.${s.name}.bench.test`);
  serveAll(farm, names);
  const list = join(dir, `${s.name}.txt`);
  writeFileSync(list, names.join('\n') + '\n');
  const overrides = farm.overrides(['*.bench.test']);
  const db = s.pg ? await createTestDatabase('lens_audit_bench') : undefined;
  const env: Record<string, string> = {
    CRAWL_OVERRIDES: overrides,
    CRAWL_CONCURRENCY: '8',
    LOG_LEVEL: 'warn',
    ...(db ? { DATABASE_URL: db.url } : {}),
  };
  const workers: ChildProcess[] = [];
  try {
    for (let i = 0; i < s.workers && s.pg; i++) {
      const w = node('proxy/service/worker.js', [], { ...env, LOG_LEVEL: 'info', DATABASE_POOL_MAX: '10' });
      workers.push(w);
      await waitForLine(w, 'crawl workers started');
    }
    const before = farm.requests.length;
    const started = performance.now();
    const audit = node(
      'proxy/audit/main.js',
      [list, '--out', join(dir, s.name), '--rate', '1000', '--no-wait-retries'],
      env,
    );
    const samples: Array<{ s: number; audit: number; workers: number[] }> = [];
    const sampler = setInterval(() => {
      const a = rssMb(audit.pid!);
      if (a !== null)
        samples.push({
          s: (performance.now() - started) / 1000,
          audit: a,
          workers: workers.map((w) => rssMb(w.pid!) ?? 0),
        });
    }, 2_000);
    let out = '';
    audit.stdout!.on('data', (d) => (out += String(d)));
    audit.stderr!.on('data', (d) => (out += String(d)));
    const code = await new Promise<number | null>((r) => audit.on('exit', r));
    clearInterval(sampler);
    const secs = (performance.now() - started) / 1000;
    const summary = /Done: .*/.exec(out)?.[0] ?? `exit ${code}: ${out.slice(-400)}`;
    const requests = farm.requests.length - before;
    console.log(
      `${s.name}: ${n(DOMAINS)} domains in ${secs.toFixed(1)} s = ${n((DOMAINS / secs) * 3600)} domains/hour (${(DOMAINS / secs).toFixed(1)}/s; ${n(requests)} requests to the fixture server). ${summary}`,
    );
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const shown = samples.filter((_, i) => i % tenth === 0 || i === samples.length - 1);
    console.log(
      `  RSS (MB) at ${shown.map((x) => `${x.s.toFixed(0)} s: audit ${x.audit.toFixed(0)}${x.workers.length ? `, workers ${x.workers.map((w) => w.toFixed(0)).join('/')}` : ''}`).join('; ')}`,
    );
    if (samples.length >= 4) {
      const half = samples.slice(Math.floor(samples.length / 2));
      const early = samples.slice(0, Math.floor(samples.length / 2));
      console.log(
        `  audit RSS: max of the first half ${Math.max(...early.map((x) => x.audit)).toFixed(0)} MB, of the second half ${Math.max(...half.map((x) => x.audit)).toFixed(0)} MB (the last samples include writing the results)`,
      );
    }
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    await db?.drop();
  }
}

async function reportFrom100k(dir: string): Promise<void> {
  // The corpus classified once each, then repeated under new names up to ROWS rows.
  const at = '2026-01-15T12:00:00.000Z';
  const records = corpus.map((s) => {
    const c = classify(evidence(s.domain, at, s.robots));
    return { summary: c.summary, full: { ...c.full, id: 1, audit_id: `aud_${s.domain}` } };
  });
  const names = Array.from({ length: ROWS }, (_, i) => `site${i}.example`);
  const list = readDomainList(Buffer.from(names.map((d, i) => `${i + 1},${d}`).join('\n')));
  const out = join(dir, 'rows');
  mkdirSync(out, { recursive: true });
  const { state, meta } = AuditState.open(out, list, 'generated.csv', Date.parse(at));
  for (let i = 0; i < ROWS; i += 5_000) {
    state.save(
      names.slice(i, i + 5_000).map((domain, j) => {
        const r = records[(i + j) % records.length]!;
        return {
          row: siteRow(
            { ...r.summary, domain },
            { ...r.full, domain },
            {
              rank: i + j + 1,
              checkedMs: Date.parse(at),
              failure: (i + j) % 97 === 0 ? 'timed out' : null,
              retryAtMs: null,
              reused: false,
            },
          ),
          checkedMs: Date.parse(at),
        };
      }),
    );
  }
  let t = performance.now();
  let parsed = 0;
  for (const r of state.rows()) parsed += r.domain.length > 0 ? 1 : 0;
  const readMs = performance.now() - t;
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  t = performance.now();
  const cpuBefore = cpu();
  const method = {
    listName: meta.listName,
    listSha256: meta.listSha256,
    listLines: { domains: ROWS, invalid: 0, duplicates: 0 },
    runStartedMs: meta.startedMs,
    builtMs: Date.now(),
    version: 'bench',
    userAgent: 'AIPolicyLens/1.0',
    refreshDays: 7,
    rate: 10,
    registry: 'generated',
    complete: true,
    catalogue: catalogueCounts(),
    limits: {
      domainMs: CRAWL_LIMITS.domainMs,
      requestMs: CRAWL_LIMITS.requestMs,
      maxRedirects: CRAWL_LIMITS.maxRedirects,
    },
  };
  const tally = await writeOutputs(out, () => state.rows(), method, []);
  const writeMs = performance.now() - t;
  const writeCpuMs = cpu() - cpuBefore;
  const size = (f: string) => `${f} ${mb(statSync(join(out, f)).size)} MB`;
  console.log(
    `report from ${n(ROWS)} rows: all four files in ${(writeMs / 1000).toFixed(2)} s, ${(writeCpuMs / 1000).toFixed(2)} s of this process's CPU (goal < 10 s; ${n(tally.status.ok)} ok, ${n(tally.status.failed)} failed) ` +
      `beside reading and parsing the rows alone: ${(readMs / 1000).toFixed(2)} s (${n(parsed)} rows). ${['sites.csv', 'sites.jsonl', 'bots.csv', 'report.html'].map(size).join(', ')}`,
  );
  state.close();
}

const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'server-build.mjs'), 'ensure'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('the server build failed');
const dir = mkdtempSync(join(tmpdir(), 'audit-bench-'));
const farm = await startFixtureFarm();
try {
  console.log(
    `audit benchmark: ${n(DOMAINS)} fixture domains per scenario (AUDIT_DOMAINS), files answering after 50-300 ms, --rate 1000 (the crawlers are the limit)`,
  );
  const all = [
    { name: 'embedded', workers: 0, pg: false },
    { name: 'pg1', workers: 1, pg: true },
    { name: 'pg2', workers: 2, pg: true },
  ];
  for (const s of DOMAINS === 0 ? [] : all.filter((x) => SCENARIOS.includes(x.name))) {
    await scenario(s, farm, dir);
  }
  if (ROWS > 0) await reportFrom100k(dir);
} finally {
  await farm.close();
  rmSync(dir, { recursive: true, force: true });
}
