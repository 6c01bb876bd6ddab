/**
 * The verifier's own words for reading terms of service (docs/policy.md section 12), in
 * English, French, German and Spanish, written apart from proxy/analysis/site/terms-words.ts.
 * Deliberately small and strict, so that what it finds is beyond doubt: a passage it quotes as
 * naming AI names AI, and one it quotes as banning AI training bans it. It can miss a clause
 * (then it lets a claim pass); it should never invent one.
 */

/** Names of AI in a text. Upper-case abbreviations are matched as whole upper-case words. */
const AI_NAMES: readonly RegExp[] = [
  /\bA\.?I\.?(?=[\s,;:)\-/]|$)/, // AI, A.I.
  /\bartificial[- ]intelligence\b/i,
  /\bmachine[- ]learning\b/i,
  /\b(?:large )?language models?\b/i,
  /\bLLMs?\b/,
  /\bGenAI\b/i,
  /\bneural networks?\b/i,
  /\btext(?:[- ]and[- ]|\s*&\s*|\s+or\s+)data[- ]mining\b/i,
  /\bTDM\b/,
  // The text and data mining reservation cited by law: CDSM Directive (EU) 2019/790, Article 4(3)
  /\bArticle 4\(3\) of (?:the )?Directive \(EU\) 2019\/790\b/i,
  /\b(?:train|training|trained) (?:of |on |an? |any |our |their |its )?(?:\w+ ){0,2}models?\b/i,
  /\bmodels? training\b/i,
  // French
  /\bintelligence artificielle\b/i,
  /\bapprentissage (?:automatique|machine|profond)\b/i,
  /\bfouille de (?:textes|donn[ée]es)\b/i,
  /\bmod[èe]les? de langage\b/i,
  /\bIA\b(?!\s+\d{5})/, // not Iowa in a US address ("Des Moines, IA 50309")
  // German
  /\bk[üu]nstliche[nr]? Intelligenz\b/i,
  /\bmaschinelle[ns]? Lernen\b/i,
  /\bText-? und Data-?Mining\b/i,
  /\bSprachmodell(?:e|en)?\b/i,
  /\bKI\b/,
  // Spanish
  /\binteligencia artificial\b/i,
  /\baprendizaje autom[áa]tico\b/i,
  /\bminer[íi]a de (?:textos|datos)\b/i,
  /\bmodelos? de lenguaje\b/i,
];

/** Uses of content for AI: training, mining, building models and data sets. */
const AI_USE =
  /\btrain|\btraining\b|\bdevelop|\bimprov|\bfine-?tun|\bdata ?sets?\b|\bmining\b|\bTDM\b|\bentra[îi]n|\bd[ée]velopp|\bam[ée]lior|\bfouille|\btrainier|\bentwickl|\bverbesser|\bMining\b|\bentrenar|\bentrenamiento|\bdesarroll|\bmejorar|\bminer[íi]a/i;

