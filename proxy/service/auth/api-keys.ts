/**
 * API keys: `apl_` + 32 random bytes in base64url (256 bits), shown once at signup. Only the
 * SHA-256 of a key is stored (plus a short prefix for display); a presented key is hashed,
 * looked up by hash, and the stored hash compared with timingSafeEqual.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyStore } from '../store/registry-store.js';

export const KEY_PREFIX = 'apl_';
const KEY_SHAPE = /^apl_[A-Za-z0-9_-]{43}$/;

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Verified keys are remembered by hash (never the key itself); keys are never revoked or changed. */
const VERIFIED_CACHE_MAX = 10_000;

export class ApiKeys {
  private readonly verified = new Map<string, number>();

  constructor(private readonly store: KeyStore) {}

  /** Creates a key and returns it; the caller shows it once, nothing keeps it. */
  async create(email: string, ip: string, nowMs: number): Promise<string> {
    const key = KEY_PREFIX + randomBytes(32).toString('base64url');
    await this.store.create({
      hash: sha256(key),
      prefix: key.slice(0, KEY_PREFIX.length + 8),
      email,
      createdAt: new Date(nowMs).toISOString(),
      ip,
    });
    return key;
  }

  /** The key's id, or undefined for anything that is not a stored key. */
  async verify(key: string): Promise<number | undefined> {
    if (!KEY_SHAPE.test(key)) return undefined;
    const hash = sha256(key);
    const hex = hash.toString('hex');
    const known = this.verified.get(hex);
    if (known !== undefined) return known;
    const row = await this.store.byHash(hash);
    if (!row || row.hash.length !== hash.length || !timingSafeEqual(row.hash, hash)) return undefined;
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
    this.verified.set(hex, row.id);
    return row.id;
  }

  /** Keys created from this address since `sinceMs` (the signup limit's day window). */
  signupsFrom(ip: string, sinceMs: number): Promise<number> {
    return this.store.signupsFrom(ip, sinceMs);
  }
}
