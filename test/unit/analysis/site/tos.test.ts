import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { findTosLink, readTerms } from '../../../../proxy/analysis/site/tos.js';
import { failed, notFound, response } from '../helpers/responses.js';

describe('findTosLink', () => {
  const page = (body: string) => scanHtml(`<html><body>${body}</body></html>`);

  it('takes the first link whose text or path says terms, resolved against the page', () => {
    const s = page(
      '<a href="/about">About</a><a href="policies/terms-of-use#top">Read this</a><a href="/terms">Terms</a>',
    );
    expect(findTosLink(s, 'https://www.example.com/home/', 'www.example.com')).toEqual({
      url: 'https://www.example.com/home/policies/terms-of-use',
      text: 'Read this',
    });
  });

  it('matches link text in several languages and labels of icon links', () => {
    expect(findTosLink(page('<a href="/x">Nutzungsbedingungen</a>'), 'https://e.de/', 'e.de')?.url).toBe(
      'https://e.de/x',
    );
    expect(findTosLink(page('<a href="/y">利用規約</a>'), 'https://e.jp/', 'e.jp')?.url).toBe('https://e.jp/y');
    expect(
      findTosLink(page('<a href="/z" aria-label="Legal notice"><svg></svg></a>'), 'https://e.com/', 'e.com')?.url,
    ).toBe('https://e.com/z');
  });

  it('accepts another host of the same registrable domain, refuses other sites and other schemes', () => {
    const s = page(
      '<a href="https://partner.example.org/terms">Terms</a><a href="mailto:legal@example.co.uk">Legal</a><a href="https://help.example.co.uk/legal/tos">Help</a>',
    );
    expect(findTosLink(s, 'https://www.example.co.uk/', 'www.example.co.uk')?.url).toBe(
      'https://help.example.co.uk/legal/tos',
    );
  });

  it('does not read words inside other words or hosts (photos, attorneys, terminal)', () => {
    const s = page(
      '<a href="https://photos.example.com/">Photos</a><a href="/attorneys">Our attorneys</a><a href="/terminal">Terminal</a>',
    );
    expect(findTosLink(s, 'https://example.com/', 'example.com')).toBeNull();
  });

  it('uses <base href> for relative links', () => {
    const s = scanHtml('<base href="https://example.com/en/"><a href="legal">Legal</a>');
    expect(findTosLink(s, 'https://example.com/', 'example.com')?.url).toBe('https://example.com/en/legal');
  });
});

describe('readTerms', () => {
  it('reads a 2xx HTML terms page, unknown otherwise', () => {
    const html =
      '<html><head><script>var robots = "may not";</script></head><body><h1>Terms</h1><p>You agree not to use automated means, including bots or scrapers, to collect data.</p></body></html>';
    expect(readTerms(response(html, { contentType: 'text/html' })).automatedAccess.stance).toBe('prohibits');
    expect(readTerms(response(html, { contentType: 'text/html' })).ai.stance).toBe('silent');
    expect(
      readTerms(response('Plain text terms. Nothing about machines.', { contentType: 'text/plain' })).ai.stance,
    ).toBe('silent');
    expect(readTerms(response('%PDF-1.7', { contentType: 'application/pdf' })).ai.stance).toBe('unknown');
    expect(readTerms(notFound()).automatedAccess.stance).toBe('unknown');
    expect(readTerms(failed()).ai.stance).toBe('unknown');
    expect(readTerms(null).ai.stance).toBe('unknown');
  });
});
