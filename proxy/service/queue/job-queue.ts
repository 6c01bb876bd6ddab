/**
 * The crawl queue, persisted in the registry so nothing queued is lost when the process dies.
 * One row per domain (enqueueing twice is a no-op); a job being crawled is marked `running`
 * and only removed in the transaction that stores its result (RecordStore.store), so a job
 * interrupted by a kill is found `running` at the next start and run again (recover()).
 */
import type Database from 'better-sqlite3';

/** New domains go before background refreshes of records we can already serve. */
export const PRIORITY_NEW = 0;
export const PRIORITY_REFRESH = 1;

export class JobQueue {
  private readonly existing;
  private readonly insert;
  private readonly claimNext;
  private readonly requeueStmt;
  private readonly dropStmt;
  private readonly recoverStmt;
  private readonly countStmt;
  private readonly staleStmt;

  constructor(private readonly db: Database.Database) {
    this.existing = db.prepare<[string], { priority: number; state: string }>('SELECT priority, state FROM jobs WHERE domain = ?');
    // A new-domain request upgrades a queued refresh of the same domain; anything else is a no-op.
    this.insert = db.prepare(
      `INSERT INTO jobs (domain, priority, enqueued_at, seq)
       VALUES (@domain, @priority, @now, (SELECT coalesce(max(seq), 0) + 1 FROM jobs))
       ON CONFLICT(domain) DO UPDATE SET priority = excluded.priority
       WHERE jobs.state = 'queued' AND excluded.priority < jobs.priority`,
    );
    this.claimNext = db.prepare<[], { domain: string; attempts: number }>(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1
       WHERE domain = (SELECT domain FROM jobs WHERE state = 'queued' ORDER BY priority, seq LIMIT 1)
       RETURNING domain, attempts`,
    );
    this.requeueStmt = db.prepare(
      `UPDATE jobs SET state = 'queued', seq = (SELECT coalesce(max(seq), 0) + 1 FROM jobs) WHERE domain = ?`,
    );
    this.dropStmt = db.prepare('DELETE FROM jobs WHERE domain = ?');
    this.recoverStmt = db.prepare(`UPDATE jobs SET state = 'queued' WHERE state = 'running'`);
    this.countStmt = db.prepare<[], { queued: number; running: number }>(
      `SELECT coalesce(sum(state = 'queued'), 0) AS queued, coalesce(sum(state = 'running'), 0) AS running FROM jobs`,
    );
    // Records older than the cutoff that are not queued yet, oldest first.
    this.staleStmt = db.prepare<[number, number], { domain: string }>(
      `SELECT d.domain FROM domains d WHERE d.last_crawled_ms < ?
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.domain = d.domain)
       ORDER BY d.last_crawled_ms LIMIT ?`,
    );
  }

  /** Returns true when the domain was newly queued (or a queued refresh became a new-domain job). */
  enqueue(domain: string, priority: number, nowMs: number): boolean {
    // Read first: repeated lookups of a queued domain are common and a read costs no commit.
    const job = this.existing.get(domain);
    if (job && !(job.state === 'queued' && priority < job.priority)) return false;
    return this.insert.run({ domain, priority, now: nowMs }).changes > 0;
  }

  /** The next queued job, now marked running, or undefined. */
  claim(): { domain: string; attempts: number } | undefined {
    return this.claimNext.get();
  }

  /** Back to the end of the queue (after a failed attempt, or when the workers stop). */
  requeue(domain: string): void {
    this.requeueStmt.run(domain);
  }

  drop(domain: string): void {
    this.dropStmt.run(domain);
  }

  /** At start: jobs left `running` by a killed process are queued again. */
  recover(): number {
    return this.recoverStmt.run().changes;
  }

  counts(): { queued: number; running: number } {
    return this.countStmt.get()!;
  }

  /** Enqueues up to `max` records crawled before `cutoffMs` for a background refresh, in one commit. */
  enqueueStale(cutoffMs: number, max: number, nowMs: number): number {
    return this.db.transaction(() => {
      let n = 0;
      for (const { domain } of this.staleStmt.all(cutoffMs, max)) if (this.enqueue(domain, PRIORITY_REFRESH, nowMs)) n++;
      return n;
    })();
  }
}
