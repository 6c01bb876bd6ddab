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
  return async (req, res, next) => {
    const m = bearerToken(req.get('authorization'));
    const keyId = m !== undefined ? await keys.verify(m) : undefined;
    if (keyId === undefined) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', m !== undefined ? 'The API key is not valid.' : 'Send your API key as Authorization: Bearer <key>.');
    }
    const state = await usage.consume(keyId, clock.now());
    setLimitHeaders(res, state, usage.limits);
    if (state.exceeded) {
      const { limitType, retryAfter } = state.exceeded;
      throw new HttpError(429, 'rate_limit_exceeded', `The ${limitType} limit of ${usage.limits[limitType]} requests for this key is used up.`, {
        retryAfter,
        limitType,
      });
    }
    res.locals.client = `key:${keyId}`;
    next();
  };
}

/** Who asks (the key requireKey accepted), for the service's reads. */
export const readOptions = (res: express.Response): ReadOptions => ({ client: res.locals.client as string | undefined });
