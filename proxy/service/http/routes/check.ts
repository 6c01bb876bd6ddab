/**
 * POST /v1/check (ours): may this bot, or this use case, have these URLs, and which line or
 * field says so? 1 to 1,000 URLs of any domains (shared/check-api.ts), each answered from its
 * domain's record by shared/url-check, the judgement the extension's "This page" uses. A domain
 * not in the registry is queued as batch work (within the key's budget of new domains) and its
 * URLs answered `unknown`, `queued: true`; with `Prefer: wait=N` (RFC 7240) the answer is held,
 * on the service's own events, until those domains are analysed or N seconds pass.
 * The request counts against the key's limits once per domain it names: its body is read
 * before it is counted (after the key is checked), and a body that is refused counts once.
 */
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { CHECK_BODY_LIMIT, checkCheckBody } from '../../../../shared/check-api.js';
import { answerUrls, registryAnswers } from '../../../../shared/url-check/answer.js';
import type { Clock } from '../../../lib/clock.js';
import { checked } from '../../../lib/http/params.js';
import type { LookupService } from '../../api.js';
import type { ApiKeys } from '../../auth/api-keys.js';
import type { KeyUsage } from '../../auth/usage.js';
import { JudgedParts } from '../../judged-parts.js';
import { heldRead } from '../../pending/index.js';
import { methodNotAllowed } from '../errors.js';
import { countKeyUsage, jsonBody, readOptions, requireJson, requireKey, requireKeyUncounted } from '../security.js';

export interface CheckRouteDeps {
  keys: ApiKeys;
  usage: KeyUsage;
  clock: Clock;
}

export function checkRouter(service: LookupService, deps: CheckRouteDeps): Router {
  const count = countKeyUsage(deps.usage, deps.clock);
  const parts = new JudgedParts();
  const check: RequestHandler = async (req, res) => {
    const parsed = checkCheckBody(req.body);
    res.locals.counted = true;
    await count(res, parsed.ok ? parsed.value.domains.length : 1);
    const request = checked(parsed);
    const opts = readOptions(res);
    const held = heldRead(req, res, service);
    const { found, queued } = await service.lookups(request.domains, opts);
    const analysed = await held.until(request.domains.filter((d) => queued.has(d)));
    if (analysed.length > 0) for (const [d, rec] of (await service.lookups(analysed, opts)).found) found.set(d, rec);
    for (const [d, rec] of found) found.set(d, parts.reuse(rec));
    res.json(answerUrls(request, registryAnswers(request.domains, found, queued)));
  };
  // A body refused before the route reads it (not JSON, too large, malformed) counts as one request.
  const countRefused: ErrorRequestHandler = (err, _req, res, next) => {
    if (res.locals.counted || res.locals.keyId === undefined) return next(err);
    res.locals.counted = true;
    count(res, 1).then(() => next(err), next);
  };
  const router = Router();
  router
    .route('/check')
    .post(requireKeyUncounted(deps.keys), requireJson, jsonBody(CHECK_BODY_LIMIT), check, countRefused)
    .all(requireKey(deps.keys, deps.usage, deps.clock), methodNotAllowed('POST'));
  return router;
}
