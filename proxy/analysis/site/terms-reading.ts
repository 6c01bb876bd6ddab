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
  REPLICA,
  RESERVE,
  ROUTE,
  SCOPED_AI,
  HELD_OUT_TRAINING,
  TRIGGER,
  USER_OPT_OUT,
  USERS_OWN,
  RULE_STATED,
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
  if (YOUR_DATA_USED.test(s.slice(Math.max(0, aiAt - 120), aiAt))) return null;
  if (
    !reserved &&
    (operatorSpeaks(s) || (lead !== '' && operatorSpeaks(lead))) &&
    (!OTHERS_BOUND.test(s) || (operatorSpeaks(s) && USERS_OWN.test(s)))
  )
    return null;
  if (forbid || reserved)
    return route ||
      (forbid && allow) ||
      SCOPED_AI.test(`${lead} ${s}`) ||
      COMPETING_PRODUCT.test(s) ||
      REPLICA.test(s) ||
      HELD_OUT_TRAINING.test(s)
      ? 'restricts'
      : 'prohibits';
  if (route) return 'restricts';
  return allow ? 'permits' : null;
}

const OTHER_PURPOSES = /^[^.;]{0,200}?\bor (?:for )?(?:any )?other purposes?\b|^[^.;]{0,60}?,? or otherwise\b/i;
/** "your User Data to be used for AI training": the reader's own data, used by the operator. */
const YOUR_DATA_USED =
  /\byour (?:[\w-]+ ){0,2}(?:data|content|inputs?|information)\b[^.;]{0,30}?\b(?:to be |being )?used\b[^.;]{0,30}$|\b(?:provided|submitted|given|supplied|sent|shared|uploaded) to us\b[^.;]{0,30}$/i;
const DEFINITION =
  /^["“]?[^"”.;]{1,60}["”]?(?:,? (?:or|and) ["“][^"”]{1,40}["”])? (?:refers? to|means|shall mean|is defined as)\b/i;
const PURPOSE_WORD = /\b(?:to|for|in|into|as|pour|aux|dans|zum|zur|für|para|en)\b/i;
const NOT_CONSENT = /\b(?:do|does) not (?:consent|agree|wish|want)\b/gi;
/**
 * The operator's promise about its own conduct, at the start of the lead-in or the clause ("BMB
 * does not and our Search Partners do not: (b) collect or 'screen-scrape' any search queries"), or a statement of it
 * ("We don't host, operate, or control the bots and servers themselves", a directory of Discord bots):
 * no ban on users. Its subject is "we", "our … partners" or a name in capitals other than the user's;
 * "We do not tolerate / allow / permit …" is the operator banning, not promising, and "We do not grant you … the right to"
 * denies a right.
 */
