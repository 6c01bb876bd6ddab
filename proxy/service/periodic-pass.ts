/**
 * A background pass of a process that crawls (retention.ts, reclassify.ts): run at start and
 * then every interval, never two at once, its failure logged and tried again at the next run,
 * and stopped with the service (the pass checks `stopped` between its steps).
 */
import type { Logger } from '../lib/logger.js';

export abstract class PeriodicPass {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | null = null;
  protected stopped = false;

  constructor(
    protected readonly log: Logger,
    /** Logged with the error when a pass fails. */
    private readonly failed: string,
  ) {}

  /** A pass now, then one every `everyMs`. */
  start(everyMs: number): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), everyMs);
    this.timer.unref();
  }

  /** One pass (or the one already running). */
  run(): Promise<void> {
    this.pass ??= this.once()
      .catch((err: unknown) => this.log.error({ err }, this.failed))
      .finally(() => (this.pass = null));
    return this.pass;
  }

  /** Stops the timer and waits for a running pass to reach its next step. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  protected abstract once(): Promise<void>;
}
