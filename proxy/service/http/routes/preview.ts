/**
 * The announced launch surface (seed "Announced launch surface"), mounted by the service app at
 * `/preview/v1` behind the same Bearer keys and per-key limits as the reference surface.
 * Everything comes from the service, as on /v1 and in the gateway (unknown domains are queued
 * and answered `{domain, found: false, queued: true}`, stale ones re-crawled); search,
 * statistics and raw signals from the side tables the store keeps. Errors are thrown as
 * HttpError for the service's error handler; every choice the seed leaves open is documented
 * in openapi/preview-paths.ts.
 */
import { Router, type RequestHandler } from 'express';
import { HttpError } from '../../../lib/http-error.js';
import type { LookupService } from '../../api.js';
import type { PreviewBatchResult } from '../../preview/schemas.js';
import { methodNotAllowed } from '../errors.js';
import { domainParam, previewBatchDomains, previewSearchParams } from '../params.js';
import { jsonBody, readOptions, requireJson } from '../security.js';

export function previewRouter(service: LookupService): Router {
  const router = Router();

  // Before /policy/:domain, so that POST /policy/batch is not a 405 of the single lookup.
  router
    .route('/policy/batch')
    .post(requireJson, jsonBody(), async (req, res) => {
      const names = previewBatchDomains(req.body);
      const opts = readOptions(res);
      // Found ones from the registry; unknown ones queued within the client's budget (service batch rules).
      const batch = await service.batch(names, opts);
      const found = new Set(batch.domains.map((d) => d.domain));
      const out: PreviewBatchResult = { domains: [], not_found: batch.not_found };
      for (const d of names) {
        if (!found.has(d)) continue;
        const rec = await service.policy(d, opts);
        if ('found' in rec) out.not_found.push(d);
        else out.domains.push(rec);
      }
      res.json(out);
    })
    .all(methodNotAllowed('POST'));

  const get = (path: string, handler: RequestHandler) => router.route(path).get(handler).all(methodNotAllowed('GET'));

  get('/policy/:domain', async (req, res) => {
    res.json(await service.policy(domainParam(req.params.domain), readOptions(res)));
  });

  get('/policy/:domain/score', async (req, res) => {
    res.json(await service.score(domainParam(req.params.domain), readOptions(res)));
  });

  get('/signals/:domain', async (req, res) => {
    const d = domainParam(req.params.domain);
    const raw = await service.signals(d, readOptions(res));
    if (raw) return void res.json(raw);
    throw new HttpError(404, 'not_found', `No raw signals are stored for ${d} yet; they appear after its next crawl.`);
  });

  get('/search', async (req, res) => {
    res.json(await service.previewSearch(previewSearchParams(req.query)));
  });

  get('/stats', async (_req, res) => {
    res.json(await service.stats());
  });

  get('/domain/:domain/history', async (req, res) => {
    res.json(await service.history(domainParam(req.params.domain), readOptions(res)));
  });

  return router;
}
