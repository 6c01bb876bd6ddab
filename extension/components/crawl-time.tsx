/** When the site was last checked, with a note once that is older than the seed's 30 days. */
import { STALE_AFTER_DAYS } from '~~/shared/values.js';

const DAY_MS = 86_400_000;

function ageInWords(iso: string, now: number): string {
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms)) return 'at an unknown time';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const mins = Math.round(ms / 60_000);
  if (mins < 1) return 'just now';
  if (mins < 60) return rtf.format(-mins, 'minute');
  const hours = Math.round(mins / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.round(ms / DAY_MS), 'day');
}

function isStale(iso: string, now: number): boolean {
  return now - Date.parse(iso) > STALE_AFTER_DAYS * DAY_MS;
}

export function CrawlTime({ iso, now = Date.now() }: { iso: string; now?: number }) {
  const stale = isStale(iso, now);
  return (
    <p class={stale ? 'crawl stale' : 'crawl'} data-testid="crawl-time">
      Checked <time dateTime={iso} title={new Date(iso).toUTCString()}>{ageInWords(iso, now)}</time>.
      {stale && ` This is more than ${STALE_AFTER_DAYS} days old; the site may have changed its policy since.`}
    </p>
  );
}
