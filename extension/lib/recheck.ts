/**
 * "Check again": asks the gateway for a new crawl of one domain now
 * (`POST /v1/domain/{d}/recheck`), then waits for the new answer with held reads
 * (`Prefer: wait`) and puts it on the badge of every tab showing the domain, and in the popup
 * through storage.session. A refusal is told plainly with the gateway's `retry_after`.
 */
import type { Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import { failureAdvice } from './gateway-client.js';
import { t } from './i18n.js';
import { settingsClient } from './lookup.js';
import { answers, type TabState } from './session-store.js';
import { updateTabsOf } from './tab-watcher.js';

/** How long the popup waits for the new check before saying it will update by itself. */
export const RECHECK_WAIT_MS = 60_000;
const HOLD_S = 10;

export type RecheckOutcome = { done: true; policy: DomainPolicyFound } | { done: false; message: string };

/** "in 42 s", "in 3 min": the wait before another check is accepted. */
export function waitWords(seconds: number): string {
  return seconds <= 90
    ? t('seconds', '$1 s', Math.max(1, Math.round(seconds)))
    : t('minutes', '$1 min', Math.round(seconds / 60));
}

/** A new answer: a newer crawl, or a newer failed check (the earlier result kept, section 8). */
function isNewer(now: DomainPolicyFound, before: DomainPolicyFound): boolean {
  return (
    now.last_updated !== before.last_updated ||
    (now.basis?.last_check?.failed_at ?? null) !== (before.basis?.last_check?.failed_at ?? null)
  );
}

export async function checkAgain(
  domain: Domain,
  before: DomainPolicyFound,
  deadlineMs = RECHECK_WAIT_MS,
): Promise<RecheckOutcome> {
  const client = await settingsClient();
  const asked = await client.recheck(domain);
  if (!asked.ok) {
    if (asked.kind === 'rate_limited')
      return {
        done: false,
        message: t('recheckBusy', 'The gateway is busy. You can check again in $1.', waitWords(asked.retryAfter ?? 60)),
      };
    return { done: false, message: failureAdvice(client.baseUrl, asked) };
  }
  if (!asked.data.accepted) {
    return {
      done: false,
      message: t(
        'recheckRefused',
        'This site was checked a moment ago. You can check it again in $1.',
        waitWords(asked.data.retry_after),
      ),
    };
  }
  const end = Date.now() + deadlineMs;
  let pause = 250;
  while (Date.now() < end) {
    const r = await client.domain(domain, {
      waitS: Math.max(1, Math.min(HOLD_S, Math.floor((end - Date.now()) / 1000))),
    });
    if (r.ok && r.data.found && isNewer(r.data, before)) {
      const now = Date.now();
      await answers.put(r.data, now);
      const state: TabState = { kind: 'found', domain, policy: r.data, fetchedAt: now };
      await updateTabsOf(domain, state);
      return { done: true, policy: r.data };
    }
    if (!r.ok && r.kind !== 'timeout') return { done: false, message: failureAdvice(client.baseUrl, r) };
    // A gateway that does not hold the read answers at once: ask again a little later.
    await new Promise((res) => setTimeout(res, pause));
    pause = Math.min(pause * 2, 3000);
  }
  return {
    done: false,
    message: t(
      'recheckPending',
      'The new check has not finished yet. Open this window again in a minute to see its result.',
    ),
  };
}
