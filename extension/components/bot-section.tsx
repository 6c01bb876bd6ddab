/** Blocked and allowed AI bots, grouped by operator, each with what it is for. */
import { PURPOSE_LABELS } from '~~/shared/labels.js';
import type { ComponentChildren } from 'preact';
import type { RobotsReading } from '~~/shared/reading/story.js';
import type { BotLists, OperatorGroup } from '~~/shared/reading/read-bots.js';
import { t } from '../lib/i18n.js';
import { visibleText } from '~~/shared/visible-text.js';

/** What to say when no AI bot is listed: only a robots.txt that was read can "name no AI bot". */
function noneWords(robots: RobotsReading): string {
  if (robots.state === 'unread') return t('botsUnread', '$1 Which AI bots it blocks is not known.', robots.sentence);
  if (robots.state === 'missing') return t('botsNoRobots', 'The site has no robots.txt, so it blocks no bot there.');
  if (robots.state === 'unsure') return t('botsUnsure', 'No robots.txt was read, so no AI bot is listed.');
  return t('botsNone', 'robots.txt names no AI bot, and its rules for all crawlers block none.');
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
                <code>{visibleText(b.token)}</code>
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

/** One list of bots under its heading; nothing when the list is empty. */
function GroupSection({
  id,
  heading,
  groups,
  testid,
  children,
}: {
  id: string;
  heading: string;
  groups: OperatorGroup[];
  testid: string;
  children?: ComponentChildren;
}) {
  if (groups.length === 0) return null;
  return (
    <section class="block" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
      <Groups groups={groups} testid={testid} />
    </section>
  );
}

/** The AI bots the rule for every crawler blocks, none of them named: a count, the names folded away. */
function WildcardSection({ lists }: { lists: BotLists }) {
  if (lists.wildcardCount === 0) return null;
  return (
    <section class="block" aria-labelledby="wild-h">
      <h2 id="wild-h">{t('botsWildcardHeading', 'Blocked by the rule for all crawlers')}</h2>
      <p class="note" data-testid="wildcard-note">
        {lists.wildcardOpens
          ? t(
              'botsWildcardOpens',
              '$1 AI bots are blocked by the rule for every crawler (User-agent: *), which closes the site but for the paths its Allow lines open; no rule names them.',
              lists.wildcardCount,
            )
          : lists.wildcardCount === 1
            ? t(
                'botsWildcardOne',
                'One AI bot is blocked by the rule for every crawler (User-agent: *), which closes the whole site; no rule names it.',
              )
            : t(
                'botsWildcardMany',
                '$1 AI bots are blocked by the rule for every crawler (User-agent: *), which closes the whole site; no rule names them.',
                lists.wildcardCount,
              )}
      </p>
      <details>
        <summary>{t('botsShow', 'Show these bots')}</summary>
        <Groups groups={lists.blockedByWildcard} testid="wildcard-bots" />
      </details>
    </section>
  );
}

/** `from`: the sentence that says these are the parent site's rules, when they are. */
export function BotSection({
  lists,
  robots,
  from = null,
}: {
  lists: BotLists;
  robots: RobotsReading;
  from?: string | null;
}) {
  const none =
    lists.blocked.length +
      lists.wildcardCount +
      lists.partial.length +
      lists.letIn.length +
      lists.noRule.length +
      lists.allowed.length ===
    0;
  const tools = lists.alsoBlocked.length > 0;
  return (
    <div class="botlists">
      {from && (
        <p class="note" data-testid="bots-from">
          {from}
        </p>
      )}
      {none && !from && (
        <p class="muted" data-testid="no-bots">
          {tools && robots.state === 'read'
            ? t(
                'botsNoneButTools',
                'robots.txt blocks no AI bot; it blocks some scraping and other tools, listed below.',
              )
            : noneWords(robots)}
        </p>
      )}
      <GroupSection
        id="blocked-h"
        heading={t('botsBlocked', 'Blocked AI bots')}
        groups={lists.blocked}
        testid="blocked-bots"
      />
      <WildcardSection lists={lists} />
      <GroupSection
        id="partial-h"
        heading={t('botsPartial', 'Partly blocked AI bots')}
        groups={lists.partial}
        testid="partial-bots"
      />
      <GroupSection
        id="letin-h"
        heading={t('botsLetIn', 'AI bots let in by name')}
        groups={lists.letIn}
        testid="letin-bots"
      >
        <p class="note small">
          {t(
            'botsLetInInfo',
            'The rule for every crawler closes the site; a group naming these bots opens it to them again.',
          )}
        </p>
      </GroupSection>
      <GroupSection
        id="allowed-h"
        heading={t('botsAllowed', 'Explicitly allowed AI bots')}
        groups={lists.allowed}
        testid="allowed-bots"
      />
      <GroupSection
        id="norule-h"
        heading={t('botsNoRule', 'AI bots named without a rule')}
        groups={lists.noRule}
        testid="norule-bots"
      >
        <p class="note small">
          {t(
            'botsNoRuleInfo',
            'robots.txt names these bots but gives them no Allow or Disallow line, so nothing restricts them. Such a list is usually meant to block them and is missing its Disallow line.',
          )}
        </p>
      </GroupSection>
      <GroupSection
        id="tools-h"
        heading={t('botsTools', 'Also blocks scraping and other tools')}
        groups={lists.alsoBlocked}
        testid="tool-bots"
      >
        <p class="note small">
          {t(
            'botsToolsInfo',
            'Scraping frameworks, SEO and monitoring tools and names with no known AI use: blocking them is not an AI rule.',
          )}
        </p>
      </GroupSection>
      {!lists.sourceKnown && !none && (
        <p class="muted">
          {t(
            'botsSourceUnknown',
            'The gateway did not send the site\u2019s rules, so blocks by the rule for all crawlers cannot be told apart from rules naming a bot.',
          )}
        </p>
      )}
    </div>
  );
}
