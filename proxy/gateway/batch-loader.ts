/**
 * Groups the batch misses of every request that arrives in the same turn of the event loop
 * into upstream batches of at most 25 domains (seed "POST /v1/batch": 2 to 25 entries; larger
 * sets are split into chunks). A chunk of one goes through the single lookup instead.
 * Each domain reaches this at most once at a time: the cache's single-flight sits in front.
 */
import type { Domain } from '../../shared/domain.js';
import type { BatchItem, DomainPolicy } from '../../shared/schemas.js';
import { toBatchItem } from '../upstream/batch-of-one.js';
import type { PolicySource } from '../upstream/policy-source.js';
import type { CacheAnswer } from './response-cache.js';

/** A chunk's answers: found items by domain; a domain absent from the map is not found (queued). */
export type ChunkRunner = (chunk: Domain[], client: string | undefined) => Promise<Map<string, BatchItem>>;

/**
 * Chunks asked of the source's batch; a chunk of one uses the single lookup through the cache
 * (`single`) instead: it joins a lookup of the same domain already in flight, and its full
 * answer is kept for later single lookups.
 */
export function sourceChunks(
  source: PolicySource,
  single: (domain: Domain, client: string | undefined) => Promise<CacheAnswer>,
): ChunkRunner {
  return async (chunk, client) => {
    if (chunk.length === 1) {
      const d = chunk[0]!;
      const { entry } = await single(d, client);
      const p = JSON.parse(entry.body.toString('utf8')) as DomainPolicy;
      return new Map(p.found ? [[p.domain, toBatchItem(p)]] : []);
    }
    const r = await source.batch(chunk, client === undefined ? undefined : { client });
    return new Map(r.domains.map((i) => [i.domain, i]));
  };
}

interface Waiter {
  domain: Domain;
  resolve: (item: BatchItem | null) => void;
  reject: (e: unknown) => void;
}

export class BatchLoader {
  private pending = new Map<string | undefined, Waiter[]>();
  private scheduled = false;

  constructor(
    private readonly run: ChunkRunner,
    private readonly chunkSize = 25,
  ) {}

  /** The domain's batch item, or null when it is not in the registry (queued). */
  load(domain: Domain, client?: string): Promise<BatchItem | null> {
    return new Promise((resolve, reject) => {
      const list = this.pending.get(client) ?? [];
      this.pending.set(client, list);
      list.push({ domain, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const groups = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    for (const [client, waiters] of groups) {
      for (let i = 0; i < waiters.length; i += this.chunkSize) {
        const chunk = waiters.slice(i, i + this.chunkSize);
        this.run(
          chunk.map((w) => w.domain),
          client,
        ).then(
          (found) => chunk.forEach((w) => w.resolve(found.get(w.domain) ?? null)),
          (e: unknown) => chunk.forEach((w) => w.reject(e)),
        );
      }
    }
  }
}
