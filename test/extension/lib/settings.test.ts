// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  DEFAULT_GATEWAY_URL,
  hostPermissionFor,
  loadSettings,
  needsPermissionRequest,
  settingsItem,
  validateGatewayUrl,
} from '../../../extension/lib/settings.js';

describe('validateGatewayUrl', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['  http://127.0.0.1:8787/  ', 'http://127.0.0.1:8787'],
    ['https://lens.example.org', 'https://lens.example.org'],
    ['HTTPS://Lens.Example.org:443/', 'https://lens.example.org'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
    // A bare host and port is what people type: read as http.
    ['127.0.0.1:8787', 'http://127.0.0.1:8787'],
    [' localhost:8787/ ', 'http://localhost:8787'],
    ['localhost', 'http://localhost'],
    ['[::1]:9000', 'http://[::1]:9000'],
  ])('accepts %s as %s', (input, origin) => {
    expect(validateGatewayUrl(input)).toEqual({ ok: true, url: origin });
  });

  it.each([
    ['', /Enter the gateway address/],
    ['127.0.0.1:8787/api', /http:\/\/ or https:\/\//],
    ['lens example', /http:\/\/ or https:\/\//],
    ['http://', /not a web address/],
    ['ftp://example.org', /http:\/\/ or https:\/\//],
    ['javascript:alert(1)', /http:\/\/ or https:\/\//],
    ['http://example.org/api', /without a path/],
    ['http://example.org/?x=1', /without a path/],
    ['http://example.org/#top', /without a path/],
    ['http://user:pw@example.org', /user name or password/],
  ])('refuses %j with a message', (input, message) => {
    const r = validateGatewayUrl(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe('host permissions', () => {
  it('asks for the host without its port (match patterns ignore ports)', () => {
    expect(hostPermissionFor('https://lens.example.org:8443')).toBe('https://lens.example.org/*');
    expect(hostPermissionFor('http://127.0.0.1:9999')).toBe('http://127.0.0.1/*');
  });
  it('needs no request for the built-in local hosts, on any port', () => {
    expect(needsPermissionRequest('http://127.0.0.1:9999')).toBe(false);
    expect(needsPermissionRequest('http://localhost:8787')).toBe(false);
    expect(needsPermissionRequest('https://127.0.0.1:8787')).toBe(true);
    expect(needsPermissionRequest('https://lens.example.org')).toBe(true);
  });
});

describe('settings item', () => {
  beforeEach(() => fakeBrowser.reset());
  it('falls back to the local gateway without a token', async () => {
    expect(await loadSettings()).toEqual({ gatewayUrl: DEFAULT_GATEWAY_URL, token: '' });
  });
  it('is kept in local storage, never sync', async () => {
    await settingsItem.setValue({ gatewayUrl: 'https://lens.example.org', token: 't0k3n' });
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({
      settings: { gatewayUrl: 'https://lens.example.org', token: 't0k3n' },
    });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(await loadSettings()).toEqual({ gatewayUrl: 'https://lens.example.org', token: 't0k3n' });
  });
});
