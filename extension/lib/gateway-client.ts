/**
 * The only network code of the extension: GETs to the user's AI Policy Lens gateway.
 * Only a host name ever leaves the browser (never a page path or query). Every request carries
 * `X-AI-Policy-Lens: 1` (the gateway refuses requests without it) and, when set, the gateway's
 * own access token. Expected failures are values, not exceptions (CONVENTIONS 5).
 */
import type { RecheckResult } from '~~/shared/api.js';
import type { Domain } from '~~/shared/domain.js';
import type {
  AnnouncedRecord,
  DomainPolicy,
  DomainPolicyUnknown,
  FullRecord,
  HistoryResponse,
} from '~~/shared/schemas.js';
import { t } from './i18n.js';
import {
  isAnnouncedRecord,
  isDomainPolicy,
  isFullRecord,
  isGatewayStatus,
  isHistory,
  isRecheckResult,
  isUnknown,
  type GatewayStatus,
} from './guards.js';

export type FailureKind =
  'unreachable' | 'timeout' | 'unauthorized' | 'forbidden' | 'rate_limited' | 'bad_response' | 'http_error';

export interface GatewayFailure {
  ok: false;
  kind: FailureKind;
  /** HTTP status when there was an answer. */
  status?: number;
  /** The gateway's error code (seed error object), when it sent one. */
  code?: string;
  /** The gateway's message, or ours when it gave none. */
  message: string;
  /** Seconds to wait (seed: `retry_after` / Retry-After). */
  retryAfter?: number;
  /** For `unauthorized`: whether an access token was sent (a wrong one) or not (the gateway needs one). */
  tokenSent?: boolean;
}

/** `held`: the gateway held the answer as asked (RFC 7240 `Preference-Applied`). */
export type GatewayResult<T> = { ok: true; data: T; held?: boolean } | GatewayFailure;

export interface GatewayClientOptions {
  baseUrl: string;
  token?: string;
  /** The extension's random per-install id (settings.ts installIdItem), for the gateway's budgets. */
  installId?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Guard<T> = (x: unknown) => x is T;

export interface GatewayClient {
  readonly baseUrl: string;
  /**
   * `waitS`: ask the gateway to hold the answer until the analysis is done, at most this many
   * seconds (RFC 7240 `Prefer: wait=N`); a gateway that ignores it answers at once as before.
   */
  domain(d: Domain, opts?: { waitS?: number }): Promise<GatewayResult<DomainPolicy>>;
  /** "Check again": `POST /v1/domain/{d}/recheck`; a refusal says how long to wait (`retry_after`). */
  recheck(d: Domain): Promise<GatewayResult<RecheckResult>>;
  full(d: Domain): Promise<GatewayResult<FullRecord | DomainPolicyUnknown>>;
  policy(d: Domain): Promise<GatewayResult<AnnouncedRecord | DomainPolicyUnknown>>;
  history(d: Domain): Promise<GatewayResult<HistoryResponse | DomainPolicyUnknown>>;
  status(): Promise<GatewayResult<GatewayStatus>>;
}

const either =
  <A, B>(a: Guard<A>, b: Guard<B>): Guard<A | B> =>
  (x: unknown): x is A | B =>
    a(x) || b(x);

export function createGatewayClient(opts: GatewayClientOptions): GatewayClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = opts.timeoutMs ?? 8000;

