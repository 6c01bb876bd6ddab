/**
 * Every page's frame: a skip link, the header with the two places (look up, overview; the
 * current one marked for screen readers with aria-current), the page's own content in <main>,
 * and a footer saying what leaves the browser.
 */
import type { ComponentChildren } from 'preact';
import { t } from '~~/extension/lib/i18n.js';

export type Place = 'home' | 'overview' | 'site' | 'other';

export function Layout({ place, children }: { place: Place; children: ComponentChildren }) {
  const current = (p: Place) => (place === p ? { 'aria-current': 'page' as const } : {});
  return (
    <>
      <a class="skip" href="#content">
        {t('webSkip', 'Skip to the content')}
      </a>
      <header class="site-head">
        <a class="brand" href="/">
          AI Policy Lens
        </a>
        <nav aria-label={t('webNav', 'Pages')}>
          <ul>
            <li>
              <a href="/" {...current('home')}>
                {t('webNavLookup', 'Look up a site')}
              </a>
            </li>
            <li>
              <a href="/overview" {...current('overview')}>
                {t('webNavOverview', 'The registry at a glance')}
              </a>
            </li>
          </ul>
        </nav>
      </header>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <footer class="site-foot">
        <p>
          {t(
            'webFooter',
            'AI Policy Lens reads what websites publish about AI: robots.txt rules for AI crawlers, llms.txt, ai.txt, TDMRep, content signals and terms of service. Only the domain names you look up are sent to this gateway.',
          )}
        </p>
      </footer>
    </>
  );
}
