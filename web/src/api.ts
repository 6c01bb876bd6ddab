/**
 * The page's requests to its own gateway: the extension's client (extension/lib/gateway-client.ts)
 * pointed at this origin, so the page sends exactly what the extension sends (the header
 * `X-AI-Policy-Lens: 1`, no cookies, only the domain) and passes the gateway's checks the same
 * way; plus the two reads only the page makes (statistics, checked with the guard generated from
 * shared/schemas.ts as the extension checks its answers, and waiting for a stored record).
 *
 * A gateway with PROXY_TOKEN needs its token: a person enters it once (token-form.tsx) and it is
 * kept in this browser's localStorage for this origin, sent only to this gateway.
 */
import { createGatewayClient, type GatewayClient, type GatewayResult } from '~~/extension/lib/gateway-client.js';
import { isStats } from '~~/extension/lib/wire-guards.js';
import type { Domain } from '~~/shared/domain.js';
import type { UpstreamStats } from '~~/shared/schemas.js';

const TOKEN_KEY = 'lens:token';

export function accessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function setAccessToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused: the token lasts until the page is left.
  }
}

export function pageClient(): GatewayClient {
  return createGatewayClient({ baseUrl: location.origin, token: accessToken() ?? undefined, timeoutMs: 10_000 });
}

/** The statistics as the gateway sends them (shared/schemas.ts UpstreamStats: the later fields optional). */
export type Stats = UpstreamStats;

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Plain GET with the page's headers; `prefer`: RFC 7240 `Prefer: wait=N`. */
async function get(path: string, prefer?: number): Promise<{ status: number; body: unknown } | null> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-ai-policy-lens': '1' };
  const token = accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (prefer) headers.prefer = `wait=${prefer}`;
  try {
    const res = await fetch(path, {
      headers,
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000 + (prefer ?? 0) * 1000),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
}

export type StatsResult = { ok: true; stats: Stats } | { ok: false; status: number | null; message: string | null };

export async function fetchStats(): Promise<StatsResult> {
  const r = await get('/preview/v1/stats');
  if (r && r.status === 200 && isStats(r.body)) return { ok: true, stats: r.body };
  const message = r && isObj(r.body) && typeof r.body.message === 'string' ? r.body.message : null;
  return { ok: false, status: r?.status ?? null, message };
}

/**
 * Waits (a held read, at most `waitS` seconds) until the full record of `domain` is stored: an
 * early answer, given while the terms page is still read, is then replaced by the whole one.
 * True when it is there.
 */
export async function awaitStoredRecord(domain: Domain, waitS = 10): Promise<boolean> {
  const r = await get(`/v1/domain/${encodeURIComponent(domain)}/full`, waitS);
  return r !== null && r.status === 200 && isObj(r.body) && r.body.found !== false;
}

export type { GatewayClient, GatewayResult };
