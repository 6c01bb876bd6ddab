/**
 * `npm run audit -- LIST [--out DIR] [--refresh-days N] [--rate N] [--no-wait-retries]`: the
 * command line, checked before anything is opened. A bad value is an `UsageError` whose message
 * says what was wrong and what is expected (the entry point prints it with the usage, exit 2).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run audit -- LIST [--out DIR] [--refresh-days N] [--rate N] [--no-wait-retries]

  LIST               a file of domains, one a line, or a rank,domain CSV (the Tranco list)
  --out DIR          where the run's state and its results go (default: audit-<list name>)
  --refresh-days N   re-check domains whose record is older than N days (default REFRESH_DAYS, 7);
                     the others are reused
  --rate N           at most N domains handed to the crawler a second, in all (default 10)
  --no-wait-retries  finish without waiting for the retries of failed checks (10 min, 1 h, 6 h);
                     a later run picks them up

Run it again with the same LIST and --out to resume. Ctrl-C stops cleanly.
`;

export class UsageError extends Error {}

export interface AuditOptions {
  list: string;
  out: string;
  refreshDays: number;
  /** Domains handed to the crawler per second, in all. */
  rate: number;
  waitRetries: boolean;
}

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
        'no-wait-retries': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
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
    waitRetries: !values['no-wait-retries'],
  };
}
