/**
 * Whether the store's database answers, for a store that lives in another process
 * (PostgreSQL). A database that is stopped, restarting or frozen must not turn every request
 * into a 500 with a stack trace, nor hold each one for a connection timeout:
 *
 * - An error that says the database cannot be reached (`isOutage`, supplied by the backend)
 *   answers that request 503 and makes the watch probe at once.
 * - The probe (a trivial query, PROBE_TIMEOUT_MS at most) runs every PROBE_UP_MS while all is
 *   well, so a frozen database is found even before a request times out on it, and every
 *   PROBE_DOWN_MS while it is down. It alone decides: a slow query under load is not an outage
 *   unless the probe fails too.
 * - While down, `outage` names the cause and the HTTP layer answers at once (503 with
 *   `retry_after`) without touching the database; /health says which dependency is down.
 * - One log line when it goes down, one when it is back (with how long it was away), whatever
 *   the number of requests and background jobs that failed in between.
 */
import type { Logger } from '../../lib/logger.js';

export const PROBE_UP_MS = 2_000;
export const PROBE_DOWN_MS = 1_000;
export const PROBE_TIMEOUT_MS = 2_000;
/** What a refused request is told to wait: a few probes' worth. */
export const OUTAGE_RETRY_S = 5;

export interface StoreOutage {
  /** The database, for people: "PostgreSQL". */
  readonly database: string;
  /** Why, for people: "connection refused", "no answer within 2 s". */
  readonly cause: string;
  readonly sinceMs: number;
}

export interface AvailabilityOptions {
  database: string;
  /** A trivial query; rejects when the database does not answer. */
  probe: () => Promise<void>;
  /** The cause, for people, when `err` says the database cannot be reached; null for any other error. */
  isOutage: (err: unknown) => string | null;
  log: Logger;
  now?: () => number;
}

export class StoreAvailability {
  private down: StoreOutage | null = null;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | null = null;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly o: AvailabilityOptions) {
    this.now = o.now ?? Date.now;
    this.schedule(PROBE_UP_MS);
  }

  get database(): string {
    return this.o.database;
  }

  /** The outage now, or null while the database answers. */
  get outage(): StoreOutage | null {
    return this.down;
  }

  /** The cause, when `err` means the database cannot be reached (a probe then runs at once); null otherwise. */
  report(err: unknown): string | null {
    const cause = this.o.isOutage(err);
    if (cause !== null && this.down === null) void this.probe(cause);
    return cause;
  }

  /** Probes now (once at a time); `hint` is the cause a failed request gave, used when the probe times out. */
  probe(hint?: string): Promise<void> {
    this.probing ??= this.runProbe(hint).finally(() => (this.probing = null));
    return this.probing;
  }

  private async runProbe(hint: string | undefined): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.o.probe(),
        new Promise<never>((_, reject) => (timeout = setTimeout(() => reject(new ProbeTimeout()), PROBE_TIMEOUT_MS))),
      ]);
      this.up();
    } catch (err) {
      const cause =
        err instanceof ProbeTimeout
          ? (hint ?? err.message)
          : (this.o.isOutage(err) ?? 'it answered the health probe with an error');
      this.lost(cause);
    } finally {
      clearTimeout(timeout);
      this.schedule(this.down ? PROBE_DOWN_MS : PROBE_UP_MS);
    }
  }

  private lost(cause: string): void {
    if (this.down) return;
    this.down = { database: this.o.database, cause, sinceMs: this.now() };
    this.o.log.error(
      { database: this.o.database, cause },
      `${this.o.database} is not answering (${cause}); requests that need it are answered 503 until it is back`,
    );
  }

  private up(): void {
    if (!this.down) return;
    const downS = Math.round((this.now() - this.down.sinceMs) / 1000);
    this.o.log.info(
      { database: this.o.database, down_s: downS },
      `${this.o.database} is answering again after ${downS} s`,
    );
    this.down = null;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(() => void this.probe(), ms);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }
}

class ProbeTimeout extends Error {
  constructor() {
    super(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`);
  }
}
