/**
 * The crawl queue on pg-boss 10 (the last line that runs on Node 20), in the same PostgreSQL as
 * the registry, so admitting a job, storing a crawl and ending its job share transactions.
 *
 * - One job per domain: the domain is the job's singleton key on a `stately` queue (pg-boss's
 *   unique index allows one job per state and key), and admission adds a job only when the
 *   domain has none waiting, retrying or running. Admission runs under one transaction-scoped
 *   advisory lock, so the cap and each client's budget hold across replicas (both counted in
 *   the database: the jobs table and client_budget).
 * - Priority: pg-boss fetches the highest number first. The number packs the priority's band
 *   (interactive, batch, refresh) and, within it, the client's turn (queue/fair-turns.ts):
 *   clients take turns, so one client's backlog delays another's lookup by one round at most.
 *   The client is in the job's data; its last waiting turn and the turn being served are read
 *   under the admission lock, with the queue's count, in one pass. A waiting job asked for at a
 *   higher priority is replaced (cancelled and sent again in the asker's turn).
 * - A failed check (docs/policy.md section 8) ends its job and sends the next one with
 *   `startAfter` at 10 min, 1 h, 6 h, in the storing transaction (settle()).
 * - A crawl that throws is failed by pg-boss and retried (retryLimit, retryDelay with backoff);
 *   a worker killed mid-crawl leaves its job active until its expiry, when pg-boss's
 *   maintenance (in any process) fails it into a retry that another worker runs.
 * - Adding work sends NOTIFY lens_jobs_added at commit: idle workers fetch at once.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { windowAt } from '../limits/windows.js';
import type { JobSettler } from '../store/pg/records.js';
import { row, rows, transaction, type Queryable } from '../store/pg/db.js';
import { CHANNELS, type PgEvents } from '../store/pg/notify.js';
import {
  PRIORITY,
  type CrawlQueue,
  type CrawlRunner,
  type EnqueueOutcome,
  type EnqueueRequest,
  type JobPriority,
  type JobState,
  type QueueCounts,
  type RecheckOutcome,
  type RunJob,
  type WorkOptions,
} from '../store/registry-store.js';
import { MinuteBudget, type StoredBudget } from './budget.js';
import { bandRange, firstPlace, laneOf, packPriority, places, priorityOf, turnOf, type Place } from './fair-turns.js';
import { MAX_ATTEMPTS } from './workers.js';
import { PgBossWorkers } from './pgboss-workers.js';
import { BOSS_SCHEMA, CRAWL_QUEUE, type JobData } from './pgboss-job.js';

/** Seconds before a crawl that threw (or whose worker died) runs again; doubled with jitter for the next attempt. */
const RETRY_DELAY_S = 5;
/** Admission's lock: one decision at a time across replicas (any constant; "jobs" in ASCII). */
const ADMISSION_LOCK = 0x6a6f6273;

export interface PgBossJobsOptions {
  /** A running job not finished within this is taken as lost (its worker died) and run again. */
  expireSeconds: number;
  /** How often idle workers look for due jobs (new ones also wake them by NOTIFY). */
  pollSeconds: number;
  /** The cause, when `err` says the database cannot be reached (the store's availability watch hears of it); else null. */
  outage?: (err: unknown) => string | null;
}

interface LiveJob {
  id: string;
  domain: string;
  state: 'created' | 'retry' | 'active';
  priority: number;
  data: JobData;
}

/** A job that waits to run and may be promoted: not running, not a failed check's retry. */
const waiting = (j: LiveJob) => j.state !== 'active' && !j.data.retry;
/** SQL: the job is a failed check's retry. */
const IS_RETRY = `coalesce((data ->> 'retry')::boolean, false)`;

/** pg-boss's calls on our connection: inside our transaction. */
const on = (db: Queryable): PgBoss.Db => ({ executeSql: (text, values) => db.query(text, values) });

export class PgBossJobs implements CrawlQueue, JobSettler {
  constructor(
    private readonly pool: pg.Pool,
    readonly boss: PgBoss,
    private readonly events: PgEvents,
    private readonly opts: PgBossJobsOptions,
  ) {}

