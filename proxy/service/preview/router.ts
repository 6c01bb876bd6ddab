/**
 * The announced launch surface (seed "Announced launch surface"), mounted by the service app at
 * `/preview/v1` behind the same Bearer keys and per-key limits as the reference surface.
 * Records, scores and history come from the service, as on /v1 and in the gateway (unknown
 * domains are enqueued and answered `{domain, found: false, queued: true}`, stale ones
 * re-crawled); search, statistics and raw signals are read from the side tables that
 * indexPolicy() keeps (tables.ts).
 * Errors are thrown as HttpError for the service's error handler (which also maps body-parser
 * failures); every choice the seed leaves open is documented in openapi.ts.
 */
import { Router, type RequestHandler } from 'express';
import type Database from 'better-sqlite3';
import type { LookupService } from '../api.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { methodNotAllowed } from '../http/errors.js';
import { domainParam } from '../http/params.js';
import { jsonBody, requireJson } from '../http/security.js';
import { LIMITS } from '../../../shared/values.js';
import { PREVIEW_BATCH_MIN, type PreviewBatchResult } from './schemas.js';
import { parseSearchParams, searchPolicies } from './search.js';
import { readStats } from './stats.js';
import { readSignals } from './store.js';

export interface PreviewDeps {
  db: Database.Database;
  service: LookupService;
  clock: Clock;
}

export function createPreviewRouter({ db, service, clock }: PreviewDeps): Router {
  const router = Router();

  // Before /policy/:domain, so that POST /policy/batch is not a 405 of the single lookup.
  // The service's JSON body rules (64 KiB, application/json only); its error handler maps parser errors.
  router.route('/policy/batch').post(requireJson, jsonBody(), (req, res) => {
    const body: unknown = req.body;
    const list = (body as { domains?: unknown } | null)?.domains;
    if (!Array.isArray(list)) throw new HttpError(400, 'invalid_params', 'domains: expected a JSON body {"domains": [...]} with an array of domain names.');
    if (list.length < PREVIEW_BATCH_MIN || list.length > LIMITS.previewBatchMax) {
      throw new HttpError(400, 'invalid_params', `domains: give ${PREVIEW_BATCH_MIN} to ${LIMITS.previewBatchMax} domains (got ${list.length}).`);
    }
    const names = [...new Set(list.map((d, i) => domainParam(d, `domains[${i}]`)))];
    const out: PreviewBatchResult = { domains: [], not_found: [] };
    for (const d of names) {
      const rec = service.policy(d);
      if ('found' in rec) out.not_found.push(d);
      else out.domains.push(rec);
    }
    res.json(out);
  }).all(methodNotAllowed('POST'));

  const get = (path: string, handler: RequestHandler) => router.route(path).get(handler).all(methodNotAllowed('GET'));

  get('/policy/:domain', (req, res) => {
    res.json(service.policy(domainParam(req.params.domain)));
  });

  get('/policy/:domain/score', (req, res) => {
    res.json(service.score(domainParam(req.params.domain)));
  });

  get('/signals/:domain', (req, res) => {
    const d = domainParam(req.params.domain);
    const raw = readSignals(db, d);
    if (raw) return void res.json(raw);
    const known = service.lookup(d);
    if (!known.found) return void res.json(known);
    throw new HttpError(404, 'not_found', `No raw signals are stored for ${d} yet; they appear after its next crawl.`);
  });

  get('/search', (req, res) => {
    res.json(searchPolicies(db, parseSearchParams(req.query as Record<string, unknown>)));
  });

  get('/stats', (_req, res) => {
    res.json(readStats(db, clock.now()));
  });

  get('/domain/:domain/history', (req, res) => {
    res.json(service.history(domainParam(req.params.domain)));
  });

  return router;
}
