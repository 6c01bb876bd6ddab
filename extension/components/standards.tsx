/**
 * What the site publishes: whether robots.txt was read (never "missing" when it was not), and the
 * standards found, the ones that decided a verdict marked, and what each usage signal said.
 */
import { USE_CASE_LABELS } from '~~/shared/labels.js';
import type { RobotsReading, StandardReading } from '~~/shared/reading/story.js';
import { t } from '../lib/i18n.js';

/**
 * `signals`: what each usage signal said, read out ("Content-Signal: AI training no, search yes");
 * `from`: the sentence that says the standards are the parent site's, when they are.
 */
export function Standards({
  standards,
  robots,
  signals,
  from,
}: {
  standards: StandardReading[];
  robots: RobotsReading;
  signals: string[];
  from: string | null;
}) {
  return (
    <section class="block" aria-labelledby="standards-h">
      <h2 id="standards-h">{t('standardsHeading', 'Standards found')}</h2>
      {(from || robots.state !== 'read') && (
        <p class={robots.state === 'unread' ? 'robots unread' : 'robots'} data-testid="robots-state">
          {from ?? robots.sentence}
        </p>
      )}
      {standards.length === 0 ? (
        <p class="muted" data-testid="standards-none">
          {robots.state === 'unread'
            ? t('standardsNoneOther', 'No other AI file or tag was found.')
            : t('standardsNone', 'No AI rule or AI file of any kind.')}
        </p>
      ) : (
        <ul class="chips" data-testid="standards">
          {standards.map((s) => (
            <li key={s.key} class={s.decides.length ? 'chip decisive' : 'chip'} title={s.explanation}>
              {s.label}
              {s.decides.length > 0 && (
                <span class="chip-uses">
                  {t(
                    'standardDecides',
                    ' \u00b7 decides $1',
                    s.decides.map((u) => USE_CASE_LABELS[u].label).join(', '),
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {signals.length > 0 && (
        <ul class="signals small" data-testid="signal-values">
          {signals.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
