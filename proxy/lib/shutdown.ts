/**
 * Graceful shutdown for an http.Server (LIBRARIES "shutdown"): stop accepting, answer with
 * `Connection: close` from now on, close idle keep-alive sockets on a short interval, and
 * force-close everything after a deadline.
 */
import type { Server } from 'node:http';

export interface ShutdownOptions {
  /** Hard stop after this many milliseconds (default 10 s). */
  deadlineMs?: number;
  /** Work to finish after the server stopped (close the database, flush the cache). */
  onClosed?: () => Promise<void> | void;
}

export function closeServer(server: Server, opts: ShutdownOptions = {}): Promise<void> {
  const deadlineMs = opts.deadlineMs ?? 10_000;
  server.on('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  return new Promise<void>((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const hard = setTimeout(() => server.closeAllConnections(), deadlineMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(hard);
      Promise.resolve(opts.onClosed?.()).then(
        () => resolve(),
        () => resolve(),
      );
    });
    server.closeIdleConnections();
  });
}

/** Installs SIGINT/SIGTERM handlers that run `stop` once, then exit. */
export function onSignals(
  stop: () => Promise<void>,
  log: (msg: string) => void = (m) => process.stderr.write(m + '\n'),
): void {
  let stopping = false;
  const handler = (sig: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${sig} received, shutting down`);
    stop().then(
      () => process.exit(0),
      (e: unknown) => {
        log(`shutdown failed: ${String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
