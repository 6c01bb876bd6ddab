/** Site facts of the seed's `site` object; unknown values are left out rather than shown as blanks. */
import type { Site } from '~~/shared/schemas.js';

export function SiteFacts({ site }: { site: Site }) {
  const rows: Array<[string, preact.ComponentChildren]> = [];
  if (typeof site.ranklist_rank === 'number') rows.push(['Popularity rank', `#${site.ranklist_rank.toLocaleString('en')}`]);
  if (site.cdn) rows.push(['CDN', site.behind_cdnvendor ? `${site.cdn} (proxied)` : site.cdn]);
  if (site.cms) rows.push(['CMS', site.cms]);
  rows.push(['Paywall', site.has_paywall ? 'Yes' : 'None seen']);
  rows.push([
    'Terms of service',
    site.has_tos && site.tos_url && /^https?:\/\//.test(site.tos_url) ? (
      <a href={site.tos_url} target="_blank" rel="noreferrer noopener">
        Found
      </a>
    ) : site.has_tos ? (
      'Found'
    ) : (
      'None found'
    ),
  ]);
  return (
    <section class="block" aria-labelledby="facts-h">
      <h2 id="facts-h">Site facts</h2>
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
