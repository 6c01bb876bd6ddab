import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { metaRobotsDirectives, pageMeta, parseXRobotsTag } from '../../../../proxy/analysis/signals/meta.js';

describe('parseXRobotsTag', () => {
  it('reads unscoped directives', () => {
    expect(parseXRobotsTag('noai, noimageai')).toEqual([
      { source: 'x_robots_tag', agent: '*', directives: ['noai', 'noimageai'], text: 'noai, noimageai' },
    ]);
  });

  it('scopes directives after a bot-name prefix until the next prefix (repeated headers joined with ", ")', () => {
    const r = parseXRobotsTag('googlebot: noai, nofollow, otherbot: noindex, max-snippet: 20');
    expect(r.map((g) => [g.agent, g.directives])).toEqual([
      ['googlebot', ['noai', 'nofollow']],
      ['otherbot', ['noindex', 'max-snippet:20']],
    ]);
  });

  it('does not take parameter directives for agent prefixes', () => {
    expect(parseXRobotsTag('unavailable_after: 25 Jun 2030 15:00:00 PST, noindex').map((g) => g.agent)).toEqual(['*']);
    expect(parseXRobotsTag('max-image-preview: large').map((g) => g.directives)).toEqual([['max-image-preview:large']]);
    expect(parseXRobotsTag(' , ,')).toEqual([]);
  });
});

describe('page meta', () => {
  it('finds noai in meta robots (any case) and in the header', () => {
    const scan = scanHtml('<meta name="robots" content="NoAI, noimageai"><meta name="generator" content="Hugo 0.120">');
    const m = pageMeta(scan, {});
    expect(m).toMatchObject({
      noai: true,
      noimageai: true,
      noaiAgents: [],
      generators: ['Hugo 0.120'],
      decidingText: '<meta name="robots" content="NoAI, noimageai">',
    });
    expect(pageMeta(null, { 'x-robots-tag': 'noai' })).toMatchObject({ noai: true, decidingText: 'noai' });
  });

  it('keeps bot-scoped noai apart from the site-wide one', () => {
    const scan = scanHtml('<meta name="GPTBot" content="noai"><meta name="description" content="none">');
    const m = pageMeta(scan, { 'x-robots-tag': 'googlebot: noai' });
    expect(m.noai).toBe(false);
    expect(m.noaiAgents).toEqual(['gptbot', 'googlebot']);
    expect(metaRobotsDirectives(scan.metas).map((d) => d.agent)).toEqual(['gptbot']);
  });

  it('has no directives on a plain page', () => {
    expect(pageMeta(scanHtml('<title>x</title>'), {})).toMatchObject({ directives: [], noai: false, noimageai: false });
  });
});
