/** Conflicts between sources and warnings, each explained in a sentence. */
import { CONFLICT_LABELS, WARNING_LABELS, type Label } from '~~/shared/labels.js';
import type { Conflict } from '~~/shared/values.js';

/** Warnings are open-ended strings in the record; one this version has no words for is shown as sent. */
const warningLabel = (w: string): Label | undefined => (WARNING_LABELS as Record<string, Label | undefined>)[w];

export function Issues({ conflicts, warnings }: { conflicts: readonly Conflict[]; warnings: readonly string[] }) {
  if (conflicts.length === 0 && warnings.length === 0) return null;
  return (
    <section class="block" aria-labelledby="issues-h">
      <h2 id="issues-h">Conflicts and warnings</h2>
      <ul class="issues" data-testid="issues">
        {conflicts.map((c) => (
          <li key={c} class="issue conflict">
            <strong>Conflict: {CONFLICT_LABELS[c]?.label ?? c}.</strong> {CONFLICT_LABELS[c]?.explanation}
          </li>
        ))}
        {warnings.map((w) => {
          const l = warningLabel(w);
          return (
            <li key={w} class="issue warning">
              <strong>Warning: {l?.label ?? w}.</strong> {l?.explanation}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
