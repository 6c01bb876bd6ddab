/**
 * sites.csv, sites.jsonl and bots.csv. The CSV files are RFC 4180 (csv-stringify: CRLF line
 * ends, fields quoted when they hold a comma, quote or line break); lists inside a field are
 * joined with `;` (bot tokens may hold spaces, never `;`). sites.jsonl keeps lists as arrays
 * and nulls as null. Rows stream from the run's state, so memory stays flat at any list size;
 * each file is written beside its name and renamed into place, so a reader never sees half.
 */
import { once } from 'node:events';
import { createWriteStream, renameSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { STANDARD_KEYS } from '../../../shared/values.js';
import type { SiteRow } from '../site-row.js';
import { addRow, botRows, type Tally } from './tally.js';

const LIST_FIELDS = ['key_bots_blocked', 'key_bots_allowed', 'ai_bots_named', 'ai_bots_blocked', 'ai_bots_partial', 'ai_bots_allowed', 'conflicts'] as const;

/** sites.csv's columns, in order. */
export const SITE_COLUMNS = [
  'domain',
  'rank',
  'status',
  'stance',
  'detail',
  'training',
  'search',
  'inference',
  'robots_txt_status',
  ...LIST_FIELDS.slice(0, 6),
  ...STANDARD_KEYS.map((k) => `has_${k}`),
  'tos_ai_stance',
  'tos_automated_access',
  'tos_url',
  'conflicts',
  'confidence',
  'openness',
  'crawled_at',
  'checked_at',
  'audit_id',
  'failure',
  'retry_at',
  'reused',
] as const;

type Cell = string | number | boolean | null;

/** One row as sites.csv's record: lists joined, each standard a true/false column. */
export function csvRecord(r: SiteRow): Record<string, Cell> {
  const out: Record<string, Cell> = { ...(r as unknown as Record<string, Cell>) };
  for (const f of LIST_FIELDS) out[f] = r[f].join(';');
  const found = new Set(r.standards);
  for (const k of STANDARD_KEYS) out[`has_${k}`] = r.status === 'pending' ? null : found.has(k);
  return out;
}

const cast = { boolean: (v: boolean) => (v ? 'true' : 'false') };

/** Writes sites.csv and sites.jsonl from the rows, counting them into `tally` on the way. */
export async function writeSiteTables(rows: Iterable<SiteRow>, csvPath: string, jsonlPath: string, tally: Tally): Promise<void> {
  const jsonl = createWriteStream(`${jsonlPath}.part`);
  const records = async function* () {
    for (const r of rows) {
      addRow(tally, r);
      if (!jsonl.write(JSON.stringify(r) + '\n')) await once(jsonl, 'drain');
      yield csvRecord(r);
    }
  };
  const csv = stringify({ header: true, columns: [...SITE_COLUMNS], record_delimiter: 'windows', cast });
  await pipeline(Readable.from(records()), csv, createWriteStream(`${csvPath}.part`));
  jsonl.end();
  await once(jsonl, 'close');
  renameSync(`${csvPath}.part`, csvPath);
  renameSync(`${jsonlPath}.part`, jsonlPath);
}

export const BOT_COLUMNS = [
  'token',
  'operator',
  'purpose',
  'key_use_case',
  'in_catalogue',
  'obsolete',
  'sites_naming',
  'sites_blocking',
  'sites_blocking_by_name',
  'sites_partly_blocking',
  'sites_allowing_by_name',
  'sites_robots_read',
  'share_blocking',
] as const;

/** bots.csv: one line per AI bot; shares are of the sites whose robots.txt was read. */
export function botsCsv(tally: Tally): string {
  const share = (x: number) => (tally.robotsRead === 0 ? null : Math.round((x / tally.robotsRead) * 10_000) / 10_000);
  const records = botRows(tally).map((b) => ({
    token: b.token,
    operator: b.operator,
    purpose: b.purpose,
    key_use_case: b.key,
    in_catalogue: b.known,
    obsolete: b.obsolete,
    sites_naming: b.naming,
    sites_blocking: b.blocking,
    sites_blocking_by_name: b.blockingByName,
    sites_partly_blocking: b.partlyBlocking,
    sites_allowing_by_name: b.allowingByName,
    sites_robots_read: tally.robotsRead,
    share_blocking: share(b.blocking),
  }));
  return stringifySync(records, { header: true, columns: [...BOT_COLUMNS], record_delimiter: 'windows', cast });
}

export function writeAtomically(path: string, text: string): Promise<void> {
  const out = createWriteStream(`${path}.part`);
  out.end(text);
  return once(out, 'close').then(() => renameSync(`${path}.part`, path));
}
