/**
 * Whether the upstream offers the announced surface (/preview/v1), learned, not assumed: from a
 * probe of `{preview}/v1/stats` (no domain, no side effect) the first time /status asks, and from
 * the outcome of every preview call since. 404 and 405 mean "not offered"; a valid answer means
 * offered; an outage leaves it unknown (reported as not offered, probed again after a minute),
 * so the extension hides what it cannot get.
 */
import type { Clock } from '../lib/clock.js';
import { isHttpError } from '../lib/http-error.js';

/** Answers to a path that mean the upstream has no such endpoint. */
export const NOT_OFFERED = new Set([404, 405]);
const PREVIEW_REPROBE_MS = 60_000;

export class AnnouncedSurface {
  /** Offered: true/false once learned, null while unknown. */
  private offered: boolean | null = null;
  private probe: Promise<boolean> | null = null;
  private probedAt = -Infinity;

  /** `probeCall`: one call to the surface that proves it is there when it succeeds. */
  constructor(
    private readonly clock: Clock,
    private readonly probeCall: () => Promise<unknown>,
  ) {}

  /** Whether the surface is offered, probing it when not known yet (at most once a minute). */
  isOffered(): Promise<boolean> {
    if (this.offered !== null) return Promise.resolve(this.offered);
    if (this.probe) return this.probe;
    if (this.clock.now() - this.probedAt < PREVIEW_REPROBE_MS) return Promise.resolve(false);
    this.probedAt = this.clock.now();
    this.probe = this.learnFrom(this.probeCall()).then(
      () => true,
      () => this.offered ?? false,
    );
    void this.probe.finally(() => (this.probe = null));
    return this.probe;
  }

  /** Learns from a preview call's outcome whether the surface is there; passes the outcome on. */
  learnFrom<T>(p: Promise<T>): Promise<T> {
    return p.then(
      (v) => {
        this.offered = true;
        return v;
      },
      (e: unknown) => {
        if (isHttpError(e) && NOT_OFFERED.has(e.status)) this.offered = false;
        throw e;
      },
    );
  }
}
