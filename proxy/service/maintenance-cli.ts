/**
 * `npm run backup` and `npm run purge`: the operator's
 * maintenance commands, on the DATA_DIR the servers use, safe while they run (SQLite in WAL
 * mode: each step is a short transaction; the backup is one read transaction).
 *
 *   backup FOLDER                     consistent copies of registry.sqlite and gateway-cache.sqlite
 *   purge DOMAIN [DOMAIN ...]         forget these domains
 *   purge --unused-days N [--dry-run] forget every domain no one looked up for N days
 *
 * Bad input: a message and exit code 2; a failure: exit code 1.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDomain } from '../../shared/domain.js';
import { ConfigError } from '../lib/env.js';
import { GATEWAY_CACHE_FILE } from '../lib/data-files.js';
import { loadServiceConfig, type ServiceConfig } from './config.js';
import { DAY_MS, purgeUnused } from './retention.js';
import { backupSqliteFile, type BackupResult } from './store/sqlite/backup.js';
import { REGISTRY_FILE, openSqliteStore } from './store/sqlite/open.js';
import { openPgStore } from './store/pg/open.js';
import type { RegistryStore } from './store/registry-store.js';
import { createLogger } from '../lib/logger.js';

const USAGE = `Usage:
  npm run backup -- FOLDER
      Writes a consistent copy of each database in DATA_DIR (${REGISTRY_FILE}, ${GATEWAY_CACHE_FILE})
      into FOLDER, created when missing. Safe while the gateway or the service runs.
      To restore, see docs/self-hosting.md ("Backups").
  npm run purge -- DOMAIN [DOMAIN ...]
      Forgets these domains: record, audit entries, indexes, history and queued check.
  npm run purge -- --unused-days N [--dry-run]
      Forgets every domain no one looked up for N days; --dry-run only lists them.

DATA_DIR and DATABASE_URL are read as the servers read them (default ./data; with DATABASE_URL
purge works on PostgreSQL, and the registry's backup is pg_dump's).
`;

class UsageError extends Error {}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const WHAT: Record<string, string> = { domains: 'domains', gateway_cache: 'cached answers' };

/** DATA_DIR and DATABASE_URL as the servers read them; a bad setting is a ConfigError naming it. */
const settings = (): ServiceConfig => loadServiceConfig(process.env);

function backup(args: string[]): void {
  if (args.length !== 1) throw new UsageError('Give one folder to write the backup into.');
  const config = settings();
  const dir = config.dataDir;
  const dest = resolve(args[0]!);
  if (existsSync(dest) && !statSync(dest).isDirectory()) {
    throw new UsageError(
      `${dest} is a file. Give a folder: the backup is one file per database, and the folder can serve as DATA_DIR to restore.`,
    );
  }
  const files = [REGISTRY_FILE, GATEWAY_CACHE_FILE].filter((f) => existsSync(join(dir, f)));
  if (files.length === 0)
    throw new UsageError(
      `${dir} holds no database (${REGISTRY_FILE} or ${GATEWAY_CACHE_FILE}): nothing to back up. Is DATA_DIR set as for the server?`,
    );
  const taken = files.filter((f) => existsSync(join(dest, f)));
  if (taken.length > 0)
    throw new UsageError(
      `${dest} already holds ${taken.join(' and ')}. Back up into a new folder (for example one named after the date).`,
    );
  if (config.databaseUrl)
    process.stdout.write(
      'The registry is in PostgreSQL (DATABASE_URL): back it up with pg_dump. This copies only the files in DATA_DIR.\n',
    );
  mkdirSync(dest, { recursive: true });
  for (const f of files) {
    const r: BackupResult = backupSqliteFile(join(dir, f), join(dest, f));
    const rows = r.rows ? `, ${count(r.rows.n)} ${WHAT[r.rows.table] ?? 'rows'}` : '';
    const version = r.schemaVersion > 0 ? `, schema version ${r.schemaVersion}` : '';
    process.stdout.write(`${join(dir, f)} -> ${join(dest, f)} (${size(r.bytes)}${rows}${version}, checked)\n`);
  }
}

async function purge(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'unused-days': { type: 'string' }, 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
  });
  const days = values['unused-days'];
  if (days !== undefined && positionals.length > 0)
    throw new UsageError('Give either domains or --unused-days, not both.');
  if (days === undefined && positionals.length === 0)
    throw new UsageError('Give the domains to forget, or --unused-days N.');
  if (days !== undefined && !(/^\d+$/.test(days) && Number(days) >= 1))
    throw new UsageError(`--unused-days takes a whole number of days, 1 or more; got "${days}".`);
  if (values['dry-run'] && days === undefined) throw new UsageError('--dry-run goes with --unused-days.');
  const domains = positionals.map((p) => {
    const d = parseDomain(p);
    if (!d.ok) throw new UsageError(`"${p}" is not a domain: ${d.message}`);
    return d.domain;
  });

  const config = settings();
  const dir = config.dataDir;
  // With DATABASE_URL the registry is in PostgreSQL, as for the servers.
  if (!config.databaseUrl && !existsSync(join(dir, REGISTRY_FILE)))
    throw new UsageError(`${dir} holds no ${REGISTRY_FILE}: nothing to purge. Is DATA_DIR set as for the server?`);
  const store: RegistryStore = config.databaseUrl
    ? await openPgStore(config.databaseUrl, {
        log: createLogger('maintenance', 'silent'),
        role: 'maintenance',
        ...config.postgres,
      })
    : openSqliteStore(dir);
  try {
    if (days === undefined) {
      for (const d of domains) {
        const removed = await store.maintenance.purgeDomain(d);
        process.stdout.write(removed ? `Forgot ${d}.\n` : `${d}: nothing was kept about it.\n`);
      }
      return;
    }
    const cutoffMs = Date.now() - Number(days) * DAY_MS;
    if (values['dry-run']) {
      const unused = await store.maintenance.unusedDomains(cutoffMs, Number.MAX_SAFE_INTEGER);
      const period = plural(Number(days), 'day');
      if (unused.length === 0) process.stdout.write(`Every domain was looked up in the last ${period}.\n`);
      else
        process.stdout.write(
          `${plural(unused.length, 'domain')} not looked up for ${period}:\n${unused.map((d) => `  ${d}\n`).join('')}`,
        );
      return;
    }
    const purged = await purgeUnused(store.maintenance, cutoffMs, { durable: true });
    process.stdout.write(
      `Forgot ${plural(purged.length, 'domain')} no one looked up for ${plural(Number(days), 'day')}.\n`,
    );
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || rest.includes('--help')) {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'backup') backup(rest);
  else if (command === 'purge') await purge(rest);
  else throw new UsageError(`Unknown command "${command}".`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  // A registry written by a newer program (SchemaTooNewError) is one too: one line, exit 2.
  if (e instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${e.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
