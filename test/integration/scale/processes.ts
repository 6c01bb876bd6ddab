/**
 * Real `npm run service` and `npm run worker` processes (their TypeScript entry points through
 * tsx, as the restart test runs the service) on one PostgreSQL database, for the scale tests.
 * Each child's JSON log lines are kept; a test waits for a line by its message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface Child {
  proc: ChildProcess;
  /** Parsed log lines so far. */
  lines: Array<Record<string, unknown>>;
  /** What the child wrote to stderr so far (a crash's stack trace). */
  readonly stderr: string;
  /** Resolves with the first log line (past or future) for which `match` holds. */
  waitFor(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function start(entry: 'main' | 'worker', env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', `proxy/service/${entry}.ts`], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const watchers = new Set<(line: Record<string, unknown>) => void>();
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += String(d)));
  createInterface({ input: proc.stdout }).on('line', (text) => {
    try {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const w of [...watchers]) w(line);
    } catch {
      /* not a log line */
    }
  });
  return {
    proc,
    lines,
    get stderr() {
      return stderr;
    },
    waitFor(match, timeoutMs = 30_000) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const done = (line: Record<string, unknown>) => {
          if (!match(line)) return;
          clearTimeout(timer);
          watchers.delete(done);
          proc.off('exit', exited);
          resolve(line);
        };
        const exited = (code: number | null) =>
          reject(new Error(`${entry} exited (${code}) before the awaited log line: ${stderr}`));
        const timer = setTimeout(() => {
          watchers.delete(done);
          reject(new Error(`${entry}: no such log line within ${timeoutMs} ms; stderr: ${stderr}`));
        }, timeoutMs);
        watchers.add(done);
        proc.once('exit', exited);
      });
    },
    kill(signal: NodeJS.Signals = 'SIGTERM') {
      return new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill(signal);
      });
    },
  };
}
