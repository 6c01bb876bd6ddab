/**
 * The page's requests to its own gateway: the extension's client (extension/lib/gateway-client.ts)
 * pointed at this origin, so the page sends exactly what the extension sends (the header
 * `X-AI-Policy-Lens: 1`, no cookies, only the domain) and passes the gateway's checks the same
 * way; plus the two reads only the page makes (statistics, and waiting for a stored record).
 *
 * A gateway with PROXY_TOKEN needs its token: a person enters it once (token-form.tsx) and it is
 * kept in this browser's localStorage for this origin, sent only to this gateway.
 */
import { createGatewayClient, type GatewayClient, type GatewayResult } from '~~/extension/lib/gateway-client.js';
import type { Domain } from '~~/shared/domain.js';

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

/** The statistics as the gateway sends them (proxy/service/preview/schemas.ts StatsResponse; the later fields optional). */
export interface Stats {
  total_domains: number;
  by_stance: Record<string, { domains: number; details: Record<string, number> }>;
  standards: Record<string, { domains: number; share: number }>;
  top_blocked_bots: Array<{ bot: string; domains: number; share: number }>;
  conflicts: Record<string, number>;
  freshness: { fresh: number; aging: number; stale: number };
  key_bots?: Array<{ bot: string; use: 'training' | 'search' | 'inference'; domains: number; share: number }>;
  terms_vs_robots?: Record<string, { robots_blocks: number; robots_open: number; robots_unread: number }>;
  stance_changes?: {
    since: string;
    by_day: Array<{ day: string; changes: number }>;
    transitions: Array<{ from: string; to: string; changes: number }>;
  };
  generated_at: string;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A shallow check at the trust boundary, as the extension's guards: the fields the charts read. */
export function isStats(x: unknown): x is Stats {
  return (
    isObj(x) &&
    typeof x.total_domains === 'number' &&
    isObj(x.by_stance) &&
    isObj(x.standards) &&
    Array.isArray(x.top_blocked_bots) &&
    typeof x.generated_at === 'string'
  );
}

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
