/**
 * Structured logs (pino). Secrets never reach a log line: Authorization headers, API keys and
 * proxy tokens are redacted wherever they appear. The level comes from each program's settings
 * (LOG_LEVEL, read by its config loader; default info; tests use silent). On a terminal the lines are made for people
 * (pino-pretty: local time,
 * level, message, fields); anywhere else, one JSON object per line for the log collector.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';

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

export interface LoggerOptions {
  /** Human-readable lines; default: when stdout is a terminal. */
  pretty?: boolean;
  /** Where lines go (tests); default stdout. */
  destination?: DestinationStream;
}

export function createLogger(name: string, level = 'info', opts: LoggerOptions = {}): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  const pretty = opts.pretty ?? process.stdout.isTTY === true;
  if (!pretty) return opts.destination ? pino(options, opts.destination) : pino(options);
  // In-process and synchronous: a terminal is read as it happens, and a crash's last line is not lost.
  const stream = PinoPretty({
    colorize: opts.destination === undefined,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
    ...(opts.destination ? { destination: opts.destination as NodeJS.WritableStream } : {}),
  });
  return pino(options, stream);
}
