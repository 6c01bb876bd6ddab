/** GET /v1/search: domain names containing q, optional stance, paged (seed "GET /v1/search"). */
import { Router } from 'express';
import type { LookupService } from '../../api.js';
import { methodNotAllowed } from '../errors.js';
import { searchParams } from '../params.js';
import { readOptions } from '../security.js';

export function searchRouter(service: LookupService): Router {
  const router = Router();
  router
    .route('/search')
    .get(async (req, res) => void res.json(await service.search(searchParams(req.query), readOptions(res))))
    .all(methodNotAllowed('GET'));
  return router;
}
