/**
 * Preview features (the announced surface, shown only when the gateway's /status offers them):
 * the same three uses as the Overview (one list of uses), the openness score, and the history.
 */
import type { PopupModel } from '../lib/view-model.js';
import { VerdictList } from './verdict-list.js';
import { t } from '../lib/i18n.js';

export function Purposes({ model }: { model: PopupModel }) {
  return (
    <section class="block" aria-labelledby="purposes-h">
      <h2 id="purposes-h">{t('tabPurposes', 'Purposes')}</h2>
      <div data-testid="purposes">
        <VerdictList uses={model.purposes!} label={t('tabPurposes', 'Purposes')} />
      </div>
      {model.openness && (
        <p class="muted small" data-testid="openness">
          {model.openness}
        </p>
      )}
    </section>
  );
}

export function History({ model }: { model: PopupModel }) {
  const entries = model.history!;
  return (
    <section class="block" aria-labelledby="history-h">
      <h2 id="history-h">{t('historyHeading', 'Changes over time')}</h2>
      <ol class="history" data-testid="history">
        {entries.map((e, i) => (
          <li key={e.id}>
            <time dateTime={e.iso}>{e.date}</time> <strong>{e.label}</strong>
            {e.changes.length === 0 ? (
              <p class="muted">
                {i === entries.length - 1 ? t('firstCheck', 'First check.') : t('noChange', 'No change.')}
              </p>
            ) : (
              <ul class="changes">
                {e.changes.map((c, j) => (
                  <li key={j}>{c}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
