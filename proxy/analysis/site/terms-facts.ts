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
}

const EXCERPT_MAX = 400;
const RANK: Readonly<Record<TosStance, number>> = { prohibits: 4, restricts: 3, permits: 2, silent: 1, unknown: 0 };
export const UNKNOWN: TosStanceResult = { stance: 'unknown', excerpt: null, section: null };
const SILENT: TosStanceResult = { stance: 'silent', excerpt: null, section: null };

/** The clause as a person should see it: its lead-in, then the clause, cut around the subject. */
function excerptOf(c: Clause, subjectAt: number): string {
  const lead = c.leadIn === '' ? '' : `${c.leadIn} `;
  const text = lead + c.text;
  if (text.length <= EXCERPT_MAX) return text;
  const at = Math.max(0, lead.length + subjectAt - 150);
  const cut = text.slice(at, at + EXCERPT_MAX - 2);
  return `${at > 0 ? '…' : ''}${cut}…`.slice(0, EXCERPT_MAX);
}

const result = (stance: TosStance, c: Clause, at: number): TosStanceResult => ({
  stance,
  excerpt: excerptOf(c, at),
  section: c.section,
});
const better = (stance: TosStance, than: TosStanceResult | null): boolean =>
  than === null || RANK[stance] > RANK[than.stance];

/** The two facts from a document's blocks. */
export function termsFromBlocks(blocks: readonly Block[]): TermsReading {
  if (blocks.length === 0) return { ai: UNKNOWN, automatedAccess: UNKNOWN };
  let ai: TosStanceResult | null = null;
  let access: TosStanceResult | null = null;
  let manner: TosStanceResult | null = null;
  for (const c of clausesOf(blocks)) {
    const r = readClause(c);
    if (r === null) continue;
    if (r.ai !== null && better(r.ai, ai)) ai = result(r.ai, c, r.aiAt);
    if (r.access !== null) {
      if (r.mannerOnly) manner ??= result(r.access, c, r.accessAt);
      else if (better(r.access, access)) access = result(r.access, c, r.accessAt);
    }
    if (ai?.stance === 'prohibits' && access?.stance === 'prohibits') break;
  }
  // A permission's own conditions do not make it a restriction; alone, they restrict.
  if (manner !== null && (access === null || access.stance === 'silent')) access = manner;
  return { ai: ai ?? SILENT, automatedAccess: access ?? SILENT };
}

/** The two facts from plain text (text/plain terms, markdown). */
export function termsFromText(text: string): TermsReading {
  return text.trim() === '' ? { ai: UNKNOWN, automatedAccess: UNKNOWN } : termsFromBlocks(plainBlocks(text));
}
