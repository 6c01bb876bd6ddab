/**
 * Fair order between clients within a priority: round-robin, so one client's backlog (a local
 * program queuing thousands of domains) delays someone else's lookup by at most one round, not
 * by the backlog.
 *
 * Each new job gets a turn. A client's first waiting job takes the turn being served now (the
 * smallest turn still waiting at that priority, `head`); each next one the turn after the
 * client's previous. Jobs are claimed by priority, then turn, then arrival: every client with
 * work waiting gets one job per round, whatever it queued. When nothing waits at a priority,
 * turns there start again from 0. The client is ReadOptions.client (an API key, a gateway
 * client); the service's own refreshes and retries, and callers without one, share the lane ''.
 */
import type { EnqueueRequest, JobPriority } from '../store/registry-store.js';

/** The lane a request's new jobs take turns in: its client's, or the shared ''. */
export const laneOf = (req: { client?: string; budget?: EnqueueRequest['budget'] }): string => req.client ?? req.budget?.client ?? '';

/** The first turn for a client's new jobs: now, or after its own waiting ones. */
export function firstTurn(head: number | undefined, last: number | undefined): number {
  return Math.max(head ?? 0, last === undefined ? 0 : last + 1);
}

/** Lanes past this many are pruned of those with nothing waiting. */
const MAX_LANES = 10_000;

/**
 * Each lane's last turn, in memory, for a queue one process owns (SQLite). Forgotten at a restart,
 * which only lets a client's next jobs share rounds with its older ones until they are claimed.
 */
export class LaneTurns {
  private readonly last = new Map<string, number>();

  /**
   * The turns of `client`'s new jobs at `priority`, consecutive, each taken (and remembered)
   * only when asked for. `head`: the smallest turn waiting at that priority, undefined when none waits.
   */
  lane(priority: JobPriority, client: string, head: number | undefined): () => number {
    const band = `${priority}\u0000`;
    if (head === undefined) for (const k of this.last.keys()) if (k.startsWith(band)) this.last.delete(k);
    if (this.last.size > MAX_LANES && head !== undefined) {
      for (const [k, t] of this.last) if (k.startsWith(band) && t < head) this.last.delete(k);
    }
    const key = band + client;
    return () => {
      const turn = firstTurn(head, this.last.get(key));
      this.last.set(key, turn);
      return turn;
    };
  }
}

/**
 * pg-boss orders by one integer, highest first (`priority desc, created_on`): the priority's band
 * and the turn are packed into it. Bands of PG_BAND values, interactive highest; within a band a
 * lower turn is a higher value. Values below PG_BAND are jobs queued before turns existed (0, 1, 2
 * by priority): they run after every banded job. pg-boss's column is a 32-bit integer: three bands
 * above the legacy range fit, with turns up to PG_BAND - 1 (a band restarts at 0 when it empties).
 */
export const PG_BAND = 500_000_000;

const bandNumber = (p: JobPriority) => 3 - p; // interactive 3, batch 2, refresh 1 (0: legacy)

export function packPriority(p: JobPriority, turn: number): number {
  return bandNumber(p) * PG_BAND + (PG_BAND - 1 - Math.min(Math.max(0, turn), PG_BAND - 1));
}

/** The band range of a priority, [low, high] inclusive. */
export function bandRange(p: JobPriority): [number, number] {
  return [bandNumber(p) * PG_BAND, bandNumber(p) * PG_BAND + PG_BAND - 1];
}

/** The priority a packed value (or a legacy 0-2 one) stands for. */
export function priorityOf(packed: number): JobPriority {
  const band = packed < PG_BAND ? packed + 1 : Math.floor(packed / PG_BAND);
  return Math.min(2, Math.max(0, 3 - band)) as JobPriority;
}

export function turnOf(packed: number): number {
  return packed < PG_BAND ? 0 : PG_BAND - 1 - (packed % PG_BAND);
}
