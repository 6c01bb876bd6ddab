/** GET /openapi.json: the committed document (proxy/service/openapi.json), read once at start. */
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { methodNotAllowed } from '../errors.js';

export const OPENAPI_PATH = new URL('../../openapi.json', import.meta.url);

export function openapiRouter(): Router {
  const body = readFileSync(OPENAPI_PATH);
  const router = Router();
  router
    .route('/openapi.json')
    .get((_req, res) => {
      res.type('application/json').send(body);
    })
    .all(methodNotAllowed('GET'));
  return router;
}
