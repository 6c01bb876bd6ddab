/**
 * The crawl queue in the registry file, so nothing queued is lost when the process dies.
 * One row per domain (asking twice never adds a second job). A job being crawled is marked
 * `running` and ends only in the transaction that stores its result (records.ts calls
 * settle()), so a job interrupted by a kill is found `running` at the next start and run again
 * (recover()). A failed check waits as `retrying` until its backoff time (docs/policy.md
 * section 8). Jobs per state are counted by triggers (migration 3), so the cap costs one row.
 *
 * Within a priority, jobs run round-robin between clients (queue/fair-turns.ts): a new job's
 * `seq` is its rank (from its client's turn) times RANK_SPAN plus an arrival count, so the
 * claim's `ORDER BY priority, seq` takes one job of each waiting client per round. Jobs queued before
 * that have small seqs (turn 0); requeued, rechecked-while-waiting and retried jobs take
 * `max(seq) + 1` as before, the end of their priority.
 */
import type Database from 'better-sqlite3';
import { CrawlWorkers, type ClaimQueue } from '../../queue/workers.js';
import {
  PRIORITY,
  type CrawlQueue,
  type CrawlRunner,
  type RunJob,
  type WorkOptions,
  type EnqueueOutcome,
  type EnqueueRequest,
  type JobState,
  type JobPriority,
  type QueueCounts,
  type RecheckOutcome,
} from '../registry-store.js';
import { windowAt } from '../../limits/windows.js';
import { MinuteBudget } from '../../queue/budget.js';
import { LaneTurns, laneOf, rankOf, turnOfRank } from '../../queue/fair-turns.js';

interface JobRow {
  priority: number;
  state: 'queued' | 'running' | 'retrying';
  enqueued_at: number;
}

/** The next sequence number: after every job, the end of its priority. */
const NEXT_SEQ = '(SELECT coalesce(max(seq), 0) + 1 FROM jobs)';
/** seq = rank * RANK_SPAN + arrival count (mod RANK_SPAN), rank = 2 * turn (+1 behind a backlog): exact in a double up to 2^32 turns. */
const RANK_SPAN = 2 ** 20;

