/**
 * Malformed and borderline HTTP requests for the fuzz script (issue 12), built from a seeded
 * generator so a failing run can be repeated. Each case is the raw bytes of one request, often
 * with a second one pipelined behind it. What varies: method, path (mutated domain segments,
 * percent-encodings, very long and odd paths, query strings), HTTP version, headers (Host,
 * Origin, the client header, the token, content headers, controls and very long values),
 * framing (Content-Length right, short, long, negative, twice; chunked right and wrong; both)
 * and bodies (JSON of the wrong shape, deep nesting, invalid UTF-8). One case in six is the
 * extension's "Check again", POST /v1/domain/{domain}/recheck, to either server: a fuzzed
 * domain, the headers the extension sends (each sometimes left out or spoiled), no body or a
 * fuzzed one, sometimes asked twice on one connection (the second is refused as too soon).
 *
 * A valid domain the servers would queue for a crawl is always under `.test`, which the fuzz
 * run points at a closed port on 127.0.0.1 (CRAWL_OVERRIDES): no case reaches the internet.
 */
import { parseDomain } from '../../shared/domain.js';

export interface FuzzCase {
  /** A short description for failure reports. */
  name: string;
  /** The method of each request in `bytes`, in order (an answer to HEAD has no body). */
  methods: string[];
  bytes: Buffer;
  /** A "Check again" case (POST .../recheck first on the connection), counted apart in the reports. */
  recheck: boolean;
  /**
   * The client ends its side after sending (half-close, as `nc -q`, some proxies and HTTP/1.0
   * clients do): the server must still answer. Otherwise the connection stays open and the
   * answers are read as they come; only well-framed requests are sent that way.
   */
  halfClose: boolean;
}

export type Rand = () => number;