const OPERATOR_PROMISE_EN =
  /^(?:[Ww]e|[Oo]ur (?:[\w-]+ ){0,2}[Pp]artners|(?!(?:YOU|USERS?|LICENSEES?|MEMBERS?|CUSTOMERS?|SUBSCRIBERS?|VISITORS?|CLIENTS?)\b)[A-Z]{2,}[\w.&-]*) (?:(?:do|does|will|shall) not|don't|doesn't|won't)\b(?! (?:tolerate|allow|permit|accept|authori[sz]e|condone|welcome)\b| (?:grant|give) (?:you|users?)\b)/;
/** The same in Spanish, French and German: "NO usamos [sus datos] para entrenar modelos de IA de terceros" under "Lo que NO hacemos con sus datos", "Nous n'utilisons pas …", "Wir verwenden … nicht"; "No permitimos", "Nous n'autorisons pas", "Wir gestatten nicht" ban. */
const OPERATOR_PROMISE_OTHER =
  /^(?:no|NO|No) (?!(?:permit|toler|autoriz|acept|admit|consent)\p{L}*)\p{L}+(?:amos|emos|imos)\b|^[Nn]ous n['’]?(?:e )?(?!(?:autoris|tol[ée]r|permett|accept|admett|consent)\p{L}*)\p{L}+ons (?:pas|jamais)\b|^[Ww]ir (?!(?:gestatten|erlauben|dulden|tolerieren|akzeptieren|untersagen|verbieten)\b)\p{L}+ (?:[^.;:]{0,80} )?nicht\b/u;
const OPERATOR_PROMISE = new RegExp(`${OPERATOR_PROMISE_EN.source}|${OPERATOR_PROMISE_OTHER.source}`, 'u');

/**
 * Scraping banned only as the way to AI ("scrape content to train AI models", "mine NoAI content
 * in datasets for generative AI"), not scraping as such: the AI use is the ban's object, in the
 * same member of the sentence, joined by a purpose ("to", "for", "in") and not by ", or".
 */
function forAiOnly(s: string, accessAt: number, aiAt: number): boolean {
  if (aiAt < 0) return false;
  // "…, including data scraping for machine learning or other purposes", "whether for training … or
  // for any other purpose": AI is one example, not the only aim.
  if (OTHER_PURPOSES.test(s.slice(aiAt, aiAt + 240)) || /\bwhether (?:for|to)\b/i.test(s)) return false;
  if (AI_PURPOSE.test(s)) return true;
  if (aiAt < accessAt) return false;
  const between = s.slice(accessAt, aiAt);
  if (/\bincluding\b/i.test(between)) return false;
  // "scrape … in datasets for AI" is a purpose; "harvesting and text mining", "…, or as input to AI" are two things.
  return PURPOSE_WORD.test(between) && !/,\s*or\b|;|\)\s*,/.test(between);
}

/**
 * A condition on the manner that qualifies the access named at `accessAt` ("use robots in a
 * manner that overloads", "scrape … ignoring robots.txt"), not one more forbidden act beside it
 * ("make any automated use of the system, or take any action that imposes … load") or an
 * example of the means ("automated queries (including … bypassing captcha …)").
 */
function mannerOf(s: string, accessAt: number): boolean {
  // The access counted in what is banned ("interfere with … the Service (including accessing the Service through
  // any automated means …)"), or banned in the example itself ("(e.g., User may not access Services in an automated
  // manner by use of spiders …)"), is banned; an example of a manner ("overwhelm our infrastructure … (e.g. using
  // bots …)") stays a manner.
  for (const m of s.matchAll(EXAMPLES))
    if (m.index < accessAt && accessAt < m.index + m[0].length && (/^\(including\b/i.test(m[0]) || FORBID.test(m[0])))
      return false;
  const plain = mask(s, [EXAMPLES, REASON]);
  for (const m of plain.matchAll(MANNER_G)) {
    const between = m.index < accessAt ? plain.slice(m.index, accessAt) : plain.slice(accessAt, m.index + m[0].length);
    const other = OTHER_ITEM.exec(between);
    // "Scrape, crawl, or use automated tools to extract data beyond normal API usage": bare verbs share what ends the series.
    if (other !== null && !(m.index > accessAt && BARE_VERBS.test(between.slice(0, other.index)))) continue;
    if (memberOfList(plain, m.index, m[0], accessAt)) continue;
    return true;
  }
  return false;
}
/** A reason given after a dash ("or scrape it — these are shared public resources with their own rate limits"), not a condition. */
const REASON = /\s[—–]\s(?:these|this|they|it|that) (?:are|is)\b[^.;]*/gi;
/** Access verbs without an object, in a series ("Scrape, crawl"). */
const BARE_VERB = '(?:scrape|crawl|spider|harvest|mine|index|copy|download|extract|collect)';
const BARE_VERBS = new RegExp(`^${BARE_VERB}(?:,\\s*${BARE_VERB})*$`, 'i');
/**
 * Another item between a manner and the access it would qualify ("…, or take …", "; …", "…
 * programs or engage in any activity likely to burden the site", "… and that You will not
 * engage in …", ", (ii) ", "…, n'utilisez pas de robots"): not this ban's manner.
 */
const OTHER_ITEM =
  /,\s*(?:or|and)\s(?=(?:to\s)?(?:otherwise\s)?(?:use|access|engage|attempt|take|do|make|impose|post|upload|transmit|copy|collect|interfere|circumvent|bypass|sell|resell|modify|remove|harvest|create|send|violate|reverse|frame|mirror)\b)|;|\s(?:or|and) (?:engage|use|attempt|take|do|make|impose)\b|\band (?:that )?[Yy]ou (?:will|shall) not\b|,\s*\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s|,\s*(?:[Nn]'\w+|[Nn]e \w+) pas\b/;
/**
 * A manner that is another member of the list the access stands in, apart by commas: an act before the access that
 * ends its own member ("unauthorised access, circumvention of encryption …, data mining"), a means beside it ("any
 * high volume, automated, or electronic means"), or an act after it that opens its own member ("copy, scrape, reverse
 * engineer, sell, sublicense, interfere with, or exploit"). "Scrape the site, ignoring robots.txt", "interfere … by
 * employment of scripts, code, bots" and "circumvent … measures — including rate limits, … bot-detection" qualify it.
 */
function memberOfList(plain: string, at: number, manner: string, accessAt: number): boolean {
  if (at < accessAt) {
    const after = plain.slice(at + manner.length, accessAt);
    return COMMA_ONLY.test(after) || (MANNER_ACT.test(manner) && LIST_MEMBER_ENDS.test(after));
  }
  return MANNER_ACT.test(manner) && !/^\p{L}*ing\b/iu.test(manner) && LIST_MEMBER_ENDS.test(plain.slice(accessAt, at));
}
const COMMA_ONLY = /^,\s*(?:(?:or|and)\s+)?$/;
const LIST_MEMBER_ENDS =
  /^(?:(?!\b(?:by|through|using|via|with|means of|employment of)\b)[^])*,\s*(?:(?:or|and)\s+)?["“']?$/;
/** A manner that names an act of its own (circumventing, overloading), not a thing (robots.txt, rate limits). */
const MANNER_ACT =
  /^(?:circumvent|bypass|disregard|ignor|exceed|overload|overburden|burden|disrupt|interfere|degrad|contourn|umgeh|eludir|dépass|exced|überschreit|surcharg|beeinträchtig)/i;
const EXAMPLES = /\((?:including\b|e\.g\.|such as\b|for example\b)[^)]{0,400}\)/gi;
const MANNER_G = new RegExp(MANNER.source, 'gi');
/** "copy … without the aid of any automated processes": automation excluded, not permitted. */
const WITHOUT_AUTOMATION = /\bwithout (?:the )?(?:(?:aid|use|help|assistance) of |using )(?:any )?$/i;
/** "for the purpose of automatically reading …": the act itself, not a purpose that limits it. */
const PURPOSE_IS_ACT =
  /^\s*(?:\w+ly )?(?:reading|accessing|crawling|scraping|downloading|collecting|copying|harvesting|extracting|monitoring|indexing|spidering|mining|obtaining|gathering|retrieving|gaining access)\b/i;
function limitingPurpose(s: string): boolean {
  for (const m of s.matchAll(PURPOSE_G)) if (!PURPOSE_IS_ACT.test(s.slice(m.index + m[0].length))) return true;
  return false;
}
const PURPOSE_G = new RegExp(PURPOSE.source, 'gi');
/**
 * The clause up to the catch-all after the access ("use any crawling program to mine The-Latest for information, or
 * otherwise to access The-Latest … for the purposes of … compiling a database"): a purpose after it limits the catch-all,
 * not the access named before it.
 */
function ownMember(s: string, accessAt: number): string {
  const otherwise = OTHERWISE.exec(s.slice(accessAt));
  return otherwise === null ? s : s.slice(0, accessAt + otherwise.index);
}
const OTHERWISE = /[,;]\s*or otherwise\b/i;
/** The clause up to another banned act joined after the access at `at` ("… and shall not access audiovisual content except via streaming"). */
function ownConjunct(s: string, at: number): string {
  const next = s.slice(at).search(ANOTHER_BAN);
  return next < 0 ? s : s.slice(0, at + next);
}
const ANOTHER_BAN = /\b(?:and|but) (?:(?:you|users?|the user) )?(?:shall|will|may|must)(?: also)? not\b/i;
const EXCEPT_THAT = /\bexcept that\b[^.;]{0,60}\bsearch engines? may\b/i;

/** What `c` says of AI use and of automated access; null when it says nothing of it. */
export function readClause(c: Clause): ClauseReading | null {
  const s = mask(plainQuotes(c.text), [LONG_QUOTE]);
  if (!TRIGGER.test(s) || CHANGE_LOG.test(s)) return null;
  // "You acknowledge that third parties may scrape…" states a risk, not a rule.
  if (ACKNOWLEDGE.test(s) && !RULE_STATED.test(s)) return null;
  const lead = plainQuotes(c.leadIn);
  const whole = lead === '' ? s : `${lead} ${s}`;
  const aiAt = aiSubjectAt(s);
  // The masks only take words away, so a clause naming no access word is not masked at all. They
  // run over the lead-in too, whose topic may be what the items serve ("seek to generate web
  // traffic … by:" then "hitbots, clickbots, spiders").
  const accessMatch = ACCESS.test(s) ? ACCESS.exec(mask(whole, NOT_ACCESS).slice(whole.length - s.length)) : null;
  const accessAt = accessMatch?.index ?? -1;
  if (aiAt < 0 && accessAt < 0) return null;

  // "Users do not consent to…" states a choice, not a ban.
  // FORBID's "^do not", "^not" read the clause's own start as well as its lead-in's.
  const forbid =
    !OPERATOR_PROMISE.test(lead === '' ? s : lead) &&
    (FORBID.test(whole.replace(NOT_CONSENT, '')) || (lead !== '' && FORBID.test(s.replace(NOT_CONSENT, ''))));
  const routed = mask(whole, [NO_ROUTE]);
  const route = ROUTE.test(routed);
  // A definition ("'Hub' refers to the platform where Users can build … Machine Learning Applications") permits nothing.
  const allow = ALLOW.test(s) && !DEFINITION.test(s);
  // Without a ban, a permission may be stated in the lead-in ("You may use the content in the following ways:").
  const allowed = allow || (!forbid && lead !== '' && ALLOW.test(lead));
  const ai = aiAt >= 0 ? readAi(s, aiAt, lead, forbid, route, forbid ? allow : allowed) : null;

  let access: TosStance | null = null;
  let mannerOnly = false;
  if (accessAt >= 0) {
    const manner = mannerOf(s, accessAt);
    // "Bots" alone names a product as often as a crawler (Telegram's bots, health bots): never read as a permission.
    const bareBots = /^bots?$/i.test(accessMatch?.[0] ?? '');
    // A way around named in another banned act joined to it ("User will not use robots … to access the Site and shall not
    // access audiovisual content except via streaming") leaves the access banned.
    const accessRoute = route && ROUTE.test(ownConjunct(routed, whole.length - s.length + accessAt));
    if (WITHOUT_AUTOMATION.test(s.slice(Math.max(0, accessAt - 40), accessAt))) {
      // "You may copy … without the aid of any automated processes": a permission for manual use only.
    } else if (forbid) {
      // A ban lifted for search engines, for some purposes or content only, or only for scraping that feeds AI.
      const limited =
        accessRoute ||
        allow ||
        CARVE_OUT.test(whole) ||
        limitingPurpose(ownMember(s, accessAt)) ||
        SCOPED_AI.test(whole) ||
        forAiOnly(s, accessAt, aiAt);
      access = limited || manner ? 'restricts' : 'prohibits';
      mannerOnly = manner && !limited;
    } else if (accessRoute) access = 'restricts';
    // "…, except that commercial search engines may use spiders…": the permission is an exception to a ban.
    else if (allowed && !bareBots) access = EXCEPT_THAT.test(s) ? 'restricts' : 'permits';
  }
  return { ai, aiAt, access, accessAt, mannerOnly };
}
