/**
 * The RSL licence as the verifier reads it (docs/policy.md section 15), from the document as
 * served, with a tag scanner of its own (the product reads it with saxes in
 * proxy/analysis/signals/rsl.ts): the `<content>` whose scope covers the whole site, its
 * licences that admit AI companies (commercial users), and per use the cheapest grant (free,
 * attribution, paid) or else a prohibition. A document that is not well-formed, or has no
 * `<content>`, decides nothing.
 */
import type { Evidence } from '../../proxy/analysis/evidence.js';
import type { UseCase } from '../../shared/values.js';
import { looksHtml, okResponse } from './files.js';

export type RslWord = 'prohibited' | 'free' | 'attribution' | 'paid';

export interface RslUse {
  word: RslWord;
  /** First and last line of the `<license>` element that decides. */
  from: number;
  to: number;
  /** The `<license>` element as written. */
  text: string;
}

// RSL 1.0's usage tokens: what grants each use, and what a prohibition of it is (section 15:
// prohibiting `search` restricts AI search too; granting `search` alone grants no AI search).
const GRANTS: Record<UseCase, string[]> = {
  training: ['all', 'ai-all', 'ai-train'],
  search: ['all', 'ai-all', 'ai-index'],
  inference: ['all', 'ai-all', 'ai-input'],
};
const PROHIBITS: Record<UseCase, string[]> = {
  training: GRANTS.training,
  search: [...GRANTS.search, 'search'],
  inference: GRANTS.inference,
};

interface Tag {
  name: string;
  attrs: string;
  close: boolean;
  selfClose: boolean;
  at: number;
  end: number;
}

function tags(xml: string): Tag[] | null {
  const out: Tag[] = [];
  const re =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)([^<>]*?)(\/?)>|</g;
  for (const m of xml.matchAll(re)) {
    if (m[0] === '<') return null; // a `<` that opens no tag: not well-formed
    if (m[2] === undefined) continue;
    out.push({
      name: m[2].replace(/^[\w.-]+:/, '').toLowerCase(),
      attrs: m[3] ?? '',
      close: m[1] === '/',
      selfClose: m[4] === '/',
      at: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

const attr = (t: Tag, name: string): string | null =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(t.attrs)
    ?.slice(1)
    .find((x) => x !== undefined) ?? null;

interface Element {
  name: string;
  tag: Tag;
  children: Element[];
  text: string;
  from: number;
  to: number;
}

/** The element tree, or null when tags do not nest. */
function tree(xml: string): Element | null {
  const list = tags(xml);
  if (list === null) return null;
  const root: Element = { name: '#root', tag: list[0]!, children: [], text: '', from: 0, to: xml.length };
  const stack: Element[] = [root];
  for (const t of list) {
    const top = stack[stack.length - 1]!;
    if (t.close) {
      if (top.name !== t.name || stack.length === 1) return null;
      top.to = t.end;
      top.text = xml.slice(top.tag.end, t.at);
      stack.pop();
      continue;
    }
    const el: Element = { name: t.name, tag: t, children: [], text: '', from: t.at, to: t.end };
    top.children.push(el);
    if (!t.selfClose) stack.push(el);
  }
  return stack.length === 1 ? root : null;
}

const lineAt = (xml: string, i: number): number => xml.slice(0, i).split('\n').length;
const words = (s: string): string[] => s.toLowerCase().split(/\s+/).filter(Boolean);

/** A `<content url>` scope covering every path of the site, the pattern's length for the longest; -1 otherwise. */
function siteScope(url: string, domain: string): number {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    const m = /^https?:\/\/([^/:?#]+)(?::\d+)?(\/[^?#]*)?$/i.exec(url);
    const host = m?.[1]?.toLowerCase().replace(/^www\./, '');
    if (!m || host !== domain.toLowerCase().replace(/^www\./, '')) return -1;
    path = m[2] ?? '/';
  }
  return /^(\/|\*|\/\*+)$/.test(path) ? path.length : -1;
}

function useOf(xml: string, licences: Element[], use: UseCase): RslUse | null {
  const rank: Record<RslWord, number> = { free: 0, attribution: 1, paid: 2, prohibited: 3 };
  let best: RslUse | null = null;
  let prohibited: RslUse | null = null;
  for (const l of licences) {
    const found = (kind: string, type: string) =>
      l.children.filter((c) => c.name === kind && (attr(c.tag, 'type') ?? '').toLowerCase() === type);
    const users = [...found('permits', 'user')].flatMap((c) => words(c.text));
    if (found('permits', 'user').length > 0 && !users.includes('commercial')) continue;
    if (found('prohibits', 'user').some((c) => words(c.text).includes('commercial'))) continue;
    const place = { from: lineAt(xml, l.from), to: lineAt(xml, l.to), text: xml.slice(l.from, l.to) };
    if (found('prohibits', 'usage').some((c) => words(c.text).some((w) => PROHIBITS[use].includes(w)))) {
      prohibited ??= { word: 'prohibited', ...place };
      continue;
    }
    const permits = found('permits', 'usage');
    if (permits.length > 0 && !permits.some((c) => words(c.text).some((w) => GRANTS[use].includes(w)))) continue;
    const types = l.children.filter((c) => c.name === 'payment').map((c) => (attr(c.tag, 'type') ?? '').toLowerCase());
    const word: RslWord =
      types.length === 0 || types.includes('free') ? 'free' : types.includes('attribution') ? 'attribution' : 'paid';
    if (best === null || rank[word] < rank[best.word]) best = { word, ...place };
  }
  return best ?? prohibited;
}

/** What the site's licence says of each use, for the whole site; null per use where it says nothing. */
export function rslUses(ev: Evidence): Record<UseCase, RslUse | null> {
  const none = { training: null, search: null, inference: null };
  const r = ev.rsl;
  if (!r || !okResponse(r) || r.contentType?.includes('html') || (looksHtml(r) && !/<rsl\b/i.test(r.body))) return none;
  const root = tree(r.body);
  const rsl = root?.children.find((c) => c.name === 'rsl');
  if (!rsl) return none;
  let site: Element | null = null;
  let longest = -1;
  for (const c of rsl.children.filter((x) => x.name === 'content')) {
    const n = siteScope(attr(c.tag, 'url') ?? '', ev.domain);
    if (n > longest) [site, longest] = [c, n];
  }
  if (site === null) return none;
  const licences = site.children.filter((c) => c.name === 'license');
  return {
    training: useOf(r.body, licences, 'training'),
    search: useOf(r.body, licences, 'search'),
    inference: useOf(r.body, licences, 'inference'),
  };
}

/** The claim's evidence is the licence's: its words are the element's, or it says the licence names no payment. */
export function quotesLicence(evidence: string | null, licence: string): boolean {
  if (evidence === null) return true;
  if (/^<license> without a payment/.test(evidence)) return !/<(?:\w+:)?payment\b/.test(licence);
  const text = licence.toLowerCase();
  return words(evidence.replace(/[<>/="]/g, ' ')).every((w) => text.includes(w));
}
