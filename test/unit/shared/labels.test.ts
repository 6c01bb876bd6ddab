import { describe, expect, it } from 'vitest';
import {
  BADGE_VIEW,
  COMPLETENESS_LABELS,
  CONFLICT_LABELS,
  DETAIL_LABELS,
  PURPOSE_LABELS,
  SIGNAL_LABELS,
  STANCE_LABELS,
  STANDARD_LABELS,
  TOS_STANCE_LABELS,
  USE_CASE_LABELS,
  VERDICT_LABELS,
  WARNING_LABELS,
  badgeTitle,
  type Label,
} from '../../../shared/labels.js';

/** WCAG 2.2 relative luminance and contrast ratio (SC 1.4.3 definitions). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('labels', () => {
  it.each(
    Object.entries({
      STANCE_LABELS,
      DETAIL_LABELS,
      VERDICT_LABELS,
      CONFLICT_LABELS,
      WARNING_LABELS,
      SIGNAL_LABELS,
      STANDARD_LABELS,
      TOS_STANCE_LABELS,
      USE_CASE_LABELS,
      PURPOSE_LABELS,
      COMPLETENESS_LABELS,
    }),
  )('%s: every entry has a label and one sentence', (_name, table) => {
    for (const l of Object.values(table as Record<string, Label>)) {
      expect(l.label.length).toBeGreaterThan(0);
      expect(l.explanation).toMatch(/^[A-Za-z(].*\.$/);
    }
  });

  it('names blocks_training as people say it', () => {
    expect(STANCE_LABELS.blocks_training.label).toBe('Blocks AI training');
  });

  it('unknown terms were not read, which is not the same as none found: the page may never have been looked for', () => {
    expect({ ...TOS_STANCE_LABELS.unknown }).toEqual({
      label: 'Terms not read',
      explanation: 'No terms of service page was found, or it could not be read.',
    });
  });
});

describe('badge view', () => {
  it.each(Object.entries(BADGE_VIEW))(
    '%s: text of 1-3 characters (the toolbar clips more), contrast at least 4.5:1',
    (_s, v) => {
      expect(v.text.length).toBeGreaterThanOrEqual(1);
      expect(v.text.length).toBeLessThanOrEqual(3);
      // Narrow characters only: M and W are the widest; "Mix" fits (test/e2e/screenshots/toolbar-chromium.png).
      expect(v.text.replace(/[^MW]/g, '').length).toBeLessThanOrEqual(1);
      expect(v.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(v.color, v.textColor)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('distinguishes every state by text, not only colour', () => {
    const texts = Object.values(BADGE_VIEW).map((v) => v.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('builds the screen-reader title', () => {
    expect(badgeTitle('example.com', 'blocks_training')).toBe('AI policy of example.com: blocks AI training');
    expect(badgeTitle('news.test', 'allows_all')).toBe('AI policy of news.test: explicitly allows AI');
    expect(badgeTitle('news.test', 'unknown', 'unknown: robots.txt could not be read (timed out)')).toBe(
      'AI policy of news.test: unknown: robots.txt could not be read (timed out)',
    );
  });

  it('contrast helper is right on known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
