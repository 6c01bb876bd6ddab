/** The domain as people write it, and the headline: the badge repeated with its colour, in words. */
import type { BadgeView } from '~~/shared/labels.js';
import type { Headline } from '~~/shared/reading/story.js';
import type { Host } from '../lib/view-model.js';

export function PolicyHeader({ host, headline, badge }: { host: Host; headline?: Headline; badge?: BadgeView }) {
  return (
    <header class="head">
      <h1 class="domain" data-testid="domain">
        {host.display}
      </h1>
      {headline && badge && (
        <>
          <p class="stance">
            <span class="pill" style={{ background: badge.color, color: badge.textColor }} aria-hidden="true">
              {badge.text}
            </span>
            <strong data-testid="stance">{headline.label}</strong>
          </p>
          <p class="explain" data-testid="headline">
            {headline.explanation}
          </p>
        </>
      )}
    </header>
  );
}
