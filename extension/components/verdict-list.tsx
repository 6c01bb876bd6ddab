/** The three use-case verdicts, each with icon, words, and what decided it. */
import { useLayoutEffect } from 'preact/hooks';
import { USE_CASE_LABELS } from '~~/shared/labels.js';
import type { UseReading } from '~~/shared/reading/story.js';
import { VerdictIcon } from './icons.js';
import { t } from '../lib/i18n.js';

/** Performance mark the benchmark reads: popup open to first paint of the verdicts. */
export const VERDICTS_PAINTED_MARK = 'lens:verdicts-painted';

export function VerdictList({
  uses,
  label = t('verdictsLabel', 'Verdict per use'),
}: {
  uses: UseReading[];
  label?: string;
}) {
  useLayoutEffect(() => {
    // Runs once the verdicts are in the DOM. The next animation frame is the first one that
    // draws them: rAF fires just before that frame's paint, and a message posted from it is
    // handled just after the paint ("rAF + postMessage"). useEffect would be one frame late:
    // Preact runs it after a paint.
    if (performance.getEntriesByName(VERDICTS_PAINTED_MARK).length > 0) return;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => performance.mark(VERDICTS_PAINTED_MARK);
      ch.port2.postMessage(null);
    });
  }, []);
  return (
    <ul class="verdicts" aria-label={label}>
      {uses.map((r) => (
        <li key={r.use} class={`verdict verdict-${r.tone}`} title={r.explanation}>
          <VerdictIcon tone={r.tone} />
          <span class="verdict-use">{USE_CASE_LABELS[r.use].label}</span>
          <span class="verdict-value" data-testid={`verdict-${r.use}`}>
            {r.words}
          </span>
          {r.because && (
            <span class="verdict-why" data-testid={`because-${r.use}`}>
              {r.because}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
