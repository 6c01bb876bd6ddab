/**
 * scanPage (proxy/analysis/html/page-scan.ts): one scan per page answer, shared by the
 * crawler's terms-link search and classify(), invisible in the evidence (issue 15 item 5).
 */
import { describe, expect, it } from 'vitest';
import { scanPage } from '../../../../proxy/analysis/html/page-scan.js';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { termsLink } from '../../../../proxy/analysis/site/tos.js';
import { buildEvidence, html, response, status } from '../helpers/evidence-builder.js';

const PAGE =
  '<html><head><meta name="robots" content="noai"></head><body><a href="/legal/terms">Terms of Service</a></body></html>';

describe('scanPage', () => {
  it('scans a 2xx HTML answer once and gives the same scan to every later ask', () => {
    const home = html(PAGE);
    const first = scanPage(home);
    expect(first).toEqual(scanHtml(PAGE));
    expect(scanPage(home)).toBe(first);
    // The terms-link search the crawler runs reads that very scan.
    expect(termsLink(home, 'example.test')).toEqual({
      url: 'https://example.test/legal/terms',
      text: 'Terms of Service',
    });
    expect(scanPage(home)).toBe(first);
  });

  it('an equal answer in another object (read back from storage) is scanned afresh, to the same result', () => {
    const home = html(PAGE);
    const copy = JSON.parse(JSON.stringify(home)) as typeof home;
    expect(scanPage(copy)).not.toBe(scanPage(home));
    expect(scanPage(copy)).toEqual(scanPage(home));
  });

  it('an answer whose body was replaced is not given the old scan', () => {
    const home = html(PAGE);
    const before = scanPage(home);
    home.body = '<a href="/tos">Terms</a>';
    expect(scanPage(home)).not.toBe(before);
    expect(scanPage(home)!.anchors.map((a) => a.href)).toEqual(['/tos']);
  });

  it('only 2xx pages typed HTML, XHTML or untyped are scanned', () => {
    expect(scanPage(status(403, PAGE))).toBeNull();
    expect(scanPage(response(PAGE, { contentType: 'application/json' }))).toBeNull();
    expect(scanPage(response(PAGE, { contentType: 'application/xhtml+xml' }))).not.toBeNull();
    expect(scanPage(response(PAGE, { contentType: null }))).not.toBeNull();
    expect(scanPage(null)).toBeNull();
    expect(scanPage({ kind: 'refused', url: 'https://example.test/', reason: 'x' })).toBeNull();
    expect(termsLink(status(403, PAGE), 'example.test')).toBeNull();
  });

  it('adds nothing to the evidence: it serialises as before', () => {
    const e = buildEvidence({ homepage: PAGE });
    const before = JSON.stringify(e);
    scanPage(e.homepage);
    expect(JSON.stringify(e)).toBe(before);
    expect(Object.keys(e.homepage)).toEqual(Object.keys(html(PAGE)));
  });
});
