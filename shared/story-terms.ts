/**
 * What the terms of service say, told to a person (classification.md section 11): apart, what
 * they say of AI use (training, generative AI, text and data mining) and of automated access
 * (robots, scrapers). Terms decide no API value, but terms that forbid or restrict AI use are an
 * AI rule to a person: the headline, the AI training row and the openness sentence say so, with
 * the deciding sentence where the full record carries it. Plain functions, words via say().
 */
import { say } from './say.js';
import type { DomainPolicyFound, FullRecord } from './schemas.js';
import type { TosStance } from './values.js';

export interface TermsReading {
  /** What the terms say of AI use; null when not known (an early answer, a foreign upstream). */
  ai: TosStance | null;
  /** What they say of robots, scrapers and automated access; null when not known. */
  access: TosStance | null;
  /** The deciding sentences and clause numbers, from the full record. */
  aiClause: Clause | null;
  accessClause: Clause | null;
  /** The AI clause speaks of training (or mining, models): "forbid AI training"; else "forbid AI use". */
  topic: 'training' | 'use';
}

export interface Clause {
  excerpt: string;
  /** The heading or number of the clause ("4.2"), when the terms reader found one. */
  section: string | null;
}

const clause = (excerpt: string | null | undefined, section: string | null | undefined): Clause | null =>
  excerpt ? { excerpt, section: section?.trim() || null } : null;

/** Training, mining or models: what most AI clauses forbid and what the spec's words name. */
const TRAINING = /\btrain|\bmining\b|machine[- ]learning|\bmodels?\b|\bdata ?sets?\b|\bTDM\b|entra[iî]n/i;

export function termsReading(p: DomainPolicyFound | null, full?: FullRecord | null): TermsReading {
  const b = p?.basis?.terms ?? full?.basis?.terms;
  const ai = b?.ai ?? full?.tos_ai_stance ?? null;
  const access = b?.automated_access ?? full?.tos_automated_access ?? null;
  const aiClause = clause(full?.tos_excerpt, full?.tos_ai_section);
  return {
    ai,
    access,
    aiClause,
    accessClause: clause(full?.tos_automated_access_excerpt, full?.tos_automated_access_section),
    // Without the sentence (the badge has only the summary) the words name training, the use
    // nearly every AI clause of real terms is about; the sentence, once read, can say otherwise.
    topic: !aiClause || TRAINING.test(aiClause.excerpt) ? 'training' : 'use',
  };
}

/** True when the terms forbid or restrict AI use: an AI rule to a person. */
export const termsLimitAi = (r: TermsReading): boolean => r.ai === 'prohibits' || r.ai === 'restricts';

/** True when the terms forbid or restrict robots and scrapers. */
export const termsLimitAccess = (r: TermsReading): boolean => r.access === 'prohibits' || r.access === 'restricts';

/** "the terms of service forbid AI training" (lower case, for a clause inside a sentence). */
export function termsAiWords(r: TermsReading): string {
  if (r.ai === 'restricts') return r.topic === 'training' ? say('termsRestrictTraining', 'the terms of service restrict AI training') : say('termsRestrictUse', 'the terms of service restrict AI use of the content');
  return r.topic === 'training' ? say('termsForbidTraining', 'the terms of service forbid AI training') : say('termsForbidUse', 'the terms of service forbid AI use of the content');
}

/** Longest excerpt shown in a sentence; the whole one is in the full record. */
const MAX_EXCERPT = 200;

/** "(section 4.2: ‘You may not use…’)" or "(‘You may not…’)"; null without a sentence. */
export function quoted(c: Clause | null): string | null {
  if (!c) return null;
  const text = c.excerpt.replace(/\s+/g, ' ').trim();
  const cut = text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT - 1).trimEnd()}\u2026` : text;
  return c.section ? say('termsQuoteSection', '(section $1: \u2018$2\u2019)', c.section, cut) : say('termsQuote', '(\u2018$1\u2019)', cut);
}

/** "The terms of service forbid using the content to train AI (section 4.2: ‘…’)", no full stop. */
export function termsAiClause(r: TermsReading): string {
  const q = quoted(r.aiClause);
  const what =
    r.ai === 'restricts'
      ? r.topic === 'training'
        ? say('termsRestrictTrainingCap', 'The terms of service allow using the content to train AI only under conditions')
        : say('termsRestrictUseCap', 'The terms of service allow AI use of the content only under conditions')
      : r.topic === 'training'
        ? say('termsForbidTrainingCap', 'The terms of service forbid using the content to train AI')
        : say('termsForbidUseCap', 'The terms of service forbid AI use of the content');
  return q ? say('clauseQuoted', '$1 $2', what, q) : what;
}

/** "The terms of service forbid using the content to train AI (section 4.2: ‘…’)." */
export const termsAiSentence = (r: TermsReading): string => say('sentence', '$1.', termsAiClause(r));

/** "The terms forbid robots and scrapers; they do not mention AI (‘…’)." */
export function termsAccessSentence(r: TermsReading): string {
  const q = quoted(r.accessClause);
  const forbid = r.access === 'restricts' ? say('termsRestrictRobots', 'The terms restrict robots and scrapers') : say('termsForbidRobots', 'The terms forbid robots and scrapers');
  const what = r.ai === 'silent' ? say('termsNoAiMention', '$1; they do not mention AI', forbid) : forbid;
  return say('sentence', '$1.', q ? say('clauseQuoted', '$1 $2', what, q) : what);
}
