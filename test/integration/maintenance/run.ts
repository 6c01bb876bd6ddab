/**
 * Runs the repository's entry points as child processes, as an operator would (through tsx on
 * the sources, as the restart test does), for the maintenance tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export const ROOT = new URL('../../../', import.meta.url).pathname;

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `entry` (a .ts path from the repository root) to its end. */
export function run(entry: string, args: string[], env: Record<string, string>): Promise<Finished> {
  const proc = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d) => (stdout += String(d)));
  proc.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout, stderr })));
}

export interface Server {
  proc: ChildProcess;
  url: string;
  /** Stops it gracefully (SIGTERM) and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts a server entry point; resolves with its address from the `listening` log line. */
export function serve(entry: string, env: Record<string, string>): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start: ${stderr}`)), 30_000);
    createInterface({ input: proc.stdout }).on('line', (line) => {
      try {
        const e = JSON.parse(line) as { msg?: string; url?: string };
        if (e.msg === 'listening' && e.url) {
          clearTimeout(timer);
          resolve({
            proc,
            url: e.url,
            stop: async () => {
              if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
              await exited;
            },
          });
        }
      } catch {
        /* not a log line */
      }
    });
    proc.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${stderr}`)));
  });
}
