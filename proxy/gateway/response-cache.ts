/**
 * The gateway's answer cache: lru-cache 11 in memory (fetchMethod gives single-flight: any
 * number of concurrent misses for one key make one upstream call) over a second level so a
 * restart starts warm: a SQLite file of this process (cache-store.ts), or Redis shared by every
 * replica (replicas/redis-store.ts, REDIS_URL), where a Flight also makes concurrent misses of
 * all replicas one upstream call (replicas/flight.ts).
 *
 * Entries hold the serialised JSON as a Buffer with its ETag, so a hit is written without
 * serialising or hashing anything. Lifetimes are chosen by the caller per answer, from the
 * gateway's config (CACHE_*_SECONDS: found 24 h, queued 5 s, search 5 min by default); errors
 * are never cached. When the upstream fails (5xx, 429,
 * unreachable) and an older copy exists in memory or on disk, that copy is served marked
 * stale for a short while (the upstream's retry_after, 1 to 30 s) instead of an error, and a
 * found entry past its lifetime is served stale while it refreshes in the background.
 *
 * Answers can be dropped before their time (invalidate): when the embedded service stores a
 * domain's record again, when a check of it was asked for, and when a later answer says a
 * queued domain is found (a queued answer is never served after the record exists).
 * A load of a dropped key that was already under way is done again, so an answer read before
 * the drop cannot be stored after it; with replicas the drop reaches the shared level and,
 * through the InvalidationBus, every replica's memory.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { isHttpError } from '../lib/http-error.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { onceEvery } from '../lib/throttle.js';
import type { StoredRow } from './cache-store.js';

/** Where answers outlive this process's memory. */
export interface SecondLevel {
  /** Other replicas read it too: queued answers are kept as well, so their waiting replicas find them. */
  readonly shared: boolean;
  get(key: string): StoredRow | undefined | Promise<StoredRow | undefined>;
  put(row: StoredRow): void | Promise<void>;
  /** Rows held, or null when counting them is not cheap. */
  count(): number | null;
  /** Drops these keys' rows; `queuedOnly`: only rows of `found: false` answers. */
  delete(keys: readonly string[], queuedOnly: boolean): void | Promise<void>;
}

/** Tells the other replicas' memory what was dropped (REDIS_URL: a Redis channel). */
export interface InvalidationBus {
  publish(keys: readonly string[], queuedOnly: boolean): void;
  /** `drop` is called with what another replica published. */
  subscribe(drop: (keys: string[], queuedOnly: boolean) => void): void;
}

/** Single-flight across processes: one of them loads a key, the others wait for what it stored. */
export interface Flight {
  /** Runs `lead` unless another replica is loading `key`; then waits until `follow` finds its answer (undefined: not yet). */
  once<T>(key: string, lead: () => Promise<T>, follow: () => Promise<T | undefined>): Promise<T>;
}

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

/** A load under way, told to start again when its key is dropped meanwhile: `all`, or only when it brings a queued answer. */
interface LoadMark {
  redo: 'all' | 'queued' | null;
}

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** Lifetime of an entry stored without one of its own (every caller gives one; see Ttls). */
  defaultTtlMs: number;
  store: SecondLevel | null;
  flight?: Flight;
  bus?: InvalidationBus;
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

/** How often a load is done again when its key keeps being dropped while it runs. */
const MAX_REDO = 2;

export class ResponseCache {
  private readonly lru: LRUCache<string, CacheEntry, FetchContext>;
  private readonly loading = new Map<string, LoadMark>();

