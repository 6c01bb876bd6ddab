/**
 * Writes every result of a run into its folder from the run's state: sites.csv, sites.jsonl,
 * bots.csv, report.html, invalid-lines.csv when the list had lines that are not domains, and
 * failed.csv (writeFailed), the domains still failing with when each may be tried again.
 * Called at the end of each session, finished or stopped, so the folder always holds the
 * results so far.
 */
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { InvalidLine } from '../list.js';
import { lenderOf, withBorrowing, type SiteRow } from '../site-row.js';
import type { ToldStance } from '../../../shared/reading/claims.js';
import { reportHtml, type ReportMethod } from './report-html.js';
import { botsCsv, writeAtomically, writeSiteTables } from './tables.js';
import { emptyTally, type Tally } from './tally.js';

export const OUTPUT_FILES = {
  sitesCsv: 'sites.csv',
  sitesJsonl: 'sites.jsonl',
  botsCsv: 'bots.csv',
  report: 'report.html',
  invalid: 'invalid-lines.csv',
  failed: 'failed.csv',
} as const;

/** A domain whose latest check failed (docs/policy.md section 8), as failed.csv lists it. */
export interface FailedDomain {
  domain: string;
  rank: number | null;
  /** Why, for people ("robots.txt: server error (HTTP 503)"). */
  failure: string;
  /** When the latest check failed (epoch ms). */
  failedMs: number | null;
  /** When it may be tried again (epoch ms); null when no retry is planned (the backoff's retries are used up). */
  retryMs: number | null;
}

export const FAILED_COLUMNS = ['domain', 'rank', 'failure', 'failed_at', 'retry_at'] as const;

const msOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const isoOf = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** A failed row as failed.csv lists it. */
export function failedDomain(r: SiteRow): FailedDomain {
  return {
    domain: r.domain,
    rank: r.rank,
    failure: r.failure ?? 'the check failed',
    failedMs: msOf(r.checked_at),
    retryMs: msOf(r.retry_at),
  };
}

/**
 * failed.csv from the failed rows, in list order: written at every session's end, a header
 * alone when nothing failed (so a folder never keeps an earlier session's list). Returns them.
 */
export async function writeFailed(dir: string, rows: Iterable<SiteRow>): Promise<FailedDomain[]> {
  const failed: FailedDomain[] = [];
  for (const r of rows) if (r.status === 'failed') failed.push(failedDomain(r));
  const csv = stringify(
    failed.map((f) => [f.domain, f.rank ?? '', f.failure, isoOf(f.failedMs), isoOf(f.retryMs)]),
    { header: true, columns: [...FAILED_COLUMNS], record_delimiter: 'windows' },
  );
  await writeAtomically(join(dir, OUTPUT_FILES.failed), csv);
  return failed;
}

/**
 * Every output from the rows, read twice: once for the sites that lend their policy (a host
 * with nothing of its own tells its site's stance, docs/policy.md section 11, as the popup and the
 * web page do), then for the tables, each row told as the reading tells it. `rows` gives them anew
 * on each call, in list order.
 */
export async function writeOutputs(
  dir: string,
  rows: () => Iterable<SiteRow>,
  method: ReportMethod,
  invalid: readonly InvalidLine[],
): Promise<Tally> {
  const lenders = new Map<string, ToldStance>();
  for (const r of rows()) {
    const lender = lenderOf(r);
    if (lender) lenders.set(...lender);
  }
  const tally = emptyTally();
  await writeSiteTables(
    (function* () {
      for (const r of rows()) yield withBorrowing(r, lenders);
    })(),
    join(dir, OUTPUT_FILES.sitesCsv),
    join(dir, OUTPUT_FILES.sitesJsonl),
    tally,
  );
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
