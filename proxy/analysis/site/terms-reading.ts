/**
 * What one clause of the terms says, read as a careful clerk would (docs/policy.md section
 * 11): of AI use (training or improving AI models, generative AI, text and data mining, an
 * Article 4 reservation) and of automated access (robots, spiders, scrapers, crawlers), apart.
 * A clause is read with its lead-in ("You agree not to:"). A ban is `prohibits`; a ban with a
 * way to permission, a licence, a carve-out for search engines, or limited to some content or
 * purposes is `restricts`; an express permission is `permits`. Harvesting users' data, creating
 * accounts by script, faking views, the operator's own AI features: not what these facts are about.
 */
import type { TosStance } from '../../../shared/values.js';
import type { Clause } from './terms-clauses.js';
import {
  ACCESS,
  ACKNOWLEDGE,
  AI_PURPOSE,
  aiSubjectAt,
  ALLOW,
  CARVE_OUT,
  CHANGE_LOG,
  COMPETING_PRODUCT,
  FORBID,
  LONG_QUOTE,
  MANNER,
  mask,
  NO_ROUTE,
  NOT_ACCESS,
  operatorSpeaks,
  OTHERS_BOUND,
  plainQuotes,
  PURPOSE,
  RESERVE,
  ROUTE,
  SCOPED_AI,
  TRIGGER,
  USER_OPT_OUT,
  USERS_OWN,
  YOU_NOT,
} from './terms-words.js';

export interface ClauseReading {
  /** What the clause says of AI use, null when it says nothing of it. */
  ai: TosStance | null;
  /** Where the AI subject starts in the clause's text. */
  aiAt: number;
  access: TosStance | null;
  accessAt: number;
  /**
   * The clause only sets the manner of automated access (follow robots.txt, keep to rate
   * limits, do not circumvent blocks): beside an express permission it is that permission's
   * condition, alone it restricts.
   */
  mannerOnly: boolean;
}

function readAi(
  s: string,
  aiAt: number,
  lead: string,
  forbid: boolean,
  route: boolean,
  allow: boolean,
): TosStance | null {
  const reserved = RESERVE.test(s.replace(USER_OPT_OUT, (m) => ' '.repeat(m.length)));
  // The operator's own AI (training on users' content, licences granted to it) binds no one else.
  if (
    !reserved &&
    (operatorSpeaks(s) || (lead !== '' && operatorSpeaks(lead))) &&
    (!OTHERS_BOUND.test(s) || (operatorSpeaks(s) && USERS_OWN.test(s)))
  )
    return null;
  if (forbid || reserved)
    return route || (forbid && allow) || SCOPED_AI.test(`${lead} ${s}`) || COMPETING_PRODUCT.test(s.slice(aiAt))
      ? 'restricts'
      : 'prohibits';
  if (route) return 'restricts';
  return allow ? 'permits' : null;
}

const PURPOSE_WORD = /\b(?:to|for|in|into|as|pour|aux|dans|zum|zur|für|para|en)\b/i;
const NOT_CONSENT = /\b(?:do|does) not (?:consent|agree)\b/gi;

/**
 * Scraping banned only as the way to AI ("scrape content to train AI models", "mine NoAI content
 * in datasets for generative AI"), not scraping as such: the AI use is the ban's object, in the
 * same member of the sentence, joined by a purpose ("to", "for", "in") and not by ", or".
 */
function forAiOnly(s: string, accessAt: number, aiAt: number): boolean {
  if (aiAt < 0) return false;
  if (AI_PURPOSE.test(s)) return true;
  if (aiAt < accessAt) return false;
  const between = s.slice(accessAt, aiAt);
  // "scrape … in datasets for AI" is a purpose; "harvesting and text mining", "…, or as input to AI" are two things.
  return PURPOSE_WORD.test(between) && !/,\s*or\b|;|\)\s*,/.test(between);
}

/** What `c` says of AI use and of automated access; null when it speaks of neither. */
export function readClause(c: Clause): ClauseReading | null {
  const s = mask(plainQuotes(c.text), [LONG_QUOTE]);
  if (!TRIGGER.test(s) || CHANGE_LOG.test(s)) return null;
  // "You acknowledge that third parties may scrape…" states a risk, not a rule.
  if (ACKNOWLEDGE.test(s) && !YOU_NOT.test(s)) return null;
  const lead = plainQuotes(c.leadIn);
  const whole = lead === '' ? s : `${lead} ${s}`;
  const aiAt = aiSubjectAt(s);
  const accessAt = mask(s, NOT_ACCESS).search(ACCESS);
  if (aiAt < 0 && accessAt < 0) return null;

  // "Users do not consent to…" states a choice, not a ban.
  const forbid = FORBID.test(whole.replace(NOT_CONSENT, ''));
  const route = ROUTE.test(whole.replace(NO_ROUTE, (m) => ' '.repeat(m.length)));
  const allow = ALLOW.test(s);
  // Without a ban, a permission may be stated in the lead-in ("You may use the content in the following ways:").
  const allowed = allow || (!forbid && lead !== '' && ALLOW.test(lead));
  const ai = aiAt >= 0 ? readAi(s, aiAt, lead, forbid, route, forbid ? allow : allowed) : null;

  let access: TosStance | null = null;
  let mannerOnly = false;
  if (accessAt >= 0) {
    const manner = MANNER.test(s);
    if (forbid) {
      // A ban lifted for search engines, for some purposes or content only, or only for scraping that feeds AI.
      const limited =
        route ||
        allow ||
        CARVE_OUT.test(whole) ||
        PURPOSE.test(s) ||
        SCOPED_AI.test(whole) ||
        forAiOnly(s, accessAt, aiAt);
      access = limited || manner ? 'restricts' : 'prohibits';
      mannerOnly = manner && !limited;
    } else if (route) access = 'restricts';
    else if (allowed) access = 'permits';
  }
  return { ai, aiAt, access, accessAt, mannerOnly };
}
