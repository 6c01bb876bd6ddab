/**
 * The scan of an HTML page answer, made once per answer. The crawler needs
 * the homepage's links to find the terms page while it crawls (site/tos.ts termsLink), and
 * classify() needs its metas, links and scripts afterwards; both ask here, and the second ask
 * is answered from a WeakMap keyed by the answer object itself. Nothing is added to the
 * answer, so the evidence serialises as before; an answer read back from storage is simply
 * scanned again. Deterministic: the same answer always gives the same scan.
 */
import type { FetchResponse, FetchResult } from '../evidence.js';
import { isSuccess } from '../signals/response.js';
import { scanHtml, type HtmlScan } from './scan.js';

/** The body each scan was made from: an answer whose body was replaced is scanned afresh. */
const scans = new WeakMap<FetchResponse, { body: string; scan: HtmlScan | null }>();

/** HTML page types; an untyped answer is read as HTML too (browsers sniff it so). */
const HTML_TYPES = new Set(['', 'text/html', 'application/xhtml+xml']);

/**
 * The scan of a 2xx HTML answer, else null: a challenge or error page still has headers worth
 * reading, but its markup is not the site's page. The scan is shared; callers only read it.
 */
export function scanPage(result: FetchResult | null): HtmlScan | null {
  if (result === null || result.kind !== 'response') return null;
  const kept = scans.get(result);
  if (kept !== undefined && kept.body === result.body) return kept.scan;
  const scan = isSuccess(result.status) && HTML_TYPES.has(result.contentType ?? '') ? scanHtml(result.body) : null;
  scans.set(result, { body: result.body, scan });
  return scan;
}
