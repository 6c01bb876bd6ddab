/**
 * The gateway's own configuration, parsed once at start (ARCHITECTURE "Processes"): the only
 * gateway code that reads the environment. A bad value stops the process with a ConfigError
 * naming the variable. The embedded service's settings (CRAWL_*, REFRESH_DAYS, RANKLIST_CSV) are
 * the service's, read by its own loader beside this one (program-config.ts).
 */
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { ConfigError, int, list, listenHost, optionalStr, str, type Env } from '../lib/env.js';
import { allowedHostsOf } from '../lib/http/host-guard.js';
import { logLevelOf } from '../lib/log-level.js';

export interface UpstreamConfig {
  baseUrl: string;
  previewBaseUrl: string | undefined;
  /** Server-side secret (seed "Authentication" 5): only the remote source reads it. */
  apiKey: string;
  timeoutMs: number;
  perMinute: number;
  maxQueueMs: number;
}

/** How long the cache keeps each kind of answer (CACHE_*_SECONDS), in milliseconds. */
export interface Ttls {
  /** Answers about a domain in the registry (seed "Limits": a 24-hour time to live is suggested). */
  foundMs: number;
  /** `found: false, queued: true`: asked again soon, the domain may be analysed by then. */
  queuedMs: number;
  /** Search pages: the registry grows, so minutes rather than a day. */
  searchMs: number;
}

/** Fewest distinct characters a PROXY_TOKEN may have: a guessable token is no lock. */
const TOKEN_MIN_DISTINCT = 8;

/**
 * PROXY_TOKEN must be one that is not guessed: 16 or more visible ASCII characters (it travels
 * in a header), at least TOKEN_MIN_DISTINCT of them different, and not one run such as
 * `abcdefghijklmnop`. `openssl rand -base64 32` gives one.
 */
export function checkTokenStrength(token: string): void {
  const fix = 'make one with `openssl rand -base64 32`';
  if (token.length < 16) throw new ConfigError('PROXY_TOKEN', `use at least 16 characters; ${fix}`);
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new ConfigError('PROXY_TOKEN', `use visible ASCII characters only, without spaces; ${fix}`);
  const distinct = new Set(token).size;
  if (distinct < TOKEN_MIN_DISTINCT) {
    throw new ConfigError(
      'PROXY_TOKEN',
      `too easy to guess: only ${distinct} different characters (at least ${TOKEN_MIN_DISTINCT}); ${fix}`,
    );
  }
  const steps = new Set([...token].slice(1).map((c, i) => c.charCodeAt(0) - token.charCodeAt(i)));
  if (steps.size === 1)
    throw new ConfigError('PROXY_TOKEN', `too easy to guess: its characters follow one another in order; ${fix}`);
}

/** The gateway's own settings; with the embedded service's, the program's GatewayConfig (program-config.ts). */
export interface GatewayOwnConfig {
  host: string;
  port: number;
  dataDir: string;
  /** null: embedded mode. */
  upstream: UpstreamConfig | null;
  /** Exact origins allowed by CORS; empty means any browser-extension origin. */
  allowedOrigins: string[];
  proxyToken: string | undefined;
  /** Host names (besides the listening address, localhost and [::1]) this gateway answers for. */
  allowedHosts: string[];
  rateLimitPerMinute: number;
  /** Proxies in front of the gateway whose X-Forwarded-For is believed (a hop count, never "true"). */
  trustProxy: number;
  cacheMaxEntries: number;
  /** Memory bound of the cache in bytes (bodies), beside the entry count. */
  cacheMaxBytes: number;
  cacheTtl: Ttls;
  logLevel: string;
  /** REDIS_URL: cache, rate limits, single-flight and pacing shared by replicas; undefined: this process alone. */
  redisUrl: string | undefined;
}

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/i;

