/**
 * The labelled terms set (test/fixtures/terms): real terms of service with what they say of AI
 * use and of automated access, labelled by reading each clause (labels.json says who labelled,
 * the source, its commit and licence). Loaded for the unit suite and the benchmark.
 */
import { readFileSync } from 'node:fs';
import type { TosStance } from '../../../../shared/values.js';
import { markdownToHtml } from './markdown-html.js';

export interface TermsText {
  id: string;
  lang: 'en' | 'fr' | 'de' | 'es';
  file: string;
  source: { repository: string; path: string; commit: string; url: string };
  licence: string;
  attribution: string;
  labels: { ai: TosStance; automated_access: TosStance };
  evidence: { ai: string | null; automated_access: string | null };
  /** development: the reader was tuned on it; held-out: run after that, then fixed; fresh: labelled and run last, never tuned on. */
  split: 'development' | 'held-out' | 'fresh';
}

const DIR = new URL('../../../fixtures/terms/', import.meta.url);

export function termsSet(): { labelledBy: string; texts: TermsText[] } {
  const raw = JSON.parse(readFileSync(new URL('labels.json', DIR), 'utf8')) as {
    labelled_by: string;
    texts: TermsText[];
  };
  return { labelledBy: raw.labelled_by, texts: raw.texts };
}

/** A text of the set as the crawler would get it: the HTML its markdown record was made from. */
export function termsHtml(t: TermsText): string {
  return markdownToHtml(readFileSync(new URL(t.file, DIR), 'utf8'));
}
