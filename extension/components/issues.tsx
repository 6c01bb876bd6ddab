/** Conflicts between sources, notes (terms silent on AI) and warnings, each in a sentence. */
import type { Issue } from '~~/shared/reading/read-full.js';
import { t } from '../lib/i18n.js';

const prefix = (kind: Issue['kind']): string =>
  kind === 'conflict' ? t('conflict', 'Conflict') : kind === 'note' ? t('note', 'Note') : t('warning', 'Warning');

export function Issues({ issues }: { issues: Issue[] }) {
  if (issues.length === 0) return null;
  const conflicts = issues.some((i) => i.kind === 'conflict');
  return (
    <section class="block" aria-labelledby="issues-h">
      <h2 id="issues-h">
        {conflicts ? t('issuesHeadingConflicts', 'Conflicts and notes') : t('issuesHeading', 'Notes')}
      </h2>
      <ul class="issues" data-testid="issues">
        {issues.map((i) => (
          <li key={`${i.kind}:${i.label}`} class={`issue ${i.kind}`}>
            {i.kind === 'note' ? (
              i.explanation
            ) : (
              <>
                <strong>
                  {prefix(i.kind)}: {i.label}.
                </strong>{' '}
                {i.explanation}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
