/**
 * A site's history as a timeline: a bar from its first check to now, one stretch per stance it
 * held, each in its badge colour and with the badge's text (so colour is not the only carrier),
 * with the first and last dates under it. Drawn for the eye only: the History list above it (the
 * popup's component) says the same in words, so the bar is hidden from screen readers.
 */
import { BADGE_VIEW, type BadgeState } from '~~/shared/labels.js';
import { dateOnly } from '~~/shared/reading/story-notes.js';
import type { HistoryResponse } from '~~/shared/schemas.js';
import { t } from '~~/extension/lib/i18n.js';

export interface Stretch {
  state: BadgeState;
  fromMs: number;
  toMs: number;
}

/** The stance held from each history entry to the next (the last one until `now`), oldest first. */
export function stretches(history: HistoryResponse, now: number): Stretch[] {
  const entries = [...history.entries].reverse();
  return entries.map((e, i) => ({
    state: e.detail === 'robots_blocked' || e.detail === 'unreachable' ? 'unknown' : e.stance,
    fromMs: Date.parse(e.crawled_at),
    toMs: i + 1 < entries.length ? Date.parse(entries[i + 1]!.crawled_at) : Math.max(now, Date.parse(e.crawled_at)),
  }));
}

export function Timeline({
  history,
  now = Date.now(),
  locale,
}: {
  history: HistoryResponse;
  now?: number;
  locale?: string;
}) {
  const parts = stretches(history, now);
  if (parts.length === 0) return null;
  const start = parts[0]!.fromMs;
  const span = Math.max(1, parts.at(-1)!.toMs - start);
  return (
    <div class="timeline" aria-hidden="true" data-testid="timeline">
      <div class="timeline-bar">
        {parts.map((p, i) => {
          const view = BADGE_VIEW[p.state];
          return (
            <span
              key={i}
              class="timeline-stretch"
              // A stretch of a few minutes still shows its badge text.
              style={{
                flexGrow: Math.max((p.toMs - p.fromMs) / span, 0.08),
                background: view.color,
                color: view.textColor,
              }}
              title={t(
                'webTimelineStretch',
                '$1 from $2',
                view.phrase,
                dateOnly(new Date(p.fromMs).toISOString(), locale),
              )}
            >
              {view.text}
            </span>
          );
        })}
      </div>
      <div class="timeline-scale">
        <span>{dateOnly(new Date(start).toISOString(), locale)}</span>
        <span>{t('webTimelineNow', 'now')}</span>
      </div>
    </div>
  );
}
