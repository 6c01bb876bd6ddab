/**
 * Maps what undici, node:net, node:tls and zlib throw to the evidence's failure reasons
 * (proxy/analysis/evidence.ts FetchFailed): one place, so every request reads failures alike.
 */
import type { FetchFailed } from '../analysis/evidence.js';

type Reason = FetchFailed['reason'];

const BY_CODE: Record<string, Reason> = {
  ERR_CRAWL_DNS: 'dns',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  EAI_FAIL: 'dns',
  ENODATA: 'dns',
  ECONNREFUSED: 'connect',
  EHOSTUNREACH: 'connect',
  ENETUNREACH: 'connect',
  EHOSTDOWN: 'connect',
  EADDRNOTAVAIL: 'connect',
  ECONNRESET: 'connect',
  EPIPE: 'connect',
  UND_ERR_SOCKET: 'connect',
  UND_ERR_CLOSED: 'connect',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ETIMEDOUT: 'timeout',
  UND_ERR_ABORTED: 'aborted',
  ABORT_ERR: 'aborted',
};

/** The failure reason and a short message for an error thrown while fetching. */
export function classifyFailure(error: unknown): { reason: Reason; message: string } {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const raw = (e as { code?: unknown }).code;
    const code = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
    const message = (e as Error).message || code || 'unknown error';
    const known = BY_CODE[code];
    if (known) return { reason: known, message: code ? `${code}: ${message}` : message };
    if (/TLS|SSL|CERT/.test(code)) return { reason: 'tls', message: `${code}: ${message}` };
    if (code.startsWith('HPE_') || code.startsWith('Z_') || code.startsWith('UND_ERR_')) {
      return { reason: 'protocol', message: `${code}: ${message}` };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { reason: 'protocol', message };
}
