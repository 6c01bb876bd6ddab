/**
 * Early answers: while a first crawl reads the terms page, the stance,
 * verdicts and bots are already final, so a first visit need not wait for the terms. Each is
 * built from the crawl's partial evidence, kept in this process only until the crawl is stored
 * (or fails), and never stored. A failed crawl (section 8) is kept apart and retried, never
 * shown early.
 */
import type { DomainPolicyFound } from '../../../shared/schemas.js';
import type { Evidence } from '../../analysis/evidence.js';
import { classify } from '../../analysis/index.js';
import type { Logger } from '../../lib/logger.js';
import { crawlFailure } from '../crawl-failure.js';

export class EarlyAnswers {
  private readonly answers = new Map<string, DomainPolicyFound>();

  constructor(
    private readonly log: Logger,
    /** Called when a domain's early answer is ready: held reads of it may end. */
    private readonly ready: (domain: string) => void,
  ) {}

  /** The crawl of `domain` has everything but the terms: its early answer, unless the crawl failed. */
  publish(domain: string, partial: Evidence): void {
    try {
      const c = classify(partial);
      if (crawlFailure(partial, c.full.robots_txt_status)) return;
      this.answers.set(domain, c.summary);
      this.ready(domain);
    } catch (err) {
      this.log.warn({ domain, err }, 'early answer could not be built; the crawl goes on');
    }
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
  }
}
