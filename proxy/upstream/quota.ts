/**
 * The upstream's rate-limit headers (seed "Limits": X-RateLimit-{Limit,Remaining}-{Minute,Day};
 * the month pair is read too in case a service sends it). Each response updates only the
 * figures it carries.
 */
import type { QuotaSnapshot } from './policy-source.js';

type Figure = Exclude<keyof QuotaSnapshot, 'pausedUntil'>;

const HEADERS: ReadonlyArray<[string, Figure]> = [
  ['x-ratelimit-limit-minute', 'limitMinute'],
  ['x-ratelimit-remaining-minute', 'remainingMinute'],
  ['x-ratelimit-limit-day', 'limitDay'],
  ['x-ratelimit-remaining-day', 'remainingDay'],
  ['x-ratelimit-limit-month', 'limitMonth'],
  ['x-ratelimit-remaining-month', 'remainingMonth'],
];

export type QuotaFigures = Omit<QuotaSnapshot, 'pausedUntil'>;

export const emptyQuota = (): QuotaFigures => ({
  limitMinute: null,
  remainingMinute: null,
  limitDay: null,
  remainingDay: null,
  limitMonth: null,
  remainingMonth: null,
});

/** Updates `into` from the headers present; malformed values are ignored, never trusted. */
export function readQuotaHeaders(headers: Record<string, string | string[] | undefined>, into: QuotaFigures): void {
  for (const [name, field] of HEADERS) {
    const raw = headers[name];
    const v = Array.isArray(raw) ? raw[0] : raw;
    if (v !== undefined && /^\d{1,12}$/.test(v.trim())) into[field] = Number(v.trim());
  }
}

/** Seconds from a Retry-After header (delta-seconds or HTTP-date, RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d{1,9}$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
