/** LOG_LEVEL, read the same way by every program (the service's and the gateway's config loaders). */
import { ConfigError, str, type Env } from './env.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * LOG_LEVEL, one of pino's levels. `fallback` when unset: the servers log `info`, the
 * command-line programs `warn`.
 */
export function logLevelOf(env: Env, fallback = 'info'): string {
  const logLevel = str(env, 'LOG_LEVEL', fallback).toLowerCase();
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  return logLevel;
}
