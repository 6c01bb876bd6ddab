/** The domain, and its stance and detail in words (the badge text repeated, with its colour). */
import { BADGE_VIEW, DETAIL_LABELS, STANCE_LABELS } from '~~/shared/labels.js';
import type { Detail, Stance } from '~~/shared/values.js';

export function PolicyHeader({ domain, stance, detail }: { domain: string; stance?: Stance; detail?: Detail }) {
  const view = stance ? BADGE_VIEW[stance] : null;
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
          {/* The finer detail, unless it would repeat the stance's words (e.g. blocks_training). */}
          {detail && DETAIL_LABELS[detail].label !== STANCE_LABELS[stance].label && (
            <span class="detail" data-testid="detail">
              {' · '}
              {DETAIL_LABELS[detail].label}
            </span>
          )}
        </p>
      )}
      {detail && <p class="explain">{DETAIL_LABELS[detail].explanation}</p>}
    </header>
  );
}