function prepare(db: Database.Database) {
  return {
    job: db.prepare<[string], JobRow>('SELECT priority, state, enqueued_at FROM jobs WHERE domain = ?'),
    insert: db.prepare<[string, number, number, number]>(
      'INSERT INTO jobs (domain, priority, enqueued_at, seq) VALUES (?, ?, ?, ?)',
    ),
    // Asked for at a higher priority: the asker's turn there.
    promote: db.prepare<[number, number, string]>(
      `UPDATE jobs SET priority = ?, seq = ? WHERE domain = ? AND state = 'queued'`,
    ),
    // The smallest seq waiting at a priority: the turn being served.
    head: db.prepare<[number], { seq: number | null }>(
      `SELECT min(seq) AS seq FROM jobs WHERE state = 'queued' AND priority = ?`,
    ),
    // "Check again": at interactive priority in the asker's turn, due now, and counted as queued now.
    recheck: db.prepare<[number, number, string]>(
      `UPDATE jobs SET priority = 0, state = 'queued', run_after = 0, enqueued_at = ?, seq = ? WHERE domain = ?`,
    ),
    // A failed check waits for its retry at refresh priority; a crawl outside the queue (analyseNow) gets a job for it.
    retry: db.prepare<{ domain: string; runAfter: number; now: number }>(
      `INSERT INTO jobs (domain, priority, state, run_after, enqueued_at, seq)
       VALUES (@domain, ${PRIORITY.refresh}, 'retrying', @runAfter, @now, ${NEXT_SEQ})
       ON CONFLICT(domain) DO UPDATE SET priority = excluded.priority, state = 'retrying', run_after = excluded.run_after, attempts = 0`,
    ),
    due: db.prepare<[number]>(`UPDATE jobs SET state = 'queued' WHERE state = 'retrying' AND run_after <= ?`),
    claim: db.prepare<[], { domain: string; attempts: number }>(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1
       WHERE domain = (SELECT domain FROM jobs WHERE state = 'queued' ORDER BY priority, seq LIMIT 1)
       RETURNING domain, attempts`,
    ),
    requeue: db.prepare<[string]>(`UPDATE jobs SET state = 'queued', seq = ${NEXT_SEQ} WHERE domain = ?`),
    drop: db.prepare<[string]>('DELETE FROM jobs WHERE domain = ?'),
    recover: db.prepare(`UPDATE jobs SET state = 'queued' WHERE state = 'running'`),
    counts: db.prepare<[], { state: string; n: number }>('SELECT state, n FROM job_counts'),
    queued: db.prepare<[], { n: number }>(`SELECT n FROM job_counts WHERE state = 'queued'`),
    jobsOf: db.prepare<[string], { domain: string; state: JobState['state']; run_after: number }>(
      'SELECT domain, state, run_after FROM jobs WHERE domain IN (SELECT value FROM json_each(?))',
    ),
    nextRetry: db.prepare<[], { at: number | null }>(`SELECT min(run_after) AS at FROM jobs WHERE state = 'retrying'`),
    checked: db.prepare<[string], { checked_ms: number }>('SELECT checked_ms FROM domains WHERE domain = ?'),
    known: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM domains WHERE domain = ?'),
    // Domains checked before the cutoff that have no job, oldest check first.
    stale: db.prepare<[number, number], { domain: string }>(
      `SELECT d.domain FROM domains d WHERE d.checked_ms < ?
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.domain = d.domain)
       ORDER BY d.checked_ms LIMIT ?`,
    ),
    budget: db.prepare<[string], { minute_start: number; used: number }>(
      'SELECT minute_start, used FROM client_budget WHERE client = ?',
    ),
    spend: db.prepare<[string, number, number]>(
      'INSERT INTO client_budget (client, minute_start, used) VALUES (?, ?, ?) ON CONFLICT(client) DO UPDATE SET minute_start = excluded.minute_start, used = excluded.used',
    ),
  };
}

/** The client's minute budget, read inside the admission transaction. */
function openBudget(
  st: ReturnType<typeof prepare>,
  budget: EnqueueRequest['budget'],
  nowMs: number,
): MinuteBudget | undefined {
  return budget ? new MinuteBudget(budget, st.budget.get(budget.client), nowMs) : undefined;
}

function saveBudget(st: ReturnType<typeof prepare>, budget: MinuteBudget | undefined): void {
  const saved = budget?.saved;
  if (saved) st.spend.run(saved.client, saved.minuteStart, saved.used);
}

export class SqliteJobs implements CrawlQueue, ClaimQueue {
  private readonly st;
  private readonly turns = new LaneTurns();
  private arrivals = 0;

  constructor(private readonly db: Database.Database) {
    this.st = prepare(db);
  }

  /** Hands out seqs in `lane`'s next turns at `priority` (inside the admission transaction). */
  private fairSeqs(priority: JobPriority, lane: string): () => number {
    const head = this.st.head.get(priority)?.seq;
    const place = this.turns.lane(
      priority,
      lane,
      head === null || head === undefined ? undefined : turnOfRank(Math.floor(head / RANK_SPAN)),
    );
    return () => rankOf(place()) * RANK_SPAN + (this.arrivals++ % RANK_SPAN);
  }

  async enqueue(req: EnqueueRequest): Promise<EnqueueOutcome[]> {
    // Repeated lookups of a waiting domain are the common case: a read costs no commit.
    if (req.domains.length === 1) {
      const job = this.st.job.get(req.domains[0]!);
      if (job && !(job.state === 'queued' && req.priority < job.priority)) return ['queued'];
    }
    return this.db.transaction(() => {
      const budget = openBudget(this.st, req.budget, req.nowMs);
      let queued = this.st.queued.get()!.n;
      const nextSeq = this.fairSeqs(req.priority, laneOf(req));
      const out = req.domains.map((domain): EnqueueOutcome => {
        const job = this.st.job.get(domain);
        if (job) {
          // Asked for at a higher priority: a batch item someone now looks at is promoted.
          if (job.state === 'queued' && req.priority < job.priority)
            this.st.promote.run(req.priority, nextSeq(), domain);
          return 'queued';
        }
        // Stored since the caller looked: analysed, not to be crawled again (refreshes ask for known domains).
        if (req.priority < PRIORITY.refresh && this.st.known.get(domain)) return 'queued';
        if (budget && budget.left <= 0) return 'over_budget';
        if (queued >= req.maxQueued) return 'full';
        this.st.insert.run(domain, req.priority, req.nowMs, nextSeq());
        budget?.spend();
        queued++;
        return 'added';
      });
      saveBudget(this.st, budget);
      return out;
    })();
  }

  async recheck(
    domain: string,
    opts: { nowMs: number; minIntervalMs: number; maxQueued: number; budget?: EnqueueRequest['budget'] },
  ): Promise<RecheckOutcome> {
    return this.db.transaction((): RecheckOutcome => {
      const seq = () => this.fairSeqs(PRIORITY.interactive, laneOf(opts))();
      const job = this.st.job.get(domain);
      const last = Math.max(job?.enqueued_at ?? -Infinity, this.st.checked.get(domain)?.checked_ms ?? -Infinity);
      if (opts.nowMs - last < opts.minIntervalMs)
        return { kind: 'too_soon', retryAfterMs: last + opts.minIntervalMs - opts.nowMs };
      if (job) {
        // A check running now is the new check; anything waiting runs in the asker's next turn.
        if (job.state !== 'running') this.st.recheck.run(opts.nowMs, seq(), domain);
        return { kind: 'queued' };
      }
      const budget = openBudget(this.st, opts.budget, opts.nowMs);
      if (budget && budget.left <= 0)
        return { kind: 'over_budget', retryAfterMs: windowAt('minute', opts.nowMs).reset - opts.nowMs };
      if (this.st.queued.get()!.n >= opts.maxQueued) return { kind: 'full' };
      this.st.insert.run(domain, PRIORITY.interactive, opts.nowMs, seq());
      budget?.spend();
      saveBudget(this.st, budget);
      return { kind: 'queued' };
    })();
  }

  async claim(nowMs: number): Promise<{ domain: string; attempts: number } | undefined> {
    return this.db.transaction(() => {
      this.st.due.run(nowMs);
      return this.st.claim.get();
    })();
  }

  async requeue(domain: string): Promise<void> {
    this.st.requeue.run(domain);
  }

  async drop(domain: string): Promise<void> {
    this.st.drop.run(domain);
  }

  /** At start: jobs left running by a killed process are queued again. */
  async recover(): Promise<number> {
    return this.st.recover.run().changes;
  }

  /** The pool of this process: jobs a killed process left running are queued again first (one process owns the file). */
  async work(run: RunJob, opts: WorkOptions): Promise<CrawlRunner> {
    const recovered = await this.recover();
    if (recovered > 0) opts.log.info({ recovered }, 'crawl jobs interrupted by the last stop are queued again');
    const workers = new CrawlWorkers(this, run, opts.concurrency, opts.log, opts.clock);
    workers.kick();
    return workers;
  }

  async counts(): Promise<QueueCounts> {
    const c: QueueCounts = { queued: 0, running: 0, retrying: 0 };
    for (const r of this.st.counts.all()) if (r.state in c) c[r.state as keyof QueueCounts] = r.n;
    return c;
  }

  async jobs(domains: readonly string[]): Promise<Map<string, JobState>> {
    const out = new Map<string, JobState>();
    if (domains.length === 0) return out;
    for (const r of this.st.jobsOf.all(JSON.stringify(domains))) {
      out.set(r.domain, { state: r.state, runAfterMs: r.state === 'retrying' ? r.run_after : null });
    }
    return out;
  }

  async nextRetryMs(): Promise<number | null> {
    return this.st.nextRetry.get()!.at;
  }

  async enqueueStale(cutoffMs: number, max: number, nowMs: number, maxQueued: number): Promise<number> {
    const domains = this.st.stale.all(cutoffMs, max).map((r) => r.domain);
    if (domains.length === 0) return 0;
    const out = await this.enqueue({ domains, priority: PRIORITY.refresh, nowMs, maxQueued });
    return out.filter((o) => o === 'added').length;
  }

  /**
   * Inside the transaction that stores a crawl (records.ts): the domain's job ends, or, after a
   * failed check, waits for its retry at `retryAtMs`.
   */
  settle(domain: string, retryAtMs: number | null, nowMs: number): void {
    if (retryAtMs === null) this.st.drop.run(domain);
    else this.st.retry.run({ domain, runAfter: retryAtMs, now: nowMs });
  }
}
