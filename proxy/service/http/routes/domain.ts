/**
 * GET /v1/domain/{domain} and /v1/domain/{domain}/full. An unknown domain is a normal answer,
 * 200 `{domain, found: false, queued: true}`, on both (our choice for /full, consistent with
 * the single lookup), and is queued for analysis.
 */
import { Router } from 'express';
import type { LookupService } from '../../api.js';
import { methodNotAllowed } from '../errors.js';
import { domainParam } from '../params.js';

export function domainRouter(service: LookupService): Router {
  const router = Router();
  router
    .route('/domain/:domain')
    .get((req, res) => void res.json(service.lookup(domainParam(req.params.domain))))
    .all(methodNotAllowed('GET'));
  router
    .route('/domain/:domain/full')
    .get((req, res) => void res.json(service.full(domainParam(req.params.domain))))
    .all(methodNotAllowed('GET'));
  return router;
}
