/**
 * PolicySource over the lookup service running in this process (ARCHITECTURE: the default,
 * zero-setup path). No key, no network, no quota: the service serves the same read interface
 * (shared/api.ts), and the analysis controls (wait for a record, check again) the gateway
 * offers only with an embedded service. A failure that is not already an HttpError becomes
 * 500 internal_error (the gateway's error handler logs the cause).
 */
import type { AnalysisControl, ReadOptions, SearchParams } from '../../shared/api.js';
import type { Domain } from '../../shared/domain.js';
import { HttpError, isHttpError } from '../lib/http-error.js';
import type { LookupService } from '../service/api.js';
import type { PolicySource } from './policy-source.js';

export class EmbeddedSource implements PolicySource, AnalysisControl {
  readonly mode = 'embedded' as const;

  /** `ownsService`: close() also closes the service (the gateway created it). */
  constructor(
    readonly service: LookupService,
    private readonly ownsService = true,
  ) {}

  lookup(domain: Domain, opts?: ReadOptions) {
    return run(() => this.service.lookup(domain, opts));
  }
  full(domain: Domain, opts?: ReadOptions) {
    return run(() => this.service.full(domain, opts));
  }
  search(params: SearchParams, opts?: ReadOptions) {
    return run(() => this.service.search(params, opts));
  }
  batch(domains: Domain[], opts?: ReadOptions) {
    return run(() => this.service.batch(domains, opts));
  }
  policy(domain: Domain, opts?: ReadOptions) {
    return run(() => this.service.policy(domain, opts));
  }
  score(domain: Domain, opts?: ReadOptions) {
    return run(() => this.service.score(domain, opts));
  }
  history(domain: Domain, opts?: ReadOptions) {
    return run(() => this.service.history(domain, opts));
  }
  stats() {
    return run(() => this.service.stats());
  }
  whenAnalysed(domain: Domain, timeoutMs: number, signal?: AbortSignal, opts?: { stored?: boolean }) {
    return run(() => this.service.whenAnalysed(domain, timeoutMs, signal, opts));
  }
  recheck(domain: Domain, opts?: ReadOptions) {
    return run(() => this.service.recheck(domain, opts));
  }
  quota() {
    return null;
  }
  async close(): Promise<void> {
    if (this.ownsService) await this.service.close();
  }
}

async function run<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    throw isHttpError(e) ? e : new HttpError(500, 'internal_error', 'The lookup service failed.', { cause: e });
  }
}
