import { describe, expect, it } from 'vitest';
import { aiTxtRulesForAll, analyzeAiTxt, decideAiTxt } from '../../../../proxy/analysis/signals/ai-txt.js';
import { failed, notFound, response } from '../helpers/responses.js';

// The shape Spawning's ai.txt generator (spawning.ai/ai-txt) produces, shortened.
const SPAWNING = `# Spawning AI
# Prevent datasets from using the following file types

User-Agent: *
Disallow: /
Disallow: *.txt
Disallow: *.pdf
Disallow: *.jpg
Disallow: *.jpeg
`;

describe('analyzeAiTxt', () => {
  it('reads a Spawning file that disallows everything for *', () => {
    const r = analyzeAiTxt(response(SPAWNING));
    expect(r).toMatchObject({
      found: true,
      disallowsRoot: true,
      decidingRule: { type: 'disallow', pattern: '/', line: 5 },
    });
    expect(r.disallowedPatterns).toEqual(['*.txt', '*.pdf', '*.jpg', '*.jpeg']);
  });

  it('file-type rules alone do not disallow /', () => {
    const r = analyzeAiTxt(response('User-Agent: *\nDisallow: *.png\nDisallow: *.gif\nAllow: *.html\n'));
    expect(r).toMatchObject({ found: true, disallowsRoot: false, decidingRule: null });
  });

  it('an allow of equal length wins the tie; longer patterns win', () => {
    expect(analyzeAiTxt(response('User-agent: *\nDisallow: /\nAllow: /\n')).disallowsRoot).toBe(false);
    expect(analyzeAiTxt(response('User-agent: *\nAllow: /\nDisallow: /*\n')).disallowsRoot).toBe(true);
  });

  it('ignores groups for other agents, reads rules before any User-Agent as for all', () => {
    expect(analyzeAiTxt(response('User-Agent: img2dataset\nDisallow: /\n')).disallowsRoot).toBe(false);
    expect(analyzeAiTxt(response('Disallow: /   # everything\n')).disallowsRoot).toBe(true);
    expect(
      aiTxtRulesForAll('User-Agent: bot\nUser-Agent: *\nDisallow: /a\nUser-Agent: other\nDisallow: /b\n').map(
        (r) => r.pattern,
      ),
    ).toEqual(['/a']);
  });

  it('is not found for HTML, empty bodies, 404 and no answer', () => {
    for (const r of [
      response('<!doctype html><p>hi</p>', { contentType: 'text/html' }),
      response('  \n'),
      notFound(),
      failed(),
      null,
    ]) {
      expect(analyzeAiTxt(r).found).toBe(false);
    }
  });

  it('decideAiTxt ignores empty Disallow lines', () => {
    expect(decideAiTxt([{ type: 'disallow', pattern: '', line: 1 }], '/')).toBeNull();
  });
});
