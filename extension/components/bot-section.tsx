/** Blocked and allowed AI bots, grouped by operator, each with what it is for. */
import { PURPOSE_LABELS } from '~~/shared/labels.js';
import type { RobotsReading } from '~~/shared/story.js';
import type { BotLists, OperatorGroup } from '../lib/bot-groups.js';

/** What to say when no AI bot is listed: only a robots.txt that was read can "name no AI bot". */
function noneWords(robots: RobotsReading): string {
  if (robots.state === 'unread') return `${robots.sentence} Which AI bots it blocks is not known.`;
  if (robots.state === 'missing') return 'The site has no robots.txt, so it blocks no bot there.';
  if (robots.state === 'unsure') return 'No robots.txt was read, so no AI bot is listed.';
  return 'robots.txt names no AI bot, and its rules for all crawlers block none.';
}

function Groups({ groups, testid }: { groups: OperatorGroup[]; testid: string }) {
  return (
    <ul class="operators" data-testid={testid}>
      {groups.map((g) => (
        <li key={g.operator}>
          <span class="operator">{g.operator}</span>
          <ul class="bots">
            {g.bots.map((b) => (
              <li key={b.token} title={b.description ?? undefined}>
                <code>{b.token}</code>
                {b.purpose && <span class="purpose"> · {PURPOSE_LABELS[b.purpose].label}</span>}
                {b.description && <span class="desc">{b.description}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function BotSection({ lists, robots }: { lists: BotLists; robots: RobotsReading }) {
  const none = lists.blocked.length + lists.wildcardCount + lists.partial.length + lists.allowed.length === 0;
  return (
    <div class="botlists">
      {none && (
        <p class="muted" data-testid="no-bots">
          {noneWords(robots)}
        </p>
      )}
      {lists.blocked.length > 0 && (
        <section class="block" aria-labelledby="blocked-h">
          <h2 id="blocked-h">Blocked AI bots</h2>
          <Groups groups={lists.blocked} testid="blocked-bots" />
        </section>
      )}
      {lists.wildcardCount > 0 && (
        <section class="block" aria-labelledby="wild-h">
          <h2 id="wild-h">Blocked by the rule for all crawlers</h2>
          <p class="note" data-testid="wildcard-note">
            {lists.wildcardCount === 1 ? 'One AI bot is' : `${lists.wildcardCount} AI bots are`} blocked by the rule for every
            crawler (<code>User-agent: *</code>), which closes the whole site; no rule names them.
          </p>
          <details>
            <summary>Show these bots</summary>
            <Groups groups={lists.blockedByWildcard} testid="wildcard-bots" />
          </details>
        </section>
      )}
      {lists.partial.length > 0 && (
        <section class="block" aria-labelledby="partial-h">
          <h2 id="partial-h">Partly blocked AI bots</h2>
          <Groups groups={lists.partial} testid="partial-bots" />
        </section>
      )}
      {lists.allowed.length > 0 && (
        <section class="block" aria-labelledby="allowed-h">
          <h2 id="allowed-h">Explicitly allowed AI bots</h2>
          <Groups groups={lists.allowed} testid="allowed-bots" />
        </section>
      )}
      {!lists.sourceKnown && !none && (
        <p class="muted">The gateway did not send the site's rules, so blocks by the rule for all crawlers cannot be told apart from rules naming a bot.</p>
      )}
    </div>
  );
}