export function mulberry32(seed: number): Rand {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const chance = (rand: Rand, p: number) => rand() < p;

function randomBytes(rand: Rand, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

const SEGMENTS = [
  'example.test',
  'news.example.test',
  'Example.TEST',
  'example.test.',
  'xn--bcher-kva.test',
  'b%C3%BCcher.test',
  '',
  '.',
  '..',
  'a..b.test',
  '-a.test',
  'a-.test',
  'a_b.test',
  'x'.repeat(64) + '.test',
  'a.'.repeat(130) + 'test',
  '%zz',
  '%',
  '%00',
  '%2F',
  'a.test%2Ffull',
  '%E0%A4%A',
  '%C0%AF',
  '127.0.0.1',
  '2130706433',
  '0x7f.1',
  '[::1]',
  '%5B::1%5D',
  'localhost',
  'a.test:80',
  'a.test@b.test',
  'a%20b.test',
  '%F0%9F%92%A9.test',
  'ø.test',
  '\u202e.test',
  'a.test;x',
  'a.test?x=1',
];

/** A domain segment: valid, percent-encoded, malformed or random; never a valid domain outside .test. */
function segment(rand: Rand): string {
  const r = rand();
  if (r < 0.6) return pick(rand, SEGMENTS);
  if (r < 0.75) return `d${Math.floor(rand() * 1e6)}.test`;
  if (r < 0.9) return keepLocal(encodeURIComponent(randomBytes(rand, 1 + Math.floor(rand() * 12)).toString('latin1')));
  return 'a'.repeat(Math.floor(rand() * 5000));
}

const GATEWAY_PATHS = [
  (d: string) => `/v1/domain/${d}`,
  (d: string) => `/v1/domain/${d}/full`,
  (d: string) => `/preview/v1/policy/${d}`,
  (d: string) => `/preview/v1/policy/${d}/score`,
  (d: string) => `/preview/v1/domain/${d}/history`,
  (d: string) => `/v1/domain/${d}/recheck`,
  () => '/v1/batch',
  () => '/v1/compare',
  () => '/v1/check',
  () => '/healthz',
  () => '/status',
  () => '/metrics',
];

const SERVICE_PATHS = [
  (d: string) => `/v1/domain/${d}`,
  (d: string) => `/v1/domain/${d}/full`,
  (d: string) => `/preview/v1/policy/${d}`,
  (d: string) => `/preview/v1/policy/${d}/score`,
  (d: string) => `/preview/v1/signals/${d}`,
  (d: string) => `/preview/v1/domain/${d}/history`,
  () => '/v1/batch',
  () => '/v1/compare',
  () => '/v1/check',
  () => '/preview/v1/policy/batch',
  () => '/preview/v1/stats',
  () => '/v1/auth/signup',
  () => '/health',
  () => '/openapi.json',
];

const QUERIES = [
  'q=ex',
  'q=a',
  'q=',
  'q=ex&q=ey',
  'q=ex&limit=0',
  'q=ex&limit=101',
  'q=ex&limit=5&limit=6',
  'q=ex&offset=-1',
  'q=ex&offset=99999999999',
  'q=ex&stance=open',
  'q=ex&stance=blocks_training',
  'q[a]=1',
  'q=%zz',
  'q=%00%00',
  `q=${'x'.repeat(3000)}`,
  '&&&',
  '=',
  'q=ex&limit=1e3',
];

function path(rand: Rand, server: 'gateway' | 'service'): string {
  const r = rand();
  if (r < 0.7) return pick(rand, server === 'gateway' ? GATEWAY_PATHS : SERVICE_PATHS)(segment(rand));
  if (r < 0.8) return `${pick(rand, ['/v1/search', '/preview/v1/search'])}?${pick(rand, QUERIES)}`;
  return pick(rand, [
    '/',
    '*',
    '//v1//domain//a.test',
    '/v1/domain/',
    '/v1/domain',
    '/v1/../status',
    '/%2e%2e/status',
    '/v1/domain/a.test/full/extra',
    `/${'a/'.repeat(2000)}`,
    '/v1/domain/a.test#frag',
    'http://evil.example/v1/domain/a.test',
    '/v1/\u0000',
    '/nope',
    '/V1/DOMAIN/A.TEST',
  ]);
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'POST',
  'POST',
  'HEAD',
  'OPTIONS',
  'PUT',
  'DELETE',
  'PATCH',
  'TRACE',
  'get',
  'G\u0000T',
  'M'.repeat(40),
  'CONNECT',
];

/** Domains in a JSON body: each valid one that is not under .test is replaced (see the module comment). */
function bodyDomains(rand: Rand): unknown[] {
  const n = pick(rand, [0, 1, 2, 3, 25, 26, 101, 501]);
  return Array.from({ length: n }, () => pick(rand, [segment(rand), 42, null, {}, [], true, 'a'.repeat(300)]));
}

function jsonBody(rand: Rand): Buffer {
  const r = rand();
  if (r < 0.35) return Buffer.from(JSON.stringify({ domains: bodyDomains(rand) }));
  if (r < 0.45)
    return Buffer.from(
      JSON.stringify({ email: pick(rand, ['a@b.test', 'nope', '', 'x'.repeat(500) + '@b.test', 42]) }),
    );
  if (r < 0.55) return Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`);
  if (r < 0.65)
    return Buffer.from(
      pick(rand, [
        '{"domains": [',
        'null',
        '[]',
        '"x"',
        '{"domains": "a.test"}',
        '{"__proto__": {"x": 1}}',
        '1e999',
        'NaN',
      ]),
    );
  if (r < 0.75)
    return Buffer.concat([
      Buffer.from('{"domains": ["'),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
      Buffer.from('.test"]}'),
    ]);
  if (r < 0.85) return Buffer.from(JSON.stringify({ domains: Array.from({ length: 3000 }, (_, i) => `d${i}.test`) }));
  return randomBytes(rand, Math.floor(rand() * 300));
}

/** Replaces each word of `text` that is a valid domain outside `.test`, so nothing is crawled on the internet. */
function keepLocal(text: string): string {
  return text.replace(/[^\s"/?#[\],{}]+/g, (word) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(word);
    } catch {
      return word;
    }
    const r = parseDomain(decoded);
    return r.ok && !r.domain.endsWith('.test') ? 'replaced.test' : word;
  });
}

function headerLines(rand: Rand, host: string, token: string | undefined): string[] {
  const h: string[] = [];
  const hostChoice = rand();
  if (hostChoice < 0.8) h.push(`Host: ${host}`);
  else if (hostChoice < 0.85) h.push(`Host: evil.example:${host.split(':')[1]}`);
  else if (hostChoice < 0.9) h.push(`Host: ${host}`, `Host: other.example`);
  else if (hostChoice < 0.95) h.push(`Host: ${'h'.repeat(300)}`);
  if (chance(rand, 0.8)) h.push(`X-AI-Policy-Lens: ${pick(rand, ['1', '1', '1', '0', '', '1, 1'])}`);
  if (token && chance(rand, 0.8))
    h.push(
      `Authorization: ${pick(rand, [`Bearer ${token}`, `Bearer ${token}`, 'Bearer', 'Bearer x', `bearer  ${token} `, 'Basic Zm9vOmJhcg=='])}`,
    );
  if (chance(rand, 0.3)) {
    h.push(
      `Origin: ${pick(rand, ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'https://evil.example', 'null', '', 'moz-extension://0f3a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b'])}`,
    );
  }
  if (chance(rand, 0.1))
    h.push('Access-Control-Request-Method: POST', 'Access-Control-Request-Headers: content-type,x-ai-policy-lens');
  if (chance(rand, 0.1)) h.push(`If-None-Match: ${pick(rand, ['*', '"x"', 'W/"x", "y"', '', ',,,'])}`);
  if (chance(rand, 0.1))
    h.push(
      `Prefer: ${pick(rand, ['wait=1', 'wait=0', 'wait=-1', 'wait=99999999999', 'wait', 'respond-async, wait=2', 'wait=1.5'])}`,
    );
  if (chance(rand, 0.05))
    h.push(
      `X-Forwarded-For: ${pick(rand, ['1.2.3.4', 'garbage', '::1, 10.0.0.1', ''])}`,
      `X-Forwarded-Proto: ${pick(rand, ['https', 'gopher'])}`,
    );
  if (chance(rand, 0.05)) h.push(`X-Long: ${'v'.repeat(Math.floor(rand() * 20_000))}`);
  if (chance(rand, 0.05)) h.push(...Array.from({ length: 150 }, (_, i) => `X-Many-${i}: ${i}`));
  if (chance(rand, 0.03)) h.push('X-Control: a\u0001b');
  if (chance(rand, 0.03)) h.push('X-Folded: a', ' b');
  if (chance(rand, 0.03)) h.push('Expect: 100-continue');
  if (chance(rand, 0.03)) h.push('Upgrade: websocket', 'Connection: Upgrade');
  if (chance(rand, 0.05)) h.push('Connection: close');
  return h;
}

/** Adds a content type and framing headers for `body` (right, short, long, bad, chunked, both); returns the bytes to send after the head. */
function frame(rand: Rand, headers: string[], content: Buffer): { body: Buffer; framing: string } {
  let body = content;
  let framing: string;
  headers.push(
    `Content-Type: ${pick(rand, ['application/json', 'application/json', 'application/json; charset=utf-16', 'text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', ''])}`,
  );
  const f = rand();
  if (f < 0.6) {
    framing = 'length';
    headers.push(`Content-Length: ${body.length}`);
  } else if (f < 0.7) {
    framing = 'short length';
    headers.push(`Content-Length: ${Math.max(0, body.length - 3)}`);
  } else if (f < 0.75) {
    framing = 'long length';
    headers.push(`Content-Length: ${body.length + 50}`);
  } else if (f < 0.8) {
    framing = 'bad length';
    headers.push(
      `Content-Length: ${pick(rand, ['-1', 'abc', '1e3', `${body.length}, ${body.length + 1}`, '99999999999999999999'])}`,
    );
  } else if (f < 0.9) {
    framing = 'chunked';
    headers.push('Transfer-Encoding: chunked');
    body = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
  } else if (f < 0.95) {
    framing = 'bad chunked';
    headers.push(
      `Transfer-Encoding: ${pick(rand, ['chunked', 'gzip, chunked', 'chunked, gzip', 'identity', 'xchunked'])}`,
    );
    body = Buffer.concat([
      Buffer.from(`${pick(rand, ['zz', '-1', 'ffffffffffffffff', ''])}\r\n`),
      body,
      Buffer.from('\r\n'),
    ]);
  } else {
    framing = 'length and chunked';
    headers.push(`Content-Length: ${body.length}`, 'Transfer-Encoding: chunked');
  }
  return { body, framing };
}

/** One request: method, path, version, headers and framed body. */
function request(
  rand: Rand,
  server: 'gateway' | 'service',
  host: string,
  token: string | undefined,
): { name: string; method: string; bytes: Buffer } {
  const method = pick(rand, METHODS);
  const p = path(rand, server);
  const version = pick(rand, [
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.0',
    'HTTP/2.0',
    'HTTP/9.9',
    'HTTP/1.1 extra',
    '',
  ]);
  const headers = headerLines(rand, host, token);
  const hasBody = method === 'POST' || chance(rand, 0.1);
  let body: Buffer = Buffer.alloc(0);
  let framing = 'none';
  if (hasBody)
    ({ body, framing } = frame(rand, headers, Buffer.from(keepLocal(jsonBody(rand).toString('latin1')), 'latin1')));
  const head = `${method} ${p}${version ? ` ${version}` : ''}\r\n${headers.join('\r\n')}\r\n\r\n`;
  const name = `${method} ${p.slice(0, 80)} ${version} [${framing}]`;
  return { name, method, bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]) };
}

/** Origins and install ids the extension sends; few, so the gateway's cap of 8 identities per address is never the answer. */
const EXT_ORIGINS = [
  'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
  'moz-extension://0f3a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b',
];
const INSTALL_IDS = ['fuzz-install-0123456789abcdef', 'fuzz_install_fedcba9876543210'];

/** A recheck's domain: mostly fresh or repeated .test names (accepted, then refused as too soon), else a fuzzed segment. */
function recheckDomain(rand: Rand): string {
  const r = rand();
  if (r < 0.35) return `r${Math.floor(rand() * 1e6)}.test`;
  if (r < 0.5)
    return pick(rand, ['example.test', 'news.example.test', 'Example.TEST', 'xn--bcher-kva.test', 'b%C3%BCcher.test']);
  return segment(rand);
}

/**
 * The headers of "Check again" as the extension sends it (extension/lib/gateway-client.ts:
 * Accept, the access header, the token, the install id; the browser adds its Origin and
 * Content-Length: 0). Proper, every one is sent as is; otherwise each is sent as is, left out
 * or spoiled, and some of the general fuzz's headers may follow.
 */
function recheckHeaders(rand: Rand, host: string, token: string | undefined, proper: boolean): string[] {
  const keep = () => proper || rand() < 0.5;
  const spoil = () => !proper && rand() < 0.5;
  const h: string[] = [];
  if (keep()) h.push(`Host: ${host}`);
  else if (spoil()) h.push(`Host: ${pick(rand, [`evil.example:${host.split(':')[1]}`, '', 'h'.repeat(300)])}`);
  if (keep()) h.push(`Origin: ${pick(rand, EXT_ORIGINS)}`);
  else if (spoil())
    h.push(
      `Origin: ${pick(rand, ['https://evil.example', 'null', '', 'chrome-extension://ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP', 'chrome-extension://abc', `${EXT_ORIGINS[0]}/`])}`,
    );
  if (keep()) h.push('X-AI-Policy-Lens: 1');
  else if (spoil()) h.push(`X-AI-Policy-Lens: ${pick(rand, ['0', '', '1, 1', 'yes', '1\u0001'])}`);
  if (keep()) h.push('Accept: application/json');
  else if (spoil())
    h.push(`Accept: ${pick(rand, ['text/html', '*/*', 'application/xml;q=1, application/json;q=0', ''])}`);
  if (token && keep()) h.push(`Authorization: Bearer ${token}`);
  else if (token && spoil())
    h.push(
      `Authorization: ${pick(rand, ['Bearer', 'Bearer x', `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token} ${token}`])}`,
    );
  if (keep()) h.push(`X-AI-Policy-Lens-Install: ${pick(rand, INSTALL_IDS)}`);
  else if (spoil())
    h.push(
      `X-AI-Policy-Lens-Install: ${pick(rand, ['short', '', 'x'.repeat(65), 'has space in it 0123', '../../etc/passwd0123', 'é'.repeat(20)])}`,
    );
  if (!proper && chance(rand, 0.3))
    h.push(...headerLines(rand, host, token).filter((l) => !/^(Host|Origin|X-AI-Policy-Lens|Authorization):/i.test(l)));
  return h;
}

/** One POST to the recheck route: fuzzed domain and path, proper or spoiled headers, no body or a fuzzed one. */
function recheckRequest(
  rand: Rand,
  host: string,
  token: string | undefined,
  domain: string,
): { name: string; method: string; bytes: Buffer } {
  const proper = rand() < 0.6;
  const headers = recheckHeaders(rand, host, token, proper);
  const p = `/v1/domain/${domain}/recheck`;
  const path =
    rand() < 0.85
      ? p
      : pick(rand, [
          `${p}/`,
          `${p}?force=1`,
          `${p}?${'x'.repeat(3000)}`,
          p.replace('/recheck', '/RECHECK'),
          `/v1//domain/${domain}/recheck`,
          `${p}/again`,
        ]);
  const version = rand() < 0.9 ? 'HTTP/1.1' : pick(rand, ['HTTP/1.0', 'HTTP/2.0', '']);
  let body: Buffer = Buffer.alloc(0);
  let framing: string;
  const b = rand();
  if (b < 0.45) {
    // As the extension sends it: no body, Content-Length: 0 (or no framing at all).
    framing = 'empty';
    if (rand() < 0.8) headers.push('Content-Length: 0');
  } else {
    const content =
      b < 0.65
        ? Buffer.from(pick(rand, ['{}', '{"domain": "other.test"}', '{"force": true}', '[]', '""', 'null']))
        : jsonBody(rand);
    ({ body, framing } = frame(rand, headers, Buffer.from(keepLocal(content.toString('latin1')), 'latin1')));
  }
  const head = `POST ${path}${version ? ` ${version}` : ''}\r\n${headers.join('\r\n')}\r\n\r\n`;
  const name = `recheck POST ${path.slice(0, 80)} ${version} [${proper ? 'proper headers' : 'spoiled headers'}, ${framing}]`;
  return { name, method: 'POST', bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]) };
}