  /** The queue with its retry and expiry policy (idempotent: every process calls it at start). */
  async createQueue(): Promise<void> {
    const policy = { name: CRAWL_QUEUE, policy: 'stately' as const, ...this.retry() };
    await this.boss.createQueue(CRAWL_QUEUE, policy);
    await this.boss.updateQueue(CRAWL_QUEUE, policy);
  }

  private retry() {
    return {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: RETRY_DELAY_S,
      retryBackoff: true,
      expireInSeconds: this.opts.expireSeconds,
    };
  }

  private send(
    db: Queryable,
    domain: string,
    priority: JobPriority,
    enqueuedMs: number,
    at: { place: Place; lane?: string; startAfter?: Date },
  ): Promise<string | null> {
    const data: JobData = at.startAfter ? { domain, enqueuedMs, retry: true } : { domain, enqueuedMs };
    if (at.lane) data.client = at.lane;
    const packed = packPriority(priority, at.place);
    return this.boss.send(CRAWL_QUEUE, data, {
      ...this.retry(),
      singletonKey: domain,
      priority: packed,
      startAfter: at.startAfter,
      db: on(db),
    });
  }

  /**
   * In one pass over the waiting jobs: how many wait (failed checks' retries aside, as the cap
   * counts them), and the turns of `priority`'s band: the one being served and `lane`'s last.
   */
  private async figures(
    db: Queryable,
    priority: JobPriority,
    lane: string,
  ): Promise<{ queued: number; next: () => Place }> {
    const [low, high] = bandRange(priority);
    const r = await row<{ queued: number; head: number | null; last: number | null }>(
      db,
      `SELECT count(*) FILTER (WHERE NOT ${IS_RETRY}) AS queued,
              max(priority) FILTER (WHERE priority BETWEEN $2 AND $3 AND NOT ${IS_RETRY}) AS head,
              min(priority) FILTER (WHERE priority BETWEEN $2 AND $3 AND coalesce(data ->> 'client', '') = $4) AS last
       FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state < 'active'`,
      [CRAWL_QUEUE, low, high, lane],
    );
    const first = firstPlace(
      r!.head === null ? undefined : turnOf(r!.head),
      r!.last === null ? undefined : turnOf(r!.last),
    );
    return { queued: r!.queued, next: places(first) };
  }

  /** Jobs waiting, retrying or running for these domains. */
  private async live(db: Queryable, domains: readonly string[]): Promise<Map<string, LiveJob>> {
    const found = await rows<LiveJob>(
      db,
      `SELECT id, singleton_key AS domain, state, priority, data FROM ${BOSS_SCHEMA}.job
       WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state <= 'active' AND policy = 'stately'`,
      [CRAWL_QUEUE, domains],
    );
    // The active one wins when a domain has two (a retry sent while its crawl is being stored).
    const out = new Map<string, LiveJob>();
    for (const j of found) if (!out.has(j.domain) || j.state === 'active') out.set(j.domain, j);
    return out;
  }

  private async cancel(db: Queryable, job: LiveJob): Promise<void> {
    await this.boss.cancel(CRAWL_QUEUE, job.id, { db: on(db) });
  }

