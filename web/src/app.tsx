/** The page for the address: the lookup page, a site's page or the overview (loaded on demand: its charts are the heavy part). */
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '~~/extension/lib/i18n.js';
import { HomePage } from './home-page.js';
import { Layout } from './layout.js';
import { routeOf } from './routes.js';
import { SitePage } from './site-page.js';

/** The overview's module, fetched when that page is opened (a dynamic import: no preact/compat for lazy()). */
function Overview() {
  const [Page, setPage] = useState<FunctionComponent | null>(null);
  useEffect(() => void import('./overview/overview-page.js').then((m) => setPage(() => m.OverviewPage)), []);
  return Page ? <Page /> : <p role="status">{t('loading', 'Loading\u2026')}</p>;
}

export function App({ location }: { location: Pick<Location, 'pathname'> }) {
  const route = routeOf(location.pathname);
  useEffect(() => {
    if (route.page === 'home') document.title = 'AI Policy Lens';
    else if (route.page === 'overview')
      document.title = t('webOverviewTitle', 'The registry at a glance \u2013 AI Policy Lens');
  }, [route.page]);
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'site':
      return <SitePage domain={route.domain} />;
    case 'overview':
      return (
        <Layout place="overview">
          <Overview />
        </Layout>
      );
    case 'bad-domain':
      return (
        <Layout place="other">
          <h1>{t('webBadDomainTitle', 'Not a domain name')}</h1>
          <p data-testid="bad-domain">
            {t(
              'webBadDomain',
              '\u201c$1\u201d is not a domain name that can have an AI policy. Try a name such as example.com.',
              route.input.slice(0, 100),
            )}
          </p>
          <p>
            <a href="/">{t('webNavLookup', 'Look up a site')}</a>
          </p>
        </Layout>
      );
    default:
      return (
        <Layout place="other">
          <h1>{t('webNotFoundTitle', 'No such page')}</h1>
          <p>
            <a href="/">{t('webNavLookup', 'Look up a site')}</a>
          </p>
        </Layout>
      );
  }
}
