/**
 * The analysis pool: every reading of a crawled document (classify(), the crawler's robots.txt
 * gate and homepage scan) runs on a small pool of worker threads (piscina), never on the event
 * loop that answers requests, and each document within a time budget (docs/security.md,
 * "Hostile sites"). A worker tells the pool which document it starts reading (worker.ts); when
 * one document's reading runs past the budget, the pool ends that worker (piscina replaces it)
 * and gives the document up: classify() runs again without it, the document recorded as not read
 * (evidence.notRead, basis.not_read), and the rest of the crawl stands. A worker that dies or
 * throws while reading a document fails that document the same way, never the server.
 *
 * The threads start with the first task and end after a minute idle or at close(); tasks wait
 * their turn in one first-come queue, so a hostile site's second try queues behind the others.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { FetchedFile } from '../../shared/values.js';
import type { Classification } from '../analysis/classification.js';
import type { DocumentNotRead, Evidence } from '../analysis/evidence.js';
import { documentOf } from '../analysis/classify/not-read.js';
import type { Logger } from '../lib/logger.js';
import {
  TASK_DOCUMENT,
  type AnalysisTask,
  type ClassifyAnswer,
  type EarlyReading,
  type TaskKind,
  type TaskResults,
} from './tasks.js';

/** ANALYSIS_BUDGET_MS's default: far above any ordinary document (a few ms), well below the crawl's 20 s. */
export const DEFAULT_BUDGET_MS = 2000;
/** Idle threads end after this long (a thread starts in about 0.1 s from dist/). */
const IDLE_MS = 60_000;
/** Each worker's heap: a 1 MiB page and its parse fit many times over; a runaway reader ends its thread, not the process. */
const DEFAULT_MEMORY_MB = 512;

/** ANALYSIS_THREADS's default: one thread per spare core, at most two (the loop that answers keeps a core). */
export const defaultThreads = (): number => Math.max(1, Math.min(2, availableParallelism() - 1));

export interface AnalysisPoolOptions {
  /** Per document, in milliseconds of reading (ANALYSIS_BUDGET_MS). */
  budgetMs?: number;
  /** Worker threads at most (ANALYSIS_THREADS). */
  threads?: number;
  log?: Logger;
  /** The worker script; default worker.js (or worker.ts from the sources) beside this module. A test may wrap it. */
  worker?: URL;
  /** Heap limit of each worker, in MB. */
  memoryMb?: number;
}

/** A document's reading: its result, or that it was given up. */
export type Reading<T> = { read: true; value: T } | { read: false; notRead: DocumentNotRead };

/** One run of a task: its result, or the document it was reading when it ran out of budget or failed. */
type Attempt<T> = { ok: true; value: T } | { ok: false; file: FetchedFile; reason: DocumentNotRead['reason'] };

export interface PoolStats {
  /** Threads running now. */
  threads: number;
  /** Tasks waiting for a thread. */
  queued: number;
  /** Documents given up since the start, by reason. */
  givenUp: Record<DocumentNotRead['reason'], number>;
}

const bytesOf = (r: { kind: string; bytes?: number } | null): number =>
  r !== null && r.kind === 'response' ? (r.bytes ?? 0) : 0;

/** The worker script beside this module: .js when built, .ts when the sources run (tests, tsx). */
function defaultWorker(): URL {
  const fromSources = import.meta.url.endsWith('.ts');
  return new URL(fromSources ? './worker.ts' : './worker.js', import.meta.url);
}

/**
 * The script the threads load: the built worker as it is; a .ts one (the sources) bundled
 * first (source-worker.ts, loaded only then: it needs esbuild, a dev dependency).
 */
async function loadable(worker: URL): Promise<{ filename: string; execArgv?: string[] }> {
  if (!worker.pathname.endsWith('.ts')) return { filename: worker.href };
  const { bundledWorker } = await import('./source-worker.js');
  return { filename: (await bundledWorker(worker)).href, execArgv: ['--enable-source-maps'] };
}

export class AnalysisPool {
  readonly budgetMs: number;
  readonly threads: number;
  private piscina: Promise<Piscina> | null = null;
  /** The pool once started (for stats()). */
  private started: Piscina | null = null;
  private closed = false;
  private readonly givenUp: PoolStats['givenUp'] = { budget: 0, failed: 0 };
  private log: Logger | undefined;

  constructor(private readonly o: AnalysisPoolOptions = {}) {
    this.budgetMs = o.budgetMs ?? DEFAULT_BUDGET_MS;
    this.threads = o.threads ?? defaultThreads();
    this.log = o.log;
  }

  /** Logs to `log` from now on, unless the pool was made with a logger (the service lends its own to its crawler's pool). */
  logTo(log: Logger): void {
    this.log ??= log;
  }

  /**
   * classify() off the request path: the classification, and the evidence it was made from
   * (with the documents given up added to `notRead`, for storing). Rejects only when the reading
   * fails outside any document it can give up.
   */
  async classify(evidence: Evidence): Promise<{ evidence: Evidence; classification: Classification }> {
    const { evidence: e, value } = await this.reading<Classification>(evidence, 'all');
    return { evidence: e, classification: value };
  }

