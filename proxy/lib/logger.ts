/**
 * Structured logs (pino). Secrets never reach a log line: Authorization headers, API keys and
 * proxy tokens are redacted wherever they appear. LOG_LEVEL sets the level (default info;
 * tests use silent).
 */
import { pino, type Logger } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'authorization',
  'apiKey',
  'api_key',
  'token',
  'proxyToken',
  '*.authorization',
  '*.apiKey',
  '*.api_key',
  '*.token',
  '*.proxyToken',
  'req.headers.authorization',
  'req.headers["x-proxy-token"]',
  'headers.authorization',
  'headers["x-proxy-token"]',
];

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}
