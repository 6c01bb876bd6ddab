/** GET /v1/search: domain names containing q, optional stance, paged (seed "GET /v1/search"). */
import { Router } from 'express';
import type { LookupService } from '../../api.js';
import { methodNotAllowed } from '../errors.js';
import { searchParams } from '../params.js';

export function searchRouter(service: LookupService): Router {
  const router = Router();
  router
    .route('/search')
    .get((req, res) => void res.json(service.search(searchParams(req.query))))
    .all(methodNotAllowed('GET'));
  return router;
}
