/**
 * The lookup service's storage port (one storage interface before two implementations
 * grow apart). Everything the service keeps goes through it: current records and the audit
 * trail, the crawl queue, API keys, per-key usage windows, and the announced surface's indexes.
 * Every call returns a promise, so a remote database fits behind it.
 *
 * Implementations: SQLite (store/sqlite, the zero-setup default, better-sqlite3 in WAL mode, its
 * own queue table and in-process workers) and PostgreSQL (store/pg, `DATABASE_URL`, with the
 * crawl jobs on pg-boss 10.x, queue/pgboss-*.ts, run by any number of worker processes). The same
 * contract tests run against both (test/integration/store). The rules each must keep are
 * written on the methods. The ones that matter most:
 * - `records.storeCrawl` is one transaction: audit entry, current record (unless a failed
 *   check must keep a good one), name and announced-surface indexes, and the end or the
 *   rescheduling of the domain's job. A kill at any point leaves all of it or none of it.
 * - `usage.consume` is atomic across replicas: 200 a minute means 200 in total.
 * - `queue.enqueue` decides per domain, atomically: already queued (promoted when asked at a
 *   higher priority), added, over the client's budget, or refused because the queue is full.
 * - `maintenance.purgeDomain` forgets a domain in one transaction, everywhere it is kept;
 *   `maintenance.markLookedUp` writes a domain's mark at most once a UTC day.
 *
 * Durability: every commit survives the service process being killed. What the service promises
 * a client once (`keys.create`: a key shown once; a named `maintenance.purgeDomain`: "forgot
 * it"; `maintenance.sync` after the unused purge) is also on the disk before it resolves, so a
 * crash of the database or of its machine cannot undo it.
 * Counting and crawls commit without waiting for the disk (PostgreSQL `synchronous_commit=off`,
 * SQLite WAL `synchronous=NORMAL`): such a crash can lose their last fraction of a second, never
 * leaving them inconsistent (a crawl lost with its transaction leaves its job queued).
 */
import type { Classification } from '../../analysis/classification.js';
import type { Evidence } from '../../analysis/evidence.js';
import type { PreviewSearchParams } from '../../../shared/params.js';
import type { SearchParams } from '../../../shared/api.js';
import type { StoreAvailability } from './availability.js';
import type {
  AnnouncedRecord,
  DomainPolicyFound,
  FullRecord,
  HistoryResponse,
  SearchResult,
  StatsResponse,
} from '../../../shared/schemas.js';
import type { LimitType } from '../../../shared/values.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { UsageState } from '../limits/usage-count.js';
import type { PreviewSearchResult, SignalsResponse } from '../preview/schemas.js';

// ---------------------------------------------------------------- records and audits

/** A failed check that did not replace the domain's record (docs/policy.md section 8). */
export interface LastCheck {
  /** ISO 8601 UTC. */
  failedAt: string;
  /** For people: "timed out", "server error (HTTP 503)". */
  cause: string;
  /** When the check will be retried (ISO 8601 UTC), null when only the normal refresh will. */
  nextRetry: string | null;
}

/** One stored document of a domain with what the service decides by. */
export interface RecordRead<T> {
  value: T;
  /** When the crawl behind `value` ran (epoch ms): the seed's `last_updated`. */
  lastCrawledMs: number;
  /** When the domain was last checked, failed or not (epoch ms): refreshes and "check again" count from it. */
  checkedMs: number;
  /** Set when the latest check failed and `value` is an earlier good crawl's. */
  lastCheck: LastCheck | null;
}

/** The domain's current record after a store, with its ids. */
export interface StoredRecord {
  id: number;
  auditId: string;
  lastCrawledMs: number;
  summary: DomainPolicyFound;
  full: FullRecord;
  announced: AnnouncedRecord;
}

export interface CrawlToStore {
  evidence: Evidence;
  classification: Classification;
  nowMs: number;
  /** Set when the crawl failed for a reason that may pass (service/crawl-failure.ts). */
  failure: { cause: string } | null;
  /**
   * Delays before retrying after the 1st, 2nd, ... consecutive failure (10 min, 1 h, 6 h);
   * after the last one the domain waits for the normal refresh.
   */
  retryDelaysMs: readonly number[];
  /** The rules version `classification` was made by (proxy/analysis RULES_VERSION, the default). */
  rulesVersion?: number;
}

export interface StoreOutcome {
  auditId: string;
  /** False when a failed check kept the domain's earlier good record. */
  current: boolean;
  /** The domain's current record (this crawl's, or the earlier good one). */
  record: StoredRecord;
  /** When the failed check will be retried (epoch ms), else null. */
  nextRetryMs: number | null;
  /** Set when `current` is false: the failed check kept as the record's last check. */
  lastCheck: LastCheck | null;
}

