/**
 * The two facts a terms document states (docs/policy.md sections 6 and 11), each with the
 * clause that decided it and the section it stands in: AI use (`tos_ai_stance`) and automated
 * access (`tos_automated_access`). The most restrictive clause decides each fact (prohibits,
 * then restricts, then permits); conditions on the manner of automated access (follow
 * robots.txt, keep to rate limits) restrict only when nothing permits it expressly.
 */
import type { TosStance } from '../../../shared/values.js';
import type { Block } from '../html/blocks.js';
import { clausesOf, type Clause } from './terms-clauses.js';
import { plainBlocks } from './terms-plain.js';
import { readClause } from './terms-reading.js';
import { ALLOW, API_ROUTE, CARVE_OUT, namesAi, plainQuotes, TRIGGER } from './terms-words.js';

export interface TosStanceResult {
  stance: TosStance;
  /** The clause that decided, with its lead-in (at most EXCERPT_MAX characters); null for silent/unknown. */
  excerpt: string | null;
  /** Its section number ("4.2") or heading text; null when none, or for silent/unknown. */
  section: string | null;
}

/** What the terms say of AI use, and of automated access (robots, scrapers), apart. */
export interface TermsReading {
  ai: TosStanceResult;
  automatedAccess: TosStanceResult;
  /**
   * Whether the document names AI anywhere (AI, machine learning, language models, text and
   * data mining), in any role: a text that names AI is never told as "not mentioning AI" (issue
   * 34). False for unknown.
   */
  namesAi: boolean;
  /** The first clause naming AI, with its lead-in, when the AI stance is silent or not; null when none. */
  mention: { excerpt: string; section: string | null } | null;
}

const EXCERPT_MAX = 400;
const RANK: Readonly<Record<TosStance, number>> = { prohibits: 4, restricts: 3, permits: 2, silent: 1, unknown: 0 };
export const UNKNOWN: TosStanceResult = { stance: 'unknown', excerpt: null, section: null };
/** Terms that could not be read: both facts unknown, nothing named. */
export const UNREAD: TermsReading = { ai: UNKNOWN, automatedAccess: UNKNOWN, namesAi: false, mention: null };
const SILENT: TosStanceResult = { stance: 'silent', excerpt: null, section: null };

/** A lead-in shown with a long clause keeps its start (who, the modal) and its end (the words before the colon). */
const LEAD_SHOWN = 200;

/**
 * The clause as a person should see it (issue 34): its lead-in, then the clause, cut around the
 * subject when too long; the lead-in is kept (shortened in its middle), since the clause alone
 * ("Use the Content to train…") does not say it is forbidden.
 */
function excerptOf(c: Clause, subjectAt: number): string {
  const whole = c.leadIn === '' ? c.text : `${c.leadIn} ${c.text}`;
  if (whole.length <= EXCERPT_MAX) return whole;
  const lead =
    c.leadIn === ''
      ? ''
      : c.leadIn.length <= LEAD_SHOWN
        ? `${c.leadIn} `
        : `${c.leadIn.slice(0, LEAD_SHOWN - 60)} … ${c.leadIn.slice(c.leadIn.length - 57)} `;
  const room = EXCERPT_MAX - lead.length - 2;
  if (c.text.length <= room + 1) return lead + c.text;
  const at = Math.max(0, Math.min(subjectAt - 100, c.text.length - room));
  return `${lead}${at > 0 ? '…' : ''}${c.text.slice(at, at + room)}…`;
}

const result = (stance: TosStance, c: Clause, at: number): TosStanceResult => ({
  stance,
  excerpt: excerptOf(c, at),
  section: c.section,
});
const better = (stance: TosStance, than: TosStanceResult | null): boolean =>
  than === null || RANK[stance] > RANK[than.stance];

/** The two facts from a document's blocks. */
/** A sentence that excepts someone from the rule before it. */
const EXCEPTION_MADE =
  /\b(?:an? )?exceptions? (?:is|are) made for\b|\bas a (?:limited )?exception\b|\b(?:this|the (?:above|foregoing)) does not apply to\b/i;

