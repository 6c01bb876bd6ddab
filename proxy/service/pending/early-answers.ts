/**
 * Early answers: while a first crawl reads the terms page, the stance,
 * verdicts and bots are already final, so a first visit need not wait for the terms. Each is
 * built from the crawl's partial evidence, on the analysis pool (never on this thread), kept in
 * this process only until the crawl is stored (or fails), and never stored. A failed crawl
 * (section 8) is kept apart and retried, never shown early.
 */
import type { DomainPolicyFound } from '../../../shared/schemas.js';
import type { DocumentNotRead, Evidence } from '../../analysis/evidence.js';
import type { AnalysisPool } from '../../analysis-pool/index.js';
import type { Logger } from '../../lib/logger.js';
import { crawlFailure } from '../crawl-failure.js';

export class EarlyAnswers {
  private readonly answers = new Map<string, DomainPolicyFound>();
  /** Early readings under way or done, by domain: what each gave up (the crawl's own reading skips those). */
  private readonly readings = new Map<string, { givenUp: Promise<DocumentNotRead[]> }>();

  constructor(
    private readonly analysis: Pick<AnalysisPool, 'early'>,
    private readonly log: Logger,
    /** Called when a domain's early answer is ready: held reads of it may end. */
    private readonly ready: (domain: string) => void,
  ) {}

  /** The crawl of `domain` has everything but the terms: its early answer, unless the crawl failed, once read. */
  publish(domain: string, partial: Evidence): void {
    const reading = { givenUp: Promise.resolve<DocumentNotRead[]>([]) };
    this.readings.set(domain, reading);
    reading.givenUp = this.read(domain, partial, reading);
  }

  private async read(domain: string, partial: Evidence, reading: object): Promise<DocumentNotRead[]> {
    try {
      const { evidence, summary, robotsStatus } = await this.analysis.early(partial);
      // The crawl ended meanwhile: its record (or failure) is the answer now.
      if (this.readings.get(domain) !== reading) return [];
      if (!crawlFailure(evidence, robotsStatus)) {
        this.answers.set(domain, summary);
        this.ready(domain);
      }
      return evidence.notRead ?? [];
    } catch (err) {
      this.log.warn({ domain, err }, 'early answer could not be built; the crawl goes on');
      return [];
    }
  }

  /** What the early reading of `domain` gave up, once it is done (none when there was none). */
  givenUp(domain: string): Promise<DocumentNotRead[]> {
    return this.readings.get(domain)?.givenUp ?? Promise.resolve([]);
  }

  get(domain: string): DomainPolicyFound | undefined {
    return this.answers.get(domain);
  }

  has(domain: string): boolean {
    return this.answers.has(domain);
  }

  /** The crawl ended (stored or failed): its early answer goes. */
  drop(domain: string): void {
    this.answers.delete(domain);
    this.readings.delete(domain);
  }
}
