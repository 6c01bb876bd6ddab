/**
 * The terms reader on real terms of service (test/fixtures/terms, 94 texts in English, French,
 * German and Spanish, each labelled by reading its clauses; labels.json records the source,
 * commit and licence of each). The texts are read as HTML, as the crawler gets them. Prints the
 * confusion matrix of each fact; a disagreement names the text and the clause that decided.
 * Goals (issue "Terms of service read like a careful clerk"): no text whose terms ban only
 * scraping is read as banning AI, and at least 90 % agreement over both facts.
 */
import { describe, expect, it } from 'vitest';
import { readTerms } from '../../../../proxy/analysis/site/tos.js';
import { TOS_STANCES, type TosStance } from '../../../../shared/values.js';
import { response } from '../helpers/evidence-builder.js';
import { termsHtml, termsSet, type TermsText } from '../helpers/terms-set.js';

type Fact = 'ai' | 'automated_access';
interface Row {
  text: TermsText;
  got: Record<Fact, { stance: TosStance; excerpt: string | null; section: string | null }>;
}

const set = termsSet();
const rows: Row[] = set.texts.map((text) => {
  const r = readTerms(response(termsHtml(text), { contentType: 'text/html' }));
  return { text, got: { ai: r.ai, automated_access: r.automatedAccess } };
});

/** The matrix as a table: rows are the labels, columns what the reader said. */
function matrix(fact: Fact, of: readonly Row[]): string {
  const used = TOS_STANCES.filter((s) => of.some((r) => r.text.labels[fact] === s || r.got[fact].stance === s));
  const count = (label: TosStance, got: TosStance) =>
    of.filter((r) => r.text.labels[fact] === label && r.got[fact].stance === got).length;
  const w = 11;
  const head = `${'label \\ read'.padEnd(w + 2)}${used.map((s) => s.padStart(w)).join('')}`;
  const lines = used
    .filter((l) => of.some((r) => r.text.labels[fact] === l))
    .map((l) => `${l.padEnd(w + 2)}${used.map((g) => String(count(l, g)).padStart(w)).join('')}`);
  const agree = of.filter((r) => r.text.labels[fact] === r.got[fact].stance).length;
  return [`${fact}: ${agree}/${of.length} agree`, head, ...lines].join('\n');
}

const disagreement = (r: Row, fact: Fact): string =>
  `${r.text.id} (${r.text.lang}) ${fact}: labelled ${r.text.labels[fact]}, read ${r.got[fact].stance}` +
  (r.got[fact].excerpt
    ? ` — decided by [${r.got[fact].section ?? 'no section'}] "${r.got[fact].excerpt}"`
    : ' — no clause decided') +
  (r.text.evidence[fact] ? `; the label rests on ${r.text.evidence[fact]}` : '');

describe('the labelled terms set', () => {
  it('is real, sourced, labelled, and covers the kinds of terms and languages the issue names', () => {
    expect(set.labelledBy).toBe('labelled by the developer reading the clause');
    expect(set.texts.length).toBeGreaterThanOrEqual(60);
    for (const t of set.texts) {
      expect(t.source.url, t.id).toMatch(/^https:\/\/github\.com\/.+\/blob\/[0-9a-f]{40}\//);
      expect(t.licence, t.id).toMatch(/^(?:ODC-BY-1\.0|MIT)$/);
      expect(TOS_STANCES, t.id).toContain(t.labels.ai);
      expect(TOS_STANCES, t.id).toContain(t.labels.automated_access);
    }
    const has = (f: (t: TermsText) => boolean) => set.texts.filter(f).length;
    expect(has((t) => t.labels.ai === 'prohibits' || t.labels.ai === 'restricts')).toBeGreaterThanOrEqual(10);
    expect(
      has(
        (t) =>
          t.labels.ai === 'silent' &&
          (t.labels.automated_access === 'prohibits' || t.labels.automated_access === 'restricts'),
      ),
    ).toBeGreaterThanOrEqual(20);
    expect(has((t) => t.labels.ai === 'silent' && t.labels.automated_access === 'silent')).toBeGreaterThanOrEqual(10);
    expect(has((t) => t.labels.ai === 'permits' || t.labels.automated_access === 'permits')).toBeGreaterThanOrEqual(3);
    for (const lang of ['fr', 'de', 'es'] as const)
      expect(
        has((t) => t.lang === lang),
        lang,
      ).toBeGreaterThanOrEqual(8);
  });

  it('reads them: the confusion matrix of each fact, at least 90 % agreement', () => {
    const part = (split: TermsText['split'], name: string) => {
      const of = rows.filter((r) => r.text.split === split);
      return `${name} (${of.length} texts): ${matrix('ai', of).split('\n')[0]}; ${matrix('automated_access', of).split('\n')[0]}`;
    };
    console.log(
      [
        '',
        matrix('ai', rows),
        '',
        matrix('automated_access', rows),
        '',
        part('held-out', 'held-out part'),
        part('fresh', 'fresh part, never tuned on'),
      ].join('\n'),
    );
    const wrong = rows.flatMap((r) =>
      (['ai', 'automated_access'] as const)
        .filter((f) => r.got[f].stance !== r.text.labels[f])
        .map((f) => disagreement(r, f)),
    );
    const agreement = 1 - wrong.length / (rows.length * 2);
    expect(
      agreement,
      `agreement ${(agreement * 100).toFixed(1)} %; disagreements:\n${wrong.join('\n')}`,
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('never reads terms that ban only scraping or robots as a ban on AI', () => {
    const scrapingOnly = rows.filter(
      (r) =>
        r.text.labels.ai === 'silent' &&
        (r.text.labels.automated_access === 'prohibits' || r.text.labels.automated_access === 'restricts'),
    );
    const called = scrapingOnly.filter((r) => r.got.ai.stance === 'prohibits' || r.got.ai.stance === 'restricts');
    expect(called.map((r) => disagreement(r, 'ai'))).toEqual([]);
  });
});