  async function get<T>(
    path: string,
    guard: Guard<T>,
    req: { method?: 'GET' | 'POST'; waitS?: number } = {},
  ): Promise<GatewayResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-ai-policy-lens': '1' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.installId) headers['x-ai-policy-lens-install'] = opts.installId;
    if (req.waitS) headers.prefer = `wait=${req.waitS}`;
    // A held answer may take the whole wait; the timeout covers the wait plus the usual margin.
    const limitMs = timeoutMs + (req.waitS ?? 0) * 1000;
    let res: Response;
    try {
      res = await doFetch(baseUrl + path, {
        method: req.method ?? 'GET',
        headers,
        signal: AbortSignal.timeout(limitMs),
        // No cookies or credentials: the gateway needs none and must not get any.
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (e) {
      const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
      return timedOut
        ? {
            ok: false,
            kind: 'timeout',
            message: t('gatewayTimeout', 'The gateway did not answer within $1 s.', Math.round(limitMs / 1000)),
          }
        : { ok: false, kind: 'unreachable', message: t('gatewayUnreachable', 'The gateway could not be reached.') };
    }
    let body: unknown = undefined;
    try {
      body = await res.json();
    } catch {
      // Not JSON: handled below as a bad response or an HTTP error without a body.
    }
    if (res.ok) {
      if (guard(body))
        return req.waitS
          ? { ok: true, data: body, held: res.headers.has('preference-applied') }
          : { ok: true, data: body };
      return {
        ok: false,
        kind: 'bad_response',
        status: res.status,
        message: t('gatewayNotLens', 'The address answered, but not like an AI Policy Lens gateway.'),
      };
    }
    // A refused recheck may come as 429 with the recheck result itself (accepted: false, retry_after).
    if (res.status === 429 && req.method === 'POST' && guard(body)) return { ok: true, data: body };
    const failure = failureFrom(res, body);
    return failure.kind === 'unauthorized' ? { ...failure, tokenSent: Boolean(opts.token) } : failure;
  }

  const enc = (d: Domain) => encodeURIComponent(d);
  return {
    baseUrl,
    domain: (d, o) => get(`/v1/domain/${enc(d)}`, isDomainPolicy, { waitS: o?.waitS }),
    recheck: (d) => get(`/v1/domain/${enc(d)}/recheck`, isRecheckResult, { method: 'POST' }),
    full: (d) => get(`/v1/domain/${enc(d)}/full`, either(isFullRecord, isUnknown)),
    policy: (d) => get(`/preview/v1/policy/${enc(d)}`, either(isAnnouncedRecord, isUnknown)),
    history: (d) => get(`/preview/v1/domain/${enc(d)}/history`, either(isHistory, isUnknown)),
    status: () => get('/status', isGatewayStatus),
  };
}

/** Maps a non-2xx answer to a failure; the seed error object gives code, message and retry_after. */
function failureFrom(res: Response, body: unknown): GatewayFailure {
  const obj = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof obj.error === 'string' ? obj.error : undefined;
  const message =
    typeof obj.message === 'string'
      ? obj.message.slice(0, 300)
      : t('gatewayHttp', 'The gateway answered HTTP $1.', res.status);
  // Delta-seconds only; a missing or empty header is no value (Number(null) and Number('') are 0).
  const raw = res.headers.get('retry-after')?.trim();
  const header = raw ? Number(raw) : NaN;
  const retryAfter =
    typeof obj.retry_after === 'number' && obj.retry_after >= 0
      ? obj.retry_after
      : Number.isFinite(header) && header >= 0
        ? header
        : undefined;
  const base = { ok: false as const, status: res.status, message, ...(code ? { code } : {}) };
  if (res.status === 401) return { ...base, kind: 'unauthorized' };
  if (res.status === 403) return { ...base, kind: 'forbidden' };
  if (res.status === 429 || (res.status === 503 && retryAfter !== undefined))
    return { ...base, kind: 'rate_limited', retryAfter: retryAfter ?? 60 };
  if (code === undefined) return { ...base, kind: 'bad_response' };
  return { ...base, kind: 'http_error' };
}

/**
 * One sentence saying what went wrong and what to do, for the badge title and the popup.
 * The token is never part of it.
 */
export function failureAdvice(gatewayUrl: string, f: GatewayFailure): string {
  switch (f.kind) {
    case 'unreachable':
      return t(
        'adviceUnreachable',
        'Cannot reach the AI Policy Lens gateway at $1: start it with npm start or change the address in the options.',
        gatewayUrl,
      );
    case 'timeout':
      return t(
        'adviceTimeout',
        'The AI Policy Lens gateway at $1 did not answer in time: check that it is running, or change the address in the options.',
        gatewayUrl,
      );
    case 'unauthorized':
      return f.tokenSent === false
        ? t(
            'adviceNeedsToken',
            'The gateway at $1 needs an access token: enter the gateway\u2019s token in the options.',
            gatewayUrl,
          )
        : t(
            'adviceBadToken',
            'The gateway at $1 refused the access token: set the right token in the options.',
            gatewayUrl,
          );
    case 'forbidden':
      return t(
        'adviceForbidden',
        'The gateway at $1 refused this extension ($2): check the address and token in the options.',
        gatewayUrl,
        f.message,
      );
    case 'rate_limited':
      return t(
        'adviceBusy',
        'The gateway at $1 is busy: it asks to wait $2 s. The extension will try again by itself.',
        gatewayUrl,
        f.retryAfter ?? 60,
      );
    case 'bad_response':
      return t(
        'adviceBadResponse',
        'The address $1 does not answer like an AI Policy Lens gateway: correct the address in the options.',
        gatewayUrl,
      );
    case 'http_error':
      return t('adviceError', 'The gateway at $1 reported an error: $2', gatewayUrl, f.message);
  }
}