/** A ban a clause decided, kept for the sentence after it, which may lift it to a restriction. */
interface Decided {
  result: TosStanceResult;
  c: Clause;
  at: number;
}

/** The sentence after an AI ban that names a licence to be had, or a contract or law that may allow it. */
const AI_LICENCE_NEXT =
  /\b(?:may|can) grant you (?:a |an )?licen[cs]e\b|\bpeu(?:ven)?t vous accorder une licence\b|\bonly permitted to the extent (?:that )?(?:it is )?authori[sz]ed by\b/i;

export function termsFromBlocks(blocks: readonly Block[]): TermsReading {
  if (blocks.length === 0) return UNREAD;
  let ai: TosStanceResult | null = null;
  let mention: TermsReading['mention'] = null;
  let access: TosStanceResult | null = null;
  let manner: TosStanceResult | null = null;
  // The permission that decided is for search engines only ("we grant the operators of public search engines permission to use spiders").
  let permitForSome = false;
  // The ban the previous clause decided, for a carve-out in the next sentence ("You may not automate access … You may crawl the website to index it for a publicly available search engine.").
  let banBefore: Decided | null = null;
  // Likewise for AI use: a licence the next sentence says may be had ("Nous ne vous concédons aucun droit … d'utilisation
  // de tout Contenu dans des technologies … d'intelligence artificielle. … les titulaires des droits … peuvent vous
  // accorder une licence").
  let aiBanBefore: Decided | null = null;
  for (const c of clausesOf(blocks)) {
    // Most clauses name neither subject; TRIGGER clears them in one pass, before readClause reads their quotes and namesAi asks its three regexes.
    const named = TRIGGER.test(c.text);
    if (mention === null && named && namesAi(c.text)) mention = { excerpt: excerptOf(c, 0), section: c.section };
    const r = named ? readClause(c) : null;
    const lastBan = banBefore;
    banBefore = null;
    // "An exception is made for search engines and similar services which index the entire web…" names no bot, yet lifts the ban before it.
    // "You will not automate access to … the Website … You may replicate data … using the Public APIs": an automated route.
    if (
      lastBan !== null &&
      access === lastBan.result &&
      ((CARVE_OUT.test(c.text) && (r?.access === 'permits' || EXCEPTION_MADE.test(c.text))) ||
        (API_ROUTE.test(c.text) && ALLOW.test(plainQuotes(c.text))))
    )
      access = result('restricts', lastBan.c, lastBan.at);
    const lastAiBan = aiBanBefore;
    aiBanBefore = null;
    if (lastAiBan !== null && ai === lastAiBan.result && AI_LICENCE_NEXT.test(c.text))
      ai = result('restricts', lastAiBan.c, lastAiBan.at);
    if (r === null) continue;
    if (r.ai !== null && better(r.ai, ai)) {
      ai = result(r.ai, c, r.aiAt);
      if (r.ai === 'prohibits') aiBanBefore = { result: ai, c, at: r.aiAt };
    }
    if (r.access !== null) {
      if (r.mannerOnly) manner ??= result(r.access, c, r.accessAt);
      else if (better(r.access, access)) {
        access = result(r.access, c, r.accessAt);
        permitForSome = r.access === 'permits' && CARVE_OUT.test(c.text);
        if (r.access === 'prohibits') banBefore = { result: access, c, at: r.accessAt };
      }
    }
    if (ai?.stance === 'prohibits' && access?.stance === 'prohibits' && mention !== null) break;
  }
  // A permission's own conditions do not make it a restriction; alone, they restrict.
  // A permission for search engines alone leaves the others under the conditions: they restrict.
  if (
    manner !== null &&
    (access === null || access.stance === 'silent' || (access.stance === 'permits' && permitForSome))
  )
    access = manner;
  return { ai: ai ?? SILENT, automatedAccess: access ?? SILENT, namesAi: mention !== null || ai !== null, mention };
}

/** The two facts from plain text (text/plain terms, markdown). */
export function termsFromText(text: string): TermsReading {
  return text.trim() === '' ? UNREAD : termsFromBlocks(plainBlocks(text));
}
