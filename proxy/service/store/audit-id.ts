/**
 * Audit ids: `aud_` + a ULID (github.com/ulid/spec): 48-bit millisecond time and 80 random bits
 * in Crockford base32. Opaque to clients, unique, and sortable by crawl time for operators.
 */
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newAuditId(nowMs: number): string {
  let time = '';
  let t = Math.max(0, Math.floor(nowMs));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  // 80 random bits = 16 base32 characters; take 5 bits from each of 16 random bytes.
  const bytes = randomBytes(16);
  let rand = '';
  for (const b of bytes) rand += CROCKFORD[b & 31]!;
  return `aud_${time}${rand}`;
}

export const AUDIT_ID_PATTERN = /^aud_[0-9A-HJKMNP-TV-Z]{26}$/;
