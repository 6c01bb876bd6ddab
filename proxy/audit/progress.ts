/**
 * What a person watching a run sees: on a terminal a progress bar (cli-progress) with done,
 * failed, queued, the rate and the time left; anywhere else (a log file, nohup, CI) the same
 * figures as one plain line every few seconds. Notes (stopping, where the results went) are
 * printed above the bar. And the words for failed checks: at the start of a run that goes on
 * (which retries are due), and at its end (the domains still failing, and when each may be
 * tried again).
 */
import { MultiBar, type SingleBar } from 'cli-progress';
import type { FailedDomain } from './output/write-outputs.js';
import type { AuditProgress } from './progress-meter.js';

export interface ProgressView {
  update(p: AuditProgress): void;
  note(text: string): void;
  stop(): void;
}

const n = (x: number) => x.toLocaleString('en-US');

export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 1) return 'under 1 s';
  if (s < 90) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} min`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h} h ${m % 60} min` : `${Math.round(h / 24)} days`;
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16) + ' UTC';

/** A time to come for people: "16:05 UTC (in 58 min)", with the date when it is not today's (UTC). */
export function when(ms: number, nowMs: number): string {
  const iso = new Date(ms).toISOString();
  const day = iso.slice(0, 10) === new Date(nowMs).toISOString().slice(0, 10) ? '' : `${iso.slice(0, 10)} `;
  return `${day}${clock(ms)}${ms > nowMs ? ` (in ${duration(ms - nowMs)})` : ''}`;
}

const plural = (k: number, one: string, many: string) => `${n(k)} ${k === 1 ? one : many}`;

/** The figures as words: "1,234 of 10,000 done · 12 failed (3 to retry, 9 later) · 8,754 queued · 412/min · about 21 min left". */
export function describeProgress(p: AuditProgress): string {
  const parts = [`${n(p.done)} of ${n(p.total)} done`];
  const retries = p.retrying > 0 ? [`${n(p.retrying)} to retry`] : [];
  if (p.later > 0) retries.push(p.retrying > 0 ? `${n(p.later)} later` : `${n(p.later)} to retry later`);
  parts.push(retries.length > 0 ? `${n(p.failed)} failed (${retries.join(', ')})` : `${n(p.failed)} failed`);
  parts.push(`${n(p.queued)} queued`);
  if (p.perMinute !== null) parts.push(`${p.perMinute < 10 ? p.perMinute.toFixed(1) : n(Math.round(p.perMinute))}/min`);
  if (p.phase === 'stopping')
    parts.push(
      p.inFlight > 0
        ? `stopping: ${n(p.inFlight)} checks under way finish first (Ctrl-C again to stop now)`
        : 'stopping',
    );
  else if (p.phase === 'waiting for retries')
    parts.push(p.nextRetryMs !== null ? `waiting for retries, the next at ${clock(p.nextRetryMs)}` : 'retrying');
  else if (p.leftMs !== null) parts.push(`about ${duration(p.leftMs)} left`);
  return parts.join(' · ');
}

/** The earliest and the latest of the retries to come. */
function span(times: readonly number[]): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const t of times) {
    first = Math.min(first, t);
    last = Math.max(last, t);
  }
  return { first, last };
}

/**
 * At the start of a run that goes on, the domains whose check had failed (the last session's
 * failed.csv): how many are due for a retry now, how many are not yet and when they are, and
 * how many have no retry left. Null when none had failed.
 */
export function describeEarlierFailures(
  failed: readonly FailedDomain[],
  nowMs: number,
  waitRetries: boolean,
): string | null {
  if (failed.length === 0) return null;
  const later = failed.flatMap((f) => (f.retryMs !== null && f.retryMs > nowMs ? [f.retryMs] : []));
  const due = failed.filter((f) => f.retryMs !== null && f.retryMs <= nowMs).length;
  const none = failed.length - due - later.length;
  const parts: string[] = [];
  if (due > 0) parts.push(`${n(due)} due for a retry, made now`);
  if (later.length > 0) {
    const { first, last } = span(later);
    parts.push(
      `${n(later.length)} not due yet, ` +
        (when(first, nowMs) === when(last, nowMs)
          ? `at ${when(first, nowMs)}`
          : `the first at ${when(first, nowMs)}, the last at ${when(last, nowMs)}`),
    );
  }
  if (none > 0) parts.push(`${n(none)} with no retry left (the backoff's retries were all made)`);
  const next =
    later.length === 0
      ? ''
      : waitRetries
        ? ' The run waits for those not due yet (--wait-for-retries).'
        : ' The run ends without those not due yet: run it again then, or add --wait-for-retries to wait for them.';
  return `Checks that failed before: ${parts.join('; ')}.${next}`;
}

/**
 * At the end of a run, the domains still failing with when each may be tried again (the first
 * `max`; all of them are in failed.csv), and what to do next. Empty when none is failing.
 */
export function describeFailing(
  failed: readonly FailedDomain[],
  nowMs: number,
  o: { file: string; max?: number },
): string {
  if (failed.length === 0) return '';
  const max = o.max ?? 10;
  const lines = [
    `Still failing: ${plural(failed.length, 'domain', 'domains')}, with when each may be tried again (all in ${o.file}):`,
  ];
  for (const f of failed.slice(0, max)) {
    const retry =
      f.retryMs === null
        ? 'no retry left'
        : f.retryMs <= nowMs
          ? 'retried at the next run'
          : `may be tried again from ${when(f.retryMs, nowMs)}`;
    lines.push(`  ${f.domain}: ${f.failure}; ${retry}`);
  }
  if (failed.length > max) lines.push(`  … and ${n(failed.length - max)} more`);
  const later = failed.flatMap((f) => (f.retryMs !== null && f.retryMs > nowMs ? [f.retryMs] : []));
  if (later.length > 0)
    lines.push(
      `Run the same command again from ${when(span(later).first, nowMs)} to retry ${later.length === 1 ? 'it' : 'those due by then'}, or add --wait-for-retries to wait for every retry.`,
    );
  return lines.join('\n') + '\n';
}

/** A bar on a terminal; plain lines every `everyMs` otherwise. */
export function progressView(out: NodeJS.WriteStream, opts: { tty?: boolean; everyMs?: number } = {}): ProgressView {
  const tty = opts.tty ?? out.isTTY === true;
  let last: AuditProgress | undefined;
  if (!tty) {
    const print = () => last && out.write(`audit: ${describeProgress(last)}\n`);
    const timer = setInterval(print, opts.everyMs ?? 5_000);
    timer.unref();
    return {
      update: (p) => void (last = p),
      note: (text) => void out.write(`${text}\n`),
      stop() {
        clearInterval(timer);
        print();
      },
    };
  }
  const multi = new MultiBar(
    {
      stream: out,
      format: '{bar} {percentage}% | {summary}',
      hideCursor: true,
      barsize: 24,
      fps: 5,
      clearOnComplete: false,
    },
    undefined,
  );
  let bar: SingleBar | undefined;
  return {
    update(p) {
      last = p;
      const payload = { summary: describeProgress(p) };
      if (!bar) bar = multi.create(p.total, p.done + p.failed, payload);
      else bar.update(p.done + p.failed, payload);
    },
    note: (text) => multi.log(`${text}\n`),
    stop: () => multi.stop(),
  };
}
