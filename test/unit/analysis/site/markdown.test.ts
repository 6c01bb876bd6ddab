import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { detectMarkdownForAgents, parseLinkHeader } from '../../../../proxy/analysis/site/markdown.js';
import { notFound, response } from '../helpers/responses.js';

describe('parseLinkHeader (RFC 8288)', () => {
  it('splits links at commas outside <> and quotes, reads token and quoted parameters', () => {
    expect(
      parseLinkHeader(
        '<https://e.com/a,b>; rel="alternate next"; type="text/markdown", </x>;rel=preload;as=style, <https://e.com/c>; title="a, \\"b\\""',
      ),
    ).toEqual([
      { href: 'https://e.com/a,b', params: { rel: 'alternate next', type: 'text/markdown' } },
      { href: '/x', params: { rel: 'preload', as: 'style' } },
      { href: 'https://e.com/c', params: { title: 'a, "b"' } },
    ]);
  });
  it('tolerates garbage', () => {
    expect(parseLinkHeader('')).toEqual([]);
    expect(parseLinkHeader('<unterminated')).toEqual([]);
    expect(parseLinkHeader('<a>; ;; =x; rel')).toEqual([{ href: 'a', params: { rel: '' } }]);
  });
});

describe('detectMarkdownForAgents', () => {
  it('is offered when Accept: text/markdown gets a 2xx markdown answer', () => {
    expect(detectMarkdownForAgents(response('# Home', { contentType: 'text/markdown' }), {}, null)).toEqual({
      offered: true,
      via: 'accept',
      url: 'https://example.com/',
    });
  });
  it('is offered through a Link header or a <link rel=alternate>', () => {
    const html = response('<html>', { contentType: 'text/html' });
    expect(detectMarkdownForAgents(html, { link: '</index.md>; rel="alternate"; type="text/markdown"' }, null)).toEqual(
      { offered: true, via: 'link_header', url: '/index.md' },
    );
    expect(
      detectMarkdownForAgents(html, {}, scanHtml('<link rel="alternate" type="text/markdown" href="/llms/index.md">')),
    ).toEqual({ offered: true, via: 'link_tag', url: '/llms/index.md' });
  });
  it('is not offered for HTML answers, other alternates or errors', () => {
    const scan = scanHtml('<link rel="alternate" type="application/rss+xml" href="/feed">');
    expect(
      detectMarkdownForAgents(
        response('<html>', { contentType: 'text/html' }),
        { link: '</feed>; rel=alternate; type="application/rss+xml"' },
        scan,
      ).offered,
    ).toBe(false);
    expect(
      detectMarkdownForAgents(response('# x', { contentType: 'text/markdown', status: 406 }), {}, null).offered,
    ).toBe(false);
    expect(detectMarkdownForAgents(notFound(), {}, null).offered).toBe(false);
  });
});
