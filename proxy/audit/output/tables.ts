/**
 * sites.csv, sites.jsonl and bots.csv. The CSV files are RFC 4180 (csv-stringify: CRLF line
 * ends, fields quoted when they hold a comma, quote or line break); lists inside a field are
 * joined with `;` (bot tokens may hold spaces, never `;`). sites.jsonl keeps lists as arrays
 * and nulls as null. Rows stream from the run's state, so memory stays flat at any list size;
 * each file is written beside its name and renamed into place, so a reader never sees half.
 */
import { once } from 'node:events';
import { createWriteStream, renameSync, type WriteStream } from 'node:fs';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { STANDARD_KEYS } from '../../../shared/values.js';
import type { SiteRow } from '../site-row.js';
import { addRow, botRows, type Tally } from './tally.js';

/** sites.csv's columns, in order. */
export const SITE_COLUMNS = [
  'domain',
  'rank',
  'status',
  'told',
  'told_from',
  'stance',
  'detail',
  'training',
  'search',
  'inference',
  'robots_txt_status',
  'key_bots_blocked',
  'key_bots_allowed',
  'ai_bots_named',
  'ai_bots_blocked',
  'ai_bots_partial',
  'ai_bots_let_in',
  'ai_bots_no_rule',
  'ai_bots_allowed',
  'tools_blocked',
  ...STANDARD_KEYS.map((k) => `has_${k}`),
  'rsl_training',
  'rsl_search',
  'rsl_inference',
  'rsl_payments',
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

/** One row as sites.csv's cells, in SITE_COLUMNS order: lists joined, each standard a true/false column (empty while pending). */
export function csvCells(r: SiteRow): Cell[] {
  const has = (k: (typeof STANDARD_KEYS)[number]): boolean | null =>
    r.status === 'pending' ? null : r.standards.includes(k);
  return [
    r.domain,
    r.rank,
    r.status,
    r.told,
    r.told_from,
    r.stance,
    r.detail,
    r.training,
    r.search,
    r.inference,
    r.robots_txt_status,
    r.key_bots_blocked.join(';'),
    r.key_bots_allowed.join(';'),
    r.ai_bots_named.join(';'),
    r.ai_bots_blocked.join(';'),
    r.ai_bots_partial.join(';'),
    r.ai_bots_let_in.join(';'),
    r.ai_bots_no_rule.join(';'),
    r.ai_bots_allowed.join(';'),
    r.tools_blocked.join(';'),
    ...STANDARD_KEYS.map(has),
    // Rows an older version saved have no licence columns: empty, as for a site that names none.
    r.rsl_training ?? null,
    r.rsl_search ?? null,
    r.rsl_inference ?? null,
    (r.rsl_payments ?? []).join(';'),
    r.tos_ai_stance,
    r.tos_automated_access,
    r.tos_url,
    r.conflicts.join(';'),
    r.confidence,
    r.openness,
    r.crawled_at,
    r.checked_at,
    r.audit_id,
    r.failure,
    r.retry_at,
    r.reused,
  ];
}

const cast = { boolean: (v: boolean) => (v ? 'true' : 'false') };

/** Rows written per chunk: csv-stringify's synchronous form over a chunk is several times faster than a record a time through its stream. */
const CHUNK = 2_000;

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'close');
}

/** Writes sites.csv and sites.jsonl from the rows, counting them into `tally` on the way. */
export async function writeSiteTables(
  rows: Iterable<SiteRow>,
  csvPath: string,
  jsonlPath: string,
  tally: Tally,
): Promise<void> {
  const csv = createWriteStream(`${csvPath}.part`);
  const jsonl = createWriteStream(`${jsonlPath}.part`);
  let records: Cell[][] = [[...SITE_COLUMNS]];
  let lines: string[] = [];
  const flush = async () => {
    await write(csv, stringifySync(records, { record_delimiter: 'windows', cast }));
    await write(jsonl, lines.length ? lines.join('\n') + '\n' : '');
    records = [];
    lines = [];
  };
  for (const r of rows) {
    addRow(tally, r);
    records.push(csvCells(r));
    lines.push(JSON.stringify(r));
    if (records.length >= CHUNK) await flush();
  }
  if (records.length > 0) await flush();
  await Promise.all([close(csv), close(jsonl)]);
  renameSync(`${csvPath}.part`, csvPath);
  renameSync(`${jsonlPath}.part`, jsonlPath);
}

export const BOT_COLUMNS = [
  'token',
  'kind',
  'operator',
  'purpose',
  'key_use_case',
  'in_catalogue',
  'obsolete',
  'sites_naming',
  'sites_blocking',
  'sites_blocking_by_name',
  'sites_partly_blocking',
  'sites_letting_in_by_name',
  'sites_naming_without_rule',
  'sites_allowing_by_name',
  'sites_robots_read',
  'share_blocking',
] as const;

/**
 * bots.csv: one line per catalogue AI bot (`kind` ai_bot), then the tools with no AI use and the
 * names the catalogue lacks that sites blocked by name (`kind` tool); shares are of the sites whose
 * robots.txt was read.
 */
export function botsCsv(tally: Tally): string {
  const share = (x: number) => (tally.robotsRead === 0 ? null : Math.round((x / tally.robotsRead) * 10_000) / 10_000);
  const records = botRows(tally).map((b) => ({
    token: b.token,
    kind: b.kind,
    operator: b.operator,
    purpose: b.purpose,
    key_use_case: b.key,
    in_catalogue: b.known,
    obsolete: b.obsolete,
    sites_naming: b.naming,
    sites_blocking: b.blocking,
    sites_blocking_by_name: b.blockingByName,
    sites_partly_blocking: b.partlyBlocking,
    sites_letting_in_by_name: b.letInByName,
    sites_naming_without_rule: b.namedWithoutRule,
    sites_allowing_by_name: b.allowingByName,
    sites_robots_read: tally.robotsRead,
    share_blocking: share(b.blocking),
  }));
  return stringifySync(records, { header: true, columns: [...BOT_COLUMNS], record_delimiter: 'windows', cast });
}

export async function writeAtomically(path: string, text: string): Promise<void> {
  const out = createWriteStream(`${path}.part`);
  out.end(text);
  await once(out, 'close');
  renameSync(`${path}.part`, path);
}
