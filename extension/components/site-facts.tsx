/** Site facts of the seed's `site` object; unknown values are left out rather than shown as blanks. */
import type { Basis, Site } from '~~/shared/schemas.js';
import { t } from '../lib/i18n.js';

export function SiteFacts({ site, basis }: { site: Site; basis?: Basis | undefined }) {
  // The last row (the terms) may take the whole width: its words are longer than a yes or no.
  const rows: Array<[string, preact.ComponentChildren, wide?: true]> = [];
  if (typeof site.ranklist_rank === 'number') rows.push([t('factRank', 'Popularity rank'), `#${site.ranklist_rank.toLocaleString()}`]);
  if (site.cdn) rows.push([t('factCdn', 'CDN'), site.behind_cdnvendor ? t('factCdnProxied', '$1 (proxied)', site.cdn) : site.cdn]);
  if (site.cms) rows.push([t('factCms', 'CMS'), site.cms]);
  rows.push([t('factPaywall', 'Paywall'), site.has_paywall ? t('yes', 'Yes') : t('factNoneSeen', 'None seen')]);
  rows.push([
    t('factTerms', 'Terms of service'),
    site.has_tos && site.tos_url && /^https?:\/\//.test(site.tos_url) ? (
      <a href={site.tos_url} target="_blank" rel="noreferrer noopener">
        {t('found', 'Found')}
      </a>
    ) : site.has_tos ? (
      t('found', 'Found')
    ) : (
      termsNotRead(site, basis)
    ),
    true,
  ]);
  return (
    <section class="block" aria-labelledby="facts-h">
      <h2 id="facts-h">{t('factsHeading', 'Site facts')}</h2>
      <dl class="facts" data-testid="facts">
        {rows.map(([k, v, wide]) => (
          <div key={k} class={wide ? 'fact wide' : 'fact'}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Terms that were not read: never "none found" when they are still on their way or were not
 * looked for (robots.txt answered 429, a server error or nothing, so the homepage, where the
 * link would be, was not requested: RFC 9309 2.3.1.4).
 */
function termsNotRead(site: Site, basis: Basis | undefined): preact.ComponentChildren {
  if (basis?.terms_pending) return t('termsBeingRead', 'Being read\u2026');
  if (site.tos_url) return t('termsLinkedNotRead', 'Linked, not read');
  const robots = basis?.robots_txt;
  if (robots && (robots.status === 'error' || robots.status === 'unreachable' || robots.problem === 'rate_limited')) {
    return <span title={t('termsNotLookedForInfo', 'The homepage, where a link to them would be, was not requested: robots.txt could not be read.')}>{t('termsNotLookedFor', 'Not looked for')}</span>;
  }
  return t('noneFound', 'None found');
}