/** "Check again": one recheck, or two on one connection (the same domain again, or another request behind it). */
function recheckCase(rand: Rand, server: 'gateway' | 'service', host: string, token: string | undefined): FuzzCase {
  const domain = keepLocal(recheckDomain(rand));
  const first = recheckRequest(rand, host, token, domain);
  const r = rand();
  if (r < 0.7) return { name: first.name, methods: [first.method], bytes: first.bytes, recheck: true, halfClose: true };
  const second = r < 0.9 ? recheckRequest(rand, host, token, domain) : request(rand, server, host, token);
  return {
    name: `${first.name} + ${second.name}`,
    methods: [first.method, second.method],
    bytes: Buffer.concat([first.bytes, second.bytes]),
    recheck: true,
    halfClose: true,
  };
}

/** A lookup's path with a domain that is new to the server: the lookup queues it, so a held read waits for its crawl. */
const freshLookup = (rand: Rand) => `/v1/domain/h${Math.floor(rand() * 1e9)}.test`;

/**
 * A held read (`Prefer: wait=N`) of a new domain as the extension sends it, or a batch of 26
 * (the gateway's lone misses go one by one): the answer comes after a crawl, often after the
 * client half-closed.
 */
function heldCase(rand: Rand, server: 'gateway' | 'service', host: string, token: string | undefined): FuzzCase {
  const headers = recheckHeaders(rand, host, token, true).filter((l) => !l.startsWith('Origin:'));
  const halfClose = rand() < 0.7;
  if (rand() < 0.7) {
    const head = `GET ${freshLookup(rand)} HTTP/1.1\r\n${[...headers, `Prefer: wait=${pick(rand, [1, 2, 3])}`].join('\r\n')}\r\n\r\n`;
    return {
      name: `held read${halfClose ? ', half-closed' : ''}`,
      methods: ['GET'],
      bytes: Buffer.from(head, 'latin1'),
      recheck: false,
      halfClose,
    };
  }
  const body = JSON.stringify({
    domains: Array.from({ length: server === 'gateway' ? 26 : 25 }, () => `b${Math.floor(rand() * 1e9)}.test`),
  });
  const extra = [
    `Origin: ${pick(rand, EXT_ORIGINS)}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
  ];
  const head = `POST /v1/batch HTTP/1.1\r\n${[...headers, ...extra].join('\r\n')}\r\n\r\n`;
  return {
    name: `new-domain batch${halfClose ? ', half-closed' : ''}`,
    methods: ['POST'],
    bytes: Buffer.from(head + body, 'latin1'),
    recheck: false,
    halfClose,
  };
}

/**
 * `Upgrade` (websocket, h2c, nonsense) on a proper request, with no body, a Content-Length
 * body, a chunked body or a broken chunked one: neither server switches protocols, each must
 * answer at once (Node's parser reads no chunked body after an Upgrade request).
 */
function upgradeCase(rand: Rand, server: 'gateway' | 'service', host: string, token: string | undefined): FuzzCase {
  const headers = recheckHeaders(rand, host, token, true);
  headers.push(
    ...pick(rand, [
      [
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
      ],
      ['Upgrade: h2c', 'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA', 'Connection: Upgrade, HTTP2-Settings'],
      ['Upgrade: TLS/1.2, HTTP/1.1', 'Connection: Upgrade'],
      ['Upgrade: websocket'],
    ]),
  );
  const json = JSON.stringify({ domains: ['a.test', `u${Math.floor(rand() * 1e6)}.test`] });
  const f = rand();
  let body = '';
  let framing = 'none';
  if (f < 0.25) {
    framing = 'length';
    headers.push('Content-Type: application/json', `Content-Length: ${json.length}`);
    body = json;
  } else if (f < 0.5) {
    framing = 'chunked';
    headers.push('Content-Type: application/json', 'Transfer-Encoding: chunked');
    body = `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`;
  } else if (f < 0.75) {
    framing = 'bad chunked';
    headers.push('Content-Type: application/json', 'Transfer-Encoding: chunked');
    body = `${pick(rand, ['zz', '-1', 'ffffffffffffffff', ''])}\r\n${json}\r\n`;
  }
  const method = framing === 'none' ? 'GET' : 'POST';
  const path =
    method === 'GET'
      ? pick(rand, ['/v1/domain/example.test', freshLookup(rand), server === 'gateway' ? '/healthz' : '/health'])
      : '/v1/batch';
  const halfClose = rand() < 0.5;
  const bytes = Buffer.from(`${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`, 'latin1');
  return {
    name: `Upgrade ${method} ${path} [${framing}]${halfClose ? ', half-closed' : ''}`,
    methods: [method],
    bytes,
    recheck: false,
    halfClose,
  };
}

/** The next case: raw garbage, a "Check again", a held read, an Upgrade, one request or a pipelined pair. */
export function nextCase(rand: Rand, server: 'gateway' | 'service', host: string, token?: string): FuzzCase {
  const r = rand();
  if (r < 0.04)
    return {
      name: 'random bytes',
      methods: ['?'],
      bytes: Buffer.concat([randomBytes(rand, 1 + Math.floor(rand() * 200)), Buffer.from('\r\n\r\n')]),
      recheck: false,
      halfClose: true,
    };
  if (r < 0.2) return recheckCase(rand, server, host, token);
  if (r < 0.26) return heldCase(rand, server, host, token);
  if (r < 0.3) return upgradeCase(rand, server, host, token);
  const first = request(rand, server, host, token);
  if (r < 0.4) {
    const second = request(rand, server, host, token);
    return {
      name: `${first.name} + ${second.name}`,
      methods: [first.method, second.method],
      bytes: Buffer.concat([first.bytes, second.bytes]),
      recheck: false,
      halfClose: true,
    };
  }
  return { name: first.name, methods: [first.method], bytes: first.bytes, recheck: false, halfClose: true };
}
