/**
 * What the terms of service say, told to a person (docs/policy.md section 11): apart, what
 * they say of AI use (training, generative AI, text and data mining) and of automated access
 * (robots, scrapers). Terms decide no API value, but terms that forbid or restrict AI use are an
 * AI rule to a person: the headline, the AI training row and the openness sentence say so, with
 * the deciding sentence where the full record carries it. Plain functions, words via say().
 */
import { say } from '../say.js';
import type { DomainPolicyFound, FullRecord } from '../schemas.js';
import type { TosStance } from '../values.js';

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
  /**
   * Whether the terms name AI anywhere (the terms reader's `names_ai`, docs/policy.md section 12),
   * null when the record does not say.
   */
  namesAi: boolean | null;
  /** Where they first name AI, from the full record. */
  mention: Clause | null;
}

export interface Clause {
  excerpt: string;
  /** The heading or number of the clause ("4.2"), when the terms reader found one. */
  section: string | null;
}

const clause = (excerpt: string | null | undefined, section: string | null | undefined): Clause | null =>
  excerpt ? { excerpt, section: section?.trim() || null } : null;

/** Training, mining or models: what most AI clauses forbid and what the spec's words name. */
const TRAINING =
  /\btrain|\bmining\b|machine[- ]learning|\bmodels?\b|\bdata ?sets?\b|\bTDM\b|entra[iî]n|Article 4\(3\)|2019\/790/i;

export function termsReading(p: DomainPolicyFound | null, full?: FullRecord | null): TermsReading {
  const b = p?.basis?.terms ?? full?.basis?.terms;
  const ai = b?.ai ?? full?.tos_ai_stance ?? null;
  const access = b?.automated_access ?? full?.tos_automated_access ?? null;
  const aiClause = clause(full?.tos_excerpt, full?.tos_ai_section);
  // Where the terms name AI (optional: records made before it lack both).
  const mention = clause(full?.tos_ai_mention, full?.tos_ai_mention_section);
  return {
    namesAi: b?.names_ai ?? (mention ? true : null),
    mention,
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
  if (r.ai === 'restricts')
    return r.topic === 'training'
      ? say('termsRestrictTraining', 'the terms of service restrict AI training')
      : say('termsRestrictUse', 'the terms of service restrict AI use of the content');
  return r.topic === 'training'
    ? say('termsForbidTraining', 'the terms of service forbid AI training')
    : say('termsForbidUse', 'the terms of service forbid AI use of the content');
}

/** Longest excerpt shown in a sentence; the whole one is in the full record (Details). */
const MAX_EXCERPT = 240;

/** Words that make a clause about AI use, then about robots: a long sentence is shown around the first of them. */
const AI_WORDS =
  /artificial intelligence|\bAI\b|machine[- ]learning|\btrain|\bTDM\b|text and data mining|language model|Article 4/i;
const ACCESS_WORDS = /\brobots?\b|\bspiders?\b|\bscrap|\bcrawl|automated|data mining/i;

/** The sentence, cut to MAX_EXCERPT around the words that decided it, at word ends, with "…" where cut. */
function excerptOf(text: string, key: RegExp): string {
  if (text.length <= MAX_EXCERPT) return text;
  const at = Math.max(0, text.search(key));
  let from = Math.max(0, Math.min(at - MAX_EXCERPT / 3, text.length - MAX_EXCERPT));
  let to = Math.min(text.length, from + MAX_EXCERPT);
  if (from > 0) from = text.indexOf(' ', from) + 1;
  if (to < text.length) to = text.lastIndexOf(' ', to);
  return `${from > 0 ? '\u2026' : ''}${text.slice(from, to).trim()}${to < text.length ? '\u2026' : ''}`;
}

/** "(section 4.2: ‘You may not use…’)" or "(‘You may not…’)"; null without a sentence. */
export function quoted(c: Clause | null, about: 'ai' | 'access' = 'ai'): string | null {
  if (!c) return null;
  const cut = excerptOf(c.excerpt.replace(/\s+/g, ' ').trim(), about === 'ai' ? AI_WORDS : ACCESS_WORDS);
  // The document's own title ("Terms of Use") says nothing of where the clause is.
  const section =
    c.section && !/terms of (use|service)|terms and conditions|conditions of use|^terms$/i.test(c.section)
      ? c.section.replace(/^§\s*/, '')
      : null;
  if (!section) return say('termsQuote', '(\u2018$1\u2019)', cut);
  // A number ("4.2", "§ 7", "IV", "12(b)") is a section; other words are the clause's heading.
  return /^(\d+|[IVXLC]+)(\.\d+)*(\s*\([a-z0-9]+\))*\.?$/.test(section)
    ? say('termsQuoteSection', '(section $1: \u2018$2\u2019)', section, cut)
    : say('termsQuoteHeading', '(under \u201c$1\u201d: \u2018$2\u2019)', section, cut);
}

/** "The terms of service forbid using the content to train AI (section 4.2: ‘…’)", no full stop. */
export function termsAiClause(r: TermsReading): string {
  const q = quoted(r.aiClause);
  const what =
    r.ai === 'restricts'
      ? r.topic === 'training'
        ? say(
            'termsRestrictTrainingCap',
            'The terms of service allow using the content to train AI only under conditions',
          )
        : say('termsRestrictUseCap', 'The terms of service allow AI use of the content only under conditions')
      : r.topic === 'training'
        ? say('termsForbidTrainingCap', 'The terms of service forbid using the content to train AI')
        : say('termsForbidUseCap', 'The terms of service forbid AI use of the content');
  return q ? say('clauseQuoted', '$1 $2', what, q) : what;
}

/** "The terms of service forbid using the content to train AI (section 4.2: ‘…’)." */
export const termsAiSentence = (r: TermsReading): string => say('sentence', '$1.', termsAiClause(r));

/**
 * What terms silent on AI use say of AI, as a predicate (docs/policy.md section 16): "mention AI
 * (section 5: ‘…’) but do not restrict using the content for it" when the terms reader found a
 * mention; otherwise "say nothing about using the content for AI", which holds whether or not a
 * word for AI escaped the reader's lexicon (a claim about the whole document, "they do not
 * mention AI", is never made: one missed word would make it untrue).
 */
export function termsAiSilence(r: TermsReading): string {
  if (r.namesAi === true) {
    const q = quoted(r.mention);
    return q
      ? say('termsMentionAiQuoted', 'mention AI $1 but do not restrict using the content for it', q)
      : say('termsMentionAi', 'mention AI but do not restrict using the content for it');
  }
  return say('termsNothingOnAiUse', 'say nothing about using the content for AI');
}

/** "The terms forbid robots and scrapers (‘…’); they say nothing about using the content for AI." */
export function termsAccessSentence(r: TermsReading): string {
  const q = quoted(r.accessClause, 'access');
  const forbid =
    r.access === 'restricts'
      ? say('termsRestrictRobots', 'The terms restrict robots and scrapers')
      : say('termsForbidRobots', 'The terms forbid robots and scrapers');
  const said = q ? say('clauseQuoted', '$1 $2', forbid, q) : forbid;
  return say('sentence', '$1.', r.ai === 'silent' ? say('termsAndThey', '$1; they $2', said, termsAiSilence(r)) : said);
}

/** "The terms of service say nothing about using the content for AI." and its kin: terms silent on AI use beside robots.txt rules. */
export const termsSilentSentence = (r: TermsReading): string =>
  say('termsOfServiceSay', 'The terms of service $1.', termsAiSilence(r));
