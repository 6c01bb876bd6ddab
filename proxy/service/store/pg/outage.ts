/**
 * Which PostgreSQL errors mean the database cannot be reached (StoreAvailability's `isOutage`),
 * each with a cause a person can read. Anything else (a constraint, a bug) is not an outage and
 * stays a 500 with its cause logged.
 */

/** Client-side limits on the service's pool (db.ts): a frozen database is a timeout, not a hang. */
export const CONNECT_TIMEOUT_MS = 3_000;
export const QUERY_TIMEOUT_MS = 5_000;

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EPIPE: 'connection closed',
};

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention), 53300. */
const SQLSTATE: Record<string, string> = {
  '57P01': 'the server is shutting down',
  '57P02': 'the server crashed',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'too many connections',
};

const MESSAGES: Array<[RegExp, string]> = [
  [/timeout exceeded when trying to connect|timeout expired|connection timeout/i, 'no connection in time'],
  [/Query read timeout/i, 'no answer in time'],
  [/Connection terminated|not queryable|Connection ended/i, 'connection lost'],
];

export function pgOutageCause(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK[code]) return NETWORK[code];
  if (SQLSTATE[code]) return SQLSTATE[code];
  if (code.startsWith('08')) return 'connection failure';
  const message = typeof e.message === 'string' ? e.message : '';
  for (const [re, cause] of MESSAGES) if (re.test(message)) return cause;
  // A name with several addresses (localhost) fails with one error per address.
  if (Array.isArray(e.errors)) for (const inner of e.errors) if (pgOutageCause(inner)) return pgOutageCause(inner);
  return null;
}