function url(env: Env, name: string): string | undefined {
  const v = optionalStr(env, name);
  if (v === undefined) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(name, `not a URL: "${v}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(name, 'expected an http(s) URL');
  if (u.username || u.password)
    throw new ConfigError(name, 'put no credentials in the URL; the key goes in UPSTREAM_API_KEY');
  if (u.search || u.hash) throw new ConfigError(name, 'expected a base URL without query or fragment');
  return v.replace(/\/+$/, '');
}

/** Whether HOST keeps the gateway on this machine: localhost or a loopback address. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 form.
  return ipaddr.isValid(h) && ipaddr.process(h).range() === 'loopback';
}

/** TRUSTED_NETWORK: 1 says every machine that can reach the gateway may use it without a token. */
function trustedNetwork(env: Env): boolean {
  const v = optionalStr(env, 'TRUSTED_NETWORK');
  if (v === undefined || v === '0') return false;
  if (v === '1') return true;
  throw new ConfigError('TRUSTED_NETWORK', `expected 1 or 0, got "${v}"`);
}

/** REDIS_URL: a redis:// or rediss:// URL (a database number as its path, e.g. /6). */
function redisUrl(env: Env): string | undefined {
  const v = optionalStr(env, 'REDIS_URL');
  if (v === undefined) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError('REDIS_URL', 'not a URL such as redis://127.0.0.1:6379/0');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:')
    throw new ConfigError('REDIS_URL', 'expected a redis:// or rediss:// URL');
  if (!/^\/?(\d{1,2})?$/.test(u.pathname))
    throw new ConfigError('REDIS_URL', 'the path may only be a database number, such as /0');
  return v;
}

/** UPSTREAM_*: remote mode when UPSTREAM_BASE_URL and UPSTREAM_API_KEY are both set, embedded (null) when neither. */
function upstreamOf(env: Env): UpstreamConfig | null {
  const baseUrl = url(env, 'UPSTREAM_BASE_URL');
  const apiKey = optionalStr(env, 'UPSTREAM_API_KEY');
  if ((baseUrl === undefined) !== (apiKey === undefined)) {
    const missing = baseUrl === undefined ? 'UPSTREAM_BASE_URL' : 'UPSTREAM_API_KEY';
    throw new ConfigError(
      missing,
      'UPSTREAM_BASE_URL and UPSTREAM_API_KEY go together: set both (remote mode) or neither (embedded mode)',
    );
  }
  if (baseUrl === undefined || apiKey === undefined) return null;
  return {
    baseUrl,
    previewBaseUrl: url(env, 'UPSTREAM_PREVIEW_BASE_URL'),
    apiKey,
    timeoutMs: int(env, 'UPSTREAM_TIMEOUT_MS', 5_000, 100, 120_000),
    perMinute: int(env, 'UPSTREAM_PER_MINUTE', 200, 1, 100_000),
    maxQueueMs: int(env, 'UPSTREAM_MAX_QUEUE_MS', 5_000, 0, 120_000),
  };
}

/** ALLOWED_ORIGINS: exact origins, comma separated. */
function allowedOriginsOf(env: Env): string[] {
  const allowedOrigins = list(env, 'ALLOWED_ORIGINS');
  for (const o of allowedOrigins) {
    if (!ORIGIN.test(o) || o === 'null')
      throw new ConfigError('ALLOWED_ORIGINS', `"${o}" is not an origin such as chrome-extension://<id>`);
  }
  return allowedOrigins;
}

/** HOST, and PROXY_TOKEN: a gateway listening beyond loopback needs the token or TRUSTED_NETWORK=1. */
function exposureOf(env: Env): { host: string; proxyToken: string | undefined } {
  const proxyToken = optionalStr(env, 'PROXY_TOKEN');
  if (proxyToken !== undefined) checkTokenStrength(proxyToken);
  const host = listenHost(env);
  const trusted = trustedNetwork(env);
  // Beyond loopback, anyone on the network could use the gateway as a crawler and spend its
  // upstream key. Say so rather than start exposed by accident.
  if (!isLoopbackHost(host) && proxyToken === undefined && !trusted) {
    throw new ConfigError(
      'HOST',
      `${host} lets other machines use this gateway, its crawler and its upstream key; set PROXY_TOKEN, or TRUSTED_NETWORK=1 if every machine that can reach it may use it`,
    );
  }
  return { host, proxyToken };
}

/** CACHE_*_SECONDS, in milliseconds. */
function ttlsOf(env: Env): Ttls {
  return {
    foundMs: int(env, 'CACHE_FOUND_SECONDS', 86_400, 1, 30 * 86_400) * 1000,
    queuedMs: int(env, 'CACHE_QUEUED_SECONDS', 5, 1, 3_600) * 1000,
    searchMs: int(env, 'CACHE_SEARCH_SECONDS', 300, 1, 86_400) * 1000,
  };
}

export function loadGatewayOwnConfig(env: Env = process.env): GatewayOwnConfig {
  const upstream = upstreamOf(env);
  const allowedOrigins = allowedOriginsOf(env);
  const { host, proxyToken } = exposureOf(env);
  return {
    host,
    port: int(env, 'PORT', 8787, 0, 65535),
    dataDir: resolve(str(env, 'DATA_DIR', './data')),
    upstream,
    allowedOrigins,
    proxyToken,
    allowedHosts: allowedHostsOf(env),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 300, 1, 1_000_000_000),
    trustProxy: int(env, 'TRUST_PROXY', 0, 0, 16),
    cacheMaxEntries: int(env, 'CACHE_MAX_ENTRIES', 50_000, 10, 10_000_000),
    cacheMaxBytes: int(env, 'CACHE_MAX_MB', 256, 1, 65_536) * 1024 * 1024,
    cacheTtl: ttlsOf(env),
    logLevel: logLevelOf(env),
    redisUrl: redisUrl(env),
  };
}
