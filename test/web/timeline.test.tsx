import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '../../shared/schemas.js';
import { BADGE_VIEW } from '../../shared/labels.js';
import { stretches, Timeline } from '../../web/src/timeline.js';

afterEach(cleanup);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1);
const entry = (
  day: number,
  stance: HistoryResponse['entries'][number]['stance'],
  detail: HistoryResponse['entries'][number]['detail'],
) => ({
  audit_id: `a${day}`,
  crawled_at: new Date(T0 + day * DAY).toISOString(),
  stance,
  detail,
  score: 50,
  use_cases: { training: 'allowed', search: 'allowed', inference: 'allowed' } as const,
  bots_blocked: [],
  changes: [],
});
// Newest first, as the gateway sends it.
const history: HistoryResponse = {
  domain: 'a.test',
  crawls: 5,
  entries: [
    entry(30, 'blocks_training', 'blocks_training'),
    entry(10, 'no_policy', 'robots_blocked'),
    entry(0, 'no_policy', 'no_ai_rules'),
  ],
};

describe('Timeline', () => {
  it('holds each stance from its check to the next, the last until now, oldest first; an unread robots.txt is unknown', () => {
    expect(stretches(history, T0 + 40 * DAY)).toEqual([
      { state: 'no_policy', fromMs: T0, toMs: T0 + 10 * DAY },
      { state: 'unknown', fromMs: T0 + 10 * DAY, toMs: T0 + 30 * DAY },
      { state: 'blocks_training', fromMs: T0 + 30 * DAY, toMs: T0 + 40 * DAY },
    ]);
  });

  it('draws each stretch with its badge text and colour, in proportion, hidden from screen readers', () => {
    const { getByTestId } = render(<Timeline history={history} now={T0 + 40 * DAY} locale="en-GB" />);
    const bar = getByTestId('timeline');
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    const parts = [...bar.querySelectorAll<HTMLElement>('.timeline-stretch')];
    expect(parts.map((p) => p.textContent)).toEqual([BADGE_VIEW.no_policy.text, '?', BADGE_VIEW.blocks_training.text]);
    expect(parts.map((p) => Number(p.style.flexGrow))).toEqual([0.25, 0.5, 0.25]);
    expect(parts[2]!.title).toBe('blocks AI training from 31 Oct 2026');
    expect(bar.querySelector('.timeline-scale')!.textContent).toBe('1 Oct 2026now');
  });

  it('draws nothing without entries', () => {
    const { container } = render(<Timeline history={{ domain: 'a.test', crawls: 0, entries: [] }} />);
    expect(container.innerHTML).toBe('');
  });
});
