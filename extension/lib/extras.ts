/**
 * What the popup and the gateway's web page load beyond the answer: the gateway's status (are
 * preview features on?), the full record behind the details and bots, when offered the announced
 * record and the policy history, and the site a subdomain belongs to. Only the domain is sent. No
 * browser storage here: the web page imports it as it is.
 */
import type { Domain } from '~~/shared/domain.js';
import type { BotLists } from '~~/shared/reading/read-bots.js';
import { parentApplies } from '~~/shared/reading/story-parent.js';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, HistoryResponse } from '~~/shared/schemas.js';
import { failureAdvice, type GatewayClient } from './gateway-client.js';
import type { GatewayStatus } from './guards.js';
import { parentSite } from './parent-site.js';

/** The lazily loaded views (their type only: nothing of them is in the first paint's script). */
type FullViews = typeof import('../components/with-full-record.js');

export interface Extras {
  status: GatewayStatus | null;
  full: FullRecord | null;
  announced: AnnouncedRecord | null;
  history: HistoryResponse | null;
  /** The Bots view's lists, from the full record (or the summary when the full record failed). */
  bots: BotLists;
  /** The views that need the full record, loaded with it (components/with-full-record.tsx). */
  views: FullViews;
  /** Why the full record could not be loaded, when it could not. */
  problem: string | null;
  /** The site a subdomain belongs to, with its answer when the gateway has one. */
  parent: { domain: Domain; www: boolean; policy: DomainPolicyFound | null } | null;
}

/** How long the site a subdomain belongs to is waited for when it is checked for the first time (seconds). */
export const PARENT_WAIT_S = 8;

/**
 * Loads the full record and, when the gateway offers preview features, the announced record and
 * history. The bot catalogue is loaded here, lazily, so it stays out of the script the popup
 * needs for its first paint (test/bench/extension.bench.ts measures both).
 */
export async function loadExtras(client: GatewayClient, domain: Domain, summary: DomainPolicyFound): Promise<Extras> {
  const up = parentSite(summary);
  const [status, full, views, parentAnswer] = await Promise.all([
    client.status(),
    client.full(domain),
    import('../components/with-full-record.js'),
    // The parent is told beside every subdomain: its policy when the subdomain has no robots.txt, a note when they
    // differ. A parent checked for the first time is waited for a little, so the subdomain is not told "no AI
    // rules" for want of its site's answer (every face tells the borrowed stance, docs/reading.md section 2).
    up ? client.domain(up.domain, { waitS: PARENT_WAIT_S }) : null,
  ]);
  const preview = status.ok && status.data.features.preview;
  const [announced, history] = preview
    ? await Promise.all([client.policy(domain), client.history(domain)])
    : [null, null];
  const record = full.ok && 'all_bots' in full.data ? full.data : null;
  const parent = parentAnswer?.ok && parentAnswer.data.found ? parentAnswer.data : null;
  // A subdomain without robots.txt is told its parent's policy (section 11): the parent's bots too.
  const bots = parentApplies(summary, parent) ? views.readBots(parent, null) : views.readBots(summary, record);
  return {
    status: status.ok ? status.data : null,
    full: record,
    bots,
    views,
    announced: announced?.ok && 'purposes' in announced.data ? announced.data : null,
    history: history?.ok && 'entries' in history.data ? history.data : null,
    problem: full.ok ? null : failureAdvice(client.baseUrl, full),
    parent: up && parentAnswer ? { ...up, policy: parent } : null,
  };
}
