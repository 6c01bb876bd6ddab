/**
 * The use cases in words, for the sentences of explanations and findings (conflicts.ts,
 * explain.ts, explain-stance.ts). A leaf: the decision's findings name a use with these
 * without depending on how verdicts are explained.
 */
import type { UseCase } from '../../../shared/values.js';

/** The use cases in words (section 9: search is listing and linking pages, answers use content to generate them). */
export const USE_WORDS: Readonly<Record<UseCase, string>> = {
  training: 'AI training',
  search: 'AI search (listing and linking pages)',
  inference: 'AI answers (using pages to generate answers)',
};
export const SHORT: Readonly<Record<UseCase, string>> = {
  training: 'AI training',
  search: 'AI search',
  inference: 'AI answers',
};
