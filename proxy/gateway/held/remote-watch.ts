/**
 * RecordWatch (watch.ts) in remote mode: the gateway learns of a record only by asking
 * the upstream, within its pacing.
 *
 * - A read that waits for a domain joins the one wait under way for it (in this process, and
 *   with REDIS_URL across replicas through the Flight): N browsers waiting cost one upstream
 *   wait. The wait passes RFC 7240 `Prefer: wait=N` on to the upstream while the upstream is
 *   seen to honour it (`Preference-Applied`; our service does), and otherwise polls it on a
 *   backoff with jitter (250 ms doubling to 2 s). Every such call is a spare call for the
 *   pacer: made only when a slot is free at once within half the window, never retried, so
 *   waiting never delays a lookup, never exceeds the pacing, and never meets a 429 of ours.
 * - A found answer drops the queued answers cached for the domain (here, in the shared level,
 *   and in the other replicas' memory), so none is served after the record exists.
 * - "Check again" calls the upstream's recheck (once a minute per domain, the turn shared by
 *   replicas). Accepted: the domain's answers are dropped and the check is marked pending with
 *   the ETag of the answer it replaces; while pending, answers are cached only briefly and a
 *   waiting read polls until the answer differs. An upstream without a recheck endpoint (a
 *   seed-only service, 404): the answers are dropped so the next read asks it again.
 */
import type { RecheckResult } from '../../../shared/api.js';
import type { Domain } from '../../../shared/domain.js';
import { isHttpError } from '../../lib/http-error.js';
import type { Logger } from '../../lib/logger.js';
import { sleep } from '../../upstream/pacer.js';
import type { HeldLookup, PolicySource } from '../../upstream/policy-source.js';
import type { Ttls } from '../config.js';
import { keyOf, keysOf, otherKeysOf, type DomainRead } from '../domain-keys.js';
import { etagOf, type CacheEntry, type Flight, type Loaded, type ResponseCache } from '../response-cache.js';
import { isEarlyAnswer, lifetimeOf } from './early.js';
import { RECHECK_TURN_MS, type RecheckMarks } from './marks.js';
import type { RecordWatch } from './watch.js';

const POLL_FIRST_MS = 250;
const POLL_MAX_MS = 2_000;
/** How long "the upstream does not honour Prefer: wait" is believed before it is tried again. */
const RELEARN_MS = 600_000;

export interface RemoteWatchOptions {
  source: PolicySource;
  cache: ResponseCache;
  marks: RecheckMarks;
  ttl: Ttls;
  /** The domain's lookup answer as the cache has it (loaded when missing). */
  current(domain: Domain, client: string): Promise<CacheEntry>;
  flight?: Flight;
  logger?: Logger;
  random?: () => number;
}

const etagOfValue = (value: unknown) => etagOf(Buffer.from(JSON.stringify(value)));

export class RemoteWatch implements RecordWatch {
  private readonly flights = new Map<string, Promise<boolean>>();
  /** Whether the upstream holds answers for Prefer: wait; null until seen. */
  private honours: boolean | null = null;
  private learnedAt = 0;

  constructor(private readonly o: RemoteWatchOptions) {}

  async rechecking(domain: Domain): Promise<boolean> {
    return (await this.o.marks.pending(domain)) !== undefined;
  }

