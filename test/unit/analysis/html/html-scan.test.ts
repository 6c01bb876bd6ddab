import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeEntities } from '../../../../proxy/analysis/html/entities.js';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { htmlBlocks } from '../../../../proxy/analysis/html/blocks.js';
import { htmlToText } from '../../../../proxy/analysis/html/text.js';

const PAGE = `<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<META NAME="Robots" CONTENT="noindex, NoAI">
<meta name=generator content=WordPress&#32;6.5>
<meta property="og:title" content="Tom &amp; Jerry">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>Tom &amp; Jerry &mdash; Home</title>
<link rel="alternate stylesheet" href="/a.css" type="text/css; charset=utf-8">
<link rel=alternate type=text/markdown href="/index.md">
<base href="https://cdn.example.com/">
<script src="https://cdn.piano.io/api/tinypass.min.js"></script>
<script>var s = "<a href='/fake'>not a link</a>"; if (a < b) {}</script>
<script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false}</script>
<style>a > b { content: "</a>" }</style>
<!-- <a href="/commented">no</a> -->
</head><body>
<a href="/terms" title="Legal">Terms <b>of</b>
   Service</a>
<a href='/x'>first<a href="/y">second</a>
<a name="anchor-without-href">skip</a>
<p>1 < 2 and <a href="/lt">a &lt; b</a></p>
</body></html>`;

describe('scanHtml', () => {
  const s = scanHtml(PAGE);

  it('reads metas with lower-case names and decoded content', () => {
    expect(s.metas.find((m) => m.name === 'robots')?.content).toBe('noindex, NoAI');
    expect(s.metas.find((m) => m.name === 'generator')?.content).toBe('WordPress 6.5');
    expect(s.metas.find((m) => m.property === 'og:title')?.content).toBe('Tom & Jerry');
    expect(s.metas.find((m) => m.httpEquiv === 'x-ua-compatible')?.content).toBe('IE=edge');
    expect(s.metas[0]?.charset).toBe('utf-8');
  });

  it('reads the title, base, links and their types', () => {
    expect(s.title).toBe('Tom & Jerry \u2014 Home');
    expect(s.base).toBe('https://cdn.example.com/');
    expect(s.links).toEqual([
      { rel: ['alternate', 'stylesheet'], href: '/a.css', type: 'text/css', hreflang: null },
      { rel: ['alternate'], href: '/index.md', type: 'text/markdown', hreflang: null },
    ]);
  });

  it('keeps script text out of the markup: no link from a string inside a script, none from comments or styles', () => {
    expect(s.anchors.map((a) => a.href)).toEqual(['/terms', '/x', '/y', '/lt']);
    expect(s.scripts.map((x) => x.src)).toEqual(['https://cdn.piano.io/api/tinypass.min.js', null, null]);
    expect(s.scripts[1]?.inline).toContain("href='/fake'");
    expect(JSON.parse(s.jsonLd[0]!)).toEqual({ '@type': 'NewsArticle', isAccessibleForFree: false });
  });

  it('collects link text across inline tags, folds white space, closes an <a> opened inside another', () => {
    expect(s.anchors[0]).toEqual({ href: '/terms', text: 'Terms of Service', label: 'Legal', rel: [] });
    expect(s.anchors[1]?.text).toBe('first');
    expect(s.anchors[2]?.text).toBe('second');
    expect(s.anchors[3]?.text).toBe('a < b');
  });

  it('survives unterminated constructs at the end of input', () => {
    for (const tail of [
      '<a href="/z',
      '<!--',
      '<script>var x',
      '<title>abc',
      '<meta name="x" content=\'',
      '<',
      '</',
      '<!',
    ]) {
      const r = scanHtml(`<p>ok</p>${tail}`);
      expect(r).toBeTypeOf('object');
    }
    expect(scanHtml('<title>abc').title).toBe('abc');
    expect(scanHtml('<a href="/z">open to the end').anchors).toEqual([
      { href: '/z', text: 'open to the end', label: null, rel: [] },
    ]);
  });

  it('finds the end of raw text case-insensitively and only at a real end tag', () => {
    const r = scanHtml('<SCRIPT>x = "</scripty>"</ScRiPt><a href="/after">after</a>');
    expect(r.anchors.map((a) => a.href)).toEqual(['/after']);
    expect(r.scripts[0]?.inline).toBe('x = "</scripty>"');
  });

  it('caps collections instead of growing without bound', () => {
    const r = scanHtml('<meta name="a" content="b">'.repeat(1000));
    expect(r.metas).toHaveLength(500);
    expect(r.capped).toBe(true);
  });

  it('never throws and returns sane shapes on arbitrary input', () => {
    const tagish = fc.constantFrom(
      '<',
      '>',
      '</',
      '<a href="',
      '"',
      "'",
      '=',
      '<!--',
      '-->',
      '<script>',
      '</script>',
      '<meta name=robots content=noai>',
      '<title>',
      '&amp;',
      '&#x',
      ' ',
      'a',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.array(tagish, { maxLength: 80 }).map((a) => a.join('')),
        ),
        (html) => {
          const r = scanHtml(html);
          expect(Array.isArray(r.anchors)).toBe(true);
          for (const a of r.anchors) expect(a.text.length).toBeLessThanOrEqual(300);
          expect(typeof htmlToText(html)).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);
});

describe('decodeEntities', () => {
  it('decodes numeric and common named references, leaves unknown ones', () => {
    expect(decodeEntities('a&amp;b &#65;&#x42; &nbsp;&copy; &bogus; &#0; &#xD800;')).toBe(
      'a&b AB \u00a0\u00a9 &bogus; \ufffd \ufffd',
    );
  });
});

describe('htmlToText', () => {
  it('drops tags, scripts and styles, keeps block structure', () => {
    const t = htmlToText(
      '<h1>Terms</h1><p>You may <b>not</b> scrape.</p><script>alert("no")</script><style>p{}</style><div>Last&nbsp;line</div>',
    );
    expect(t).toBe('Terms\nYou may not scrape.\nLast line');
  });
});

describe('htmlBlocks', () => {
  it('keeps headings, paragraphs, nested list items with their depth, and table cells apart', () => {
    const b = htmlBlocks(
      '<h2>4. Use</h2><p>You agree not to:</p><ul><li>spam<li>scrape:<ol><li>with robots</li></ol></li></ul><table><tr><td>_ga</td></tr></table><p>End&nbsp;of&shy;terms</p>',
    );
    expect(b).toEqual([
      { kind: 'heading', level: 2, text: '4. Use' },
      { kind: 'paragraph', level: 0, text: 'You agree not to:' },
      { kind: 'item', level: 1, text: 'spam' },
      { kind: 'item', level: 1, text: 'scrape:' },
      { kind: 'item', level: 2, text: 'with robots' },
      { kind: 'cell', level: 0, text: '_ga' },
      { kind: 'paragraph', level: 0, text: 'End ofterms' },
    ]);
  });

  it('skips scripts, styles, the title, navigation and drawings', () => {
    const b = htmlBlocks(
      '<title>Terms</title><nav><a href="/">Home</a></nav><svg><text>logo</text></svg><style>p{}</style><p>Body</p>',
    );
    expect(b.map((x) => x.text)).toEqual(['Body']);
  });
});
