/**
 * The details view: what was read, each verdict with the signals that decided it (the line,
 * header or tag as published), then the raw robots.txt with line numbers. The only view where
 * identifiers appear, as code beside the words (docs/policy.md section 9). Crawled text (a line,
 * a crawler's name) is shown with its invisible and bidi characters as `⟨U+202E⟩` (issue 33).
 */
import { USE_CASE_LABELS } from '~~/shared/labels.js';
import type { RobotsReading } from '~~/shared/reading/story.js';
import type { DetailsModel } from '../lib/view-details.js';
import type { Host, PopupModel } from '../lib/view-model.js';
import { VerdictIcon } from './icons.js';
import { t } from '../lib/i18n.js';
import { visibleText } from '~~/shared/visible-text.js';

/** robots.txt in Details: "read HTTP 200", "none published HTTP 404", "not read: HTTP 403, access refused" (the reason names the status). */
function robotsWords(robots: RobotsReading): preact.ComponentChildren {
  if (robots.state === 'unread')
    return robots.reason ? t('robotsNotReadWhy', 'not read: $1', robots.reason) : t('robotsNotRead', 'not read');
  const words =
    robots.state === 'read'
      ? t('robotsRead', 'read')
      : robots.state === 'missing'
        ? t('robotsNone', 'none published')
        : t('robotsNotRead', 'not read');
  return (
    <>
      {words}
      {robots.httpStatus !== null && <code> HTTP {robots.httpStatus}</code>}
    </>
  );
}

function WhatWasRead({ host, robots, details }: { host: Host; robots: RobotsReading; details: DetailsModel }) {
  return (
    <dl class="facts read" data-testid="read">
      {host.idn && (
        <div class="fact">
          <dt>{t('nameInDns', 'Name in DNS')}</dt>
          <dd>
            <code>{host.ascii}</code>
          </dd>
        </div>
      )}
      <div class="fact">
        <dt>robots.txt</dt>
        <dd>{robotsWords(robots)}</dd>
      </div>
      <div class="fact">
        <dt>{t('homepage', 'Homepage')}</dt>
        <dd>{'http' in details.homepage ? <code>HTTP {details.homepage.http}</code> : details.homepage.words}</dd>
      </div>
      <div class="fact">
        <dt>{t('stanceAsApi', 'Stance, as the API names it')}</dt>
        <dd>
          <code>{details.identifiers}</code>
        </dd>
      </div>
    </dl>
  );
}

/** "GPTBot, ClaudeBot, Google-Extended": each name whole, the list free to wrap between them. */
function Names({ names }: { names: string[] }) {
  return (
    <>
      {names.map((n, i) => (
        <span key={n}>
          {i > 0 && ', '}
          <code class="name">{visibleText(n)}</code>
        </span>
      ))}
    </>
  );
}

export function Explanations({ model, details }: { model: PopupModel; details: DetailsModel }) {
  return (
    <div class="details">
      <WhatWasRead host={model.host} robots={model.robots} details={details} />
      <section class="block" aria-labelledby="why-h">
        <h2 id="why-h">{t('whyHeading', 'Why')}</h2>
        <ol class="why" data-testid="explanations">
          {details.uses.map((u) => (
            <li key={u.use} class={`verdict-${u.tone}`}>
              <span class="why-subject">
                <VerdictIcon tone={u.tone} /> {USE_CASE_LABELS[u.use].label}: {u.words}
              </span>
              {u.signals.length === 0 ? (
                <span class="why-reason">
                  {u.tone === 'unknown'
                    ? model.robots.sentence
                    : t('whyNothing', 'No rule or signal of the site speaks of this use.')}
                </span>
              ) : (
                u.signals.map((s, i) => (
                  <span key={i} class="why-signal">
                    <span class="why-source">
                      {s.phrase}
                      {s.group && (
                        <span class="why-group">
                          {t('whyGroup', ', in the rules for')} <Names names={s.group} />
                        </span>
                      )}
                    </span>
                    {s.evidence && <code class="why-evidence">{visibleText(s.evidence)}</code>}
                  </span>
                ))
              )}
            </li>
          ))}
        </ol>
      </section>
      {details.robotsLines && (
        <details class="raw">
          <summary>{t('robotsAsServed', 'robots.txt as served')}</summary>
          <pre data-testid="robots-raw">
            {details.robotsLines.map((l, i) => (
              <span key={i} class="rl">
                <span class="ln" aria-hidden="true">
                  {i + 1}
                </span>
                {visibleText(l)}
                {'\n'}
              </span>
            ))}
          </pre>
        </details>
      )}
      <p class="muted small" data-testid="scores">
        {details.confidence} {details.openness}
      </p>
    </div>
  );
}
