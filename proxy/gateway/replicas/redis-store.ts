/**
 * The cache's second level in Redis, shared by every replica: one string per
 * answer, `lens:gw:c:{cache key}`, holding a 17-byte header (fetched_at and expires_at as
 * 64-bit epoch ms, found as one byte) and then the JSON body as stored. As in the SQLite level,
 * an entry outlives its lifetime so it can be served stale when the upstream fails, and is
 * dropped by Redis itself (PX) once older than the seed's recheck advice.
 */
import type { Redis } from 'ioredis';
import { STALE_AFTER_DAYS } from '../../../shared/values.js';
import type { StoredRow } from '../cache-store.js';
import type { SecondLevel } from '../response-cache.js';
import { KEY_PREFIX } from './redis.js';

const HEADER = 17;

/** Deletes each key whose found byte (offset 16) is 0: only queued answers. */
const DELETE_QUEUED = `
local n = 0
for _, k in ipairs(KEYS) do
  if redis.call('GETRANGE', k, 16, 16) == '\\0' then n = n + redis.call('DEL', k) end
end
return n`;
const KEEP_MS = STALE_AFTER_DAYS * 86_400_000;

export const cacheKey = (key: string) => `${KEY_PREFIX}c:${key}`;

export class RedisCacheStore implements SecondLevel {
  readonly shared = true;

  constructor(private readonly redis: Redis) {}

  async get(key: string): Promise<StoredRow | undefined> {
    const b = await this.redis.getBuffer(cacheKey(key));
    if (!b || b.length < HEADER) return undefined;
    return {
      key,
      fetchedAt: Number(b.readBigInt64BE(0)),
      expiresAt: Number(b.readBigInt64BE(8)),
      found: b[16] === 1,
      payload: b.subarray(HEADER),
    };
  }

  async put(row: StoredRow): Promise<void> {
    const head = Buffer.alloc(HEADER);
    head.writeBigInt64BE(BigInt(row.fetchedAt), 0);
    head.writeBigInt64BE(BigInt(row.expiresAt), 8);
    head[16] = row.found ? 1 : 0;
    await this.redis.set(
      cacheKey(row.key),
      Buffer.concat([head, row.payload]),
      'PX',
      Math.max(1, row.expiresAt - row.fetchedAt + KEEP_MS),
    );
  }

  async delete(keys: readonly string[], queuedOnly: boolean): Promise<void> {
    if (keys.length === 0) return;
    const names = keys.map(cacheKey);
    if (queuedOnly) await this.redis.eval(DELETE_QUEUED, names.length, ...names);
    else await this.redis.del(...names);
  }

  /** Counting keys would mean scanning Redis: not done for a status page. */
  count(): null {
    return null;
  }
}
