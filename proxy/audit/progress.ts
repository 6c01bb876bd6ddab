/**
 * What a person watching a run sees: on a terminal a progress bar (cli-progress) with done,
 * failed, queued, the rate and the time left; anywhere else (a log file, nohup, CI) the same
 * figures as one plain line every few seconds. Notes (stopping, where the results went) are
 * printed above the bar.
 */
import { MultiBar, type SingleBar } from 'cli-progress';
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

/** The figures as words: "1,234 of 10,000 done · 12 failed (3 to retry) · 8,754 queued · 412/min · about 21 min left". */
export function describeProgress(p: AuditProgress): string {
  const parts = [`${n(p.done)} of ${n(p.total)} done`];
  parts.push(p.retrying > 0 ? `${n(p.failed)} failed (${n(p.retrying)} to retry)` : `${n(p.failed)} failed`);
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
