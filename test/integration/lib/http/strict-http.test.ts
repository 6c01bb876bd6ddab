/**
 * Every request answered, on both real servers (the gateway as `npm start` builds it, the service
 * listened as `npm run service` does), over raw sockets where a browser could not send it: a
 * client that half-closes after sending, Upgrade with a chunked body, JSON nested thousands deep,
 * two Host lines, an Expect nobody meets, an HTTP/2.0 request line, headers sent too slowly.
 * Each gets a JSON answer with the right status, promptly, and the server goes on serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../../../../proxy/lib/http/server.js';
import { ErrorObjectSchema } from '../../../../shared/schemas.js';
import { startFixtureFarm, type FixtureFarm } from '../../../fixtures/farm.js';
import { rawRequest, type RawAnswer } from '../../../helpers/raw-http.js';
import { slowSite, startTestGateway, tempDir, type TestGateway } from '../../gateway/helpers.js';
import { startHarness, type Harness } from '../../service/harness.js';

const ROBOTS = 'User-agent: GPTBot\nDisallow: /\n';
/** Each file of a new site answers after this: a held read waits for it, an unheld one does not. */
const SITE_DELAY_MS = 300;

let farm: FixtureFarm;
let gw: TestGateway;
let svc: Harness;
let key: string;
const dir = tempDir('strict-http-');

beforeAll(async () => {
  farm = await startFixtureFarm();
  gw = await startTestGateway({ CRAWL_OVERRIDES: farm.overrides(), RATE_LIMIT_PER_MINUTE: '100000' }, {}, dir.path);
  svc = await startHarness();
  key = await svc.key();
});
afterAll(async () => {
  await gw?.close();
  await svc?.close();
  await farm?.close();
  dir.remove();
});

interface Target {
  name: string;
  base: () => string;
  /** Header lines every request to it needs (the gateway's access header; the service's key). */
  auth: () => string;
  /** Registers a slow fixture site for a new domain on whichever farm this server crawls. */
  site: (domain: string) => void;
  batchPaths: string[];
}

const targets: Target[] = [
  {
    name: 'gateway',
    base: () => gw.url,
    auth: () => 'X-AI-Policy-Lens: 1\r\n',
    site: (d) => farm.set(d, slowSite(ROBOTS, SITE_DELAY_MS)),
    batchPaths: ['/v1/batch', '/v1/compare'],
  },
  {
    name: 'service',
    base: () => svc.base,
    auth: () => `Authorization: Bearer ${key}\r\n`,
    site: (d) => svc.farm.set(d, slowSite(ROBOTS, SITE_DELAY_MS)),
    batchPaths: ['/v1/batch', '/preview/v1/policy/batch'],
  },
];

const host = (base: string) => `Host: ${new URL(base).host}\r\n`;
let n = 0;
const fresh = () => `strict-${Date.now().toString(36)}-${++n}.test`;

/** The only answer: its status, a JSON error object when it is an error, and the body parsed. */
function only(answers: RawAnswer[]): {
  status: number;
  headers: Record<string, string>;
  json: Record<string, unknown>;
} {
  expect(answers).toHaveLength(1);
  const a = answers[0]!;
  expect(a.headers['content-type']).toMatch(/^application\/json/);
  const json = JSON.parse(a.body) as Record<string, unknown>;
  if (a.status >= 400) ErrorObjectSchema.parse(json);
  return { status: a.status, headers: a.headers, json };
}

async function stillServes(t: Target): Promise<void> {
  const r = await rawRequest(
    t.base(),
    `GET /v1/domain/example.test HTTP/1.1\r\n${host(t.base())}${t.auth()}Connection: close\r\n\r\n`,
  );
  expect(only(r.answers).status).toBe(200);
}

