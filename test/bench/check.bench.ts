/**
 * `npm run bench -- check`
 *
 * Per-URL answers at a crawler's frontier: 100,000 URLs over 1,000 domains in the registry
 * (fixture sites on 127.0.0.1 serving the 204 real robots.txt files in turn, some with a
 * tdmrep.json, an ai.txt or a Content-Signal header, crawled and classified by the real
 * crawler and analysis into a SQLite registry). Printed, in one run:
 * - the shared judgement (shared/url-check judgeUrl) alone, records already in memory: URLs/s
 *   (goal: at least 50,000), first pass (patterns compiled) and warm;
 * - POST /v1/check through the service's keyed HTTP stack (a child process), 100 requests of
 *   1,000 URLs, 4 in flight, URLs shuffled across domains and grouped by domain;
 * - where the API's time goes, in process over the same 100 request bodies: JSON.parse of the
 *   body, URL checks, the registry read (SQLite and JSON.parse of each record), the judging,
 *   JSON.stringify of the answer: the judging's share shows what limits the API;
 * - `npm run check` (tsx) over the same 100,000 lines on stdin, and its start-up alone.
 */
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCrawler } from '../../proxy/crawler/index.js';
import { createLogger } from '../../proxy/lib/logger.js';
import { ApiKeys } from '../../proxy/service/auth/api-keys.js';
import { createServiceApp } from '../../proxy/service/http/app.js';
import { JudgedParts } from '../../proxy/service/judged-parts.js';
import { createLookupService } from '../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../proxy/service/store/sqlite/open.js';
import { checkCheckBody, type CheckRequest } from '../../shared/check-api.js';
import type { Domain } from '../../shared/domain.js';
import { parseRobotsTxt } from '../../shared/robots/index.js';
import type { DomainPolicyFound } from '../../shared/schemas.js';
import { answerUrls, registryAnswers } from '../../shared/url-check/answer.js';
import { judgeUrl } from '../../shared/url-check/judge.js';
import { html, json, startFixtureFarm, text, type FixtureSite } from '../fixtures/farm.js';
import { realRobotsFiles } from '../unit/shared/robots/corpora.js';
import { cpuUsageOf, serveCpuUsage } from './lib/cpu.js';

const here = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOMAINS = Number(process.env.CHECK_BENCH_DOMAINS ?? 1000);
const PER_DOMAIN = 100;
const PER_REQUEST = 1000;
const IN_FLIGHT = 4;
const QUESTION = { bot: 'GPTBot', use: 'training' } as const;
const UNLIMITED = { minute: 1e9, day: 1e9, month: 1e9 };
const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** A deterministic shuffle (xorshift), so every run asks the same questions. */
function shuffled<T>(xs: T[], seed = 2026): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = Math.abs(s) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const domainOf = (i: number) => `s${String(i).padStart(4, '0')}.bench.test`;

/** 1,000 sites: the real robots.txt files in turn; every 10th a tdmrep.json, every 7th an ai.txt, every 5th a Content-Signal header. */
function sites(): { sites: Record<string, FixtureSite>; urls: string[] } {
  const files = realRobotsFiles().filter((f) => !f.text.trimStart().startsWith('<') && f.text.trim() !== '');
  const out: Record<string, FixtureSite> = {};
  const urls: string[] = [];
  for (let i = 0; i < DOMAINS; i++) {
    const d = domainOf(i);
    const robots = files[i % files.length]!.text;
    const headers: Record<string, string> = i % 5 === 0 ? { 'content-signal': 'search=yes, ai-train=no' } : {};
    out[d] = {
      routes: {
        '/': html('<!doctype html><html><head><title>Bench</title></head><body>bench</body></html>', headers),
        '/robots.txt': text(robots),
        ...(i % 10 === 0
          ? {
              '/.well-known/tdmrep.json': json([
                { location: '/news/', 'tdm-reservation': 1 },
                { location: '/', 'tdm-reservation': 0 },
              ]),
            }
          : {}),
        ...(i % 7 === 0 ? { '/ai.txt': text('User-Agent: *\nDisallow: *.jpg\nDisallow: *.png\n') } : {}),
      },
    };
    const fromRules = parseRobotsTxt(robots)
      .groups.flatMap((g) => g.rules.map((r) => r.pattern.replace(/\*/g, 'x').replace(/\$$/, '')))
      .filter((p) => p.startsWith('/'));
    const paths = [...new Set(fromRules)].slice(0, PER_DOMAIN / 2);
    for (let k = 0; paths.length < PER_DOMAIN; k++)
      paths.push([`/news/2026/story-${k}.html`, `/images/photo-${k}.jpg`, `/p/${k}?ref=home`][k % 3]!);
    for (const p of paths) urls.push(`https://${d}${p}`);
  }
  return { sites: out, urls };
}

