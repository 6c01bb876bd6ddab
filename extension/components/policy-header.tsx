/** The domain, and its stance and detail in words (the badge text repeated, with its colour). */
import { BADGE_VIEW, DETAIL_LABELS, STANCE_LABELS } from '~~/shared/labels.js';
import type { Detail, Stance } from '~~/shared/values.js';

/** The detail's words, unless they would repeat the stance's (blocks_training under Blocks AI training). */
export function detailBeyondStance(stance: Stance, detail: Detail): string | null {
  const words = DETAIL_LABELS[detail]?.label;
  return words && words !== STANCE_LABELS[stance]?.label ? words : null;
}

export function PolicyHeader({ domain, stance, detail }: { domain: string; stance?: Stance; detail?: Detail }) {
  const view = stance ? BADGE_VIEW[stance] : null;
  const extra = stance && detail ? detailBeyondStance(stance, detail) : null;
  return (
    <header class="head">
      <h1 class="domain" data-testid="domain">
        {domain}
      </h1>
      {stance && view && (
        <p class="stance">
          <span class="pill" style={{ background: view.color, color: view.textColor }} aria-hidden="true">
            {view.text}
          </span>
          <strong data-testid="stance">{STANCE_LABELS[stance].label}</strong>
          {extra && (
            <span class="detail" data-testid="detail">
              {' · '}
              {extra}
            </span>
          )}
        </p>
      )}
      {detail && <p class="explain">{DETAIL_LABELS[detail].explanation}</p>}
    </header>
  );
}
