/**
 * `npm run bench -- gateway`
 *
 * (1) Cached lookups through the gateway's whole stack (the Express app with helmet, cors,
 *     express-rate-limit, our guards, the routers, the cache and metrics) against a minimal
 *     Express 5 app running the same middleware (the same library configurations) with one
 *     route that writes the same bytes: the status line, header lines and body the gateway
 *     sends, checked in this run. So the ratio is what our own code costs on top of the
 *     libraries. A bare node:http server answering the same bytes is measured too, for
 *     information: it shows what Express and the middleware cost themselves.
 *     Every server is a child process pinned to core 0; the load generator (this process with
 *     all its threads) is pinned to core 1 (LIBRARIES "load testing"). Same settings, a
 *     warm-up, then ROUNDS alternated rounds in one run; medians. Unpaced load (autocannon,
 *     CONNECTIONS connections, each sending its next request when the last is answered) gives
 *     the capacity: ratios are printed by server CPU time per request (how many requests one
 *     core serves) and by req/s. On a shared 2-core machine a round's req/s mostly shows how
 *     much of its core the server got (printed as "core busy"), while CPU per request moves
 *     less, so the CPU ratio is the figure to read.
 *     Then latency at a steady RATE req/s, the three servers and a fourth (the bare server
 *     giving each request and response a new prototype, as Express's app.handle does) in 3
 *     alternated rounds of 5 s, medians: p99, p50, how late the load generator itself was (its
 *     p99 of actual minus scheduled send time, part of every latency), and the server's own GC
 *     pauses in each round (perf_hooks 'gc' entries), from lib/steady-load.ts: an open-loop
 *     generator sending request i at start + i/RATE over a pool of CONNECTIONS keep-alive
 *     connections, latency counted from the scheduled time to the end of the body.
 *     Not autocannon's `overallRate`: that is not a steady rate. It gives each connection
 *     overallRate / connections requests per second (lib/run.js, distributeNums), and each
 *     connection sends its quota back to back, each request as soon as the previous answer is
 *     in (lib/httpClient.js `_doRequest`: `this.reqsMadeThisSecond++ < this.rate`), then
 *     pauses until a 1 s setInterval resets the count (httpClient.js, `rateInterval`). So
 *     "1,000 req/s" is a burst at full saturation at the start of every second and then
 *     silence, and its p99 is saturation queueing; on top, it records every latency "with an
 *     expected interval" of ceil(1 / rate) = 1 ms (run.js, recordValueWithExpectedInterval),
 *     adding synthetic samples for a spacing it never kept. It measured gateway 12 ms, minimal
 *     Express 18 ms, bare node:http 4 ms "at 1,000 req/s".
 *     Goals: gateway / minimal Express >= 0.85 (our code costs at most 15 % on top), gateway
 *     p99 < 5 ms at a steady 1,000 req/s.
 * (2) Browsing simulation: 50 clients, Zipf(1.0) over 2,000 domains, 20,000 lookups (80 %
 *     single, 20 % batches of 2-10), gateway in remote mode over a counting upstream that
 *     speaks the seed interface and answers 429 beyond its limit. Time is compressed 60x: the
 *     upstream allows 200 calls per 1 s window and the gateway paces for 200 per 1.1 s (the
 *     real setting is 61 s for the seed's 60: a second of skew, here 100 ms).
 *     Prints upstream fetches per distinct (domain, shape) (goal 1.0) and upstream 429s (goal 0).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, get as httpGet, IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- autocannon ships no type declarations; the part used is typed below.
import autocannonUntyped from 'autocannon';
import express from 'express';
import { loadGatewayConfig } from '../../proxy/gateway/program-config.js';
import { etagOf } from '../../proxy/gateway/response-cache.js';
import { corsMiddleware, rateLimiter } from '../../proxy/gateway/security.js';
import { startGateway } from '../../proxy/gateway/start.js';
import { securityHeaders } from '../../proxy/lib/http/security.js';
import { startFaultUpstream, syntheticPolicy } from '../fixtures/fault-upstream.js';
import { cpuUsageOf, gcPausesOf, serveCpuUsage } from './lib/cpu.js';
import { steadyLoad } from './lib/steady-load.js';

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = autocannonUntyped as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<LoadResult>;

const HEADER = { 'x-ai-policy-lens': '1' };
const here = fileURLToPath(import.meta.url);
const DOMAIN = 'bench-site.test';
const CONNECTIONS = 10;
const RATE = 1_000;

// ------------------------------------------------------------------ child-process servers

const BODY = () => Buffer.from(JSON.stringify(syntheticPolicy(DOMAIN)));

/**
 * Bare node:http: the same body with the header lines given in BARE_HEADERS (the gateway's own,
 * captured by the parent). With BARE_PROTOTYPES=1 it also does the one thing every Express app
 * does to each request before any middleware (express/lib/application.js `app.handle`): give the
 * request and the response new prototypes with Object.setPrototypeOf. That alone is measured
 * for the latency tail: it makes V8 keep garbage from request to request (see the README).
 */
