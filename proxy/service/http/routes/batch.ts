/**
 * POST /v1/batch and its alias POST /v1/compare (seed "Versioning" 3: identical behaviour).
 * 2 to 25 entries, else 400 invalid_params (our code for the seed's "not shown"); an invalid
 * entry is 400 invalid_domain naming it; unknown domains are listed in not_found and queued
 * within the key's budget of new domains a minute (the rest are not queued).
 */
import { Router } from 'express';
import type { LookupService } from '../../api.js';
import { methodNotAllowed } from '../errors.js';
import { batchDomains } from '../params.js';
import { jsonBody, readOptions, requireJson } from '../security.js';

export function batchRouter(service: LookupService): Router {
  const router = Router();
  for (const path of ['/batch', '/compare']) {
    router
      .route(path)
      .post(
        requireJson,
        jsonBody(),
        async (req, res) => void res.json(await service.batch(batchDomains(req.body), readOptions(res))),
      )
      .all(methodNotAllowed('POST'));
  }
  return router;
}
