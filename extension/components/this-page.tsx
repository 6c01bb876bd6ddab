/** "This page": the uses the page in the address bar is treated differently for than the site as a whole. */
import { USE_CASE_LABELS } from '~~/shared/labels.js';
import type { PageReading } from '../lib/page-reading.js';
import { VerdictIcon } from './icons.js';
import { t } from '../lib/i18n.js';

export function ThisPage({ page }: { page: PageReading }) {
  return (
    <section class="this-page" aria-labelledby="this-page-h" data-testid="this-page">
      <h2 id="this-page-h">{t('thisPage', 'This page')}</h2>
      <ul class="verdicts" aria-label={t('thisPageVerdicts', 'Verdict for this page')}>
        {page.differs.map((d) => (
          <li key={d.use} class={`verdict verdict-${d.tone}`}>
            <VerdictIcon tone={d.tone} />
            <span class="verdict-use">{USE_CASE_LABELS[d.use].label}</span>
            <span class="verdict-value" data-testid={`page-verdict-${d.use}`}>
              {d.words}
            </span>
            {d.because && <span class="verdict-why">{d.because}</span>}
          </li>
        ))}
      </ul>
      <h2>{t('siteAsAWhole', 'The site as a whole')}</h2>
    </section>
  );
}
