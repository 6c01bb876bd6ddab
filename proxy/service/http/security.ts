/**
 * Security middleware, set up in one place from config (CONVENTIONS 9): response headers,
 * the JSON body parser with its 64 KiB cap and the content-type check (proxy/lib/http/security.ts,
 * shared with the gateway), and Bearer keys with the seed's per-key limits and rate-limit headers.
 */
import type express from 'express';
import type { RequestHandler } from 'express';
import { HttpError } from '../../lib/http-error.js';
import { bearerToken } from '../../lib/http/bearer.js';
import type { Clock } from '../../lib/clock.js';
import type { ReadOptions } from '../../../shared/api.js';
import type { ApiKeys } from '../auth/api-keys.js';
import type { KeyUsage } from '../auth/usage.js';
import type { UsageState } from '../limits/usage-count.js';
import type { LimitType } from '../../../shared/values.js';

// Headers, body parser and content-type check are shared with the gateway.
export { BODY_LIMIT, jsonBody, requireJson, securityHeaders } from '../../lib/http/security.js';

/** The seed's four headers plus our monthly pair (openapi.json documents them). */
function setLimitHeaders(res: express.Response, state: UsageState, limits: Readonly<Record<LimitType, number>>): void {
  const remaining = (t: LimitType) => String(Math.max(0, limits[t] - state.used[t]));
  res.setHeader('X-RateLimit-Limit-Minute', String(limits.minute));
  res.setHeader('X-RateLimit-Remaining-Minute', remaining('minute'));
  res.setHeader('X-RateLimit-Limit-Day', String(limits.day));
  res.setHeader('X-RateLimit-Remaining-Day', remaining('day'));
  res.setHeader('X-RateLimit-Limit-Month', String(limits.month));
  res.setHeader('X-RateLimit-Remaining-Month', remaining('month'));
}

/**
 * `Authorization: Bearer <key>` → 401 unauthorized when missing or unknown; then counts the
 * request in all three windows (429 rate_limit_exceeded when one is full). Headers are set
 * before the route runs, so they are on every keyed response, errors included. The key's id
 * is the client the crawl queue budgets (readOptions).
 */
export function requireKey(keys: ApiKeys, usage: KeyUsage, clock: Clock): RequestHandler {
  const count = countKeyUsage(usage, clock);
  return async (req, res, next) => {
    await verifyKey(keys, req, res);
    await count(res, 1);
    next();
  };
}

/**
 * The key alone, not yet counted: for a route that counts a request by what it asks for
 * (POST /v1/check: each URL's domain once), so it must read its body first. 401 as requireKey.
 */
export function requireKeyUncounted(keys: ApiKeys): RequestHandler {
  return async (req, res, next) => {
    await verifyKey(keys, req, res);
    next();
  };
}

async function verifyKey(keys: ApiKeys, req: express.Request, res: express.Response): Promise<void> {
  const m = bearerToken(req.get('authorization'));
  const keyId = m !== undefined ? await keys.verify(m) : undefined;
  if (keyId === undefined) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    throw new HttpError(
      401,
      'unauthorized',
      m !== undefined ? 'The API key is not valid.' : 'Send your API key as Authorization: Bearer <key>.',
    );
  }
  res.locals.keyId = keyId;
  res.locals.client = `key:${keyId}`;
}

/** Counts the verified key's request as `weight` requests (admitted while every window has room for one); 429 when refused. */
export function countKeyUsage(usage: KeyUsage, clock: Clock): (res: express.Response, weight: number) => Promise<void> {
  return async (res, weight) => {
    const state = await usage.consume(res.locals.keyId as number, clock.now(), weight);
    setLimitHeaders(res, state, usage.limits);
    if (state.exceeded) {
      const { limitType, retryAfter } = state.exceeded;
      throw new HttpError(
        429,
        'rate_limit_exceeded',
        `The ${limitType} limit of ${usage.limits[limitType]} requests for this key is used up.`,
        {
          retryAfter,
          limitType,
        },
      );
    }
  };
}

/** Who asks (the key requireKey accepted), for the service's reads. */
export const readOptions = (res: express.Response): ReadOptions => ({ client: res.locals.client });
