/**
 * Fair order between clients within a priority: round-robin, so one client's backlog (a local
 * program queuing thousands of domains) delays someone else's lookup by at most one round, not
 * by the backlog.
 *
 * Each new job gets a turn. A client's next job takes the turn after its previous one still
 * waiting; a client with nothing waiting takes the turn being served now (the smallest turn
 * waiting at that priority, `head`), ahead of the jobs of that turn queued by clients with a
 * backlog: it had no job in the round. Jobs are claimed by priority, then rank (two per turn:
 * such a fresh job, then the rest), then arrival. So every client with work waiting gets one
 * job per round whatever it queued, and a lookup from a client with nothing else waiting is
 * claimed once the fresh jobs that came before it are (in practice: by the next free worker).
 * When nothing waits at a priority, turns there start again from 0. The client is
 * ReadOptions.client (an API key, a gateway client); the service's own refreshes and retries,
 * and callers without one, share the lane ''.
 */
import type { EnqueueRequest, JobPriority } from '../store/registry-store.js';

/** The lane a request's new jobs take turns in: its client's, or the shared ''. */
export const laneOf = (req: { client?: string; budget?: EnqueueRequest['budget'] }): string =>
  req.client ?? req.budget?.client ?? '';

export interface Place {
  turn: number;
  /** The client had nothing waiting at this priority: the job goes before its turn's backlog. */
  fresh: boolean;
}

/** Where a client's first new job goes, given the turn being served and the client's last waiting turn (undefined: none). */
export function firstPlace(head: number | undefined, last: number | undefined): Place {
  if (head === undefined || last === undefined || last < head) return { turn: head ?? 0, fresh: true };
  return { turn: last + 1, fresh: false };
}

/** Position in the claim order: two ranks per turn, the fresh job first. */
export const rankOf = (p: Place): number => 2 * p.turn + (p.fresh ? 0 : 1);
export const turnOfRank = (rank: number): number => Math.floor(rank / 2);

/** The places of a client's new jobs, consecutive turns from `first`. */
export function places(first: Place): () => Place {
  let next = first;
  return () => {
    const p = next;
    next = { turn: p.turn + 1, fresh: false };
    return p;
  };
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
   * The places of `client`'s new jobs at `priority`, each taken (and remembered) only when asked
   * for. `head`: the smallest turn waiting at that priority, undefined when none waits.
   */
  lane(priority: JobPriority, client: string, head: number | undefined): () => Place {
    const band = `${priority}\u0000`;
    if (head === undefined) for (const k of this.last.keys()) if (k.startsWith(band)) this.last.delete(k);
    if (this.last.size > MAX_LANES && head !== undefined) {
      for (const [k, t] of this.last) if (k.startsWith(band) && t < head) this.last.delete(k);
    }
    const key = band + client;
    let take: (() => Place) | undefined;
    return () => {
      take ??= places(firstPlace(head, this.last.get(key)));
      const p = take();
      this.last.set(key, p.turn);
      return p;
    };
  }
}

/**
 * pg-boss orders by one integer, highest first (`priority desc, created_on`): the priority's band
 * and the rank are packed into it. Bands of PG_BAND values, interactive highest; within a band a
 * lower rank is a higher value. Values below PG_BAND are jobs queued before turns existed (0, 1, 2
 * by priority): they run after every banded job. pg-boss's column is a 32-bit integer: three bands
 * above the legacy range fit, with ranks up to PG_BAND - 1 (a band restarts at 0 when it empties).
 */
export const PG_BAND = 500_000_000;

const bandNumber = (p: JobPriority) => 3 - p; // interactive 3, batch 2, refresh 1 (0: legacy)

export function packPriority(p: JobPriority, place: Place): number {
  return bandNumber(p) * PG_BAND + (PG_BAND - 1 - Math.min(rankOf(place), PG_BAND - 1));
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
  return packed < PG_BAND ? 0 : turnOfRank(PG_BAND - 1 - (packed % PG_BAND));
}
