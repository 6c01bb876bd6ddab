/**
 * The details view: what was read, each verdict with the signals that decided it (the line,
 * header or tag as published), then the raw robots.txt with line numbers. The only view where
 * identifiers appear, as code beside the words (classification.md section 9).
 */
import { USE_CASE_LABELS } from '~~/shared/labels.js';
import type { RobotsReading } from '~~/shared/story.js';
import type { DetailsModel, Host, PopupModel } from '../lib/view-model.js';
import { VerdictIcon } from './icons.js';
import { t } from '../lib/i18n.js';

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
        <dd>
          {robots.state === 'read' ? t('robotsRead', 'read') : robots.state === 'missing' ? t('robotsNone', 'none published') : robots.reason ? t('robotsNotReadWhy', 'not read: $1', robots.reason) : t('robotsNotRead', 'not read')}
          {robots.httpStatus !== null && <code> HTTP {robots.httpStatus}</code>}
        </dd>
      </div>
      <div class="fact">
        <dt>{t('homepage', 'Homepage')}</dt>
        <dd>{details.homepageStatus === null ? t('noAnswer', 'no answer') : <code>HTTP {details.homepageStatus}</code>}</dd>
      </div>
    </dl>
  );
}

export function Explanations({ model }: { model: PopupModel }) {
  const details = model.details!;
  return (
    <div class="details">
      <WhatWasRead host={model.host} robots={model.robots} details={details} />
      <section class="block" aria-labelledby="why-h">
        <h2 id="why-h">{t('whyHeading', 'Why')}</h2>
        <p class="muted">
          {model.headline.label} <code>{details.identifiers}</code>
        </p>
        <ol class="why" data-testid="explanations">
          {details.uses.map((u) => (
            <li key={u.use} class={`verdict-${u.tone}`}>
              <span class="why-subject">
                <VerdictIcon tone={u.tone} /> {USE_CASE_LABELS[u.use].label}: {u.words}
              </span>
              {u.signals.length === 0 ? (
                <span class="why-reason">{u.tone === 'unknown' ? model.robots.sentence : t('whyNothing', 'No rule or signal of the site speaks of this use.')}</span>
              ) : (
                u.signals.map((s, i) => (
                  <span key={i} class="why-signal">
                    <span class="why-source">
                      {s.phrase}
                      {s.group && (
                        <span class="why-group">
                          {t('whyGroup', ', in the rules for')} <code>{s.group.join(', ')}</code>
                        </span>
                      )}
                    </span>
                    {s.evidence && <code class="why-evidence">{s.evidence}</code>}
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
                {l}
                {'\n'}
              </span>
            ))}
          </pre>
        </details>
      )}
      <p class="muted small" data-testid="scores">
        {t('confidence', 'Confidence $1 %.', details.confidence ?? '?')} {details.openness ?? t('noOpenness', 'No openness score: the site\u2019s rules could not be read.')}
      </p>
    </div>
  );
}