async function serveBare(): Promise<void> {
  const body = BODY();
  const headers = JSON.parse(process.env.BARE_HEADERS!) as string[];
  const reqProto = Object.create(IncomingMessage.prototype) as object;
  const resProto = Object.create(ServerResponse.prototype) as object;
  const reproto = process.env.BARE_PROTOTYPES === '1';
  const server = createServer((req, res) => {
    if (reproto) {
      Object.setPrototypeOf(req, reqProto);
      Object.setPrototypeOf(res, resProto);
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  serveCpuUsage();
  server.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
  );
}

/**
 * The comparison the goal is about: Express 5 with the gateway's middleware as configured for
 * it (shared helmet settings, the gateway's cors and express-rate-limit configurations, the
 * same app settings), and one route writing the cached answer's header lines and body.
 */
async function serveExpress(): Promise<void> {
  const body = BODY();
  const headers = [
    'Content-Type',
    'application/json; charset=utf-8',
    'ETag',
    etagOf(body),
    'Cache-Control',
    'no-cache',
    'X-Cache',
    'HIT',
    'Content-Length',
    String(body.length),
  ];
  const app = express();
  app.set('trust proxy', 0);
  app.set('etag', false);
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(corsMiddleware([]));
  app.use(rateLimiter(1_000_000_000));
  app.get('/v1/domain/:domain', (_req, res) => {
    // The gateway's domain reads depend on RFC 7240 Prefer (held reads), and say so.
    res.vary('Prefer');
    res.writeHead(200, headers);
    res.end(body);
  });
  const server = createServer(app);
  serveCpuUsage();
  server.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
  );
}

async function serveGateway(): Promise<void> {
  const up = await startFaultUpstream({ apiKey: 'bench-key-0123456789abcdef0123456789' });
  const dir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
  const config = loadGatewayConfig({
    PORT: '0',
    DATA_DIR: dir,
    UPSTREAM_BASE_URL: up.url,
    UPSTREAM_API_KEY: 'bench-key-0123456789abcdef0123456789',
    // The limiter runs on every request but must not trip during a load test from one address.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const gw = await startGateway(config);
  const r = await fetch(`${gw.url}/v1/domain/${DOMAIN}`, { headers: HEADER });
  if (r.status !== 200) throw new Error(`priming failed: ${r.status}`);
  serveCpuUsage();
  process.send!({ url: gw.url });
}

/** req/s, latency, server CPU microseconds per request, and how busy the server's core was. */
async function measured(proc: ChildProcess, url: string, seconds: number) {
  const before = await cpuUsageOf(proc);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HEADER });
  const after = await cpuUsageOf(proc);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`load test saw ${r.non2xx} non-2xx and ${r.errors} errors at ${url}`);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    cpuUs: (after - before) / r.requests.total,
    busy: (after - before) / (seconds * 1e6),
  };
}

