/**
 * Everything the background remembers lives in `storage.session` (CONVENTIONS 2: the MV3
 * worker can be stopped at any moment, so nothing is kept in its memory):
 *  - `tab:<id>`     what the badge of that tab shows, read by the popup;
 *  - `answer:<d>`   the gateway's answer for a domain, so a repeated visit sets the badge
 *                   without waiting for the network (seed Limits: "cache results");
 *  - `pending:<d>`  a queued domain being polled, so polling survives a worker restart.
 * Session storage is cleared when the browser closes, and never synced.
 */
import { storage } from 'wxt/utils/storage';
import type { Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import type { GatewayFailure } from './gateway-client.js';

/** A found answer is reused without asking the gateway for this long (the gateway itself caches 24 h). */
export const ANSWER_TTL_MS = 60 * 60 * 1000;

export type TabState =
  | {
      kind: 'found';
      domain: Domain;
      policy: DomainPolicyFound;
      fetchedAt: number;
      /** This tab's page path (local only). */
      path?: string;
      /** The registrable parent's answer, for a host without a robots.txt of its own (lib/parent-site.ts). */
      parent?: DomainPolicyFound | null;
    }
  | { kind: 'queued'; domain: Domain; since: number; held?: boolean }
  | { kind: 'error'; domain: Domain; failure: GatewayFailure; advice: string };

export interface CachedAnswer {
  policy: DomainPolicyFound;
  fetchedAt: number;
}

export interface Pending {
  domain: Domain;
  /** Polls made so far. */
  attempt: number;
  /** Epoch ms of the next poll. */
  nextAt: number;
  /** Epoch ms of the first poll, to stop after POLL_GIVE_UP_MS. */
  since: number;
}

const tabKey = (tabId: number) => `session:tab:${tabId}` as const;
const answerKey = (d: string) => `session:answer:${d}` as const;
const pendingKey = (d: string) => `session:pending:${d}` as const;

export const tabStates = {
  get: (tabId: number) => storage.getItem<TabState>(tabKey(tabId)),
  set: (tabId: number, s: TabState) => storage.setItem<TabState>(tabKey(tabId), s),
  remove: (tabId: number) => storage.removeItem(tabKey(tabId)),
  watch: (tabId: number, cb: (s: TabState | null) => void) => storage.watch<TabState>(tabKey(tabId), (v) => cb(v)),
};

export const answers = {
  async get(d: Domain): Promise<CachedAnswer | null> {
    return storage.getItem<CachedAnswer>(answerKey(d));
  },
  /**
   * Answers pile up for every domain visited until the browser closes. When storage.session is
   * full (10 MB in Chrome), the cache starts afresh: it is only a shortcut, never a reason for a
   * lookup to fail.
   */
  async put(policy: DomainPolicyFound, fetchedAt: number): Promise<void> {
    const set = () => storage.setItem<CachedAnswer>(answerKey(policy.domain), { policy, fetchedAt });
    await set().catch(async () => {
      await answers.clear();
      await set().catch(() => undefined);
    });
  },
  /** An early answer (the terms still being read, basis.terms_pending) is replaced within seconds: never fresh. */
  isFresh: (a: CachedAnswer, now: number) =>
    a.policy.basis?.terms_pending !== true && now - a.fetchedAt < ANSWER_TTL_MS,
  /** Forget every answer (the gateway address changed: its answers may differ). */
  async clear(): Promise<void> {
    const all = await storage.snapshot('session');
    await storage.removeItems(
      Object.keys(all)
        .filter((k) => k.startsWith('answer:'))
        .map((k) => `session:${k}` as const),
    );
  },
};

export const pendings = {
  get: (d: Domain) => storage.getItem<Pending>(pendingKey(d)),
  set: (p: Pending) => storage.setItem<Pending>(pendingKey(p.domain), p),
  remove: (d: Domain) => storage.removeItem(pendingKey(d)),
  async all(): Promise<Pending[]> {
    const all = await storage.snapshot('session');
    return Object.entries(all)
      .filter(([k]) => k.startsWith('pending:'))
      .map(([, v]) => v as Pending);
  },
};
