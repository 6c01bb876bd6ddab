/**
 * "Check again" on a site's page: the popup's request (`POST /v1/domain/{d}/recheck`, same-origin,
 * see proxy/gateway/own-page.ts), then held reads until the new result is there, told with the
 * popup's words (extension/lib/recheck.ts does the same for the badge and storage.session).
 */
import { t } from '~~/extension/lib/i18n.js';
import type { Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import type { GatewayClient } from './api.js';
import { failureMessage, HOLD_S } from './site-data.js';

/** How long the page waits for the new check before saying to come back (the popup's wait). */
const RECHECK_WAIT_MS = 60_000;

/** "42 s", "3 min": the popup's words for the wait (extension/lib/recheck.ts waitWords; not imported, it brings the badge code). */
const waitWords = (seconds: number): string =>
  seconds <= 90
    ? t('seconds', '$1 s', Math.max(1, Math.round(seconds)))
    : t('minutes', '$1 min', Math.round(seconds / 60));

export type RecheckOutcome = { done: true; policy: DomainPolicyFound } | { done: false; message: string };

/** A newer crawl, or a newer failed check (the earlier result kept, docs/policy.md section 8). */
const isNewer = (now: DomainPolicyFound, before: DomainPolicyFound) =>
  now.last_updated !== before.last_updated ||
  (now.basis?.last_check?.failed_at ?? null) !== (before.basis?.last_check?.failed_at ?? null);

export async function checkAgainHere(
  client: GatewayClient,
  domain: Domain,
  before: DomainPolicyFound,
): Promise<RecheckOutcome> {
  const asked = await client.recheck(domain);
  if (!asked.ok) {
    if (asked.kind === 'rate_limited')
      return {
        done: false,
        message: t('recheckBusy', 'The gateway is busy. You can check again in $1.', waitWords(asked.retryAfter ?? 60)),
      };
    return { done: false, message: failureMessage(asked) };
  }
  if (!asked.data.accepted)
    return {
      done: false,
      message: t(
        'recheckRefused',
        'This site was checked a moment ago. You can check it again in $1.',
        waitWords(asked.data.retry_after),
      ),
    };
  const end = Date.now() + RECHECK_WAIT_MS;
  while (Date.now() < end) {
    const r = await client.domain(domain, {
      waitS: Math.max(1, Math.min(HOLD_S, Math.floor((end - Date.now()) / 1000))),
    });
    if (r.ok && r.data.found && isNewer(r.data, before)) return { done: true, policy: r.data };
    if (!r.ok && r.kind !== 'timeout') return { done: false, message: failureMessage(r) };
    // A gateway that does not hold the read answers at once: ask again a little later.
    if (!r.ok || !r.held) await new Promise((res) => setTimeout(res, 2000));
  }
  return {
    done: false,
    message: t(
      'webRecheckPending',
      'The new check has not finished yet. Reload this page in a minute to see its result.',
    ),
  };
}
