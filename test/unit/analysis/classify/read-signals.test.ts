/** The signals as classify() reads them from a crawl's Evidence (classify/read-evidence.ts, the one reader). */
import { describe, expect, it } from 'vitest';
import { readEvidence } from '../../../../proxy/analysis/classify/read-evidence.js';
import { resolvePrefs } from '../../../../proxy/analysis/signals/index.js';
import { evidence, failed, response } from '../helpers/responses.js';

describe('readEvidence: signals', () => {
  it('reads every signal of a site that publishes them all', () => {
    const ev = evidence({
      homepage: response(
        '<html><head><meta name="robots" content="noai"><meta name="tdm-reservation" content="1"></head></html>',
        {
          contentType: 'text/html',
          headers: { 'content-usage': 'train-ai=n', 'x-robots-tag': 'noimageai' },
        },
      ),
      robots: response('User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n'),
      llms: response('# Example\n\n> A site.\n\n- [Docs](https://example.com/docs.md)\n'),
      aiTxt: response('User-Agent: *\nDisallow: /\n'),
      tdmrep: response('[{"location":"/","tdm-reservation":0}]', { contentType: 'application/json' }),
      agents: response('{"agentsJson":"0.1.0","info":{"title":"Example"},"sources":[],"flows":[]}', {
        contentType: 'application/json',
      }),
    });
    const f = readEvidence(ev);
    expect(f.robotsOutcome).toBe('ok');
    expect(f.contentSignals.entries.map((e) => e.source)).toEqual(['robots_global', 'header']);
    const siteWide = resolvePrefs(f.contentSignals, '*');
    expect(siteWide.training?.value).toBe(false);
    expect(siteWide.search?.value).toBe(true);
    // The meta supersedes the file (TDMRep 3.5).
    expect(f.tdmrep).toMatchObject({ found: true, reservation: 1, source: 'meta' });
    expect(f.aiTxt).toMatchObject({ found: true, disallowsRoot: true });
    expect(f.llms).toMatchObject({ found: true, title: 'Example' });
    expect(f.agents).toMatchObject({ found: true, shape: 'wildcard' });
    expect(f.meta).toMatchObject({ noai: true, noimageai: true });
  });

  it('finds nothing on a bare site, and survives an unreachable one', () => {
    const bare = readEvidence(evidence());
    expect([
      bare.contentSignals.entries.length,
      bare.tdmrep.found,
      bare.aiTxt.found,
      bare.llms.found,
      bare.agents.found,
      bare.meta.noai,
      bare.meta.noimageai,
    ]).toEqual([0, false, false, false, false, false, false]);
    expect(bare.robotsOutcome).toBe('missing');
    const down = readEvidence(
      evidence({
        homepage: failed(),
        robots: failed(),
        llms: failed(),
        aiTxt: failed(),
        tdmrep: failed(),
        agents: failed(),
        markdown: failed(),
      }),
    );
    expect(down.homepage).toBeNull();
    expect(down.scan).toBeNull();
    expect(down.robotsOutcome).toBe('unreachable');
    expect(down.llms.kind).toBe('unreachable');
  });
});