  constructor(private readonly opts: ResponseCacheOptions) {
    this.lru = new LRUCache<string, CacheEntry, FetchContext>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (e, k) => e.body.length + k.length + ENTRY_OVERHEAD,
      ttl: opts.defaultTtlMs,
      // Expired entries stay until refreshed: they are the stale copies served on failure.
      noDeleteOnStaleGet: true,
      // Not allowStaleOnFetchRejection: fill() serves the old copy itself, marked with the
      // reason, and that option would turn a failure with no old copy into `undefined`.
      // An eviction during a fetch must not throw away the answer other callers wait for.
      ignoreFetchAbort: true,
      fetchMethod: (key, stale, { options, context }) => this.fill(key, stale, options, context),
    });
    opts.bus?.subscribe((keys, queuedOnly) => this.drop(keys, queuedOnly));
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

  /** A fresh answer from the second level only (another replica's), or undefined. */
  async shared(key: string): Promise<CacheEntry | undefined> {
    const row = await this.readStore(key);
    return row && row.expiresAt > this.opts.clock.now() ? entryOf(row) : undefined;
  }

  /** Stores an answer got outside get() (a held read's), in place of what `key` held. */
  async put(key: string, loaded: Loaded): Promise<CacheEntry> {
    const entry = makeEntry(loaded.value, loaded.found, this.opts.clock.now());
    // lru-cache: a fetch of `key` still under way no longer stores its result over this one.
    this.lru.set(key, entry, { ttl: loaded.ttlMs });
    await this.persist(key, entry, loaded.ttlMs);
    return entry;
  }

  /**
   * Drops `keys` (`queuedOnly`: only `found: false` answers) from memory, the second level and,
   * through the bus, the other replicas' memory. Loads of them under way are done again.
   */
  async invalidate(keys: readonly string[], queuedOnly = false): Promise<void> {
    this.drop(keys, queuedOnly);
    this.opts.bus?.publish(keys, queuedOnly);
    if (!this.opts.store) return;
    try {
      await this.opts.store.delete(keys, queuedOnly);
    } catch (e) {
      this.warn(e, 'cache store delete failed');
    }
  }

  /** This process's part of invalidate(). */
  private drop(keys: readonly string[], queuedOnly: boolean): void {
    for (const key of keys) {
      const mark = this.loading.get(key);
      if (mark) mark.redo = queuedOnly && mark.redo !== 'all' ? 'queued' : 'all';
      if (queuedOnly && this.lru.peek(key, { allowStale: true })?.found !== false) continue;
      this.lru.delete(key);
    }
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
    const mark: LoadMark = { redo: null };
    this.loading.set(key, mark);
    try {
      return await this.fillMarked(key, stale, options, context, mark);
    } finally {
      if (this.loading.get(key) === mark) this.loading.delete(key);
    }
  }

  private async fillMarked(
    key: string,
    stale: CacheEntry | undefined,
    options: LRUCache.FetcherFetchOptions<string, CacheEntry, FetchContext>,
    context: FetchContext,
    mark: LoadMark,
  ): Promise<CacheEntry> {
    const read = stale ? undefined : await this.readStore(key);
    // Dropped while it was read: the row may be the very answer that was dropped.
    const row = mark.redo === null ? read : undefined;
    const now = this.opts.clock.now();
    if (row && row.expiresAt > now) {
      options.ttl = row.expiresAt - now;
      return { ...entryOf(row), fromDisk: true };
    }
    const fallback: CacheEntry | undefined = stale ?? (row && entryOf(row));
    try {
      const { entry, ttlMs } = await this.load(key, context, mark);
      options.ttl = ttlMs;
      return entry;
    } catch (e) {
      // Only an outage earns a stale answer; a 4xx is about the request itself.
      if (!fallback || !isHttpError(e) || e.status < 500) throw e;
      const ttl = Math.min(STALE_TTL_MAX_MS, Math.max(STALE_TTL_MIN_MS, (e.retryAfter ?? 5) * 1000));
      options.ttl = ttl;
      return {
        body: fallback.body,
        etag: fallback.etag,
        found: fallback.found,
        fetchedAt: fallback.fetchedAt,
        staleReason: e.code,
        retryAfter: e.retryAfter,
      };
    }
  }

  /** Asks the loader (through the Flight, when replicas share the second level) and stores the answer before anyone is told. */
  private load(key: string, context: FetchContext, mark: LoadMark): Promise<{ entry: CacheEntry; ttlMs: number }> {
    const lead = async () => {
      mark.redo = null;
      let loaded = await context.load();
      // Dropped while it was asked for: the answer may predate what caused the drop.
      for (let n = 0; n < MAX_REDO && (mark.redo === 'all' || (mark.redo === 'queued' && !loaded.found)); n++) {
        mark.redo = null;
        loaded = await context.load();
      }
      const entry = makeEntry(loaded.value, loaded.found, this.opts.clock.now());
      await this.persist(key, entry, loaded.ttlMs);
      return { entry, ttlMs: loaded.ttlMs };
    };
    if (!this.opts.flight) return lead();
    return this.opts.flight.once(key, lead, async () => {
      // Another replica loaded it: its answer is in the shared level (a miss here all the same).
      const row = await this.readStore(key);
      const now = this.opts.clock.now();
      return row && row.expiresAt > now ? { entry: entryOf(row), ttlMs: row.expiresAt - now } : undefined;
    });
  }

  private async readStore(key: string): Promise<StoredRow | undefined> {
    if (!this.opts.store) return undefined;
    try {
      return await this.opts.store.get(key);
    } catch (e) {
      this.warn(e, 'cache store read failed');
      return undefined;
    }
  }

  /** A store failure, logged at most once a minute: while the store is away every miss would say the same. */
  private readonly warn = onceEvery(
    60_000,
    (e: unknown, msg: string) => this.opts.logger?.warn({ err: String(e) }, msg),
    () => this.opts.clock.now(),
  );

  private async persist(key: string, entry: CacheEntry, ttlMs: number): Promise<void> {
    const store = this.opts.store;
    // Queued answers live seconds: worth a write only where other replicas wait for them.
    if (!store || (!entry.found && !store.shared)) return;
    try {
      await store.put({
        key,
        payload: entry.body,
        found: entry.found,
        fetchedAt: entry.fetchedAt,
        expiresAt: entry.fetchedAt + ttlMs,
      });
    } catch (e) {
      this.warn(e, 'cache store write failed');
    }
  }
}

const entryOf = (row: StoredRow): CacheEntry => ({
  body: row.payload,
  etag: etagOf(row.payload),
  found: row.found,
  fetchedAt: row.fetchedAt,
});
