/**
 * CPU time of a benchmark's server child, asked over IPC: the child answers 'cpu' with its
 * process.cpuUsage() (user + system, µs). CPU time per request is what a server costs, and a
 * busy shared machine disturbs it far less than requests per second. The child also counts its
 * garbage-collection pauses (perf_hooks 'gc' entries), which the parent reads with gcPausesOf:
 * they are what a latency tail is made of when the machine is quiet.
 */
import type { ChildProcess } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';

/** GC pauses since the previous ask: how many, the longest and their sum (ms). */
export interface GcPauses {
  count: number;
  maxMs: number;
  totalMs: number;
}

/** In the server child: answer the parent's 'cpu' and 'gc' messages. */
export function serveCpuUsage(): void {
  let pauses: GcPauses = { count: 0, maxMs: 0, totalMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      pauses.count++;
      pauses.maxMs = Math.max(pauses.maxMs, e.duration);
      pauses.totalMs += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send!({ cpu: u.user + u.system });
    } else if (m === 'gc') {
      process.send!({ gc: pauses });
      pauses = { count: 0, maxMs: 0, totalMs: 0 };
    }
  });
}

/** In the parent: the child's GC pauses since the previous call (the first call starts the count). */
export function gcPausesOf(child: ChildProcess): Promise<GcPauses> {
  return new Promise((resolve) => {
    const on = (m: { gc?: GcPauses }) => {
      if (!m?.gc) return;
      child.off('message', on);
      resolve(m.gc);
    };
    child.on('message', on);
    child.send('gc');
  });
}

/** In the parent: the child's CPU time so far, in microseconds. */
export function cpuUsageOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { cpu?: number }) => {
      if (typeof m?.cpu !== 'number') return;
      child.off('message', on);
      resolve(m.cpu);
    };
    child.on('message', on);
    child.send('cpu');
  });
}
