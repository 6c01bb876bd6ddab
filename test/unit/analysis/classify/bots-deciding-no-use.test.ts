/**
 * Bots that decide no use (docs/policy.md section 11): scraping frameworks, SEO and writing
 * tools, media monitors and names with no known use have purpose `other`; they are reported in
 * `bots` and the bot lists but make no stance by themselves. Malformed user-agent values (a
 * browser string, a list on one line) are no product token and are not reported as new bots.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { botByToken } from '../../../../shared/bots.js';
import { buildEvidence, text } from '../helpers/evidence-builder.js';

const REAL = new URL('../../../fixtures/real-files/', import.meta.url);
const real = (name: string): string => readFileSync(new URL(name, REAL), 'utf8');
const run = (robots: string, domain = 'example.test') => classify(buildEvidence({ domain, robots: text(robots) }));
const block = (...tokens: string[]): string =>
  tokens.map((t) => `User-agent: ${t}\nDisallow: /\n`).join('\n') + '\nUser-agent: *\nDisallow: /wp-admin/\n';

describe('non-AI tools make no stance', () => {
  it.each([[['Scrapy']], [['SemrushBot-SWA']], [['YaK']], [['Scrapy', 'SemrushBot-SWA', 'YaK', 'Awario', 'Spider']]])(
    'a site blocking only %j has no AI rule, and says it blocks them',
    (tokens) => {
      const c = run(block(...tokens));
      expect([c.summary.stance, c.summary.detail]).toEqual(['no_policy', 'no_ai_rules']);
      expect(c.summary.use_cases).toEqual({ training: 'allowed', search: 'allowed', inference: 'allowed' });
      // Reported: in bots.blocked, the full record's AI bots, and the bot list with is_ai_bot.
      expect(c.summary.bots.blocked).toEqual(tokens);
      for (const t of tokens) expect(c.full.all_bots[t]).toMatchObject({ status: 'blocked', is_ai_bot: true });
      expect(c.full.policy_completeness).toBe('minimal');
      const stance = c.full.explanations[0]!.reason;
      expect(stance).toContain(`it restricts ${tokens.length === 1 ? tokens[0] : ''}`);
      expect(stance).toContain('which decide no AI use');
      expect(stance).not.toMatch(/^robots\.txt has no rules for AI bots,/);
      expect(c.full.explanations.find((e) => e.subject === tokens[0])!.reason).toContain('so it decides no use');
    },
  );

  it('beside a whole-site block for every crawler they do not make the block "aimed at AI" (wildcard_block stays)', () => {
    const c = run('User-agent: *\nDisallow: /\n\nUser-agent: Scrapy\nDisallow: /\n');
    expect(c.summary.detail).toBe('wildcard_block');
    expect(c.summary.bots.blocked[0]).toBe('Scrapy');
  });

  it('beside a real AI rule they are listed with the bots that decide', () => {
    const c = run(block('GPTBot', 'Scrapy'));
    expect(c.summary.detail).toBe('selective');
    expect(c.summary.bots.blocked).toEqual(['GPTBot', 'Scrapy']);
    expect(c.full.explanations.find((e) => e.subject === 'training')!.reason).not.toContain('Scrapy');
  });
});

describe('AI-looking tokens reported through the catalogue', () => {
  it.each([
    ['pplx-crawler', 'other'],
    ['agentcore-browser', 'agent'],
    ['bedrock-agentcore-browser', 'agent'],
    ['ProRataInc', 'search'],
    ['ProRataIncBot', 'search'],
  ])('%s is catalogued (%s) and reported when blocked', (token, purpose) => {
    expect(botByToken(token)).toMatchObject({ purpose, is_ai_bot: true });
    const c = run(block(token.toLowerCase()));
    expect(c.summary.bots.blocked).toEqual([token]);
    expect(c.full.unknown_ai_bots).toEqual([]);
  });

  it('ouest-france (real file) names agentcore-browser and prorataincbot: both are reported blocked', () => {
    const c = run(
      readFileSync('../shared/corpora/real-robots/2026-01/www.ouest-france.fr.robots.txt', 'utf8'),
      'www.ouest-france.fr',
    );
    expect(c.summary.bots.blocked).toEqual(expect.arrayContaining(['agentcore-browser', 'ProRataIncBot']));
  });
});

describe('malformed user-agent values are no new bots (RFC 9309 product tokens)', () => {
  it('athlon.com (real file): `compatible; "ClaudeBot/1.0; …"` lines are not reported; the valid ClaudeBot line decides', () => {
    const c = run(real('www.athlon.com.robots.txt'), 'www.athlon.com');
    expect(c.full.unknown_ai_bots).toEqual([]);
    expect(c.summary.bots.blocked).toEqual(['ClaudeBot']);
    expect(c.summary.use_cases.training).toBe('partial');
    // Kept in all_bots as written (both lines cut at the first `/` give one value), as no AI bot.
    expect(c.full.all_bots['compatible; "ClaudeBot']).toMatchObject({ status: 'blocked', is_ai_bot: false });
  });

  it('hijobs.net (real file): `bytespider | byte spider | bytedance | bytedance` is not reported, and blocks no Bytespider', () => {
    const c = run(real('hijobs.net.robots.txt'), 'hijobs.net');
    expect(c.full.unknown_ai_bots).toEqual([]);
    expect(c.summary.bots.blocked).not.toContain('Bytespider');
    expect(c.summary.bots.blocked).toEqual(['ClaudeBot', 'Amazonbot']);
  });

  it('elpais.com (real file): `omgilibot disallow: /` on one line is not reported', () => {
    const c = run(readFileSync('../shared/corpora/real-robots/2026-01/elpais.com.robots.txt', 'utf8'), 'elpais.com');
    expect(c.full.unknown_ai_bots).toEqual([]);
  });
});