/**
 * The "audit stored" event: published by the SQLite registry inside the storing transaction
 * (store/sqlite/records.ts) to the announced surface's indexes, which subscribe when the store
 * is opened, so they never disagree with the registry.
 */
export interface StoredCrawl {
  /** False for a failed check that kept the earlier record: nothing about the policy changed. */
  current: boolean;
  domain: string;
  auditId: string;
  crawledAt: string;
  evidence: Evidence;
  classification: Classification;
  /** The classification this domain had before this crawl, or null for its first crawl. */
  previous: Classification | null;
  /**
   * Set when this is not a crawl but the domain's current crawl read again by newer rules
   * (RecordStore.rederive): the announced surface's rows and counters follow it, its crawl
   * count and history do not (the site changed nothing).
   */
  rederived?: true;
}

/** One audit entry: a stored crawl, whether it became the record or only recorded a failure. */
export interface AuditEntry {
  auditId: string;
  domain: string;
  crawledAt: string;
  evidence: Evidence;
  /** Why the check failed, when it did (null for a crawl that is a policy). */
  failure: string | null;
}

/** A record's documents from its evidence by today's rules, or null when today's rules cannot read that evidence. */
export type Derived = { classification: Classification; failed: boolean } | null;
/** Derives a record (the service's reads on the analysis pool, so the result may come later). */
export type Derive = (evidence: Evidence) => Derived | Promise<Derived>;

/** Where a step of RecordStore.rederive() stopped, and what it did. */
export interface RederiveStep {
  rederived: number;
  /** Domains whose record could not be re-derived: their audit entry is gone, or `derive` gave null. */
  unreadable: string[];
  /** The record id to go on after, null when no record is left beyond this step. */
  next: number | null;
}

export interface RecordStore {
  summary(domain: string): Promise<RecordRead<DomainPolicyFound> | undefined>;
  /** Summaries of many domains in one read (batches); missing ones are absent from the map. */
  summaries(domains: readonly string[]): Promise<Map<string, RecordRead<DomainPolicyFound>>>;
  full(domain: string): Promise<RecordRead<FullRecord> | undefined>;
  announced(domain: string): Promise<RecordRead<AnnouncedRecord> | undefined>;
  /**
   * Stores one crawl in one transaction: the audit entry always; the current record unless
   * `failure` is set and the domain has a record that is not itself a failure (then that
   * record stays, `last_updated` keeps its time, and the failure is kept as its last check);
   * the indexes; and the domain's job: removed, or for a failure rescheduled after
   * `retryDelaysMs[n-1]` at refresh priority (n consecutive failures).
   */
  storeCrawl(crawl: CrawlToStore): Promise<StoreOutcome>;
  audit(auditId: string): Promise<AuditEntry | undefined>;
  /** The domain's audit entries, oldest first. */
  audits(domain: string): Promise<AuditEntry[]>;
  /** Records made by rules older than `version`, counted per version, oldest first (empty when none). */
  olderRules(version: number): Promise<Array<{ version: number; records: number }>>;
  /**
   * One step of re-deriving the records made by rules older than `version` (a newer program's
   * are left alone) from the evidence of the audit entry behind each, no fetch: in one short
   * transaction, up to `max` records with ids above `after`, in id order, skipping any that
   * another process holds (several processes share the work; none does a record twice). Each
   * re-derived record keeps its id, audit id, crawl and check times, last check and job, and
   * takes `version`; `failed` follows the new reading. The announced surface's rows, indexes
   * and counters change as for a crawl (StoredCrawl `rederived`), the crawl count, the crawl
   * hours and the history do not; onRecordStored listeners hear each domain after the commit.
   */
  rederive(step: { version: number; max: number; after: number; derive: Derive }): Promise<RederiveStep>;
  /** Seed "GET /v1/search": substring of the name, stance, rank order (unranked last), then name. */
  search(params: SearchParams): Promise<SearchResult>;
  counts(): Promise<{ domains: number; audits: number }>;
  /**
   * Calls `listener` after each stored crawl commits (a record or a failed check). SQLite:
   * in this process; a shared database must also deliver other processes' stores (PostgreSQL:
   * LISTEN/NOTIFY). Returns the unsubscribe function.
   */
  onRecordStored(listener: (domain: string) => void): () => void;
}

// ---------------------------------------------------------------- crawl queue

