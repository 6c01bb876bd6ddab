/**
 * Polls domains the gateway has queued for analysis until their record is ready (seed "States
 * and transitions": queued → present in registry, duration not shown), with backoff.
 * MV3 workers are stopped when idle, so the schedule lives in storage.session (`pending:<d>`):
 * short waits use setTimeout while the worker is alive, and one `browser.alarms` alarm at the
 * earliest due time wakes a stopped worker (Chrome clamps alarms to >= 30 s).
 */
import { browser } from 'wxt/browser';
import type { Domain } from '~~/shared/domain.js';
import { pendings, type Pending } from './session-store.js';

/** Waits between polls: quick at first (analysis takes seconds), then slower, capped at 5 min. */
export const POLL_DELAYS_MS = [
  1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 21_000, 34_000, 60_000, 120_000, 300_000,
] as const;
/** Stop polling a domain after this long; the next visit or the popup asks again. */
export const POLL_GIVE_UP_MS = 2 * 60 * 60 * 1000;
export const POLL_ALARM = 'lens-poll';
/** Chrome ignores alarm times sooner than this (chrome.alarms: minimum 30 s since Chrome 120). */
const ALARM_MIN_MS = 30_000;
/** Waits up to this long are done with setTimeout in a live worker (it lives ~30 s after an event). */
const TIMER_MAX_MS = 25_000;

/**
 * Domains being polled right now by this worker, so a timer and the alarm firing together do
 * not poll twice. Only a guard against duplicate work: losing it with the worker is harmless.
 */
const polling = new Set<string>();

/** Asks once more; resolves to `again: false` when done, or `again: true` with the minimum wait before the next poll. */
export type Refresh = (d: Domain) => Promise<{ again: false } | { again: true; minDelayMs?: number }>;

export const delayFor = (attempt: number): number => POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)]!;

/** Starts polling a domain, unless it is already scheduled (a revisit must not reset the backoff). */
export async function schedulePoll(domain: Domain, refresh: Refresh, now = Date.now(), minDelayMs = 0): Promise<void> {
  const existing = await pendings.get(domain);
  if (existing && existing.nextAt > now) return;
  const p: Pending = {
    domain,
    attempt: existing?.attempt ?? 0,
    since: existing?.since ?? now,
    nextAt: now + Math.max(delayFor(existing?.attempt ?? 0), minDelayMs),
  };
  await pendings.set(p);
  await arm(refresh, now);
}

export async function cancelPoll(domain: Domain): Promise<void> {
  await pendings.remove(domain);
}

/** Polls every domain that is due, reschedules those still waiting, re-arms timer and alarm. */
export async function pollDue(refresh: Refresh, now = Date.now()): Promise<void> {
  const due = (await pendings.all()).filter((p) => p.nextAt <= now + 50 && !polling.has(p.domain));
  await Promise.all(
    due.map(async (p) => {
      if (now - p.since > POLL_GIVE_UP_MS) return pendings.remove(p.domain);
      polling.add(p.domain);
      try {
        const r = await refresh(p.domain).catch(() => ({ again: true as const, minDelayMs: 0 }));
        if (!r.again) return await pendings.remove(p.domain);
        const attempt = p.attempt + 1;
        return await pendings.set({
          ...p,
          attempt,
          nextAt: Date.now() + Math.max(delayFor(attempt), r.minDelayMs ?? 0),
        });
      } finally {
        polling.delete(p.domain);
      }
    }),
  );
  await arm(refresh, Date.now());
}

/** After a worker start: pick up the schedule left in storage.session. */
export async function resumePolling(refresh: Refresh): Promise<void> {
  await arm(refresh, Date.now());
}

/** The alarm listener's work; registered synchronously by the background entry point. */
export function onPollAlarm(alarm: { name: string }, refresh: Refresh): Promise<void> | undefined {
  return alarm.name === POLL_ALARM ? pollDue(refresh) : undefined;
}

/**
 * This context's one wake-up timer, and a count of arm() calls so that only the latest one sets
 * it (it read the newest schedule). Losing both with the worker is harmless: the alarm stays.
 */
let timer: ReturnType<typeof setTimeout> | undefined;
let armCalls = 0;

async function arm(refresh: Refresh, now: number): Promise<void> {
  const call = ++armCalls;
  const all = await pendings.all();
  if (call !== armCalls) return;
  clearTimeout(timer);
  timer = undefined;
  if (all.length === 0) {
    await browser.alarms.clear(POLL_ALARM);
    return;
  }
  // A domain being polled re-arms when its poll ends. Its due time has passed, so counting it
  // here would fire the timer at once, again and again, for as long as that poll takes.
  const waiting = all.filter((p) => !polling.has(p.domain));
  if (waiting.length > 0) {
    const wait = Math.max(0, Math.min(...waiting.map((p) => p.nextAt)) - now);
    if (wait <= TIMER_MAX_MS) timer = setTimeout(() => void pollDue(refresh), wait);
  }
  // Always keep the alarm as well: if the worker is stopped before the timer fires (or during
  // a poll), it wakes it.
  await browser.alarms.create(POLL_ALARM, {
    when: Math.max(Math.min(...all.map((p) => p.nextAt)), now + ALARM_MIN_MS),
  });
}