function child(
  mode: string,
  core: number,
  env: Record<string, string> = {},
): Promise<{ proc: ChildProcess; url: string }> {
  const args = ['--import', 'tsx', here, mode];
  const proc = spawn('taskset', ['-c', String(core), process.execPath, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (m: { url: string }) => resolve({ proc, url: m.url }));
    proc.once('exit', (code) => reject(new Error(`${mode} exited ${code}`)));
  });
}

const ROUNDS = Number(process.env.GATEWAY_BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.GATEWAY_BENCH_SECONDS ?? 5);
const med = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Header lines Node writes itself on every answer (so both servers send their own). */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive']);

/** One answer as it came over the wire: status, header lines in order (Node's own left out), body. */
function answer(url: string): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: HEADER, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!NODE_OWN.has(res.rawHeaders[i]!.toLowerCase())) headers.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        }
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** An answer with the rate limiter's per-request counters blanked (they differ from one request to the next). */
const comparable = (a: { status: number; headers: string[]; body: Buffer }) =>
  JSON.stringify([
    a.status,
    a.headers.map((h) => h.replace(/; r=\d+; t=\d+$/, '; r=_; t=_')),
    a.body.toString('base64'),
  ]);

async function throughput(): Promise<void> {
  // The load generator (this process, every thread: -a) on the other core.
  const pinned = spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  if (pinned.status !== 0)
    console.log('    (taskset unavailable: server and load generator share cores; figures are rougher)');
  const path = `/v1/domain/${DOMAIN}`;
  const gw = await child('serve-gateway', 0);
  const fromGateway = await answer(gw.url + path);
  const ex = await child('serve-express', 0);
  const bare = await child('serve-bare', 0, { BARE_HEADERS: JSON.stringify(fromGateway.headers) });
  const reproto = await child('serve-bare', 0, {
    BARE_HEADERS: JSON.stringify(fromGateway.headers),
    BARE_PROTOTYPES: '1',
  });
  try {
    for (const [name, other] of [
      ['minimal Express app', ex],
      ['bare server', bare],
    ] as const) {
      const theirs = await answer(other.url + path);
      if (comparable(theirs) !== comparable(fromGateway))
        throw new Error(
          `the ${name} does not answer the same bytes as the gateway:\n${comparable(theirs)}\n${comparable(fromGateway)}`,
        );
    }
    const servers = [
      { name: 'gateway', proc: gw.proc, url: gw.url + path },
      { name: 'Express + same mw', proc: ex.proc, url: ex.url + path },
      { name: 'bare node:http', proc: bare.proc, url: bare.url + path },
    ];
    for (const sv of servers) await measured(sv.proc, sv.url, 3); // warm-up: JIT, connection set-up
    const rounds = servers.map(() => [] as Awaited<ReturnType<typeof measured>>[]);
    for (let i = 0; i < ROUNDS; i++)
      for (const [k, sv] of servers.entries()) rounds[k]!.push(await measured(sv.proc, sv.url, SECONDS));
    const [g, e, b] = rounds as [(typeof rounds)[0], (typeof rounds)[0], (typeof rounds)[0]];
    const line = (name: string, xs: typeof g) =>
      `    ${name.padEnd(18)} ${String(Math.round(med(xs.map((x) => x.rps)))).padStart(6)} req/s  ${med(
        xs.map((x) => x.cpuUs),
      )
        .toFixed(1)
        .padStart(5)} µs CPU/req  ` +
      `p99 ${med(xs.map((x) => x.p99))} ms  (rounds: ${xs.map((x) => `${Math.round(x.rps)} req/s ${x.cpuUs.toFixed(1)} µs, core busy ${Math.round(x.busy * 100)}%`).join('; ')})`;
    const cpuRatios = (xs: typeof g, base: typeof g) => xs.map((x, i) => base[i]!.cpuUs / x.cpuUs);
    const rpsRatios = (xs: typeof g, base: typeof g) => xs.map((x, i) => x.rps / base[i]!.rps);
    const show = (rs: number[]) => `${med(rs).toFixed(2)} (per round: ${rs.map((r) => r.toFixed(2)).join(', ')})`;
    console.log(
      `(1) cached lookup, ${CONNECTIONS} connections, ${ROUNDS} alternated rounds of ${SECONDS} s after a warm-up, medians:`,
    );
    for (const [k, sv] of servers.entries()) console.log(line(sv.name, rounds[k]!));
    console.log(
      `    all three answer the same bytes: ${fromGateway.headers.length / 2} header lines + Node's Date, Connection, Keep-Alive; ${fromGateway.body.length} bytes of body`,
    );
    console.log(
      `    ratio gateway / minimal Express with the same middleware, by CPU per request (capacity) ${show(cpuRatios(g, e))} (goal >= 0.85)`,
    );
    console.log(
      `    ratio by req/s ${show(rpsRatios(g, e))} (req/s follows how much of its core each server got in its round, see "core busy")`,
    );
    console.log(
      `    for information, against bare node:http answering the same bytes: gateway ${med(cpuRatios(g, b)).toFixed(2)}, minimal Express ${med(cpuRatios(e, b)).toFixed(2)} (by CPU)`,
    );
    // p99 at saturation is queueing in front of a busy core; latency is read at a steady rate
    // (open loop, see the header), in alternated rounds like the throughput (one round can
    // catch the shared machine busy). The bare server is the control: what the machine's own
    // scheduling adds to p99.
    // With each round, the server's own garbage-collection pauses in it (perf_hooks 'gc' entries).
    const steady = async (proc: ChildProcess, url: string) => {
      await gcPausesOf(proc);
      const load = await steadyLoad({ url, rate: RATE, seconds: 5, connections: CONNECTIONS, headers: HEADER });
      return { ...load, gc: await gcPausesOf(proc) };
    };
    type Round = Awaited<ReturnType<typeof steady>>;
    const at = { gateway: [] as Round[], express: [] as Round[], bare: [] as Round[], reproto: [] as Round[] };
    for (let i = 0; i < 3; i++) {
      at.gateway.push(await steady(gw.proc, gw.url + path));
      at.express.push(await steady(ex.proc, ex.url + path));
      at.bare.push(await steady(bare.proc, bare.url + path));
      at.reproto.push(await steady(reproto.proc, reproto.url + path));
    }
    const ms = (x: number) => x.toFixed(2);
    const p = (name: string, xs: Round[], goal = '') =>
      `    ${name.padEnd(18)} p99 ${ms(med(xs.map((x) => x.p99)))} ms${goal}, p50 ${ms(med(xs.map((x) => x.p50)))} ms, generator late p99 ${ms(med(xs.map((x) => x.lateP99)))} ms ` +
      `(rounds: ${xs.map((x) => `p99 ${ms(x.p99)} p50 ${ms(x.p50)} max ${ms(x.max)} late ${ms(x.lateP99)}, server GC ${x.gc.count} pauses, longest ${ms(x.gc.maxMs)}, sum ${ms(x.gc.totalMs)}`).join('; ')})`;
    console.log(
      `    at a steady ${RATE} req/s (open loop, ${CONNECTIONS} keep-alive connections, latency from the scheduled send; ${at.gateway[0]!.count} requests a round), median of 3 rounds of 5 s:`,
    );
    console.log(p('gateway', at.gateway, ' (goal < 5 ms)'));
    console.log(p('Express + same mw', at.express));
    console.log(p('bare node:http', at.bare));
    console.log(p('bare + prototypes', at.reproto));
    console.log(
      `    (the last: the bare server giving each request and response a new prototype, as Express's app.handle does before any middleware)`,
    );
  } finally {
    for (const c of [gw, ex, bare, reproto]) c.proc.kill();
  }
}

