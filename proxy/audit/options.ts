/**
 * `npm run audit -- LIST [--out DIR] [--refresh-days N] [--rate N] [--retry-pause S]
 * [--wait-for-retries]`: the command line, checked before anything is opened. A bad value is an `UsageError` whose message
 * says what was wrong and what is expected (the entry point prints it with the usage, exit 2).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run audit -- LIST [--out DIR] [--refresh-days N] [--rate N] [--retry-pause S] [--wait-for-retries]

  LIST                a file of domains, one a line, or a rank,domain CSV (the Tranco list)
  --out DIR           where the run's state and its results go (default: audit-<list name>)
  --refresh-days N    re-check domains whose record is older than N days (default REFRESH_DAYS, 7);
                      the others are reused
  --rate N            at most N domains handed to the crawler a second, in all (default 10)
  --retry-pause S     a check that failed (timeout, 5xx, connection reset, DNS) is tried once more
                      in the run, S seconds after it failed (default 60)
  --wait-for-retries  do not finish while failed checks have retries left: wait for them all
                      (1 h, then 6 h later); without it the run ends once every domain was tried,
                      lists the ones still failing with when each may be tried again, and the
                      next run retries those that are due

Run it again with the same LIST and --out to resume, or to retry what failed. Ctrl-C stops cleanly.
`;

export class UsageError extends Error {}

export interface AuditOptions {
  list: string;
  out: string;
  refreshDays: number;
  /** Domains handed to the crawler per second, in all. */
  rate: number;
  /** Wait for every retry of a failed check (hours); else the run ends once each domain was tried (docs/audit.md). */
  waitRetries: boolean;
  /** How long after a failed check its one retry within the run comes. */
  retryPauseMs: number;
}

export const DEFAULT_RETRY_PAUSE_S = 60;

function number(
  name: string,
  value: string | undefined,
  fallback: number,
  opts: { min: number; max: number; integer?: boolean },
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(n) ||
    (opts.integer && !Number.isInteger(n)) ||
    n < opts.min ||
    n > opts.max
  ) {
    throw new UsageError(
      `--${name} must be ${opts.integer ? 'a whole number' : 'a number'} from ${opts.min} to ${opts.max}, not "${value}".`,
    );
  }
  return n;
}

/** The options from argv (after `--`); `defaultRefreshDays` is the service's REFRESH_DAYS. */
export function parseAuditArgs(argv: string[], defaultRefreshDays: number): AuditOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        'refresh-days': { type: 'string' },
        rate: { type: 'string' },
        'retry-pause': { type: 'string' },
        'wait-for-retries': { type: 'boolean' },
        // The default since runs end once every domain was tried; still accepted from older scripts.
        'no-wait-retries': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values['wait-for-retries'] && values['no-wait-retries'])
    throw new UsageError('Give --wait-for-retries or --no-wait-retries, not both.');
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'Give the file of domains to audit.' : 'Give exactly one list file.',
    );
  const list = resolve(positionals[0]!);
  const name = list.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'list';
  return {
    list,
    out: resolve(values.out ?? `audit-${name}`),
    refreshDays: number('refresh-days', values['refresh-days'], defaultRefreshDays, {
      min: 0,
      max: 3650,
      integer: true,
    }),
    rate: number('rate', values.rate, 10, { min: 0.01, max: 1000 }),
    waitRetries: values['wait-for-retries'] === true,
    retryPauseMs:
      1000 * number('retry-pause', values['retry-pause'], DEFAULT_RETRY_PAUSE_S, { min: 1, max: 3600, integer: true }),
  };
}
