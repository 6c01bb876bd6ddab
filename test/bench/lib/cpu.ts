/**
 * CPU time of a benchmark's server child, asked over IPC: the child answers 'cpu' with its
 * process.cpuUsage() (user + system, µs). CPU time per request is what a server costs, and a
 * busy shared machine disturbs it far less than requests per second.
 */
import type { ChildProcess } from 'node:child_process';

/** In the server child: answer the parent's 'cpu' messages. */
export function serveCpuUsage(): void {
  process.on('message', (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send!({ cpu: u.user + u.system });
    }
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
