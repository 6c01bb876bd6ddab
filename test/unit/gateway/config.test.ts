import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { lifetimeOf } from '../../../proxy/gateway/held/early.js';
import { loadGatewayConfig } from '../../../proxy/gateway/program-config.js';
import { ConfigError } from '../../../proxy/lib/env.js';

describe('loadGatewayConfig', () => {
  it('defaults to embedded mode on 127.0.0.1:8787 with ./data', () => {
    const c = loadGatewayConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dataDir: resolve('./data'),
      upstream: null,
      rateLimitPerMinute: 300,
      trustProxy: 0,
      cacheMaxEntries: 50_000,
    });
    expect(c.service).not.toBeNull();
    expect(c.allowedOrigins).toEqual([]);
  });

  it('goes remote with both upstream variables, and refuses one without the other', () => {
    const c = loadGatewayConfig({ UPSTREAM_BASE_URL: 'https://api.example.com/', UPSTREAM_API_KEY: 'secret-key' });
    expect(c.upstream).toMatchObject({
      baseUrl: 'https://api.example.com',
      apiKey: 'secret-key',
      perMinute: 200,
      timeoutMs: 5_000,
    });
    expect(c.service).toBeNull();
    expect(() => loadGatewayConfig({ UPSTREAM_BASE_URL: 'https://api.example.com' })).toThrow(/UPSTREAM_API_KEY/);
    expect(() => loadGatewayConfig({ UPSTREAM_API_KEY: 'k' })).toThrow(/UPSTREAM_BASE_URL/);
  });

  it('says why a weak PROXY_TOKEN is refused and accepts a random one', () => {
    expect(() => loadGatewayConfig({ PROXY_TOKEN: 'x'.repeat(16) })).toThrow(
      /PROXY_TOKEN: too easy to guess: only 1 different characters.*openssl rand -base64 32/,
    );
    expect(loadGatewayConfig({ PROXY_TOKEN: 'q7Vx+2mR/9kLs0Tb3WnE8yHc1ZaP4uJd6fGi5=' }).proxyToken).toBeDefined();
  });

  it.each([
    ['UPSTREAM_BASE_URL', { UPSTREAM_BASE_URL: 'ftp://x', UPSTREAM_API_KEY: 'k' }],
    ['UPSTREAM_BASE_URL', { UPSTREAM_BASE_URL: 'https://user:pw@x.example', UPSTREAM_API_KEY: 'k' }],
    ['ALLOWED_ORIGINS', { ALLOWED_ORIGINS: 'https://ok.example, not an origin' }],
    ['ALLOWED_ORIGINS', { ALLOWED_ORIGINS: 'https://ok.example/path' }],
    ['PROXY_TOKEN', { PROXY_TOKEN: 'short' }],
    ['PROXY_TOKEN', { PROXY_TOKEN: 'a'.repeat(16) }],
    ['PROXY_TOKEN', { PROXY_TOKEN: 'abababababababababab' }],
    ['PROXY_TOKEN', { PROXY_TOKEN: 'abcdefghijklmnop' }],
    ['PROXY_TOKEN', { PROXY_TOKEN: 'a good token with spaces in it' }],
    ['PORT', { PORT: '70000' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '0' }],
    ['HOST', { HOST: '0.0.0.0' }],
    ['HOST', { HOST: '192.168.1.5' }],
    ['HOST', { HOST: 'lens.internal' }],
    ['TRUSTED_NETWORK', { TRUSTED_NETWORK: 'yes' }],
    ['ALLOWED_HOSTS', { ALLOWED_HOSTS: 'https://lens.example.com' }],
    ['ALLOWED_HOSTS', { ALLOWED_HOSTS: 'lens.example.com:8787' }],
    ['REDIS_URL', { REDIS_URL: 'http://127.0.0.1:6379' }],
    ['REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:6379/cache' }],
    ['REDIS_URL', { REDIS_URL: 'not a url' }],
    ['CACHE_QUEUED_SECONDS', { CACHE_QUEUED_SECONDS: '0' }],
    ['CACHE_FOUND_SECONDS', { CACHE_FOUND_SECONDS: '1h' }],
  ])('names %s when its value is bad', (variable, env) => {
    const e = (() => {
      try {
        loadGatewayConfig(env);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).variable).toBe(variable);
  });

  it('reads the lists and numbers', () => {
    const c = loadGatewayConfig({
      ALLOWED_ORIGINS: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop, https://dash.example',
      TRUST_PROXY: '2',
      CACHE_MAX_ENTRIES: '100',
    });
    expect(c.allowedOrigins).toEqual(['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'https://dash.example']);
    expect(c.trustProxy).toBe(2);
    expect(c.cacheMaxEntries).toBe(100);
  });

  it('listens beyond loopback only with a token or TRUSTED_NETWORK=1', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      expect(loadGatewayConfig({ HOST: host }).host).toBe(host);
    expect(loadGatewayConfig({ HOST: '0.0.0.0', PROXY_TOKEN: 'proxy-token-0123456789' }).host).toBe('0.0.0.0');
    expect(loadGatewayConfig({ HOST: '0.0.0.0', TRUSTED_NETWORK: '1' }).host).toBe('0.0.0.0');
  });

  it('reads the cache lifetimes in seconds: 24 h found, 5 s queued, 5 min search by default', () => {
    expect(loadGatewayConfig({}).cacheTtl).toEqual({ foundMs: 86_400_000, queuedMs: 5_000, searchMs: 300_000 });
    expect(
      loadGatewayConfig({ CACHE_FOUND_SECONDS: '3600', CACHE_QUEUED_SECONDS: '2', CACHE_SEARCH_SECONDS: '60' })
        .cacheTtl,
    ).toEqual({ foundMs: 3_600_000, queuedMs: 2_000, searchMs: 60_000 });
  });

  it('reads REDIS_URL (absent: nothing shared)', () => {
    expect(loadGatewayConfig({}).redisUrl).toBeUndefined();
    expect(loadGatewayConfig({ REDIS_URL: 'redis://:secret@127.0.0.1:6379/6' }).redisUrl).toBe(
      'redis://:secret@127.0.0.1:6379/6',
    );
  });

  it('reads ALLOWED_HOSTS as lower-case names', () => {
    expect(loadGatewayConfig({ ALLOWED_HOSTS: 'Lens.Example.com, [::2], lens.internal.' }).allowedHosts).toEqual([
      'lens.example.com',
      '[::2]',
      'lens.internal',
    ]);
  });
});

describe('lifetimeOf', () => {
  const ttl = loadGatewayConfig({}).cacheTtl;
  it('keeps a found answer foundMs, a queued one and an early one (terms still being read) queuedMs', () => {
    expect(ttl.foundMs).toBeGreaterThan(ttl.queuedMs);
    expect(lifetimeOf(ttl, { found: true, basis: { last_check: null } }, true)).toBe(ttl.foundMs);
    expect(lifetimeOf(ttl, { found: true }, true)).toBe(ttl.foundMs);
    expect(lifetimeOf(ttl, { found: true, basis: { terms_pending: true } }, true)).toBe(ttl.queuedMs);
    expect(lifetimeOf(ttl, { found: false, queued: true }, false)).toBe(ttl.queuedMs);
  });
});
