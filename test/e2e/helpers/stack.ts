/**
 * The real system for the end-to-end suite and the extension benchmark: the fixture farm
 * serving every stance site on 127.0.0.1, and the gateway with its embedded service started as
 * `npm start` would be (a child process), crawling the farm through CRAWL_OVERRIDES.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface Stack {
  farm: FixtureFarm;
  /** The address the extension is given: the request tap in front of the gateway when `tap` was asked for. */
  gatewayUrl: string;
  /** The gateway's PROXY_TOKEN, when started with one. */
  token: string | undefined;
  /** Every request line (method and URL, query included) the gateway received through the tap, in order. */
  gatewayRequests: string[];
  close(): Promise<void>;
}

export interface StackOptions {
  /** Start the gateway with PROXY_TOKEN (an exposed gateway): every request needs the token. */
  proxyToken?: string;
  /**
   * Put a recording reverse proxy in front of the gateway, so tests can check exactly what the
   * browser sent it (the gateway logs nothing at LOG_LEVEL=silent). Off for benchmarks: one more hop.
   */
  tap?: boolean;
  /** The port the tap listens on when it is unused (else any free port): the address the extension is given. */
  tapPort?: number;
  /** More environment for the gateway (remote mode: UPSTREAM_BASE_URL and UPSTREAM_API_KEY). */
  env?: Record<string, string>;
}

/**
 * `preferred` when nothing listens there (a connection to it is refused), else a free port.
 * Screenshots that show an address stay the same from run to run on a machine where the
 * preferred port is unused, so a test run does not rewrite them.
 */
export async function unusedPort(preferred: number): Promise<number> {
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: preferred });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
  return refused ? preferred : freePort();
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** GET with the extension's marker header; used to wait for readiness and to warm the cache. */
export async function gatewayGet(base: string, path: string, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'x-ai-policy-lens': '1' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { headers });
  return res.json();
}

/** A reverse proxy on 127.0.0.1:0 that forwards everything to `target` and records each request line. */
async function startTap(
  target: string,
  log: string[],
  opts: Pick<StackOptions, 'tapPort'>,
): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  const server = createHttpServer((req, res) => {
    log.push(`${req.method} ${req.url}`);
    // Host names the gateway, as a reverse proxy sends it: the gateway refuses other hosts (DNS rebinding).
    const up = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":"bad_gateway","message":"tap: gateway unreachable"}');
    });
    req.pipe(up);
  });
  const port = opts.tapPort ? await unusedPort(opts.tapPort) : 0;
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  const dataDir = mkdtempSync(join(tmpdir(), 'lens-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'proxy/gateway/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CRAWL_OVERRIDES: farm.overrides(),
      LOG_LEVEL: 'silent',
      // The suite warms 13 sites in parallel and the benchmark navigates in a loop: far above one person's browsing.
      RATE_LIMIT_PER_MINUTE: '100000',
      ...(opts.proxyToken ? { PROXY_TOKEN: opts.proxyToken } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => void (stderr += b.toString()));
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${gatewayUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`gateway did not start within 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const gatewayRequests: string[] = [];
  const tap = opts.tap ? await startTap(gatewayUrl, gatewayRequests, opts) : null;
  return {
    farm,
    gatewayUrl: tap?.url ?? gatewayUrl,
    token: opts.proxyToken,
    gatewayRequests,
    async close() {
      await tap?.close();
      child.kill('SIGTERM');
      await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
      await farm.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServiceProcess {
  url: string;
  /** An API key from the service's own signup, for the extension's token field. */
  key: string;
  close(): Promise<void>;
}

/**
 * The standalone lookup service (`npm run service`) on the same fixture farm, with a key from
 * its signup. The extension speaks the seed's read paths, so it can be pointed at the service
 * directly (the key in the token field): used where the gateway in this tree lacks an endpoint
 * the service has (POST /v1/domain/{domain}/recheck).
 */
export async function startService(farm: FixtureFarm): Promise<ServiceProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lens-e2e-service-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CRAWL_OVERRIDES: farm.overrides(),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => void (stderr += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`service exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) throw new Error(`service did not start within 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const signup = await fetch(`${url}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'e2e@example.test' }),
  });
  const { api_key: key } = (await signup.json()) as { api_key: string };
  return {
    url,
    key,
    async close() {
      child.kill('SIGTERM');
      await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks for a domain until the gateway has analysed it (queued → found). */
export async function warm(base: string, domain: string, timeoutMs = 30_000, token?: string): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await gatewayGet(base, `/v1/domain/${domain}`, token)) as { found?: boolean };
    if (body.found) return body;
    if (Date.now() > deadline)
      throw new Error(`${domain} not analysed within ${timeoutMs} ms: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
