/**
 * The gateway's web app on a real gateway (proxy/gateway/routes/web.ts, own-page.ts): the page
 * and its assets need no custom header and carry their own strict CSP; every other path keeps
 * every guard; the page's own POST passes cors by exact same-origin and nothing else does; the
 * Host guard, rate limits and the proxy token apply to the page as to any request; statistics
 * come through for the overview, or a 404 that says the upstream has none. The web folder here
 * is a stand-in written by the test (the real build is checked by test/e2e/web.test.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_STATS } from '../../../proxy/gateway/routes/stats.js';
import { WEB_STAMP } from '../../../proxy/gateway/web-dir.js';
import { ErrorObjectSchema, StatsResponseSchema } from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';
import { CLIENT, startTestGateway, tempDir, type TestGateway } from './helpers.js';
import { json } from '../../helpers/json.js';

const CSP =
  "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';base-uri 'none';form-action 'self';frame-ancestors 'none';object-src 'none'";
const PAGE = '<!doctype html><title>AI Policy Lens</title><script type="module" src="/assets/app-1a2b.js"></script>';
const TOKEN = 'web-test-token-0123456789abcdef';
const KEY = 'sk-web-test-0123456789abcdef0123456789';

const web = tempDir('gw-web-');
let farm: FixtureFarm;
let up: FaultUpstream;
let gw: TestGateway;
let bare: TestGateway;
let locked: TestGateway;
let limited: TestGateway;
let remote: TestGateway;

beforeAll(async () => {
  mkdirSync(join(web.path, 'assets'));
  writeFileSync(join(web.path, 'index.html'), PAGE);
  writeFileSync(join(web.path, 'assets', 'app-1a2b.js'), 'console.log("lens");\n');
  writeFileSync(join(web.path, WEB_STAMP), 'test\n');
  farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  up = await startFaultUpstream({ apiKey: KEY, preview: false });
  const crawl = { CRAWL_OVERRIDES: farm.overrides() };
  [gw, bare, locked, limited, remote] = await Promise.all([
    startTestGateway(crawl, { webDir: web.path }),
    startTestGateway(crawl, { webDir: null }),
    startTestGateway({ ...crawl, PROXY_TOKEN: TOKEN }, { webDir: web.path }),
    startTestGateway({ ...crawl, RATE_LIMIT_PER_MINUTE: '3' }, { webDir: web.path }),
    startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY }, { webDir: web.path }),
  ]);
});
afterAll(async () => {
  await Promise.all([gw, bare, locked, limited, remote].map((g) => g?.close()));
  await up?.close();
  await farm?.close();
  web.remove();
});

/** A request with nothing added: what a browser's navigation sends (no custom header). */
const plain = (g: TestGateway, path: string, init: RequestInit = {}) => fetch(`${g.url}${path}`, init);

async function expectError(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = ErrorObjectSchema.parse(await json(res));
  expect(body.error).toBe(code);
  return body.message;
}

