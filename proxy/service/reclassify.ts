/**
 * Records follow the rules after an upgrade. Each stored record remembers the rules version
 * that made it (proxy/analysis RULES_VERSION); a crawling process (the service on SQLite,
 * `npm run worker` on PostgreSQL) re-derives every record made by older rules from the evidence
 * kept in its audit entry when it starts, and looks again every hour (a worker of the previous
 * version may still be storing during a rolling upgrade). No site is fetched: the crawl time,
 * the history and the crawl count stay, the announced surface's indexes and statistics follow
 * (RecordStore.rederive). A record whose evidence is gone or unreadable by today's rules is
 * queued for a re-crawl instead. Small steps, each one short transaction, with a turn of the
 * event loop between them, so the server answers throughout; several workers share the work.
 * Each record is read again on the analysis pool, never on this thread (a document over its
 * budget there is not read, as at its crawl).
 */
import type { Evidence } from '../analysis/evidence.js';
import { RULES_VERSION, classify, type Classification } from '../analysis/index.js';
import type { AnalysisPool } from '../analysis-pool/index.js';
import { isValidClassification } from '../analysis-pool/valid.js';
import type { Logger } from '../lib/logger.js';
import { crawlFailure } from './crawl-failure.js';
import { PeriodicPass } from './periodic-pass.js';
import { turn } from './retention.js';
import type { Derive, RecordStore } from './store/registry-store.js';

export const RECLASSIFY_EVERY_MS = 3_600_000;
/**
 * Records per step. classify() takes about 1 ms for a typical homepage and 4 ms for a 200 KiB one
 * (README, measured figures), so a step holds the event loop (SQLite) or its rows (PostgreSQL)
 * for tens of milliseconds, 100 at worst.
 */
const STEP = 25;
const LOG_EVERY_MS = 5_000;

/** The record's documents and whether it is a failed check, from a valid classification; null from none. */
function derived(evidence: Evidence, classification: Classification | null): ReturnType<Derive> {
  if (classification === null) return null;
  return { classification, failed: crawlFailure(evidence, classification.full.robots_txt_status) !== null };
}

/**
 * Today's rules over stored evidence, on the analysis pool: the record's three documents and
 * whether it is a failed check (as a crawl would store it). Null when the result is not a
 * valid record, as evidence gathered by a much older crawler could give; such a record is
 * re-crawled instead.
 */
export function deriveOnPool(analysis: Pick<AnalysisPool, 'rederive'>): Derive {
  return async (evidence) => {
    const { evidence: read, classification } = await analysis.rederive(evidence);
    return derived(read, classification);
  };
}

/** The same on this thread, for tests of the stores' re-derivation (the service uses deriveOnPool). */
export const deriveFromEvidence: Derive = (evidence) => {
  const c = classify(evidence);
  return derived(evidence, isValidClassification(c) ? c : null);
};

export interface ReclassifyOptions {
  records: RecordStore;
  /** Where records are read again (deriveOnPool), unless `derive` says otherwise. */
  analysis: Pick<AnalysisPool, 'rederive'>;
  /** Queues a re-crawl of these domains (their records could not be re-derived). */
  recrawl: (domains: readonly string[]) => Promise<void>;
  log: Logger;
  /** The rules records are brought to (RULES_VERSION). */
  version?: number;
  derive?: Derive;
}

const count = (n: number) => n.toLocaleString('en-US');
const sum = (older: ReadonlyArray<{ records: number }>) => older.reduce((n, o) => n + o.records, 0);

export class Reclassifier extends PeriodicPass {
  private readonly version: number;
  private readonly derive: Derive;

  constructor(private readonly o: ReclassifyOptions) {
    super(o.log, 'reclassifying records failed; the next pass tries again');
    this.version = o.version ?? RULES_VERSION;
    this.derive = o.derive ?? deriveOnPool(o.analysis);
  }

  /** A pass now, then one every `everyMs`. */
  override start(everyMs = RECLASSIFY_EVERY_MS): void {
    super.start(everyMs);
  }

  protected async once(): Promise<void> {
    const { records, log } = this.o;
    const older = await records.olderRules(this.version);
    const total = sum(older);
    if (total === 0 || this.stopped) return;
    const from = older.map((o) => o.version).join(', ');
    const what = `${count(total)} record${total === 1 ? '' : 's'} from rules ${from} to ${this.version}`;
    const fields = { records: total, fromRules: older.map((o) => o.version), toRules: this.version };
    log.info(fields, `reclassifying ${what}`);
    const started = Date.now();
    let logged = started;
    let mine = 0;
    const unreadable = new Set<string>();

    while (!this.stopped) {
      let after: number | null = 0;
      let rederived = 0;
      while (after !== null && !this.stopped) {
        const step = await records.rederive({ version: this.version, max: STEP, after, derive: this.derive });
        rederived += step.rederived;
        const fresh = step.unreadable.filter((d) => !unreadable.has(d));
        for (const d of fresh) unreadable.add(d);
        if (fresh.length > 0) await this.o.recrawl(fresh);
        after = step.next;
        if (Date.now() - logged >= LOG_EVERY_MS) {
          logged = Date.now();
          log.info({ ...fields, done: mine + rederived }, `reclassifying ${what}: ${count(mine + rederived)} done`);
        }
        await turn();
      }
      mine += rederived;
      // A sweep passes over records another process or a crawl held at that moment: look again
      // while the last sweep found work and more is left than the records waiting for a re-crawl.
      if (rederived === 0 || sum(await records.olderRules(this.version)) <= unreadable.size) break;
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    const end = { ...fields, done: mine, recrawl: unreadable.size, seconds };
    if (this.stopped) {
      log.info(end, `reclassifying ${what}: stopped at ${count(mine)} done; the next start goes on`);
      return;
    }
    const parts = [`reclassified ${mine === total ? what : `${count(mine)} of ${what}`} in ${seconds} s`];
    if (unreadable.size > 0) {
      parts.push(
        `${count(unreadable.size)} had no evidence today's rules can read and ${unreadable.size === 1 ? 'was' : 'were'} queued for a re-crawl`,
      );
    }
    // Several workers share the work, and a crawl stored meanwhile brings its record up to date itself.
    const rest = total - mine - unreadable.size;
    if (rest > 0) parts.push(`${count(rest)} by other workers or crawls meanwhile`);
    log.info(end, parts.join('; '));
  }
}
