/** Claims about the terms of service: terms, terms_mention (docs/policy.md sections 11 and 12). */
import type { TermsClaim, TermsMentionClaim } from '../../shared/reading/claims.js';
import type { Check, Context } from './context.js';
import { describe } from './files.js';
import type { Host } from './host.js';
import { excerptParts, squashed } from './html-text.js';
import { ACCESS_WORDS, PERMISSION, aiNameIn, firstAiPassage, mentionsBan, passages } from './terms-lexicon.js';

const clip = (s: string, n = 200): string => (s.length > n ? `${s.slice(0, n)}…` : s);

function notRead(h: Host): string | null {
  if (h.terms !== null) return null;
  const tos = h.ev.tos;
  return `the terms were not read (${tos ? describe(tos) : `no terms page${h.ev.tosUrl ? '' : ' found'}`})`;
}

/** Each part of the excerpt is in the text, and the parts come in order. */
function excerptProblems(h: Host, excerpt: string | null, section: string | null): string[] {
  const out: string[] = [];
  const flat = h.memo('terms:squashed', () => squashed(h.terms ?? ''));
  if (excerpt !== null) {
    let from = 0;
    for (const part of excerptParts(excerpt)) {
      const at = flat.indexOf(squashed(part), from);
      if (at < 0) out.push(`"${clip(part, 120)}" is not in the terms text`);
      else from = at;
    }
  }
  if (section !== null && !flat.includes(squashed(section))) out.push(`the terms have no section "${section}"`);
  return out;
}

/**
 * What makes a ban a restriction (docs/policy.md section 12): a way to permission, a licence, a
 * carve-out (search engines), or a limit to some content or purposes.
 */
const QUALIFIED =
  /\bwithout\b[^.]{0,60}\b(?:consent|permission|authori[sz]ation|licen[cs]e|approval)|\bexcept\b|\bunless\b|\bother than\b|\bsearch engines?\b|\bcommercial\b|\blicen[cs]e\b|\bpermission\b|\bconsent\b|\bonly\b|\bsans\b[^.]{0,40}\b(?:autorisation|accord|consentement)|\bsauf\b|\bohne\b[^.]{0,60}\b(?:Zustimmung|Genehmigung|Erlaubnis|Einwilligung)|\bau[sß]er\b|\bsin\b[^.]{0,40}\b(?:autorizaci[óo]n|consentimiento|permiso)|\bsalvo\b|\bexcepto\b/i;

/** A clause banning automated access, by words no reading can mistake. */
const ACCESS_STRONG = /\brobots?\b|\bspiders?\b|\bscrap(?:e|er|ers|ing)\b|\bcrawl(?:er|ers|ing)\b/i;

function firstAccessBan(text: string): string | null {
  return passages(text).find((p) => ACCESS_STRONG.test(p.item) && mentionsBan(p.text))?.text ?? null;
}

function stanceWords(c: TermsClaim): string[] {
  const e = c.excerpt ?? '';
  const out: string[] = [];
  if (c.about === 'ai' && aiNameIn(e) === null) out.push(`the excerpt names no AI use: "${clip(e)}"`);
  if (c.about === 'access' && !ACCESS_WORDS.test(e)) out.push(`the excerpt names no automated access: "${clip(e)}"`);
  if (c.stance === 'prohibits' && !mentionsBan(e)) out.push(`the excerpt says no ban: "${clip(e)}"`);
  if (c.stance === 'restricts' && !QUALIFIED.test(e))
    out.push(`the excerpt bans without a way to permission, a licence, a carve-out or a limit: "${clip(e)}"`);
  if (c.stance === 'permits' && !PERMISSION.test(e)) out.push(`the excerpt gives no permission: "${clip(e)}"`);
  return out;
}

export const checkTerms: Check<TermsClaim> = (c, h) => {
  const unread = notRead(h);
  if (c.stance === 'unknown') return unread === null ? ['the terms page answered and was read: not unknown'] : [];
  if (unread !== null) return [unread];
  const text = h.terms!;
  const out = excerptProblems(h, c.excerpt, c.section);
  if (c.stance === 'silent') {
    if (c.excerpt !== null || c.section !== null) out.push('a silent stance quotes nothing and names no section');
    const ban = c.about === 'ai' ? h.termsAiBan : h.memo('terms:access-ban', () => firstAccessBan(text));
    if (ban !== null) out.push(`the terms ${c.about === 'ai' ? 'ban AI use' : 'ban automated access'}: "${clip(ban)}"`);
    return out;
  }
  if (c.excerpt === null) return [...out, `a ${c.stance} stance needs the passage that says so`];
  return [...out, ...stanceWords(c)];
};

export const checkTermsMention: Check<TermsMentionClaim> = (c, h) => {
  const unread = notRead(h);
  if (unread !== null) return [unread];
  const text = h.terms!;
  if (!c.names_ai) {
    const found = h.memo('terms:ai-passage', () => firstAiPassage(text));
    const out = found ? [`the terms name AI ("${found.word}"): "${clip(found.passage)}"`] : [];
    if (c.excerpt !== null || c.section !== null) out.push('"does not mention AI" quotes nothing and names no section');
    return out;
  }
  if (c.excerpt === null) return ['the passage that names AI is missing'];
  const out = excerptProblems(h, c.excerpt, c.section);
  if (aiNameIn(c.excerpt) === null) out.push(`the excerpt names no AI: "${clip(c.excerpt)}"`);
  return out;
};

/**
 * What the terms say of AI use, for the headline, uses and conflicts: the reading's own terms
 * claim when it holds, else the verifier's lexicon (a ban it finds reads as prohibits or
 * restricts; with none, nothing is known to be said).
 */
export function termsAiStance(h: Host, ctx: Context, of: string): Array<TermsClaim['stance']> {
  return ctx.memo(`terms-ai:${of}`, () => readTermsAiStance(h, ctx, of));
}

function readTermsAiStance(h: Host, ctx: Context, of: string): Array<TermsClaim['stance']> {
  const own = ctx.about('terms', of).find((t) => t.about === 'ai');
  if (own && checkTerms(own, h, ctx).length === 0) return [own.stance];
  if (h.terms === null) return ['unknown'];
  return h.termsAiBan !== null ? ['prohibits', 'restricts'] : ['silent', 'permits'];
}
