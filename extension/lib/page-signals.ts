/**
 * The page's own AI signals, read when the popup opens: `<meta name="robots">`
 * AI tokens (`noai`, `noimageai`) and TDMRep's `<meta name="tdm-reservation">` /
 * `tdm-policy` (W3C TDMRep, section 3.3). Read through `scripting` with the `activeTab` grant
 * that opening the popup gives, so the extension needs no host permission for any site; the
 * page's content never leaves the browser. Null when the page cannot be read (no grant yet, a
 * browser page, a page that forbids extensions).
 */
import { browser } from 'wxt/browser';

export interface PageSignals {
  /** The AI tokens of the page's robots meta tags, lower case (`noai`, `noimageai`). */
  aiTokens: string[];
  /** `tdm-reservation` content: "1" reserves text and data mining rights, "0" does not. */
  tdmReservation: string | null;
  tdmPolicy: string | null;
}

/** Runs in the page (self-contained: executeScript serialises it). */
function collect(): { robots: string[]; tdmReservation: string | null; tdmPolicy: string | null } {
  const metas = Array.from(document.querySelectorAll('meta[name]'));
  const named = (n: string) =>
    metas.filter((m) => m.getAttribute('name')!.trim().toLowerCase() === n).map((m) => m.getAttribute('content') ?? '');
  return {
    robots: named('robots'),
    tdmReservation: named('tdm-reservation')[0] ?? null,
    tdmPolicy: named('tdm-policy')[0] ?? null,
  };
}

const AI_TOKENS = new Set(['noai', 'noimageai']);

/** The AI tokens of robots meta contents (comma or space separated, case-insensitive). */
export function aiTokensOf(contents: readonly string[]): string[] {
  const out = new Set<string>();
  for (const c of contents) for (const t of c.toLowerCase().split(/[\s,]+/)) if (AI_TOKENS.has(t)) out.add(t);
  return [...out];
}

export async function readPageSignals(tabId: number): Promise<PageSignals | null> {
  try {
    const [first] = await browser.scripting.executeScript({ target: { tabId }, func: collect });
    const r = first?.result;
    if (!r) return null;
    return {
      aiTokens: aiTokensOf(r.robots),
      tdmReservation: r.tdmReservation?.trim() ?? null,
      tdmPolicy: r.tdmPolicy?.trim() ?? null,
    };
  } catch {
    return null;
  }
}
