/**
 * `npm run bench -- service`
 *
 * Cached lookups per second through the lookup service's whole keyed stack (helmet, Bearer
 * key: SHA-256 + SQLite lookup + timingSafeEqual, three usage windows written through
 * in one upsert, registry read, JSON) against a bare node:http server returning the same bytes.
 * Both run in child processes with the same autocannon settings, alternated, in one run; CPU
 * time per request is printed beside req/s because the 2-core machine is shared. Also prints
 * the in-process rate of LookupService.lookup() (the embedded gateway's path, no HTTP).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- autocannon ships no type declarations; the part used is typed below.
import autocannonUntyped from 'autocannon';
import { createCrawler } from '../../proxy/crawler/index.js';
import { createLogger } from '../../proxy/lib/logger.js';
import { ApiKeys } from '../../proxy/service/auth/api-keys.js';
import { createServiceApp } from '../../proxy/service/http/app.js';
import { createLookupService } from '../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../proxy/service/store/sqlite/open.js';
import type { Domain } from '../../shared/domain.js';
import { startFixtureFarm } from '../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../fixtures/stance-sites.js';
import { cpuUsageOf, serveCpuUsage } from './lib/cpu.js';

const autocannon = autocannonUntyped as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<{
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}>;

const here = fileURLToPath(import.meta.url);
const DOMAIN = 'training.test' as Domain;
const CONNECTIONS = 10;
const SECONDS = 5;
const ROUNDS = 2;
const UNLIMITED = { minute: 1e9, day: 1e9, month: 1e9 };

/** A registry holding every stance fixture, analysed by the real crawler. */
async function populatedService() {
  const farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const crawler = createCrawler({ overrides: farm.overrides() });
  const service = createLookupService({
    store: openSqliteStore(dir),
    crawler,
    logger: createLogger('bench', 'silent'),
  });
  for (const host of Object.keys(STANCE_SITES)) await service.analyseNow(host as Domain);
  return {
    service,
    close: async () => {
      await service.close();
      await crawler.close();
      await farm.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function serveService(): Promise<void> {
  const { service } = await populatedService();
  const app = createServiceApp({
    service,
    store: service.store,
    logger: createLogger('bench', 'silent'),
    keyLimits: UNLIMITED,
  });
  const key = await new ApiKeys(service.store.keys).create('bench@example.com', '127.0.0.1', Date.now());
  serveCpuUsage();
  const server = app.listen(0, '127.0.0.1', () => {
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key });
  });
}

async function serveBare(): Promise<void> {
  const { service, close } = await populatedService();
  const body = Buffer.from(JSON.stringify(await service.lookup(DOMAIN)));
  await close();
  serveCpuUsage();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: '' }),
  );
}

interface Started {
  child: ChildProcess;
  url: string;
  key: string;
}

function start(mode: string): Promise<Started> {
  const child = fork(here, [mode], { execArgv: ['--import', 'tsx'], env: { ...process.env, LOG_LEVEL: 'silent' } });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string; key: string }) => resolve({ child, url: m.url, key: m.key }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

async function load(s: Started) {
  const before = await cpuUsageOf(s.child);
  const r = await autocannon({
    url: `${s.url}/v1/domain/${DOMAIN}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: s.key ? { authorization: `Bearer ${s.key}` } : {},
  });
  const cpu = (await cpuUsageOf(s.child)) - before;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, cpuPerReq: cpu / r.requests.total };
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode === 'service') return serveService();
  if (mode === 'bare') return serveBare();

  // In-process: the registry read the embedded gateway does.
  const { service, close } = await populatedService();
  const n = 200_000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await service.lookup(DOMAIN);
  const perSec = n / (Number(process.hrtime.bigint() - t0) / 1e9);
  await close();
  console.log(
    `in-process LookupService.lookup(): ${Math.round(perSec).toLocaleString('en')} lookups/s (${(1e6 / perSec).toFixed(1)} µs each)`,
  );

  const [svc, bare] = await Promise.all([start('service'), start('bare')]);
  const results: Record<string, Array<Awaited<ReturnType<typeof load>>>> = { service: [], bare: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      results.bare!.push(await load(bare));
      results.service!.push(await load(svc));
    }
  } finally {
    svc.child.kill();
    bare.child.kill();
  }
  const best = (rs: Array<Awaited<ReturnType<typeof load>>>) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const s = best(results.service!);
  const b = best(results.bare!);
  const line = (name: string, r: typeof s) =>
    `${name.padEnd(34)} ${Math.round(r.rps).toLocaleString('en').padStart(7)} req/s   p99 ${String(r.p99).padStart(3)} ms   ${r.cpuPerReq.toFixed(0).padStart(4)} µs CPU/req`;
  console.log(
    `cached GET /v1/domain/${DOMAIN}, ${CONNECTIONS} connections, ${SECONDS} s, best of ${ROUNDS} alternated rounds:`,
  );
  console.log(line('bare node:http, same bytes', b));
  console.log(line('service, full keyed stack', s));
  console.log(
    `ratio service / bare: ${(s.rps / b.rps).toFixed(2)} (req/s), ${(s.cpuPerReq / b.cpuPerReq).toFixed(1)}x CPU per request`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