  async enqueue(req: EnqueueRequest): Promise<EnqueueOutcome[]> {
    // Repeated lookups of a waiting domain are the common case: a read, no lock.
    if (req.domains.length === 1) {
      const job = (await this.live(this.pool, req.domains)).get(req.domains[0]!);
      if (job && !(waiting(job) && req.priority < priorityOf(job.priority))) return ['queued'];
    }
    return transaction(this.pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK]);
      const jobs = await this.live(tx, req.domains);
      const known =
        req.priority < PRIORITY.refresh
          ? new Set(
              (
                await rows<{ domain: string }>(tx, 'SELECT domain FROM domains WHERE domain = ANY($1::text[])', [
                  req.domains,
                ])
              ).map((r) => r.domain),
            )
          : new Set<string>();
      const budget = await openBudget(tx, req.budget, req.nowMs);
      const lane = laneOf(req);
      const fig = await this.figures(tx, req.priority, lane);
      let queued = fig.queued;
      let woke = false;
      const out: EnqueueOutcome[] = [];
      for (const domain of req.domains) {
        const job = jobs.get(domain);
        if (job) {
          // Asked for at a higher priority: a batch item someone now looks at is promoted.
          if (waiting(job) && req.priority < priorityOf(job.priority)) {
            await this.cancel(tx, job);
            await this.send(tx, domain, req.priority, job.data.enqueuedMs, { place: fig.next(), lane });
            woke = true;
          }
          out.push('queued');
        } else if (known.has(domain)) out.push('queued');
        else if (budget && budget.left <= 0) out.push('over_budget');
        else if (queued >= req.maxQueued) out.push('full');
        else {
          await this.send(tx, domain, req.priority, req.nowMs, { place: fig.next(), lane });
          jobs.set(domain, {
            id: '',
            domain,
            state: 'created',
            priority: packPriority(req.priority, { turn: 0, fresh: true }),
            data: { domain, enqueuedMs: req.nowMs },
          });
          budget?.spend();
          queued++;
          woke = true;
          out.push('added');
        }
      }
      await saveBudget(tx, budget);
      if (woke) await tx.query('SELECT pg_notify($1, $2)', [CHANNELS.jobsAdded, '']);
      return out;
    });
  }

  async recheck(
    domain: string,
    opts: {
      nowMs: number;
      minIntervalMs: number;
      maxQueued: number;
      budget?: EnqueueRequest['budget'];
      client?: string;
    },
  ): Promise<RecheckOutcome> {
    return transaction(this.pool, async (tx): Promise<RecheckOutcome> => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK]);
      const lane = laneOf(opts);
      const job = (await this.live(tx, [domain])).get(domain);
      const checked = await row<{ checked_ms: number }>(tx, 'SELECT checked_ms FROM domains WHERE domain = $1', [
        domain,
      ]);
      const last = Math.max(job?.data.enqueuedMs ?? -Infinity, checked?.checked_ms ?? -Infinity);
      if (opts.nowMs - last < opts.minIntervalMs)
        return { kind: 'too_soon', retryAfterMs: last + opts.minIntervalMs - opts.nowMs };
      if (job) {
        // A check running now is the new check; anything waiting (or retrying later) runs next.
        if (job.state !== 'active') {
          await this.cancel(tx, job);
          await this.send(tx, domain, PRIORITY.interactive, opts.nowMs, {
            place: (await this.figures(tx, PRIORITY.interactive, lane)).next(),
            lane,
          });
          await tx.query('SELECT pg_notify($1, $2)', [CHANNELS.jobsAdded, '']);
        }
        return { kind: 'queued' };
      }
      const budget = await openBudget(tx, opts.budget, opts.nowMs);
      if (budget && budget.left <= 0)
        return { kind: 'over_budget', retryAfterMs: windowAt('minute', opts.nowMs).reset - opts.nowMs };
      const fig = await this.figures(tx, PRIORITY.interactive, lane);
      if (fig.queued >= opts.maxQueued) return { kind: 'full' };
      await this.send(tx, domain, PRIORITY.interactive, opts.nowMs, { place: fig.next(), lane });
      budget?.spend();
      await saveBudget(tx, budget);
      await tx.query('SELECT pg_notify($1, $2)', [CHANNELS.jobsAdded, '']);
      return { kind: 'queued' };
    });
  }

  async counts(): Promise<QueueCounts> {
    const r = await row<QueueCounts>(
      this.pool,
      `SELECT count(*) FILTER (WHERE state < 'active' AND NOT ${IS_RETRY}) AS queued,
              count(*) FILTER (WHERE state = 'active') AS running,
              count(*) FILTER (WHERE state < 'active' AND ${IS_RETRY}) AS retrying
       FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state <= 'active' AND policy = 'stately'`,
      [CRAWL_QUEUE],
    );
    return r!;
  }

  async jobs(domains: readonly string[]): Promise<Map<string, JobState>> {
    const found = await rows<{ domain: string; state: string; later: boolean; retry: boolean; start_ms: number }>(
      this.pool,
      `SELECT singleton_key AS domain, state, start_after > now() AS later, ${IS_RETRY} AS retry,
              (extract(epoch FROM start_after) * 1000)::float8 AS start_ms
       FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state <= 'active' AND policy = 'stately'`,
      [CRAWL_QUEUE, domains],
    );
    const out = new Map<string, JobState>();
    for (const j of found) {
      // A failed check's retry that is not due yet; the active job wins when a domain has two (as in live()).
      const job: JobState =
        j.state === 'active'
          ? { state: 'running', runAfterMs: null }
          : j.retry && j.later
            ? { state: 'retrying', runAfterMs: Math.round(j.start_ms) }
            : { state: 'queued', runAfterMs: null };
      if (!out.has(j.domain) || job.state === 'running') out.set(j.domain, job);
    }
    return out;
  }

  async enqueueStale(cutoffMs: number, max: number, nowMs: number, maxQueued: number): Promise<number> {
    // Domains checked before the cutoff with no job, oldest check first.
    const stale = await rows<{ domain: string }>(
      this.pool,
      `SELECT d.domain FROM domains d WHERE d.checked_ms < $1
       AND NOT EXISTS (SELECT 1 FROM ${BOSS_SCHEMA}.job j WHERE j.name = $3 AND j.singleton_key = d.domain AND j.state <= 'active' AND j.policy = 'stately')
       ORDER BY d.checked_ms LIMIT $2`,
      [cutoffMs, max, CRAWL_QUEUE],
    );
    if (stale.length === 0) return 0;
    const out = await this.enqueue({
      domains: stale.map((r) => r.domain),
      priority: PRIORITY.refresh,
      nowMs,
      maxQueued,
    });
    return out.filter((o) => o === 'added').length;
  }

  /**
   * Inside the transaction that stores a crawl (store/pg/records.ts): the domain's running job
   * is completed, and after a failed check the next one waits until `retryAtMs` at refresh
   * priority (a job already waiting for the domain is replaced by it, as in SQLite).
   */
  async settle(tx: pg.PoolClient, domain: string, retryAtMs: number | null, nowMs: number): Promise<void> {
    const mine = await rows<{ id: string }>(
      tx,
      `SELECT id FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'active' AND policy = 'stately'`,
      [CRAWL_QUEUE, domain],
    );
    for (const j of mine) await this.boss.complete(CRAWL_QUEUE, j.id, {}, { db: on(tx) });
    if (retryAtMs === null) return;
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK]);
    const waiting = (await this.live(tx, [domain])).get(domain);
    if (waiting && waiting.state !== 'active') await this.cancel(tx, waiting);
    // Due, a failed check's retry goes first among refreshes.
    await this.send(tx, domain, PRIORITY.refresh, nowMs, {
      place: { turn: 0, fresh: true },
      startAfter: new Date(retryAtMs),
    });
  }

  async work(run: RunJob, opts: WorkOptions): Promise<CrawlRunner> {
    return PgBossWorkers.start({
      boss: this.boss,
      events: this.events,
      queue: this,
      run,
      concurrency: opts.concurrency,
      pollSeconds: this.opts.pollSeconds,
      log: opts.log,
      outage: this.opts.outage,
    });
  }
}

/** The client's minute budget, read under admission's lock. */
async function openBudget(
  db: Queryable,
  budget: EnqueueRequest['budget'],
  nowMs: number,
): Promise<MinuteBudget | undefined> {
  if (!budget) return undefined;
  const stored = await row<StoredBudget>(db, 'SELECT minute_start, used FROM client_budget WHERE client = $1', [
    budget.client,
  ]);
  return new MinuteBudget(budget, stored, nowMs);
}

async function saveBudget(db: Queryable, budget: MinuteBudget | undefined): Promise<void> {
  const saved = budget?.saved;
  if (!saved) return;
  await db.query(
    `INSERT INTO client_budget (client, minute_start, used) VALUES ($1, $2, $3)
     ON CONFLICT (client) DO UPDATE SET minute_start = excluded.minute_start, used = excluded.used`,
    [saved.client, saved.minuteStart, saved.used],
  );
}
