/**
 * The announced launch surface (seed "Announced launch surface"), mounted by the service app at
 * `/preview/v1` behind the same Bearer keys and per-key limits as the reference surface.
 * Records, search, statistics, history and raw signals are read from the side tables that
 * indexPolicy() keeps (tables.ts); unknown domains are enqueued through the service and answered
 * as the reference surface answers them: `{domain, found: false, queued: true}`.
 * Errors are thrown as HttpError for the service's error handler (which also maps body-parser
 * failures); every choice the seed leaves open is documented in openapi.ts.
 */
import { Router, type RequestHandler } from 'express';
import type Database from 'better-sqlite3';
import type { LookupService } from '../api.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { methodNotAllowed } from '../http/errors.js';
import { jsonBody, requireJson } from '../http/security.js';
import { parseDomain, type Domain } from '../../../shared/domain.js';
import type { AnnouncedRecord, DomainPolicyUnknown } from '../../../shared/schemas.js';
import { LIMITS } from '../../../shared/values.js';
import { buildHistory } from './history.js';
import { PREVIEW_BATCH_MIN, type PreviewBatchResult } from './schemas.js';
import { parseSearchParams, searchPolicies } from './search.js';
import { readStats } from './stats.js';
import { readRecord, readSignals } from './store.js';

export interface PreviewDeps {
  db: Database.Database;
  service: LookupService;
  clock: Clock;
}

function domainParam(raw: unknown, name = 'domain'): Domain {
  const r = parseDomain(raw);
  if (!r.ok) throw new HttpError(400, 'invalid_domain', name === 'domain' ? r.message : `${name}: ${r.message}`);
  return r.domain;
}

const unknown = (domain: Domain): DomainPolicyUnknown => ({ domain, found: false, queued: true });

export function createPreviewRouter({ db, service, clock }: PreviewDeps): Router {
  const router = Router();

  /**
   * The stored announced record. A domain these tables do not hold is looked up through the
   * service, which enqueues it; should the registry hold a record these tables have not seen
   * (stored before they existed), the service's own record is served.
   */
  const announced = (d: Domain): AnnouncedRecord | DomainPolicyUnknown => {
    const rec = readRecord(db, d);
    if (rec) return rec;
    return service.lookup(d).found ? service.policy(d) : unknown(d);
  };

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
      const rec = announced(d);
      if ('found' in rec) out.not_found.push(d);
      else out.domains.push(rec);
    }
    res.json(out);
  }).all(methodNotAllowed('POST'));

  const get = (path: string, handler: RequestHandler) => router.route(path).get(handler).all(methodNotAllowed('GET'));

  get('/policy/:domain', (req, res) => {
    res.json(announced(domainParam(req.params.domain)));
  });

  get('/policy/:domain/score', (req, res) => {
    const rec = announced(domainParam(req.params.domain));
    res.json('found' in rec ? rec : { domain: rec.domain, score: rec.score, last_crawled: rec.last_crawled });
  });

  get('/signals/:domain', (req, res) => {
    const d = domainParam(req.params.domain);
    const raw = readSignals(db, d);
    if (raw) return void res.json(raw);
    if (!service.lookup(d).found) return void res.json(unknown(d));
    throw new HttpError(404, 'not_found', `No raw signals are stored for ${d} yet; they appear after its next crawl.`);
  });

  get('/search', (req, res) => {
    res.json(searchPolicies(db, parseSearchParams(req.query as Record<string, unknown>)));
  });

  get('/stats', (_req, res) => {
    res.json(readStats(db, clock.now()));
  });

  get('/domain/:domain/history', (req, res) => {
    const d = domainParam(req.params.domain);
    const h = buildHistory(db, d);
    if (h) return void res.json(h);
    res.json(service.lookup(d).found ? service.history(d) : unknown(d));
  });

  return router;
}
