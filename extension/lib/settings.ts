/**
 * The extension's settings, declared once (CONVENTIONS 2): the gateway address and an optional
 * access token. Stored in `local:` (never `sync:`) so a token does not travel to other devices.
 * The extension never holds a service API key: the token is the gateway's own, optional.
 */
import { storage } from 'wxt/utils/storage';
import { t } from './i18n.js';

export const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8787';

export interface Settings {
  /** Origin of the gateway, e.g. http://127.0.0.1:8787 (no path, no trailing slash). */
  gatewayUrl: string;
  /** Sent as `Authorization: Bearer <token>` when non-empty. */
  token: string;
}

export const DEFAULT_SETTINGS: Settings = { gatewayUrl: DEFAULT_GATEWAY_URL, token: '' };

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/**
 * A random id made once per install (never derived from the person or the browser), sent to the
 * gateway as `X-AI-Policy-Lens-Install` so that, on a machine where every program shares one
 * address, the gateway can budget the extension's new domains apart from other programs'.
 * Used there for counting only.
 */
export const installIdItem = storage.defineItem<string>('local:installId', {
  init: () => crypto.randomUUID(),
});

export async function loadSettings(): Promise<Settings> {
  const s = await settingsItem.getValue();
  // Fill fields a future version may add without a migration.
  return { ...DEFAULT_SETTINGS, ...s };
}

export type AddressCheck = { ok: true; url: string } | { ok: false; message: string };

/** A host name, IPv4 or bracketed IPv6 address with an optional port and nothing else. */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?\/?$/i;

/**
 * A gateway address is an http(s) URL with a host, optional port, and no path beyond `/`,
 * no query, fragment or credentials; a bare `host:port` is taken as http. Returns its origin
 * (what the client prefixes paths with).
 */
export function validateGatewayUrl(input: string): AddressCheck {
  const raw = input.trim();
  if (raw === '')
    return { ok: false, message: t('addrEmpty', 'Enter the gateway address, for example $1.', DEFAULT_GATEWAY_URL) };
  // A bare host and port ("127.0.0.1:8787", "localhost:8787") is what people type: read it as http.
  const withScheme = BARE_HOST.test(raw) ? `http://${raw}` : raw;
  if (!/^https?:\/\//i.test(withScheme))
    return {
      ok: false,
      message: t(
        'addrSchemeExample',
        'The address must start with http:// or https://, for example $1.',
        DEFAULT_GATEWAY_URL,
      ),
    };
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return {
      ok: false,
      message: t(
        'addrInvalid',
        'This is not a web address. Use the form http://host:port, for example $1.',
        DEFAULT_GATEWAY_URL,
      ),
    };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return { ok: false, message: t('addrScheme', 'The address must start with http:// or https://.') };
  if (u.username || u.password)
    return {
      ok: false,
      message: t(
        'addrCredentials',
        'The address may not contain a user name or password; put an access token in the token field.',
      ),
    };
  if (u.pathname !== '/' || u.search || u.hash)
    return { ok: false, message: t('addrPath', 'Give only scheme, host and port, without a path, query or fragment.') };
  return { ok: true, url: u.origin };
}

/**
 * The match pattern to request for a gateway origin. Match patterns ignore the port
 * (Chrome "Match patterns": `<scheme>://<host><path>`), so one pattern covers every port of a host.
 */
export function hostPermissionFor(origin: string): string {
  const u = new URL(origin);
  return `${u.protocol}//${u.hostname}/*`;
}

/** Hosts the manifest grants without asking (wxt.config.ts host_permissions). */
export const BUILT_IN_HOST_PERMISSIONS = ['http://127.0.0.1/*', 'http://localhost/*'] as const;

export function needsPermissionRequest(origin: string): boolean {
  return !(BUILT_IN_HOST_PERMISSIONS as readonly string[]).includes(hostPermissionFor(origin));
}