  /** The early answer's reading: the summary and robots.txt's outcome only. */
  async early(evidence: Evidence): Promise<{ evidence: Evidence } & EarlyReading> {
    const { evidence: e, value } = await this.reading<EarlyReading>(evidence, 'early');
    return { evidence: e, ...value };
  }

  /** The re-derivation's reading: the classification, or null when it is not three valid records. */
  async rederive(evidence: Evidence): Promise<{ evidence: Evidence; classification: Classification | null }> {
    const { evidence: e, value } = await this.reading<Classification | null>(evidence, 'valid');
    return { evidence: e, classification: value };
  }

  /** A whole crawl read, again without each document given up, until it is read. */
  private async reading<T>(evidence: Evidence, answer: ClassifyAnswer): Promise<{ evidence: Evidence; value: T }> {
    let e = evidence;
    for (;;) {
      const a = await this.attempt<T>({ kind: 'classify', evidence: e, answer });
      if (a.ok) return { evidence: e, value: a.value };
      if (e.notRead?.some((n) => n.file === a.file))
        throw new Error(`the analysis of ${evidence.domain} failed after its ${a.file} was given up`);
      const notRead = this.giveUp(evidence.domain, a.file, a.reason, bytesOf(documentOf(e, a.file)));
      e = { ...e, notRead: [...(e.notRead ?? []), notRead] };
    }
  }

  /** One document's task (the crawler's gate and scans): its result, or the document given up. */
  async read<K extends Exclude<TaskKind, 'classify'>>(
    task: AnalysisTask & { kind: K },
    site: string,
    bytes: number,
  ): Promise<Reading<TaskResults[K]>> {
    const a = await this.attempt<TaskResults[K]>(task);
    if (a.ok) return { read: true, value: a.value };
    const file: FetchedFile = TASK_DOCUMENT[task.kind];
    return { read: false, notRead: this.giveUp(site, file, a.reason, bytes) };
  }

  stats(): PoolStats {
    const p = this.started;
    return { threads: p?.threads.length ?? 0, queued: p?.queueSize ?? 0, givenUp: { ...this.givenUp } };
  }

  /** Ends the threads; tasks still queued or running reject. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const p = this.piscina;
    this.piscina = null;
    this.started = null;
    await (await p?.catch(() => null))?.destroy();
  }

  private giveUp(site: string, file: FetchedFile, reason: DocumentNotRead['reason'], bytes: number): DocumentNotRead {
    this.givenUp[reason]++;
    const fields = { domain: site, file, reason, bytes, budgetMs: this.budgetMs };
    // Over budget is what a hostile or huge document earns, told in its record; a reader failing is ours to look at.
    if (reason === 'budget')
      this.log?.info(fields, `${file} of ${site} not read: reading it took longer than ${this.budgetMs} ms`);
    else this.log?.warn(fields, `${file} of ${site} not read: its reader failed`);
    return { file, reason, bytes, budget_ms: this.budgetMs };
  }

  /** The pool, started with the first task. */
  private pool(): Promise<Piscina> {
    if (this.closed) return Promise.reject(new Error('the analysis pool is closed'));
    this.piscina ??= this.start();
    return this.piscina;
  }

  private async start(): Promise<Piscina> {
    const { filename, execArgv } = await loadable(this.o.worker ?? defaultWorker());
    const p = new Piscina({
      filename,
      name: 'analyse',
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.o.memoryMb ?? DEFAULT_MEMORY_MB },
      ...(execArgv ? { execArgv } : {}),
    });
    // A worker that dies between tasks is replaced by piscina; its error must not end the process.
    p.on('error', (err: unknown) => this.log?.warn({ err }, 'an analysis worker failed between tasks'));
    if (this.closed) {
      await p.destroy();
      throw new Error('the analysis pool is closed');
    }
    this.started = p;
    return p;
  }

  /**
   * Runs one task, timing each document it announces against the budget (a document read in
   * several steps, as robots.txt is, is charged for all of them). Over budget: the task is
   * aborted, which ends its worker.
   */
  private async attempt<T>(task: AnalysisTask): Promise<Attempt<T>> {
    const pool = await this.pool();
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    const spent = new Map<FetchedFile, number>();
    let current: FetchedFile | null = null;
    let since = 0;
    let over: FetchedFile | null = null;
    let timer: NodeJS.Timeout | undefined;
    const onReading = (file: FetchedFile) => {
      const now = performance.now();
      if (current !== null) spent.set(current, (spent.get(current) ?? 0) + now - since);
      current = file;
      since = now;
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          over = file;
          abort.abort();
        },
        Math.max(0, this.budgetMs - (spent.get(file) ?? 0)),
      );
    };
    port1.on('message', onReading);
    try {
      const json = (await pool.run({ task, port: port2 }, { transferList: [port2], signal: abort.signal })) as string;
      return { ok: true, value: JSON.parse(json) as T };
    } catch (err) {
      if (over !== null) return { ok: false, file: over, reason: 'budget' };
      if (current !== null && !this.closed) {
        this.log?.warn({ err, file: current }, 'an analysis worker failed while reading a document');
        return { ok: false, file: current, reason: 'failed' };
      }
      throw err;
    } finally {
      clearTimeout(timer);
      closePort(port1);
    }
  }
}

function closePort(port: MessagePort): void {
  port.removeAllListeners('message');
  port.close();
}