/** Crawls every site into a SQLite registry in `dir`. */
async function populate(dir: string, table: Record<string, FixtureSite>): Promise<void> {
  const farm = await startFixtureFarm(table);
  const crawler = createCrawler({ overrides: farm.overrides() });
  const service = createLookupService({
    store: openSqliteStore(dir),
    crawler,
    workers: false,
    logger: createLogger('bench', 'silent'),
  });
  const domains = Object.keys(table);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < domains.length) await service.analyseNow(domains[next++] as Domain);
    }),
  );
  console.log(
    `registry: ${domains.length} domains crawled and classified in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await service.close();
  await crawler.close();
  await farm.close();
}

async function serve(dir: string): Promise<void> {
  const service = createLookupService({
    store: openSqliteStore(dir),
    crawler: createCrawler({}),
    workers: false,
    logger: createLogger('bench', 'silent'),
  });
  const app = createServiceApp({
    service,
    store: service.store,
    logger: createLogger('bench', 'silent'),
    keyLimits: UNLIMITED,
  });
  const key = await new ApiKeys(service.store.keys).create('bench@example.com', '127.0.0.1', Date.now());
  serveCpuUsage();
  const server = app.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key }),
  );
}

/** `bodies` POSTed IN_FLIGHT at a time; wall time and the server's CPU time. */
async function throughApi(
  url: string,
  key: string,
  child: ReturnType<typeof fork>,
  bodies: string[],
): Promise<{ s: number; cpuS: number }> {
  const cpu0 = await cpuUsageOf(child);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) {
        const res = await fetch(`${url}/v1/check`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: bodies[next++],
        });
        const answer = (await res.json()) as { results?: unknown[] };
        if (res.status !== 200 || answer.results?.length !== PER_REQUEST)
          throw new Error(`POST /v1/check answered ${res.status}`);
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  return { s, cpuS: ((await cpuUsageOf(child)) - cpu0) / 1e6 };
}

function runCli(dir: string, stdin: string): Promise<number> {
  const t0 = performance.now();
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'proxy/service/check-cli.ts', '--bot', QUESTION.bot, '--use', QUESTION.use, '--no-crawl'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let lines = 0;
  proc.stdout.on('data', (d: Buffer) => {
    for (const b of d) if (b === 10) lines++;
  });
  proc.stdin.end(stdin);
  return new Promise((resolve, reject) =>
    proc.on('close', (code) =>
      code === 0 && lines === stdin.split('\n').filter(Boolean).length
        ? resolve((performance.now() - t0) / 1000)
        : reject(new Error(`npm run check: exit ${code}, ${lines} lines`)),
    ),
  );
}

const chunks = (urls: string[]) =>
  Array.from({ length: Math.ceil(urls.length / PER_REQUEST) }, (_, i) =>
    JSON.stringify({ ...QUESTION, urls: urls.slice(i * PER_REQUEST, (i + 1) * PER_REQUEST) }),
  );

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') return serve(process.argv[3]!);
  const dir = mkdtempSync(join(tmpdir(), 'check-bench-'));
  try {
    const { sites: table, urls } = sites();
    await populate(dir, table);
    const mixed = shuffled(urls);
    console.log(`${fmt(urls.length)} URLs over ${fmt(DOMAINS)} domains; question: ${JSON.stringify(QUESTION)}`);

    // In process: the pieces of one API request, over the same 100 bodies.
    const service = createLookupService({
      store: openSqliteStore(dir),
      crawler: createCrawler({}),
      workers: false,
      logger: createLogger('bench', 'silent'),
    });
    const bodies = chunks(mixed);
    const t = { json: 0, urls: 0, read: 0, reuse: 0, judge: 0, out: 0 };
    const parts = new JudgedParts();
    const requests: CheckRequest[] = [];
    const records = new Map<string, DomainPolicyFound>();
    // CPU time of this process (µs), not wall time: nothing else runs in it, and a busy machine moves it far less.
    const cpuNow = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    for (const body of bodies) {
      let a = cpuNow();
      const parsed = JSON.parse(body) as unknown;
      let b = cpuNow();
      t.json += b - a;
      const r = checkCheckBody(parsed);
      if (!r.ok) throw new Error(r.message);
      a = cpuNow();
      t.urls += a - b;
      const { found, queued } = await service.lookups(r.value.domains);
      b = cpuNow();
      t.read += b - a;
      for (const [d, rec] of found) found.set(d, parts.reuse(rec));
      a = cpuNow();
      t.reuse += a - b;
      const answer = answerUrls(r.value, registryAnswers(r.value.domains, found, queued));
      b = cpuNow();
      t.judge += b - a;
      JSON.stringify(answer);
      t.out += cpuNow() - b;
      requests.push(r.value);
      for (const [d, rec] of found) records.set(d, rec);
    }
    await service.close();
    const total = t.json + t.urls + t.read + t.reuse + t.judge + t.out;
    const share = (ms: number) => `${ms.toFixed(0)} ms (${((100 * ms) / total).toFixed(0)} %)`;
    console.log(
      `\none API request's work, in process, CPU time, 100 requests of ${fmt(PER_REQUEST)} shuffled URLs (${fmt(urls.length / (total / 1000))} URLs per CPU second in all):`,
    );
    console.log(`  JSON.parse of the bodies   ${share(t.json)}`);
    console.log(`  URL checks (WHATWG URL)    ${share(t.urls)}`);
    console.log(`  registry read (SQLite and JSON.parse of each record) ${share(t.read)}`);
    console.log(`  rules unchanged since the last read? (JudgedParts) ${share(t.reuse)}`);
    console.log(`  judging (shared/url-check) ${share(t.judge)}`);
    console.log(`  JSON.stringify of answers  ${share(t.out)}`);

    // The shared function alone, records in memory (as the gateway and the CLI keep them).
    const all = requests.flatMap((r) => r.urls);
    const question = requests[0]!.question;
    // Wall time and this process's CPU time: on a shared machine the second moves far less.
    const timed = (f: () => void) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      f();
      const c = process.cpuUsage(c0);
      return { wall: all.length / ((performance.now() - t0) / 1000), cpu: all.length / ((c.user + c.system) / 1e6) };
    };
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    let blocked = 0;
    const rounds = Array.from({ length: 7 }, () =>
      timed(() => {
        blocked = 0;
        for (const u of all) if (judgeUrl(records.get(u.domain)!, u.path, question).verdict === 'blocked') blocked++;
      }),
    );
    const warm = rounds.slice(1);
    const cpuWarm = median(warm.map((r) => r.cpu));
    console.log(`\nshared judgement (judgeUrl), ${fmt(all.length)} URLs, records in memory: ${fmt(blocked)} blocked`);
    console.log(`  first pass (patterns compiled): ${fmt(rounds[0]!.wall)} URLs/s`);
    console.log(
      `  warm, median of 6: ${fmt(median(warm.map((r) => r.wall)))} URLs/s (${fmt(cpuWarm)} per CPU second)   goal >= 50,000: ${cpuWarm >= 50_000 ? 'met' : 'NOT met'}`,
    );
    const useOnly = Array.from({ length: 5 }, () =>
      timed(() => all.forEach((u) => judgeUrl(records.get(u.domain)!, u.path, { token: null, use: 'training' }))),
    );
    console.log(
      `  a use case alone (its 4 key bots each), median of 5: ${fmt(median(useOnly.map((r) => r.wall)))} URLs/s (${fmt(median(useOnly.map((r) => r.cpu)))} per CPU second)`,
    );

    // Through the service's HTTP stack, in a child process.
    const child = fork(here, ['serve', dir], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { url: string; key: string }));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    try {
      await throughApi(url, key, child, bodies.slice(0, 8)); // warm-up
      const shuffledRun = await throughApi(url, key, child, bodies);
      const grouped = await throughApi(url, key, child, chunks(urls));
      console.log(
        `\nPOST /v1/check, service keyed stack, 100 requests of ${fmt(PER_REQUEST)} URLs, ${IN_FLIGHT} in flight:`,
      );
      console.log(
        `  shuffled (about ${fmt(requests.reduce((n, r) => n + r.domains.length, 0) / requests.length)} domains a request): ${fmt(urls.length / shuffledRun.s)} URLs/s, server CPU ${((1e6 * shuffledRun.cpuS) / urls.length).toFixed(1)} µs per URL`,
      );
      console.log(
        `  grouped by domain (10 domains a request):  ${fmt(urls.length / grouped.s)} URLs/s, server CPU ${((1e6 * grouped.cpuS) / urls.length).toFixed(1)} µs per URL`,
      );
      console.log(
        `  the judging is ${((100 * t.judge) / total).toFixed(0)} % of a request's work in process; JSON (bodies, records, answers) and URL checks the rest`,
      );
    } finally {
      child.kill();
    }

    // The CLI, as a pipeline runs it.
    const startup = await runCli(dir, '');
    const cli = await runCli(dir, mixed.join('\n') + '\n');
    console.log(
      `\nnpm run check (tsx), ${fmt(urls.length)} lines on stdin: ${cli.toFixed(1)} s in all, ${fmt(urls.length / cli)} URLs/s; start-up alone ${startup.toFixed(1)} s, so ${fmt(urls.length / Math.max(0.001, cli - startup))} URLs/s once running`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