// ------------------------------------------------------------------ browsing simulation

function zipfSampler(n: number, s: number, rand: () => number): () => number {
  const cdf: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cdf.push((sum += 1 / k ** s));
  return () => {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function simulation(): Promise<void> {
  const key = 'sim-key-0123456789abcdef0123456789abcd';
  const up = await startFaultUpstream({ apiKey: key, limit: { perWindow: 200, windowMs: 1_000 } });
  const dir = mkdtempSync(join(tmpdir(), 'gw-sim-'));
  const config = loadGatewayConfig({
    PORT: '0',
    DATA_DIR: dir,
    UPSTREAM_BASE_URL: up.url,
    UPSTREAM_API_KEY: key,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    UPSTREAM_MAX_QUEUE_MS: '60000',
  });
  const gw = await startGateway(config, { remote: { windowMs: 1_100 } });
  const rand = mulberry32(42);
  const pick = zipfSampler(2_000, 1.0, rand);
  const domains = Array.from({ length: 2_000 }, (_, i) => `site-${i}.test`);
  const TOTAL = 20_000;
  let issued = 0;
  let failures = 0;
  const asked = new Set<string>();
  const started = Date.now();
  const client = async () => {
    while (issued < TOTAL) {
      if (rand() < 0.8) {
        issued++;
        const d = domains[pick()]!;
        asked.add(`l:${d}`);
        const r = await fetch(`${gw.url}/v1/domain/${d}`, { headers: HEADER });
        if (r.status !== 200) failures++;
        await r.arrayBuffer();
      } else {
        const n = 2 + Math.floor(rand() * 9);
        const list = Array.from({ length: n }, () => domains[pick()]!);
        issued += n;
        list.forEach((d) => asked.add(`b:${d}`));
        const r = await fetch(`${gw.url}/v1/batch`, {
          method: 'POST',
          headers: {
            ...HEADER,
            'content-type': 'application/json',
            origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
          },
          body: JSON.stringify({ domains: list }),
        });
        if (r.status !== 200) failures++;
        await r.arrayBuffer();
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, client));
  const seconds = (Date.now() - started) / 1000;
  const lookupFetches = [...up.lookups.values()].reduce((a, b) => a + b, 0);
  const batchFetches = [...up.batched.values()].reduce((a, b) => a + b, 0);
  const distinctDomains = new Set([...asked].map((k) => k.slice(2))).size;
  const byShape = new Set(
    [...up.lookups.keys()].map((d) => `l:${d}`).concat([...up.batched.keys()].map((d) => `b:${d}`)),
  ).size;
  // A batch miss that the loader sends alone goes through the single lookup: count it under both shapes' union.
  const calls = up.requests.length;
  console.log(
    `(2) browsing simulation: 50 clients, Zipf(1.0) over 2,000 domains, ${TOTAL} lookups in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `    distinct domains asked ${distinctDomains}; upstream HTTP calls ${calls} (${up.requests.filter((r) => r.path === '/v1/batch').length} batches)`,
  );
  console.log(
    `    upstream domain fetches: ${lookupFetches} single + ${batchFetches} in batches = ${lookupFetches + batchFetches}`,
  );
  console.log(
    `    fetches per distinct (domain, shape) ${((lookupFetches + batchFetches) / byShape).toFixed(3)} (goal 1.0)`,
  );
  console.log(
    `    fetches per distinct domain ${((lookupFetches + batchFetches) / distinctDomains).toFixed(3)} (a domain asked both singly and in a batch needs the full record once and the batch item once)`,
  );
  console.log(`    upstream 429s ${up.limited} (goal 0); failed gateway answers ${failures}`);
  await gw.close();
  await up.close();
  rmSync(dir, { recursive: true, force: true });
}

// ------------------------------------------------------------------ entry

const mode = process.argv[2];
if (mode === 'serve-bare') await serveBare();
else if (mode === 'serve-gateway') await serveGateway();
else if (mode === 'serve-express') await serveExpress();
else {
  const which = process.env.GATEWAY_BENCH ?? 'all';
  if (which !== 'sim') await throughput();
  if (which !== 'throughput') await simulation();
  process.exit(0);
}
