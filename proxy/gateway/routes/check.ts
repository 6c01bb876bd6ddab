/**
 * POST /v1/check, the keyless mirror of the service's (openapi.json documents both): 1 to 1,000
 * URLs judged by shared/url-check, the judgement the extension's "This page" uses, from each
 * domain's lookup answer as the gateway holds it. A domain not cached is asked of the source as
 * a lookup is (and cached like one); one the source cannot answer now is `unknown`, reason
 * `source_unavailable`, rather than failing the whole request. `Prefer: wait=N` holds domains not
 * analysed yet as the domain reads do (held/index.ts).
 */
import { Router, type Response } from 'express';
import { CHECK_BODY_LIMIT, checkCheckBody, type CheckRequest } from '../../../shared/check-api.js';
import type { Domain } from '../../../shared/domain.js';
import type { DomainPolicy } from '../../../shared/schemas.js';
import { answerUrls, type DomainAnswer } from '../../../shared/url-check/answer.js';
import { isHttpError } from '../../lib/http-error.js';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { checked } from '../../lib/http/params.js';
import { jsonBody, requireJson } from '../../lib/http/security.js';
import { keyOf } from '../domain-keys.js';
import { timed } from '../respond.js';
import type { CacheAnswer, CacheEntry } from '../response-cache.js';
import type { RouteContext } from './context.js';

/** A cached answer's body, parsed once per entry (entries are immutable; a new answer is a new entry). */
const parsed = new WeakMap<CacheEntry, DomainPolicy>();

function policyOf(entry: CacheEntry): DomainPolicy {
  let p = parsed.get(entry);
  if (!p) parsed.set(entry, (p = JSON.parse(entry.body.toString('utf8')) as DomainPolicy));
  return p;
}

function asAnswer(entry: CacheEntry): DomainAnswer {
  const p = policyOf(entry);
  return p.found ? { found: true, record: p } : { found: false, queued: true };
}

export function checkRouter(ctx: RouteContext): Router {
  const router = Router();
  router
    .route('/v1/check')
    .post(
      requireJson,
      jsonBody(CHECK_BODY_LIMIT),
      timed(ctx.metrics, 'check', (req, res) =>
        serveCheck(ctx, checked(checkCheckBody(req.body)), req.get('prefer'), res),
      ),
    )
    .all(methodNotAllowed('POST'));
  return router;
}

async function serveCheck(
  ctx: RouteContext,
  request: CheckRequest,
  prefer: string | undefined,
  res: Response,
): Promise<void> {
  res.vary('Prefer');
  const waitS = ctx.held.waitOf(prefer);
  let client: string | undefined;
  const clientOf = () => (client ??= ctx.clientOf(res));
  let gone: AbortController | undefined;
  const closed = () => {
    if (!gone) {
      gone = new AbortController();
      res.once('close', () => gone!.abort());
    }
    return gone.signal;
  };
  let held = false;
  const answers = new Map<string, DomainAnswer>();
  await Promise.all(
    request.domains.map(async (d: Domain) => {
      const key = keyOf('lookup', d);
      const fresh = ctx.cache.fresh(key);
      try {
        let a: CacheAnswer = fresh
          ? { entry: fresh, state: 'HIT' }
          : await ctx.cache.get(key, () => ctx.held.load('lookup', d, clientOf()));
        if (!a.entry.found && waitS) {
          const h = await ctx.held.answer('lookup', d, waitS, closed(), clientOf());
          a = h.answer;
          held ||= h.held;
        }
        answers.set(d, asAnswer(a.entry));
      } catch (e) {
        // The source failed (its errors are HttpErrors) and no stale copy was kept: this domain's URLs are unknown,
        // the rest answered.
        if (!isHttpError(e)) throw e;
        answers.set(d, { found: null, reason: 'source_unavailable' });
      }
    }),
  );
  const body = Buffer.from(JSON.stringify(answerUrls(request, answers)));
  const headers = [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(body.length),
    'Cache-Control',
    'no-store',
  ];
  if (held) headers.push('Preference-Applied', `wait=${waitS}`);
  res.writeHead(200, headers);
  res.end(body);
}