/**
 * Lower runs first: a domain someone is looking at, then batch items, then the service's own
 * refreshes and retries. Within a priority, clients take turns (queue/fair-turns.ts).
 */
export const PRIORITY = { interactive: 0, batch: 1, refresh: 2 } as const;
export type JobPriority = (typeof PRIORITY)[keyof typeof PRIORITY];

export interface EnqueueRequest {
  domains: readonly string[];
  priority: JobPriority;
  nowMs: number;
  /** New jobs are refused (`full`) while this many are queued. */
  maxQueued: number;
  /** New domains per minute this client may queue; beyond it `over_budget`. Absent: not budgeted. */
  budget?: { client: string; perMinute: number };
  /** Whose turn the new jobs take (round-robin between clients within a priority); default the budget's client, else the shared lane. */
  client?: string;
}

/**
 * Per domain: `queued` it was already waiting or running (a job waiting to run, asked for at a
 * higher priority, is promoted), or, asked at interactive or batch priority, it has a record by
 * now (stored between the caller's read and this call: not crawled twice); `added` a new job;
 * `over_budget` and `full` not queued.
 */
export type EnqueueOutcome = 'queued' | 'added' | 'over_budget' | 'full';

export type RecheckOutcome =
  | { kind: 'queued' }
  /** The domain was checked or queued for a check less than `minIntervalMs` ago. */
  | { kind: 'too_soon'; retryAfterMs: number }
  | { kind: 'over_budget'; retryAfterMs: number }
  | { kind: 'full' };

export interface QueueCounts {
  /** Waiting to run now. */
  queued: number;
  running: number;
  /** Failed checks waiting for their retry time. */
  retrying: number;
}

/** One domain's job, as a bulk run (npm run audit) follows its domains. */
export interface JobState {
  /** `retrying`: a failed check waiting for its retry time (docs/policy.md section 8). */
  state: 'queued' | 'running' | 'retrying';
  /** When the retry comes due (epoch ms); null unless `retrying`. */
  runAfterMs: number | null;
}

/** Crawls, classifies and stores one domain; must not store anything once `signal` aborted. */
export type RunJob = (domain: string, signal: AbortSignal) => Promise<void>;

/** The jobs this process runs (queue.work): started once, stopped with the service. */
export interface CrawlRunner {
  /** Jobs run at once in this process. */
  readonly concurrency: number;
  /** Work may be due (a job was added or made due here): look now rather than at the next poll. */
  kick(): void;
  /** Resolves when nothing is queued or crawling; failed checks waiting for their retry do not count. */
  idle(): Promise<void>;
  /** Stops taking jobs; running crawls finish or are aborted, and their jobs stay queued for another run. */
  stop(): Promise<void>;
}

export interface WorkOptions {
  concurrency: number;
  log: Logger;
  clock: Clock;
}

export interface CrawlQueue {
  /** One job per domain: asking again never adds a second job. Decided atomically per call. */
  enqueue(req: EnqueueRequest): Promise<EnqueueOutcome[]>;
  /**
   * "Check again": a check now at interactive priority, unless the domain was checked (its
   * record's `checkedMs`) or queued for a check less than `minIntervalMs` ago.
   */
  recheck(
    domain: string,
    opts: {
      nowMs: number;
      minIntervalMs: number;
      maxQueued: number;
      budget?: EnqueueRequest['budget'];
      client?: string;
    },
  ): Promise<RecheckOutcome>;
  counts(): Promise<QueueCounts>;
  /** The jobs of these domains; a domain with no job waiting, running or retrying is absent. */
  jobs(domains: readonly string[]): Promise<Map<string, JobState>>;
  /** Queues up to `max` domains checked before `cutoffMs` for a refresh (none while `maxQueued` are queued). */
  enqueueStale(cutoffMs: number, max: number, nowMs: number, maxQueued: number): Promise<number>;
  /**
   * Runs jobs in this process, in priority order, each through `run`, until stopped. A job ends
   * only in the transaction that stores its crawl (`records.storeCrawl`); one whose crawl threw
   * is retried a few times; one whose process died is run again (SQLite: at the next start;
   * pg-boss: once its expiry passes, by any worker). Resolves once the runner takes work.
   */
  work(run: RunJob, opts: WorkOptions): Promise<CrawlRunner>;
}

// ---------------------------------------------------------------- keys and usage

export type { UsageState };

