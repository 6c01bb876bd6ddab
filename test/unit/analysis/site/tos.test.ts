import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { findTosLink, readTerms, termsFromText } from '../../../../proxy/analysis/site/tos.js';
import { failed, notFound, response } from '../helpers/responses.js';

describe('findTosLink', () => {
  const page = (body: string) => scanHtml(`<html><body>${body}</body></html>`);

  it('takes the first link whose text or path says terms, resolved against the page', () => {
    const s = page('<a href="/about">About</a><a href="policies/terms-of-use#top">Read this</a><a href="/terms">Terms</a>');
    expect(findTosLink(s, 'https://www.example.com/home/', 'www.example.com')).toEqual({ url: 'https://www.example.com/home/policies/terms-of-use', text: 'Read this' });
  });

  it('matches link text in several languages and labels of icon links', () => {
    expect(findTosLink(page('<a href="/x">Nutzungsbedingungen</a>'), 'https://e.de/', 'e.de')?.url).toBe('https://e.de/x');
    expect(findTosLink(page('<a href="/y">利用規約</a>'), 'https://e.jp/', 'e.jp')?.url).toBe('https://e.jp/y');
    expect(findTosLink(page('<a href="/z" aria-label="Legal notice"><svg></svg></a>'), 'https://e.com/', 'e.com')?.url).toBe('https://e.com/z');
  });

  it('accepts another host of the same registrable domain, refuses other sites and other schemes', () => {
    const s = page('<a href="https://partner.example.org/terms">Terms</a><a href="mailto:legal@example.co.uk">Legal</a><a href="https://help.example.co.uk/legal/tos">Help</a>');
    expect(findTosLink(s, 'https://www.example.co.uk/', 'www.example.co.uk')?.url).toBe('https://help.example.co.uk/legal/tos');
  });

  it('does not read words inside other words or hosts (photos, attorneys, terminal)', () => {
    const s = page('<a href="https://photos.example.com/">Photos</a><a href="/attorneys">Our attorneys</a><a href="/terminal">Terminal</a>');
    expect(findTosLink(s, 'https://example.com/', 'example.com')).toBeNull();
  });

  it('uses <base href> for relative links', () => {
    const s = scanHtml('<base href="https://example.com/en/"><a href="legal">Legal</a>');
    expect(findTosLink(s, 'https://example.com/', 'example.com')?.url).toBe('https://example.com/en/legal');
  });
});

describe('termsFromText', () => {
  // Each clause as [what it says of AI use, what it says of automated access].
  it.each([
    ['silent', 'prohibits', 'You may not use any robot, spider, scraper or other automated means to access the Services for any purpose.'],
    ['prohibits', 'silent', 'Users shall not use the Content to train artificial intelligence or machine learning models.'],
    ['prohibits', 'silent', 'Text and data mining of this website is prohibited.'],
    ['prohibits', 'silent', 'The publisher expressly reserves the right to use its content for text and data mining, pursuant to Article 4(3) of Directive (EU) 2019/790.'],
    ['silent', 'restricts', 'You may not scrape or crawl the Site without our prior written consent.'],
    ['restricts', 'silent', 'Use of our content for AI training requires a licence from us.'],
    ['permits', 'silent', 'You may use publicly available content on this site to train AI models, provided you credit the source.'],
    ['prohibits', 'prohibits', 'You may not use robots or scrapers to collect content for training AI models.'],
    ['silent', 'silent', 'These terms are governed by the laws of England. We may update these terms at any time.'],
  ])('AI %s, automated access %s: %s', (ai, access, text) => {
    const r = termsFromText(`Terms of Use\n\nWelcome to Example.\n${text}\nContact us with questions.`);
    expect(r.ai).toEqual({ stance: ai, excerpt: ai === 'silent' ? null : text, section: null });
    expect(r.automatedAccess).toEqual({ stance: access, excerpt: access === 'silent' ? null : text, section: null });
  });

  it('the most restrictive clause decides each fact', () => {
    const r = termsFromText('You may use our AI features freely. You may not use the content to train AI models.');
    expect(r.ai).toEqual({ stance: 'prohibits', excerpt: 'You may not use the content to train AI models.', section: null });
  });

  it('does not read the Italian or French word "ai" as AI', () => {
    expect(termsFromText('Non è consentito, ai sensi della legge, modificare i contenuti.').ai.stance).toBe('silent');
  });

  it('is unknown for empty text, and cuts excerpts to 400 characters around the clause', () => {
    expect(termsFromText('  ')).toEqual({ ai: { stance: 'unknown', excerpt: null, section: null }, automatedAccess: { stance: 'unknown', excerpt: null, section: null } });
    const long = `${'General provisions apply here '.repeat(30)}and you must not scrape this site${' under any circumstances'.repeat(20)}`;
    const r = termsFromText(long).automatedAccess;
    expect(r.stance).toBe('prohibits');
    expect(r.excerpt!.length).toBeLessThanOrEqual(400);
    expect(r.excerpt).toContain('must not scrape');
  });
});

describe('readTerms', () => {
  it('reads a 2xx HTML terms page, unknown otherwise', () => {
    const html = '<html><head><script>var robots = "may not";</script></head><body><h1>Terms</h1><p>You agree not to use automated means, including bots or scrapers, to collect data.</p></body></html>';
    expect(readTerms(response(html, { contentType: 'text/html' })).automatedAccess.stance).toBe('prohibits');
    expect(readTerms(response(html, { contentType: 'text/html' })).ai.stance).toBe('silent');
    expect(readTerms(response('Plain text terms. Nothing about machines.', { contentType: 'text/plain' })).ai.stance).toBe('silent');
    expect(readTerms(response('%PDF-1.7', { contentType: 'application/pdf' })).ai.stance).toBe('unknown');
    expect(readTerms(notFound()).automatedAccess.stance).toBe('unknown');
    expect(readTerms(failed()).ai.stance).toBe('unknown');
    expect(readTerms(null).ai.stance).toBe('unknown');
  });
});
