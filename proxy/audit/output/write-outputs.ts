/**
 * Writes every result of a run into its folder from the run's state: sites.csv, sites.jsonl,
 * bots.csv, report.html, and invalid-lines.csv when the list had lines that are not domains.
 * Called at the end of each session, finished or stopped, so the folder always holds the
 * results so far.
 */
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { InvalidLine } from '../list.js';
import type { SiteRow } from '../site-row.js';
import { reportHtml, type ReportMethod } from './report-html.js';
import { botsCsv, writeAtomically, writeSiteTables } from './tables.js';
import { emptyTally, type Tally } from './tally.js';

export const OUTPUT_FILES = {
  sitesCsv: 'sites.csv',
  sitesJsonl: 'sites.jsonl',
  botsCsv: 'bots.csv',
  report: 'report.html',
  invalid: 'invalid-lines.csv',
} as const;

export async function writeOutputs(
  dir: string,
  rows: Iterable<SiteRow>,
  method: ReportMethod,
  invalid: readonly InvalidLine[],
): Promise<Tally> {
  const tally = emptyTally();
  await writeSiteTables(rows, join(dir, OUTPUT_FILES.sitesCsv), join(dir, OUTPUT_FILES.sitesJsonl), tally);
  await writeAtomically(join(dir, OUTPUT_FILES.botsCsv), botsCsv(tally));
  await writeAtomically(join(dir, OUTPUT_FILES.report), reportHtml(tally, method));
  if (invalid.length > 0) {
    const csv = stringify(
      invalid.map((l) => [l.line, l.text, l.reason]),
      { header: true, columns: ['line', 'text', 'reason'], record_delimiter: 'windows' },
    );
    await writeAtomically(join(dir, OUTPUT_FILES.invalid), csv);
  }
  return tally;
}
