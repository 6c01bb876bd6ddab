/**
 * The gateway's answer cache: lru-cache 11 in memory (fetchMethod gives single-flight: any
 * number of concurrent misses for one key make one upstream call) over a SQLite second level
 * (cache-store.ts) so a restart starts warm.
 *
 * Entries hold the serialised JSON as a Buffer with its ETag, so a hit is written without
 * serialising or hashing anything. Lifetimes are chosen by the caller per answer (found 24 h,
 * queued 5 s, search 5 min); errors are never cached. When the upstream fails (5xx, 429,
 * unreachable) and an older copy exists in memory or on disk, that copy is served marked
 * stale for a short while (the upstream's retry_after, 1 to 30 s) instead of an error, and a
 * found entry past its lifetime is served stale while it refreshes in the background.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { isHttpError } from '../lib/http-error.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { CacheStore } from './cache-store.js';

export interface CacheEntry {
  readonly body: Buffer;
  readonly etag: string;
  /** false: the domain is queued (not in the registry yet); such answers live only seconds. */
  readonly found: boolean;
  readonly fetchedAt: number;
  /** Set on a copy served because the upstream could not give a fresh one (its error code). */
  readonly staleReason?: string;
  readonly retryAfter?: number;
  /** Read from the SQLite level. */
  readonly fromDisk?: boolean;
}

export type CacheState = 'HIT' | 'MISS' | 'STALE';

export interface CacheAnswer {
  entry: CacheEntry;
  state: CacheState;
}

/** What a loader gives the cache: the JSON value and how long it stays fresh. */
export interface Loaded {
  value: unknown;
  found: boolean;
  ttlMs: number;
}

interface FetchContext {
  load: () => Promise<Loaded>;
}

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  store: CacheStore | null;
  clock: Clock;
  logger?: Logger;
  onResult?: (state: CacheState) => void;
}

const STALE_TTL_MIN_MS = 1_000;
const STALE_TTL_MAX_MS = 30_000;
/** Per-entry bookkeeping in lru-cache, counted so the byte bound is honest. */
const ENTRY_OVERHEAD = 256;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function makeEntry(value: unknown, found: boolean, fetchedAt: number): CacheEntry {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: etagOf(body), found, fetchedAt };
}

export class ResponseCache {
  private readonly lru: LRUCache<string, CacheEntry, FetchContext>;

  constructor(private readonly opts: ResponseCacheOptions) {
    this.lru = new LRUCache<string, CacheEntry, FetchContext>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (e, k) => e.body.length + k.length + ENTRY_OVERHEAD,
      ttl: 86_400_000,
      // Expired entries stay until refreshed: they are the stale copies served on failure.
      noDeleteOnStaleGet: true,
      // Not allowStaleOnFetchRejection: fill() serves the old copy itself, marked with the
      // reason, and that option would turn a failure with no old copy into `undefined`.
      // An eviction during a fetch must not throw away the answer other callers wait for.
      ignoreFetchAbort: true,
      fetchMethod: (key, stale, { options, context }) => this.fill(key, stale, options, context),
    });
  }

  /** A fresh entry from memory (counted as a hit), or undefined: the synchronous fast path. */
  fresh(key: string): CacheEntry | undefined {
    const e = this.lru.get(key);
    if (e) this.opts.onResult?.(e.staleReason ? 'STALE' : 'HIT');
    return e;
  }

  /** Memory, then disk, then `load` (single-flight per key). Rejects with the loader's error when nothing can be served. */
  async get(key: string, load: () => Promise<Loaded>): Promise<CacheAnswer> {
    const hit = this.fresh(key);
    if (hit) return { entry: hit, state: hit.staleReason ? 'STALE' : 'HIT' };
    const old = this.lru.peek(key, { allowStale: true });
    const status: LRUCache.Status<string, CacheEntry, FetchContext> = {};
    // A found answer past its lifetime is served while it refreshes; a queued one is not,
    // because the point of its short lifetime is to ask again (the domain may be done).
    const entry = await this.lru.fetch(key, { context: { load }, allowStale: old?.found === true, status });
    if (!entry) throw new Error(`cache fetch for ${key} gave nothing`);
    if (status.returnedStale) return this.answer(entry, 'STALE');
    return this.answer(entry, entry.staleReason ? 'STALE' : entry.fromDisk || status.fetch === 'hit' ? 'HIT' : 'MISS');
  }

  /** Stores an answer obtained elsewhere (a single lookup made for a batch). */
  put(key: string, loaded: Loaded): void {
    const entry = makeEntry(loaded.value, loaded.found, this.opts.clock.now());
    this.lru.set(key, entry, { ttl: loaded.ttlMs });
    this.persist(key, entry, loaded.ttlMs);
  }

  get size(): number {
    return this.lru.size;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }

  clear(): void {
    this.lru.clear();
  }

  private answer(entry: CacheEntry, state: CacheState): CacheAnswer {
    this.opts.onResult?.(state);
    return { entry, state };
  }

  private async fill(
    key: string,
    stale: CacheEntry | undefined,
    options: LRUCache.FetcherFetchOptions<string, CacheEntry, FetchContext>,
    context: FetchContext,
  ): Promise<CacheEntry> {
    const now = this.opts.clock.now();
    const row = stale ? undefined : this.readDisk(key);
    if (row && row.expiresAt > now) {
      options.ttl = row.expiresAt - now;
      return { body: row.payload, etag: etagOf(row.payload), found: row.found, fetchedAt: row.fetchedAt, fromDisk: true };
    }
    const fallback: CacheEntry | undefined =
      stale ?? (row && { body: row.payload, etag: etagOf(row.payload), found: row.found, fetchedAt: row.fetchedAt });
    try {
      const loaded = await context.load();
      const entry = makeEntry(loaded.value, loaded.found, this.opts.clock.now());
      options.ttl = loaded.ttlMs;
      this.persist(key, entry, loaded.ttlMs);
      return entry;
    } catch (e) {
      // Only an outage earns a stale answer; a 4xx is about the request itself.
      if (!fallback || !isHttpError(e) || e.status < 500) throw e;
      const ttl = Math.min(STALE_TTL_MAX_MS, Math.max(STALE_TTL_MIN_MS, (e.retryAfter ?? 5) * 1000));
      options.ttl = ttl;
      return { body: fallback.body, etag: fallback.etag, found: fallback.found, fetchedAt: fallback.fetchedAt, staleReason: e.code, retryAfter: e.retryAfter };
    }
  }

  private readDisk(key: string) {
    if (!this.opts.store) return undefined;
    try {
      return this.opts.store.get(key);
    } catch (e) {
      this.opts.logger?.warn({ err: String(e) }, 'cache store read failed');
      return undefined;
    }
  }

  private persist(key: string, entry: CacheEntry, ttlMs: number): void {
    // Queued answers live seconds: not worth a disk write.
    if (!this.opts.store || !entry.found) return;
    try {
      this.opts.store.put({ key, payload: entry.body, found: entry.found, fetchedAt: entry.fetchedAt, expiresAt: entry.fetchedAt + ttlMs });
    } catch (e) {
      this.opts.logger?.warn({ err: String(e) }, 'cache store write failed');
    }
  }
}
