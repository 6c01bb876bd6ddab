/**
 * Preview features (the announced surface, shown only when the gateway's /status offers them):
 * the four purposes told with the same words as the Overview's verdicts, and the history.
 */
import type { PopupModel } from '../lib/view-model.js';
import { VerdictIcon } from './icons.js';
import { t } from '../lib/i18n.js';

export function Purposes({ model }: { model: PopupModel }) {
  return (
    <section class="block" aria-labelledby="purposes-h">
      <h2 id="purposes-h">{t('tabPurposes', 'Purposes')}</h2>
      <ul class="verdicts" data-testid="purposes">
        {model.purposes!.map((p) => (
          <li key={p.purpose} class={`verdict verdict-${p.tone}`}>
            <VerdictIcon tone={p.tone} />
            <span class="verdict-use">{p.label}</span>
            <span class="verdict-value">{p.words}</span>
            {(p.because || p.note) && <span class="verdict-why">{[p.because, p.note].filter(Boolean).join('. ')}</span>}
          </li>
        ))}
      </ul>
      <p class="muted small" data-testid="openness">
        {model.openness ?? t('noOpenness', 'No openness score: the site\u2019s rules could not be read.')}
      </p>
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
              <p class="muted">{i === entries.length - 1 ? t('firstCheck', 'First check.') : t('noChange', 'No change.')}</p>
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
