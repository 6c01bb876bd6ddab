/**
 * `/overview`: the registry at a glance, drawn from the statistics of the announced surface
 * (`GET /preview/v1/stats` through this gateway: the embedded service's, or in remote mode the
 * upstream's). An upstream without the announced surface has none: the page says so plainly.
 * Loaded on demand (app.tsx), so Chart.js weighs only on this page.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '~~/extension/lib/i18n.js';
import { dateTime } from '~~/shared/reading/story-notes.js';
import { accessToken, fetchStats, type StatsResult } from '../api.js';
import { TokenForm } from '../token-form.js';
import { ChartView } from './chart-view.js';
import { formats, overviewCharts } from './stats-model.js';

export function OverviewPage() {
  const [result, setResult] = useState<StatsResult | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => void fetchStats().then(setResult), [asked]);
  const f = useMemo(() => formats(), []);
  const view = useMemo(() => (result?.ok ? overviewCharts(result.stats, f) : null), [result, f]);
  return (
    <>
      <h1>{t('webOverviewHeading', 'The registry at a glance')}</h1>
      {result === null && (
        <p class="muted" role="status">
          {t('loading', 'Loading\u2026')}
        </p>
      )}
      {result && !result.ok && result.status === 401 && (
        <TokenForm wrong={accessToken() !== null} onSaved={() => setAsked((n) => n + 1)} />
      )}
      {result && !result.ok && result.status !== 401 && (
        <div class="notice" role="status" data-testid="no-stats">
          <p>
            <strong>
              {result.status === 404
                ? t('webNoStatsTitle', 'No statistics from this gateway\u2019s lookup service.')
                : t('webStatsFailedTitle', 'The statistics could not be loaded.')}
            </strong>
          </p>
          <p>
            {result.status === 404
              ? t(
                  'webNoStats',
                  'The service it asks publishes no statistics, only each site’s answers. Looking sites up works as before.',
                )
              : (result.message ?? t('webUnreachable', 'The gateway did not answer. Reload the page in a moment.'))}
          </p>
        </div>
      )}
      {result?.ok && view && (
        <>
          <p class="lead" data-testid="overview-total">
            {t(
              'webOverviewLead',
              'Sites in the registry: $1, as of $2.',
              f.count(result.stats.total_domains),
              dateTime(result.stats.generated_at),
            )}
          </p>
          {view.missing.length > 0 && (
            <p class="notice" data-testid="stats-missing">
              {t(
                'webStatsMissing',
                'The lookup service behind this gateway does not publish these yet: $1.',
                view.missing.join(', '),
              )}
            </p>
          )}
          <div class="charts">
            {view.charts.map((c) => (
              <ChartView key={c.id} spec={c} f={f} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
