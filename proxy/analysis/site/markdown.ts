/**
 * Markdown for agents: the site offers a markdown version of its pages. Three ways to say so:
 * - content negotiation: a 2xx `text/markdown` answer to `GET /` with `Accept: text/markdown`
 *   (RFC 7763 registers the media type; Cloudflare's "Markdown for Agents" answers this way);
 * - a `Link: <...>; rel="alternate"; type="text/markdown"` response header (RFC 8288);
 * - `<link rel="alternate" type="text/markdown" href="...">` in the homepage head (HTML 4.6.7.1).
 */
import type { FetchResult } from '../evidence.js';
import type { HtmlScan } from '../html/scan.js';
import { successfulResponse } from '../signals/response.js';

export interface MarkdownFacts {
  offered: boolean;
  via: 'accept' | 'link_header' | 'link_tag' | null;
  /** The markdown URL when one was named or served. */
  url: string | null;
}

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

export interface LinkValue {
  href: string;
  /** Parameters, lower-case names, unquoted values. */
  params: Record<string, string>;
}

/** First index at or after `from` of any character of `chars`, or the length. */
function indexOfAny(s: string, chars: string, from: number): number {
  for (let k = from; k < s.length; k++) if (chars.includes(s[k]!)) return k;
  return s.length;
}

/**
 * Parses a Link header (RFC 8288 section 3): comma-separated `<uri-reference>` with
 * `; name=value` parameters, values token or quoted-string. Commas inside `<...>` or quotes
 * do not split. Linear, never throws.
 */
export function parseLinkHeader(value: string): LinkValue[] {
  const out: LinkValue[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    const lt = value.indexOf('<', i);
    if (lt < 0) break;
    const gt = value.indexOf('>', lt + 1);
    if (gt < 0) break;
    const link: LinkValue = { href: value.slice(lt + 1, gt).trim(), params: {} };
    i = gt + 1;
    // Parameters until the next comma outside quotes.
    while (i < n) {
      while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
      if (value[i] !== ';') break;
      i++;
      const nameEnd = indexOfAny(value, '=;,', i);
      const name = value.slice(i, nameEnd).trim().toLowerCase();
      i = nameEnd;
      let v = '';
      if (value[i] === '=') {
        i++;
        while (i < n && value[i] === ' ') i++;
        if (value[i] === '"') {
          let j = i + 1;
          while (j < n && value[j] !== '"') j += value[j] === '\\' ? 2 : 1;
          v = value.slice(i + 1, Math.min(j, n)).replace(/\\(.)/g, '$1');
          i = j + 1;
        } else {
          const end = indexOfAny(value, ';,', i);
          v = value.slice(i, end).trim();
          i = end;
        }
      }
      if (name !== '' && !(name in link.params)) link.params[name] = v;
    }
    out.push(link);
    const comma = value.indexOf(',', i);
    if (comma < 0) break;
    i = comma + 1;
  }
  return out;
}

const isAlternateMarkdown = (rel: readonly string[], type: string | null | undefined): boolean =>
  rel.includes('alternate') && MARKDOWN_TYPES.has((type ?? '').split(';')[0]!.trim().toLowerCase());

export function detectMarkdownForAgents(
  markdown: FetchResult | null,
  homepageHeaders: Readonly<Record<string, string>>,
  scan: HtmlScan | null,
): MarkdownFacts {
  const r = successfulResponse(markdown);
  if (r !== null && r.contentType !== null && MARKDOWN_TYPES.has(r.contentType))
    return { offered: true, via: 'accept', url: r.finalUrl };
  const link = homepageHeaders['link'];
  if (link !== undefined) {
    const hit = parseLinkHeader(link).find((l) =>
      isAlternateMarkdown((l.params['rel'] ?? '').toLowerCase().split(/\s+/), l.params['type']),
    );
    if (hit !== undefined) return { offered: true, via: 'link_header', url: hit.href };
  }
  const tag = scan?.links.find((l) => isAlternateMarkdown(l.rel, l.type));
  if (tag !== undefined) return { offered: true, via: 'link_tag', url: tag.href };
  return { offered: false, via: null, url: null };
}