  async wait(domain: Domain, ms: number, signal: AbortSignal, kind: DomainRead): Promise<boolean> {
    const deadline = Date.now() + ms;
    // A lookup may be answered early (the terms page still being read); the other documents
    // exist only once the record is stored: their wait goes on past an early answer.
    const stored = kind !== 'lookup';
    const key = stored ? `${domain}|stored` : domain;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || signal.aborted) return false;
      let flight = this.flights.get(key);
      if (!flight) {
        const mine: Promise<boolean> = this.shared(domain, deadline, stored).finally(() => {
          if (this.flights.get(key) === mine) this.flights.delete(key);
        });
        this.flights.set(key, mine);
        flight = mine;
      }
      const outcome = await within(flight, left, signal);
      if (outcome !== 'ended') return outcome;
      // The wait joined ended sooner (its deadline was earlier) without the record: lead the next.
    }
  }

  async recheck(domain: Domain, client: string): Promise<RecheckResult> {
    const { marks, cache, source } = this.o;
    const wait = await marks.take(domain);
    if (wait > 0) return { domain, accepted: false, retry_after: wait };
    try {
      const before = await this.o.current(domain, client);
      const r = await source.recheckUpstream!(domain);
      if (r === null) {
        // A seed-only upstream: the next read asks it again rather than the cache.
        await cache.invalidate(keysOf(domain));
        return { domain, accepted: true, retry_after: RECHECK_TURN_MS / 1000 };
      }
      if (!r.accepted) {
        await marks.turnIn(domain, r.retry_after);
        return { domain, accepted: false, retry_after: r.retry_after };
      }
      // A domain with no record yet: any found answer is its result, as for a first lookup.
      if (before.found) await marks.setPending(domain, before.etag);
      await cache.invalidate(keysOf(domain));
      return { domain, accepted: true, retry_after: r.retry_after };
    } catch (e) {
      await marks.turnIn(domain, 0);
      throw e;
    }
  }

  async loaded(kind: DomainRead, domain: Domain, loaded: Loaded): Promise<Loaded> {
    if (!loaded.found) return loaded;
    const before = await this.o.marks.pending(domain);
    if (before === undefined) {
      await this.o.cache.invalidate(otherKeysOf(domain, kind), true);
      return loaded;
    }
    // Only the lookup can be compared with the answer the check replaces; the rest stay briefly.
    if (kind !== 'lookup' || etagOfValue(loaded.value) === before) return { ...loaded, ttlMs: this.o.ttl.queuedMs };
    await this.o.marks.clearPending(domain);
    await this.o.cache.invalidate(otherKeysOf(domain, kind));
    return loaded;
  }

  /** One wait for `domain`, shared with the other replicas when they share a Flight. */
  private shared(domain: Domain, deadline: number, stored: boolean): Promise<boolean> {
    const lead = () => this.lead(domain, deadline, stored);
    if (!this.o.flight) return lead();
    return this.o.flight.once(stored ? `w:${domain}|stored` : `w:${domain}`, lead, async () =>
      (await this.arrived(domain, stored)) ? true : undefined,
    );
  }

  /** Whether another replica stored the domain's record (not the one a pending check replaces; with `stored`, not an early answer). */
  private async arrived(domain: Domain, stored: boolean): Promise<boolean> {
    const entry = await this.o.cache.shared(keyOf('lookup', domain));
    if (entry?.found !== true || entry.etag === (await this.o.marks.pending(domain))) return false;
    return !stored || !isEarlyAnswer(JSON.parse(entry.body.toString('utf8')));
  }

  private async lead(domain: Domain, deadline: number, stored: boolean): Promise<boolean> {
    let pause = POLL_FIRST_MS;
    while (Date.now() < deadline) {
      const before = await this.o.marks.pending(domain);
      const leftS = Math.floor((deadline - Date.now()) / 1000);
      // The upstream's own wait ends with the first record: useless while an older one exists.
      const hold = before === undefined && leftS >= 1 && this.holds();
      const got = await this.ask(domain, hold ? leftS : 0);
      if (got) {
        // A found answer says nothing about holding; a queued one without Preference-Applied does.
        if (hold && (got.applied || !got.answer.found)) this.learn(got.applied);
        if (got.answer.found && etagOfValue(got.answer) !== before) {
          await this.found(domain, got.answer, before !== undefined);
          // An early answer ends a lookup's wait; a wait for the stored record polls on.
          if (!stored || !isEarlyAnswer(got.answer)) return true;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(left, Math.max(50, Math.floor((this.o.random ?? Math.random)() * pause))));
      pause = Math.min(pause * 2, POLL_MAX_MS);
    }
    return false;
  }

  /** One spare call; undefined when the pacer had no slot to spare or the upstream failed. */
  private async ask(domain: Domain, waitS: number): Promise<HeldLookup | undefined> {
    try {
      return await this.o.source.lookupHeld!(domain, waitS);
    } catch (e) {
      if (!isHttpError(e)) throw e;
      this.o.logger?.debug({ domain, code: e.code }, 'held lookup skipped');
      return undefined;
    }
  }

  private holds(): boolean {
    if (this.honours === false && Date.now() - this.learnedAt > RELEARN_MS) this.honours = null;
    return this.honours !== false;
  }

  private learn(honours: boolean): void {
    if (this.honours !== honours)
      this.o.logger?.info(
        { honours },
        honours
          ? 'the upstream holds answers for Prefer: wait'
          : 'the upstream ignores Prefer: wait; polling it instead',
      );
    this.honours = honours;
    this.learnedAt = Date.now();
  }

  /** The record arrived: cache it and drop what it makes wrong, everywhere. */
  private async found(domain: Domain, answer: HeldLookup['answer'], replacesOld: boolean): Promise<void> {
    const { cache, marks, ttl } = this.o;
    if (replacesOld) {
      await marks.clearPending(domain);
      await cache.invalidate(keysOf(domain));
    } else await cache.invalidate(keysOf(domain), true);
    await cache.put(keyOf('lookup', domain), { value: answer, found: true, ttlMs: lifetimeOf(ttl, answer, true) });
  }
}

/** `p`'s outcome if it settles within `ms`: true, or 'ended' for false; false on timeout, abort or failure. */
function within(p: Promise<boolean>, ms: number, signal: AbortSignal): Promise<boolean | 'ended'> {
  return new Promise((resolve) => {
    const done = (v: boolean | 'ended') => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      resolve(v);
    };
    const abort = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    signal.addEventListener('abort', abort, { once: true });
    p.then(
      (v) => done(v ? true : 'ended'),
      () => done(false),
    );
  });
}
