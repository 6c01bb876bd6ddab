/**
 * report.html is one file that needs nothing from outside: no URL it loads, scripts allowed
 * only by their hashes, every text escaped, and every chart followed by the table of its figures.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chartJsSource, reportHtml, type ReportMethod } from '../../../../proxy/audit/output/report-html.js';
import { addRow, emptyTally } from '../../../../proxy/audit/output/tally.js';
import { row } from './helpers/rows.js';
import { catalogueCounts } from '../../../../shared/bots.js';

const METHOD: ReportMethod = {
  listName: 'list <b>one</b>.csv',
  listSha256: 'ab'.repeat(32),
  listLines: { domains: 3, invalid: 1, duplicates: 0 },
  runStartedMs: Date.UTC(2026, 0, 15, 11),
  builtMs: Date.UTC(2026, 0, 15, 13),
  version: '0.1.0',
  userAgent: 'AIPolicyLens/1.0 (+https://example.org/bot)',
  refreshDays: 7,
  rate: 10,
  registry: 'out/registry.sqlite',
  complete: false,
  catalogue: catalogueCounts(),
  limits: { domainMs: 20_000, requestMs: 10_000, maxRedirects: 5 },
};

function report() {
  const t = emptyTally();
  addRow(
    t,
    row('a.example', {
      told: 'blocks_training',
      stance: 'blocks_training',
      detail: 'blocks_training',
      training: 'blocked',
      ai_bots_named: ['GPTBot'],
      ai_bots_blocked: ['GPTBot'],
      key_bots_blocked: ['GPTBot'],
    }),
  );
  addRow(
    t,
    row('b.example', { status: 'failed', failure: '<script>alert(1)</script> timed out', tos_ai_stance: 'prohibits' }),
  );
  addRow(t, row('c.example', { status: 'pending', stance: null }));
  return reportHtml(t, METHOD);
}

describe('report.html', () => {
  it('loads nothing from anywhere and runs only its own two scripts', () => {
    const html = report();
    expect(html).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<link\b/);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
    expect(csp).toMatch(/^default-src 'none';/);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toBe(chartJsSource());
    for (const s of scripts) expect(csp).toContain(`'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  });

  it('escapes every text it shows', () => {
    const html = report();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; timed out');
    expect(html).toContain('list &#60;b&#62;one&#60;/b&#62;.csv');
    const data = /<script type="application\/json" id="chart-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toHaveLength(5);
  });

  it("shows a crawled name's bidi and zero-width characters as markers, in the tables and the charts (issue 33)", () => {
    const t = emptyTally();
    addRow(
      t,
      row('d.example', {
        told: 'selective',
        stance: 'selective',
        detail: 'selective',
        ai_bots_named: ['GPTBot', 'Evil\u202eBot', 'Zero\u200bBot'],
        ai_bots_blocked: ['GPTBot', 'Evil\u202eBot', 'Zero\u200bBot'],
        key_bots_blocked: ['GPTBot'],
      }),
    );
    const html = reportHtml(t, METHOD);
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
    expect(html).toContain('Evil\u27e8U+202E\u27e9Bot');
    expect(html).toContain('Zero\u27e8U+200B\u27e9Bot');
  });

  it('shows the invisible and bidi characters of crawled text as their code points (issue 33)', () => {
    const t = emptyTally();
    addRow(t, row('d.example', { status: 'failed', failure: 'Disallow: /private\u202Eevil\u202C/ timed out' }));
    const html = reportHtml(t, METHOD);
    expect(html).toContain('Disallow: /private\u27E8U+202E\u27E9evil\u27E8U+202C\u27E9/ timed out');
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/);
  });

  it('gives every chart a label and the table of its figures', () => {
    const html = report();
    const canvases = [
      ...html.matchAll(/<canvas id="([^"]+)" role="img" aria-label="([^"]+)"><\/canvas><\/div>\s*<table>/g),
    ];
    expect(canvases.map((c) => c[1])).toEqual([
      'chart-stances',
      'chart-verdicts',
      'chart-bots',
      'chart-standards',
      'chart-terms',
    ]);
    expect(canvases[0]![2]).toContain('Blocks AI training 50.0 %');
    expect(html).toContain('This run is not finished: 1 domain is not checked yet');
    expect(html).toContain('lines that are not domains left out (listed in invalid-lines.csv)');
  });
});
