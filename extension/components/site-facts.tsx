/** Site facts of the seed's `site` object; unknown values are left out rather than shown as blanks. */
import type { Site } from '~~/shared/schemas.js';
import { t } from '../lib/i18n.js';

/** `termsNotRead`: the terms row's words when they were not read (lib/view-model.ts), else null. */
export function SiteFacts({ site, termsNotRead }: { site: Site; termsNotRead: string | null }) {
  const rows: Array<[string, preact.ComponentChildren]> = [];
  if (typeof site.ranklist_rank === 'number')
    rows.push([t('factRank', 'Popularity rank'), `#${site.ranklist_rank.toLocaleString()}`]);
  if (site.cdn)
    rows.push([t('factCdn', 'CDN'), site.behind_cdnvendor ? t('factCdnProxied', '$1 (proxied)', site.cdn) : site.cdn]);
  if (site.cms) rows.push([t('factCms', 'CMS'), site.cms]);
  rows.push([t('factPaywall', 'Paywall'), site.has_paywall ? t('yes', 'Yes') : t('factNoneSeen', 'None seen')]);
  rows.push([
    t('factTerms', 'Terms of service'),
    site.has_tos && site.tos_url && /^https?:\/\//.test(site.tos_url) ? (
      <a href={site.tos_url} target="_blank" rel="noreferrer noopener">
        {t('found', 'Found')}
      </a>
    ) : (
      (termsNotRead ?? t('found', 'Found'))
    ),
  ]);
  return (
    <section class="block" aria-labelledby="facts-h">
      <h2 id="facts-h">{t('factsHeading', 'Site facts')}</h2>
      <dl class="facts" data-testid="facts">
        {rows.map(([k, v]) => (
          <div key={k} class="fact">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
