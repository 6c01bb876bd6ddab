/** The policy standards found on the site (seed `signals`), named, with what each one is. */
import { SIGNAL_LABELS } from '~~/shared/labels.js';
import type { Signals } from '~~/shared/schemas.js';
import { SIGNAL_KEYS } from '~~/shared/values.js';

export function Standards({ signals }: { signals: Signals }) {
  const found = SIGNAL_KEYS.filter((k) => signals[k]);
  return (
    <section class="block" aria-labelledby="standards-h">
      <h2 id="standards-h">Standards found</h2>
      {found.length === 0 ? (
        <p class="muted">None: no robots.txt, llms.txt, ai.txt, TDMRep, content signals or agents.json.</p>
      ) : (
        <ul class="chips" data-testid="standards">
          {found.map((k) => (
            <li key={k} class="chip" title={SIGNAL_LABELS[k].explanation}>
              {SIGNAL_LABELS[k].label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
