/** Site facts as the reading tells them (shared/reading/read-site.ts factRows): a fact of a page never read is "Not known". */
import type { FactRow } from '~~/shared/reading/read-site.js';
import { t } from '../lib/i18n.js';

export function SiteFacts({ rows }: { rows: FactRow[] }) {
  return (
    <section class="block" aria-labelledby="facts-h">
      <h2 id="facts-h">{t('factsHeading', 'Site facts')}</h2>
      <dl class="facts" data-testid="facts">
        {rows.map((r) => (
          <div key={r.key} class="fact">
            <dt>{r.label}</dt>
            <dd>
              {r.href ? (
                <a href={r.href} target="_blank" rel="noreferrer noopener">
                  {r.text}
                </a>
              ) : (
                r.text
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
