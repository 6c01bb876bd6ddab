/**
 * Held reads, early answers and "Check again": the one place the gateway decides them. The
 * routes ask HeldReads whether a read is held (`waitOf`), for the answer held or not (`answer`),
 * for a domain document from the source (`load`: the lifetime its answer earns, early answers
 * included, and what it makes wrong in the cache), and for a check of a domain (`recheck`).
 *
 * RFC 7240 `Prefer: wait=N`: a client that would rather wait up to N seconds (at most 10, as the
 * service) than get `found: false, queued: true` is held until the record exists, or, after an
 * accepted "Check again", until the check's result is stored. How the gateway learns that is a
 * RecordWatch (watch.ts): the embedded service's events (embedded-watch.ts) or the upstream
 * (remote-watch.ts, with the check marks of marks.ts, shared by replicas in redis-marks.ts). A
 * source that offers neither holds nothing and offers no "Check again".
 */
import type { RecheckResult } from '../../../shared/api.js';
import type { Domain } from '../../../shared/domain.js';
import type { Clock } from '../../lib/clock.js';
import { preferredWait } from '../../lib/http/prefer.js';
import type { Logger } from '../../lib/logger.js';
import type { PolicySource } from '../../upstream/policy-source.js';
import type { Ttls } from '../config.js';
import { keyOf, type DomainRead } from '../domain-keys.js';
import type { CacheAnswer, Flight, Loaded, ResponseCache } from '../response-cache.js';
import { lifetimeOf } from './early.js';
import { EmbeddedWatch } from './embedded-watch.js';
import { LocalRecheckMarks, type RecheckMarks } from './marks.js';
import { RemoteWatch } from './remote-watch.js';
import type { RecordStoredEvents, RecordWatch } from './watch.js';

export type { RecordStoredEvents };

export interface HeldReadsDeps {
  source: PolicySource;
  cache: ResponseCache;
  ttl: Ttls;
  clock: Clock;
  /** "Check again" marks shared by replicas (REDIS_URL); default this process's own. */
  marks?: RecheckMarks;
  /** The embedded service's "record stored" event: answers about a domain are dropped when its record is stored. */
  onRecordStored?: RecordStoredEvents;
  /** Single-flight across replicas (REDIS_URL): one held wait per domain for all of them. */
  flight?: Flight;
  logger?: Logger;
}

/** A domain document's cached answer, and whether the read was held for it. */
export interface HeldAnswer {
  answer: CacheAnswer;
  held: boolean;
}

export class HeldReads {
  /** null when the source can tell neither when a record is stored nor check a domain again. */
  private readonly watch: RecordWatch | null;

  constructor(private readonly d: HeldReadsDeps) {
    this.watch = watchFor(d, (domain, client) => this.cached('lookup', domain, client));
  }

  /** Whether "Check again" is offered. */
  get offersRecheck(): boolean {
    return this.watch !== null;
  }

  /** The seconds a read asking `Prefer: wait=N` may be held; undefined: answered at once. */
  waitOf(prefer: string | string[] | undefined): number | undefined {
    if (prefer === undefined || this.watch === null) return undefined;
    return preferredWait(Array.isArray(prefer) ? prefer.join(',') : prefer);
  }

  /** Asks the source for one domain document, with the lifetime its answer earns and what it makes wrong in the cache. */
  async load(kind: DomainRead, domain: Domain, client?: string): Promise<Loaded> {
    const value: unknown = await this.d.source[kind](domain, client === undefined ? undefined : { client });
    // Unknown domains answer {found: false, queued: true}; found documents of the announced
    // surface carry no `found` field at all.
    const found = (value as { found?: boolean }).found !== false;
    const loaded: Loaded = { value, found, ttlMs: lifetimeOf(this.d.ttl, value, found) };
    return this.watch ? this.watch.loaded(kind, domain, loaded) : loaded;
  }

  /** One domain document as the cache has it, loaded (for `client`) when missing. */
  cached(kind: DomainRead, domain: Domain, client?: string): Promise<CacheAnswer> {
    return this.d.cache.get(keyOf(kind, domain), () => this.load(kind, domain, client));
  }

  /**
   * The cached answer of one domain document, held up to `waitS` seconds while the domain has no
   * record yet or a check of it is pending; `held` says whether it waited. An answer that is
   * already final is not held. Only with a watch (waitOf gave `waitS`).
   */
  async answer(
    kind: DomainRead,
    domain: Domain,
    waitS: number,
    signal: AbortSignal,
    client: string,
  ): Promise<HeldAnswer> {
    const watch = this.watch!;
    let answer = await this.cached(kind, domain, client);
    if (answer.entry.found && !(await watch.rechecking(domain))) return { answer, held: false };
    if (await watch.wait(domain, waitS * 1000, signal, kind)) {
      answer = await this.cached(kind, domain, client);
      // The record exists: a queued answer still cached here is out of date, whatever kept it.
      if (!answer.entry.found) {
        await this.d.cache.invalidate([keyOf(kind, domain)], true);
        answer = await this.cached(kind, domain, client);
      }
    }
    return { answer, held: true };
  }

  /** "Check again": a new crawl of `domain`, at most once a minute. Only when offersRecheck. */
  recheck(domain: Domain, client: string): Promise<RecheckResult> {
    return this.watch!.recheck(domain, client);
  }

  /** Stops listening to the service's events. */
  close(): void {
    if (this.watch instanceof EmbeddedWatch) this.watch.close();
  }
}

/** The embedded service's events, or the upstream's held lookups and recheck; null when the source has neither. */
function watchFor(
  d: HeldReadsDeps,
  current: (domain: Domain, client: string) => Promise<CacheAnswer>,
): RecordWatch | null {
  const s = d.source;
  if (s.whenAnalysed && s.recheck) {
    return new EmbeddedWatch(
      { whenAnalysed: s.whenAnalysed.bind(s), recheck: s.recheck.bind(s) },
      d.cache,
      d.onRecordStored,
    );
  }
  if (s.lookupHeld && s.recheckUpstream) {
    return new RemoteWatch({
      source: s,
      cache: d.cache,
      marks: d.marks ?? new LocalRecheckMarks(d.clock),
      ttl: d.ttl,
      current: async (domain, client) => (await current(domain, client)).entry,
      flight: d.flight,
      logger: d.logger,
    });
  }
  return null;
}
