import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../proxy/analysis/robots/index.js';
import { readSignals } from '../../../proxy/analysis/signals/index.js';
import { evidence, failed, response } from './helpers.js';

describe('readSignals', () => {
  it('reads every signal of a site that publishes them all', () => {
    const ev = evidence({
      homepage: response('<html><head><meta name="robots" content="noai"><meta name="tdm-reservation" content="1"></head></html>', {
        contentType: 'text/html', headers: { 'content-usage': 'train-ai=n', 'x-robots-tag': 'noimageai' },
      }),
      llms: response('# Example\n\n> A site.\n\n- [Docs](https://example.com/docs.md)\n'),
      aiTxt: response('User-Agent: *\nDisallow: /\n'),
      tdmrep: response('[{"location":"/","tdm-reservation":0}]', { contentType: 'application/json' }),
      agents: response('{"agentsJson":"0.1.0","info":{"title":"Example"},"sources":[],"flows":[]}', { contentType: 'application/json' }),
    });
    const s = readSignals(ev, parseRobotsTxt('User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n'));
    expect(s.contentSignals.found).toBe(true);
    expect(s.contentSignals.entries.map((e) => e.source)).toEqual(['robots_global', 'header']);
    expect(s.contentSignals.siteWide.training?.value).toBe(false);
    expect(s.contentSignals.siteWide.search?.value).toBe(true);
    // The meta supersedes the file (TDMRep 3.5).
    expect(s.tdmrep).toMatchObject({ found: true, reservation: 1, source: 'meta' });
    expect(s.aiTxt).toMatchObject({ found: true, disallowsRoot: true });
    expect(s.llmsTxt).toMatchObject({ found: true, title: 'Example' });
    expect(s.agentsJson).toMatchObject({ found: true, shape: 'wildcard' });
    expect(s.meta).toMatchObject({ found: true, noai: true, noimageai: true });
  });

  it('finds nothing on a bare site, and survives an unreachable one', () => {
    const bare = readSignals(evidence(), null);
    expect([bare.contentSignals.found, bare.tdmrep.found, bare.aiTxt.found, bare.llmsTxt.found, bare.agentsJson.found, bare.meta.found]).toEqual([false, false, false, false, false, false]);
    const down = readSignals(evidence({ homepage: failed(), robots: failed(), llms: failed(), aiTxt: failed(), tdmrep: failed(), agents: failed(), markdown: failed() }), null);
    expect(down.homepage).toBeNull();
    expect(down.llmsTxt.kind).toBe('unreachable');
  });
});
