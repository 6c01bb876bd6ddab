/**
 * GET /v1/domain/{domain} and /v1/domain/{domain}/full. An unknown domain is a normal answer,
 * 200 `{domain, found: false, queued: true}`, on both (our choice for /full, consistent with
 * the single lookup), and is queued for analysis. With `Prefer: wait=N` (RFC 7240) the single
 * lookup of an unknown domain waits up to N seconds (at most 10) for its first analysis.
 * POST /v1/domain/{domain}/recheck ("Check again", ours) queues a new check now, at most once
 * a minute per domain.
 */
import { Router } from 'express';
import type { LookupService } from '../../api.js';
import { heldRead, sendRecheck } from '../../pending/index.js';
import { methodNotAllowed } from '../errors.js';
import { domainParam } from '../params.js';
import { readOptions } from '../security.js';

export function domainRouter(service: LookupService): Router {
  const router = Router();
  router
    .route('/domain/:domain')
    .get(async (req, res) => {
      const domain = domainParam(req.params.domain);
      const opts = readOptions(res);
      const held = heldRead(req, res, service);
      let answer = await service.lookup(domain, opts);
      if (!answer.found && (await held.until([domain])).length > 0) answer = await service.lookup(domain, opts);
      res.json(answer);
    })
    .all(methodNotAllowed('GET'));
  router
    .route('/domain/:domain/full')
    .get(async (req, res) => void res.json(await service.full(domainParam(req.params.domain), readOptions(res))))
    .all(methodNotAllowed('GET'));
  router
    .route('/domain/:domain/recheck')
    .post(async (req, res) => {
      sendRecheck(res, await service.recheck(domainParam(req.params.domain), readOptions(res)));
    })
    .all(methodNotAllowed('POST'));
  return router;
}
