/**
 * When the site was checked (in the browser's language), a note once that is older than the
 * seed's 30 days, the last failed check when there was one, and "Check again".
 */
import { STALE_AFTER_DAYS } from '~~/shared/values.js';
import type { PopupModel } from '../lib/view-model.js';
import { t } from '../lib/i18n.js';

export interface RecheckView {
  busy: boolean;
  /** What happened, for people: refused with the wait, failed, or done. */
  message: string | null;
}

export function CrawlTime({
  model,
  recheck,
  onRecheck,
}: {
  model: PopupModel;
  recheck?: RecheckView;
  onRecheck?: () => void;
}) {
  const { checked, lastCheck } = model;
  return (
    <div class="checked">
      <p class={checked.stale ? 'crawl stale' : 'crawl'} data-testid="crawl-time">
        {t('checkedBefore', 'Checked')}{' '}
        <time dateTime={checked.iso} title={checked.absolute}>
          {checked.relative}
        </time>
        .
        {checked.stale &&
          ` ${t('checkedStale', 'This is more than $1 days old; the site may have changed its policy since.', STALE_AFTER_DAYS)}`}
        {onRecheck && (
          <button type="button" class="recheck" onClick={onRecheck} disabled={recheck?.busy} data-testid="recheck">
            {recheck?.busy ? t('rechecking', 'Checking\u2026') : t('recheck', 'Check again')}
          </button>
        )}
      </p>
      {lastCheck && (
        <p class="crawl stale" data-testid="last-check">
          {lastCheck}
        </p>
      )}
      {recheck?.message && (
        <p class="crawl" role="status" data-testid="recheck-message">
          {recheck.message}
        </p>
      )}
    </div>
  );
}
