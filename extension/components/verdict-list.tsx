/** The three use-case verdicts, each with icon, words and explanation. */
import { useLayoutEffect } from 'preact/hooks';
import { USE_CASE_LABELS, VERDICT_LABELS } from '~~/shared/labels.js';
import type { UseCases } from '~~/shared/schemas.js';
import { USE_CASES } from '~~/shared/values.js';
import { VerdictIcon } from './icons.js';

/** Performance mark the benchmark reads: popup open to first paint of the verdicts. */
export const VERDICTS_PAINTED_MARK = 'lens:verdicts-painted';

export function VerdictList({ useCases }: { useCases: UseCases }) {
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
    <ul class="verdicts" aria-label="Verdict per use">
      {USE_CASES.map((u) => {
        const v = useCases[u];
        return (
          <li key={u} class={`verdict verdict-${v}`} title={`${USE_CASE_LABELS[u].explanation} ${VERDICT_LABELS[v].explanation}`}>
            <VerdictIcon verdict={v} />
            <span class="verdict-use">{USE_CASE_LABELS[u].label}</span>
            <span class="verdict-value" data-testid={`verdict-${u}`}>
              {VERDICT_LABELS[v].label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
