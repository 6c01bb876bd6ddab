/**
 * How the gateway learns that a domain's record exists or changed: for RFC 7240 `Prefer: wait=N`
 * reads, for "Check again", and to drop cached answers the record makes wrong. Embedded mode is
 * told by the service's "record stored" event (embedded-watch.ts); remote mode asks the upstream
 * (remote-watch.ts). Only held/index.ts calls a watch.
 */
import type { RecheckResult } from '../../../shared/api.js';
import type { Domain } from '../../../shared/domain.js';
import type { DomainRead } from '../domain-keys.js';
import type { Loaded } from '../response-cache.js';

export interface RecordWatch {
  /** A check of `domain` was asked for and its result is not in yet: a read that may wait should. */
  rechecking(domain: Domain): Promise<boolean>;
  /**
   * Waits up to `ms` for the domain's record (while a check is pending, the record it brings);
   * true when it is there and the cache may be read for it, false at the deadline or on abort.
   * `kind`: the document to be read; a lookup may be answered early, while the terms are read.
   */
  wait(domain: Domain, ms: number, signal: AbortSignal, kind: DomainRead): Promise<boolean>;
  /** "Check again": a new crawl of `domain`, at most once a minute. */
  recheck(domain: Domain, client: string): Promise<RecheckResult>;
  /** A loaded answer before it is cached: its lifetime, and what it makes wrong elsewhere. */
  loaded(kind: DomainRead, domain: Domain, loaded: Loaded): Promise<Loaded>;
}

/** Subscribes to the service's "record stored" event; returns the unsubscribe function. */
export type RecordStoredEvents = (listener: (domain: string) => void) => () => void;
