/**
 * Environment parsing helpers: configuration is read once at start into a typed object; a bad
 * value stops the process with a message naming the variable (ARCHITECTURE "Processes").
 */
import { accessSync, constants, mkdirSync } from 'node:fs';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

/** HOST, the address a server listens on: a host name or an IP address (IPv6 with or without brackets), 127.0.0.1 by default. */
export function listenHost(env: Env): string {
  const host = str(env, 'HOST', '127.0.0.1');
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) throw new ConfigError('HOST', `not a host name or address: "${host}"`);
  return host;
}

export function optionalStr(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = env[name];
  if (v === undefined || v.trim() === '') return fallback;
  if (!/^-?\d+$/.test(v.trim())) throw new ConfigError(name, `expected a whole number, got "${v}"`);
  const n = Number(v.trim());
  if (n < min || n > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${n}`);
  return n;
}

export function list(env: Env, name: string): string[] {
  const v = env[name];
  if (v === undefined) return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Creates the data folder if needed and checks it is writable; a ConfigError naming the variable otherwise. */
export function ensureWritableDir(name: string, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new ConfigError(
      name,
      `cannot use "${dir}" as a writable folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

/** Runs a config parser at start; on a ConfigError prints the message and exits with 2. */
export function loadOrExit<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
}