export interface KeyStore {
  /**
   * Stores a new key's hash (never the key); returns its id. Durable before it resolves: the key
   * is shown once, so neither a killed process nor a crash of the database may lose it. (A
   * revocation or a rotation, if ever added, is a promise of the same kind.)
   */
  create(row: { hash: Buffer; prefix: string; email: string; createdAt: string; ip: string }): Promise<number>;
  byHash(hash: Buffer): Promise<{ id: number; hash: Buffer } | undefined>;
  /** Keys created from this address since `sinceMs` (the signup limit's day window). */
  signupsFrom(ip: string, sinceMs: number): Promise<number>;
}

export interface UsageStore {
  /**
   * Counts one request in the key's three windows unless one is full, atomically and committed
   * before it answers (a kill -9 of the service right after loses no count; a crash of the
   * database can lose its last fraction of a second of counts); a refused request is not counted.
   * `weight` (default 1): what the request counts for when admitted (POST /v1/check counts each
   * URL's domain once); it is admitted while every window has room for one.
   */
  consume(
    keyId: number,
    nowMs: number,
    limits: Readonly<Record<LimitType, number>>,
    weight?: number,
  ): Promise<UsageState>;
}

// ---------------------------------------------------------------- announced surface

export interface PreviewStore {
  /** Raw signals of the latest crawl, null when none is indexed. */
  signals(domain: string): Promise<SignalsResponse | null>;
  /** The first crawl and every crawl that changed the policy, newest first; null when never crawled. */
  history(domain: string): Promise<HistoryResponse | null>;
  /** Search by policy characteristics, each page read from an index in (rank, name) order. */
  search(params: PreviewSearchParams): Promise<PreviewSearchResult>;
  /** Aggregate statistics from maintained counters (never a scan of the registry). */
  stats(nowMs: number): Promise<StatsResponse>;
}

// ---------------------------------------------------------------- maintenance

/** Where a pass of pruneAudits() stopped; give it back to go on, null when the pass is done. */
export type PruneCursor = string | null;

/**
 * Retention and purge: what a team gateway keeps about the
 * hosts its members visit can be pruned and forgotten. Backups are not here: each database has
 * its own tool (SQLite's VACUUM INTO, maintenance-cli.ts; PostgreSQL's pg_dump).
 */
export interface MaintenanceStore {
  /**
   * Notes that someone looked these domains up at `nowMs` (a read of the domain's record, not a
   * refresh). Cheap by contract: a domain's mark is written at most once per UTC day (a second
   * call the same day writes nothing), and domains without a record are ignored. A domain's
   * first stored crawl counts as looked up at that crawl's time.
   */
  markLookedUp(domains: readonly string[], nowMs: number): Promise<void>;
  /**
   * One step of pruning audit entries crawled before `cutoffMs` (ISO `crawled_at` older than the
   * cutoff). Never pruned, whatever their age, per domain: its latest entry, the entry behind its
   * current record, and every entry its history names (`PreviewStore.history`'s `audit_id`s:
   * the first crawl and each change), so the history tells the same story afterwards. Examines
   * at most `max` old entries in one short transaction, oldest first, from `after` (null: from
   * the start). Returns how many were deleted and where to go on (null when none is left).
   */
  pruneAudits(opts: {
    cutoffMs: number;
    max: number;
    after: PruneCursor;
  }): Promise<{ deleted: number; next: PruneCursor }>;
  /** Up to `max` domains with a record not looked up since `cutoffMs`, least recently looked up first. */
  unusedDomains(cutoffMs: number, max: number): Promise<string[]>;
  /**
   * Forgets one domain in one transaction: its record, audit entries, search and
   * announced-surface indexes (the statistics counters lose its contribution), history, raw
   * signals and queue job. With `unusedSince`, only if it was still not looked up since then
   * (a lookup that came in after unusedDomains() listed it keeps it). Returns whether anything
   * was removed (false for a domain the store never held). A named purge (no `unusedSince`) is
   * durable before it resolves: the operator is told the domain is forgotten. The unused purge's
   * steps commit like counting; the operator's pass (npm run purge) ends with sync().
   */
  purgeDomain(domain: string, opts?: { unusedSince?: number }): Promise<boolean>;
  /** Resolves once every commit made so far is on the disk (the end of a pass the operator is told about). */
  sync(): Promise<void>;
}

// ---------------------------------------------------------------- the whole store

export interface RegistryStore {
  readonly records: RecordStore;
  readonly queue: CrawlQueue;
  readonly keys: KeyStore;
  readonly usage: UsageStore;
  readonly preview: PreviewStore;
  readonly maintenance: MaintenanceStore;
  /** Whether a database in another process answers (PostgreSQL); absent for an embedded file (SQLite). */
  readonly availability?: StoreAvailability;
  close(): Promise<void>;
}
