/** The three use-case verdicts, each with icon, words and explanation. */
import { useEffect } from 'preact/hooks';
import { USE_CASE_LABELS, VERDICT_LABELS } from '~~/shared/labels.js';
import type { UseCases } from '~~/shared/schemas.js';
import { USE_CASES } from '~~/shared/values.js';
import { VerdictIcon } from './icons.js';

/** Performance mark the benchmark reads: popup open to first paint of the verdicts. */
export const VERDICTS_PAINTED_MARK = 'lens:verdicts-painted';

export function VerdictList({ useCases }: { useCases: UseCases }) {
  useEffect(() => {
    // The frame after the commit is the first paint that shows the verdicts.
    if (performance.getEntriesByName(VERDICTS_PAINTED_MARK).length === 0) {
      requestAnimationFrame(() => performance.mark(VERDICTS_PAINTED_MARK));
    }
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