describe.each(targets)('$name', (t) => {
  it('answers a held read of a new domain to a client that half-closed after sending', async () => {
    const d = fresh();
    t.site(d);
    const r = await rawRequest(
      t.base(),
      `GET /v1/domain/${d} HTTP/1.1\r\n${host(t.base())}${t.auth()}Prefer: wait=8\r\n\r\n`,
      { halfClose: true, ms: 12_000 },
    );
    const a = only(r.answers);
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ domain: d, found: true });
    expect(a.headers['preference-applied']).toBe('wait=8');
    expect(r.ms).toBeLessThan(8_000);
    await stillServes(t);
  });

  it('answers an unheld read and a body marked gzip that is not, both half-closed', async () => {
    const d = fresh();
    t.site(d);
    const plain = await rawRequest(t.base(), `GET /v1/domain/${d} HTTP/1.1\r\n${host(t.base())}${t.auth()}\r\n`, {
      halfClose: true,
    });
    expect(only(plain.answers)).toMatchObject({ status: 200, json: { domain: d, found: false, queued: true } });
    const body = JSON.stringify({ domains: ['a.test', 'b.test'] });
    const gzip = await rawRequest(
      t.base(),
      `POST ${t.batchPaths[0]} HTTP/1.1\r\n${host(t.base())}${t.auth()}Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      { halfClose: true },
    );
    expect(only(gzip.answers).status).toBe(400);
  });

  it('refuses Upgrade with a broken chunked body at once (400), and answers a plain Upgrade request, then closes', async () => {
    const broken = await rawRequest(
      t.base(),
      `POST ${t.batchPaths[0]} HTTP/1.1\r\n${host(t.base())}${t.auth()}Upgrade: websocket\r\nConnection: Upgrade\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n`,
      { untilClose: true },
    );
    expect(only(broken.answers).status).toBe(400);
    expect(broken.closed).toBe(true);
    expect(broken.ms).toBeLessThan(1_000);
    const h2c = await rawRequest(
      t.base(),
      `GET /v1/domain/example.test HTTP/1.1\r\n${host(t.base())}${t.auth()}Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\nConnection: Upgrade, HTTP2-Settings\r\n\r\n`,
      { untilClose: true },
    );
    expect(only(h2c.answers).status).toBe(200);
    expect(h2c.answers[0]!.headers.connection).toBe('close');
    expect(h2c.closed).toBe(true);
    await stillServes(t);
  });

  it('answers JSON nested 20,000 deep with 400, not 500, on every batch route', async () => {
    const deep = `{"domains":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const path of t.batchPaths) {
      const r = await rawRequest(
        t.base(),
        `POST ${path} HTTP/1.1\r\n${host(t.base())}${t.auth()}Content-Type: application/json\r\nContent-Length: ${deep.length}\r\n\r\n${deep}`,
      );
      expect(only(r.answers).status, path).toBe(400);
      // One level down: an entry that is itself nested deep.
      const inner = `{"domains":["a.test",${'['.repeat(20_000)}${']'.repeat(20_000)}]}`;
      const r2 = await rawRequest(
        t.base(),
        `POST ${path} HTTP/1.1\r\n${host(t.base())}${t.auth()}Content-Type: application/json\r\nContent-Length: ${inner.length}\r\n\r\n${inner}`,
      );
      const a = only(r2.answers);
      expect(a.status, path).toBe(400);
      expect(a.json.message).toMatch(/domains\[1\]: a list is not a valid domain/);
    }
    await stillServes(t);
  });

  it.each([
    [
      'two Host lines',
      400,
      (b: string, auth: string) =>
        `GET /v1/domain/example.test HTTP/1.1\r\n${host(b)}Host: other.example\r\n${auth}\r\n`,
    ],
    [
      'Expect: 200-ok',
      417,
      (b: string, auth: string) => `GET /v1/domain/example.test HTTP/1.1\r\n${host(b)}${auth}Expect: 200-ok\r\n\r\n`,
    ],
    [
      'an HTTP/2.0 request line',
      505,
      (b: string, auth: string) => `GET /v1/domain/example.test HTTP/2.0\r\n${host(b)}${auth}\r\n`,
    ],
  ])('answers %s with %i, the error object and the security headers, then closes', async (_name, status, text) => {
    const r = await rawRequest(t.base(), text(t.base(), t.auth()), { untilClose: true });
    const a = only(r.answers);
    expect(a.status).toBe(status);
    expect(a.json.error).toBe('invalid_params');
    expect(a.headers['content-security-policy']).toContain("default-src 'none'");
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(r.ms).toBeLessThan(1_000);
    expect(r.closed).toBe(true);
    await stillServes(t);
  });
});

describe('slow headers', () => {
  it(
    'both servers answer 408 and close connections whose headers do not arrive in time',
    async () => {
      const bases = [gw.url, svc.base];
      const partial = (b: string) => `GET /v1/domain/example.test HTTP/1.1\r\n${host(b)}X-Slow: `;
      const started = Date.now();
      const results = await Promise.all(
        bases.flatMap((b) =>
          Array.from({ length: 25 }, () =>
            rawRequest(b, partial(b), { untilClose: true, ms: SERVER_TIMEOUTS.headersMs + 5_000 }),
          ),
        ),
      );
      for (const r of results) {
        expect(r.closed).toBe(true);
        expect(only(r.answers).status).toBe(408);
      }
      expect(Date.now() - started).toBeLessThan(SERVER_TIMEOUTS.headersMs + 3_000);
      for (const t of targets) await stillServes(t);
    },
    SERVER_TIMEOUTS.headersMs + 20_000,
  );
});

describe('gateway only', () => {
  it('answers a 26-domain batch to a client that half-closed', async () => {
    const domains = Array.from({ length: 26 }, () => fresh());
    for (const d of domains) farm.set(d, slowSite(ROBOTS, SITE_DELAY_MS));
    const body = JSON.stringify({ domains });
    const r = await rawRequest(
      gw.url,
      `POST /v1/batch HTTP/1.1\r\n${host(gw.url)}X-AI-Policy-Lens: 1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      { halfClose: true, ms: 10_000 },
    );
    const a = only(r.answers);
    expect(a.status).toBe(200);
    expect((a.json.not_found as string[]).length + (a.json.domains as unknown[]).length).toBe(26);
  });
});