/** A ban or a reservation of rights, said to the reader (not the operator's promise about itself). */
const BAN =
  /\b(?:you|users?|licensees?|visitors?|third parties|no one|nobody)\b[^.]{0,40}\b(?:may|shall|must|will|can|are|is|agree)\s+not\b|\bagree not to\b|\bnot to\b[^.]{0,10}:|\bprohibit|\bforbid|\bnot (?:be )?(?:permitted|allowed|authori[sz]ed)\b|\bwithout (?:the |our |its )?(?:prior |express |explicit |written |expressed )*(?:consent|permission|authori[sz]ation|licen[cs]e)\b|\breserves?\b[^.]{0,80}\b(?:rights?|mining|TDM)\b|\bopt(?:s|ed)?[- ]out\b|\bne\s+(?:devez|pouvez|pourrez|peut|peuvent|doit|doivent|saurait)\s+pas\b|\br[ée]serv|\binterdit|\binterdiction|\bsans (?:l'|notre |son )?(?:autorisation|accord|consentement)|\bs'oppose|\bd[üu]rf(?:en|t)\b[^.]{0,60}\bnicht\b|\bverboten|\buntersagt|\bnicht (?:gestattet|erlaubt|zul[äa]ssig)|\bvorbehalten|\bwiderspr|\bprohib|\bno (?:est[áa] )?permitid|\bno (?:puede[ns]?|podr[áa]n?|deber[áa]n?)\b|\bse reserva|\bsin (?:el |la |nuestro |nuestra )?(?:consentimiento|autorizaci[óo]n|permiso)/i;

/** The operator speaking of its own practice ("we do not use your data to train"), which bans nothing. */
const OWN_PRACTICE = /\b(?:we|our|nous|wir|nosotros)\b[^.]{0,30}\b(?:do not|don't|will not|won't|never|ne|nicht|no)\b/i;

/** The first name of AI in a passage, or null. */
export function aiNameIn(text: string): string | null {
  let first: { at: number; word: string } | null = null;
  for (const re of AI_NAMES) {
    const m = re.exec(text);
    if (m && (first === null || m.index < first.at)) first = { at: m.index, word: m[0] };
  }
  return first?.word ?? null;
}

/** A passage: a sentence or list item, with the lead-in (ending in `:`) it stands under, if any. */
export interface Passage {
  text: string;
  item: string;
}

/** Sentences and list items of a text (a lead-in ending in `:` kept with the items after it). */
export function passages(text: string): Passage[] {
  const parts = text
    .replace(/’/g, "'")
    .split(/\n+|(?<=[.!?;])\s+(?=[A-ZÀ-Ý•\-–(0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const out: Passage[] = [];
  let leadIn: string | null = null;
  let items = 0;
  for (const p of parts) {
    out.push({ text: leadIn !== null && items < 15 ? `${leadIn} … ${p}` : p, item: p });
    if (p.endsWith(':')) [leadIn, items] = [p, 0];
    else items++;
  }
  return out;
}

/** The first passage that names AI, or null. */
export function firstAiPassage(text: string): { passage: string; word: string } | null {
  for (const p of passages(text)) {
    const word = aiNameIn(p.item);
    if (word !== null) return { passage: p.item, word };
  }
  return null;
}

/** A permission in the passage ("you may apply the outputs … to train", "JSTOR encourages … in the following ways:"): no ban. */
const PERMITS_HERE =
  /\byou may (?!not\b)|\bencourages?\b|\bare free to\b|\bvous pouvez\b(?! pas)|\bsie d[üu]rfen\b(?![^.]{0,40}nicht)|\bpuede[ns]? (?!no\b)/i;

/** Whether a passage bans AI use: names AI, a use of content for it, and a ban said to the reader. */
export function bansAiUse(p: Passage): boolean {
  const t = p.text;
  return (
    aiNameIn(p.item) !== null && AI_USE.test(t) && BAN.test(t) && !OWN_PRACTICE.test(p.item) && !PERMITS_HERE.test(t)
  );
}

export function firstAiBan(text: string): string | null {
  return passages(text).find(bansAiUse)?.text ?? null;
}

/** Names automated access: robots, spiders, scrapers, crawlers, automated means. */
export const ACCESS_WORDS =
  /\brobots?\b|\bspiders?\b|\bscrap(?:e|er|ers|ing)\b|\bcrawl(?:er|ers|ing)?\b|\bbots?\b|\bautomated\b|\bautomatic\b|\bautomatis|\bautomatiq|\bautomatisier|\baspirat|\bextracci[óo]n|\bautom[áa]tic/i;

export const mentionsBan = (passage: string): boolean => BAN.test(passage);

/** A permission said to the reader. */
export const PERMISSION =
  /\bmay (?:use|copy|access|crawl|index|train)|\bpermit(?:s|ted)?\b|\ballow(?:s|ed)?\b|\bfree to\b|\bgrant|\blicen[cs]e|\bautoris|\bpeut|\berlaubt|\bgestattet|\bpermitid|\bautoriza|\bpuede/i;
