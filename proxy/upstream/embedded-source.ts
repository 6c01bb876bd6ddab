/**
 * PolicySource over the lookup service running in this process (ARCHITECTURE: the default,
 * zero-setup path). No key, no network, no quota: the service's synchronous reads are wrapped
 * in promises so the gateway treats both sources alike. A failure that is not already an
 * HttpError becomes 500 internal_error (the gateway's error handler logs the cause).
 */
import type { Domain } from '../../shared/domain.js';
import { HttpError, isHttpError } from '../lib/http-error.js';
import type { LookupService, SearchParams } from '../service/api.js';
import type { PolicySource } from './policy-source.js';

export class EmbeddedSource implements PolicySource {
  readonly mode = 'embedded' as const;

  /** `ownsService`: close() also closes the service (the gateway created it). */
  constructor(
    readonly service: LookupService,
    private readonly ownsService = true,
  ) {}

  lookup(domain: Domain) {
    return run(() => this.service.lookup(domain));
  }
  full(domain: Domain) {
    return run(() => this.service.full(domain));
  }
  search(params: SearchParams) {
    return run(() => this.service.search(params));
  }
  batch(domains: Domain[]) {
    return run(() => this.service.batch(domains));
  }
  policy(domain: Domain) {
    return run(() => this.service.policy(domain));
  }
  score(domain: Domain) {
    return run(() => this.service.score(domain));
  }
  history(domain: Domain) {
    return run(() => this.service.history(domain));
  }
  quota() {
    return null;
  }
  async close(): Promise<void> {
    if (this.ownsService) await this.service.close();
  }
}

function run<T>(read: () => T): Promise<T> {
  try {
    return Promise.resolve(read());
  } catch (e) {
    return Promise.reject(isHttpError(e) ? e : new HttpError(500, 'internal_error', 'The lookup service failed.', { cause: e }));
  }
}