/** GET with a Host header of our choosing (fetch forbids setting it). */
function withHost(url: string, path: string, host: string): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    request({ host: u.hostname, port: u.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('the web page', () => {
  it('is served for /, /site/{domain} and /overview without the custom header, with a strict CSP', async () => {
    for (const path of [
      '/',
      '/overview',
      '/site/blocks-all.test',
      '/site/b%C3%BCcher.test',
      '/site/not%20a%20domain',
      '/site/x.test/',
    ]) {
      const res = await plain(gw, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(PAGE);
    }
    const etag = (await plain(gw, '/')).headers.get('etag')!;
    expect((await plain(gw, '/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await plain(gw, '/overview', { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  it('serves its hashed assets for a year, and a JSON 404 for what is not there', async () => {
    const js = await plain(gw, '/assets/app-1a2b.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toContain('lens');
    await expectError(await plain(gw, '/assets/none.js'), 404, 'not_found');
    await expectError(await plain(gw, '/assets/..%2findex.html'), 404, 'not_found');
    await expectError(await plain(gw, '/assets/.source-hash'), 404, 'not_found');
  });

  it('answers GET only, and nothing else gets in without the custom header', async () => {
    const post = await plain(gw, '/', { method: 'POST' });
    expect(await expectError(post, 405, 'method_not_allowed')).toMatch(/GET/);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    // A page elsewhere can still not make the gateway look anything up.
    await expectError(await plain(gw, '/v1/domain/blocks-all.test'), 403, 'forbidden');
    await expectError(await plain(gw, '/preview/v1/stats'), 403, 'forbidden');
    await expectError(await plain(gw, '/site'), 403, 'forbidden');
  });

  it('is refused under a Host that is not this gateway (DNS rebinding), like every path', async () => {
    const port = new URL(gw.url).port;
    expect(await withHost(gw.url, '/', `evil.example:${port}`)).toBe(421);
    expect(await withHost(gw.url, '/assets/app-1a2b.js', `evil.example:${port}`)).toBe(421);
    expect(await withHost(gw.url, '/', `localhost:${port}`)).toBe(200);
  });

  it('says so when the web app is not built', async () => {
    expect(await expectError(await plain(bare, '/'), 404, 'not_found')).toMatch(/npm run build:server/);
    await expectError(await plain(bare, '/assets/app-1a2b.js'), 404, 'not_found');
  });

  it('counts toward the per-client limit like any request', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await plain(limited, '/')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('is served by a gateway with a proxy token, whose reads still need the token', async () => {
    expect((await plain(locked, '/site/blocks-all.test')).status).toBe(200);
    await expectError(await locked.get('/v1/domain/blocks-all.test'), 401, 'unauthorized');
    expect((await locked.get('/v1/domain/blocks-all.test', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

describe("the page's own requests", () => {
  const own = () => new URL(gw.url).origin;
  const recheck = (headers: Record<string, string>) =>
    plain(gw, '/v1/domain/blocks-all.test/recheck', { method: 'POST', headers });

  beforeAll(async () => {
    const res = await gw.get('/v1/domain/blocks-all.test', { prefer: 'wait=10' });
    expect((await json(res)).found).toBe(true);
  });

  it("reads pass as the extension's do: same-origin, with the custom header", async () => {
    const res = await gw.get('/v1/domain/blocks-all.test', { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('"Check again" passes with the gateway\'s own Origin, and with no other', async () => {
    // Another site's page: cors refuses its Origin, whatever else it sends.
    expect(
      await expectError(
        await recheck({ ...CLIENT, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }),
        403,
        'forbidden',
      ),
    ).toMatch(/web pages/);
    // The gateway's own Origin but the browser says the request came from elsewhere.
    await expectError(await recheck({ ...CLIENT, origin: own(), 'sec-fetch-site': 'cross-site' }), 403, 'forbidden');
    // Another name for this server is another origin.
    await expectError(
      await recheck({ ...CLIENT, origin: own().replace('127.0.0.1', 'localhost'), 'sec-fetch-site': 'same-origin' }),
      403,
      'forbidden',
    );
    // Its own origin, but without the custom header: the access guard still wants it.
    await expectError(await recheck({ origin: own(), 'sec-fetch-site': 'same-origin' }), 403, 'forbidden');
    // Past every guard: the recheck's own answer (202 accepted, or 200 refused: the site was checked seconds ago).
    const ok = await recheck({ ...CLIENT, origin: own(), 'sec-fetch-site': 'same-origin' });
    expect([200, 202]).toContain(ok.status);
    expect(await json(ok)).toMatchObject({ domain: 'blocks-all.test', accepted: ok.status === 202 });
    // A client without Sec-Fetch-Site (an older browser) is judged by its Origin alone.
    const again = await recheck({ ...CLIENT, origin: own() });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ accepted: false });
  });
});

describe('statistics for the overview', () => {
  it('come from the embedded service, cached, with every field the charts draw', async () => {
    await gw.get('/v1/domain/training.test', { prefer: 'wait=10' });
    const res = await gw.get('/preview/v1/stats');
    expect(res.status).toBe(200);
    const stats = StatsResponseSchema.parse(await json(res));
    expect(stats.total_domains).toBeGreaterThanOrEqual(1);
    expect(stats.key_bots).toHaveLength(10);
    expect((await gw.get('/preview/v1/stats')).headers.get('x-cache')).toBe('HIT');
    await expectError(
      await plain(gw, '/preview/v1/stats', { method: 'POST', headers: CLIENT }),
      405,
      'method_not_allowed',
    );
  });

  it('are a 404 that says why when the upstream has no announced surface', async () => {
    expect(await expectError(await remote.get('/preview/v1/stats'), 404, 'not_found')).toBe(NO_STATS);
  });
});
