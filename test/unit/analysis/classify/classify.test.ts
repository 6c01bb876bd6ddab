/**
 * classify() against docs/policy.md sections 4 to 7, with hand-built evidence: every row of
 * the stance table (several ways to reach most rows), every conflict and warning, scores, the
 * announced record, and determinism. Every record is checked against the contract schemas.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../../shared/schemas.js';
import type { Classification } from '../../../../proxy/analysis/classification.js';
import {
  buildEvidence,
  failed,
  html,
  nothingAnswered,
  status,
  text,
  type EvidenceOptions,
} from '../helpers/evidence-builder.js';

const FullBodySchema = FullRecordSchema.omit({ id: true, audit_id: true });
const AnnouncedBodySchema = AnnouncedRecordSchema.omit({ audit_id: true });

function run(o: EvidenceOptions): Classification {
  const c = classify(buildEvidence(o));
  DomainPolicyFoundSchema.parse(c.summary);
  FullBodySchema.parse(c.full);
  AnnouncedBodySchema.parse(c.announced);
  // The three records agree with each other.
  expect(c.full.ai_stance).toBe(c.summary.stance);
  expect(c.full.policy_detail).toBe(c.summary.detail);
  expect(c.full.use_case_policies).toEqual(c.summary.use_cases);
  expect(c.announced.signals.robots_txt.blocks).toEqual(c.summary.bots.blocked);
  expect(c.full.ai_bots_blocked_count).toBe(c.summary.bots.blocked.length);
  expect(c.full.ai_bots_allowed_count).toBe(c.summary.bots.allowed.length);
  return c;
}

const KEYS_TRAINING = ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot'];
const block = (...tokens: string[]): string => tokens.map((t) => `User-agent: ${t}\nDisallow: /\n`).join('\n');
const allow = (...tokens: string[]): string => tokens.map((t) => `User-agent: ${t}\nAllow: /\n`).join('\n');
const HOUSEKEEPING = 'User-agent: *\nDisallow: /wp-admin/\n';
const ALL_KEYS = [
  'GPTBot',
  'ClaudeBot',
  'Google-Extended',
  'CCBot',
  'OAI-SearchBot',
  'Claude-SearchBot',
  'PerplexityBot',
  'ChatGPT-User',
  'Claude-User',
  'Perplexity-User',
];
const AI_TOS_BAN =
  '<html><body><h1>Terms</h1><p>You may not scrape our content or use it to train artificial intelligence models.</p></body></html>';
const AI_TOS_OK =
  '<html><body><h1>Terms</h1><p>You may use our articles to train artificial intelligence models.</p></body></html>';
const SCRAPING_TOS_BAN =
  '<html><body><h1>Terms</h1><p>You may not use any robot, spider, scraper or other automated means to access the site.</p></body></html>';
const SILENT_TOS = '<html><body><h1>Terms</h1><p>By using this website you agree to these terms.</p></body></html>';

interface Row {
  name: string;
  o: EvidenceOptions;
  stance: string;
  detail: string;
  use_cases?: [string, string, string];
}

const ROWS: Row[] = [
  // 1 unreachable
  {
    name: 'nothing answered (connection failed)',
    o: nothingAnswered(failed('connect')),
    stance: 'no_policy',
    detail: 'unreachable',
    use_cases: ['unknown', 'unknown', 'unknown'],
  },
  { name: 'DNS failure everywhere', o: nothingAnswered(failed('dns')), stance: 'no_policy', detail: 'unreachable' },
  {
    name: 'SSRF guard refused everything',
    o: nothingAnswered({ kind: 'refused', url: 'https://x.test/', reason: 'loopback' }),
    stance: 'no_policy',
    detail: 'unreachable',
  },
  // 2 wildcard_block
  {
    name: '* disallows /',
    o: { robots: 'User-agent: *\nDisallow: /\n' },
    stance: 'blocks_all_ai',
    detail: 'wildcard_block',
    use_cases: ['blocked', 'blocked', 'blocked'],
  },
  {
    name: '* disallows /* with a search engine let in',
    o: { robots: 'User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /*\n' },
    stance: 'blocks_all_ai',
    detail: 'wildcard_block',
  },
  // 3 blocks_all_ai
  {
    name: 'every key bot named and disallowed',
    o: { robots: block(...ALL_KEYS) },
    stance: 'blocks_all_ai',
    detail: 'blocks_all_ai',
    use_cases: ['blocked', 'blocked', 'blocked'],
  },
  {
    name: '* disallows / and an AI bot is named too',
    o: { robots: block('GPTBot') + '\nUser-agent: *\nDisallow: /\n' },
    stance: 'blocks_all_ai',
    detail: 'blocks_all_ai',
  },
  {
    name: '* disallows / plus a usage signal',
    o: { robots: 'User-agent: *\nContent-Signal: ai-train=no\nDisallow: /\n' },
    stance: 'blocks_all_ai',
    detail: 'blocks_all_ai',
  },
  {
    name: 'content signals refuse all three uses',
    o: { robots: 'Content-Signal: ai-train=no, search=no, ai-input=no\n\nUser-agent: *\nAllow: /\n' },
    stance: 'blocks_all_ai',
    detail: 'blocks_all_ai',
  },
  // 4 blocks_training
  {
    name: 'the four training key bots blocked',
    o: { robots: block(...KEYS_TRAINING) },
    stance: 'blocks_training',
    detail: 'blocks_training',
    use_cases: ['blocked', 'allowed', 'allowed'],
  },
  {
    name: 'training blocked, search partial',
    o: { robots: block(...KEYS_TRAINING, 'PerplexityBot') },
    stance: 'blocks_training',
    detail: 'blocks_training',
    use_cases: ['blocked', 'partial', 'allowed'],
  },
  {
    name: 'training and search blocked, inference allowed',
    o: { robots: block(...KEYS_TRAINING, 'OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot') },
    stance: 'blocks_training',
    detail: 'blocks_training',
    use_cases: ['blocked', 'blocked', 'allowed'],
  },
  {
    name: 'Content-Signal ai-train=no in the * group',
    o: { robots: 'User-agent: *\nContent-Signal: ai-train=no, search=yes\nAllow: /\n' },
    stance: 'blocks_training',
    detail: 'blocks_training',
    use_cases: ['blocked', 'allowed', 'allowed'],
  },
  {
    name: 'Content-Usage train-ai=n header',
    o: { robots: HOUSEKEEPING, homepageHeaders: { 'Content-Usage': 'train-ai=n' } },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'older Content-Usage label genai=n',
    o: { robots: HOUSEKEEPING, homepageHeaders: { 'Content-Usage': 'genai=n' } },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'TDMRep reservation 1 in tdmrep.json',
    o: { robots: HOUSEKEEPING, tdmrep: [{ location: '/', 'tdm-reservation': 1 }] },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'TDMRep reservation header',
    o: { homepageHeaders: { 'tdm-reservation': '1' } },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'meta robots noai',
    o: {
      robots: HOUSEKEEPING,
      homepage: '<html><head><title>x</title><meta name="robots" content="noai, noimageai"></head></html>',
    },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'X-Robots-Tag noai',
    o: { robots: HOUSEKEEPING, homepageHeaders: { 'X-Robots-Tag': 'noai' } },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'ai.txt disallows / for *',
    o: { robots: HOUSEKEEPING, aiTxt: 'User-Agent: *\nDisallow: /\n' },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'training keys blocked through a scoped content signal',
    o: {
      robots:
        'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nContent-Signal: ai-train=no\nDisallow:\n',
    },
    stance: 'blocks_training',
    detail: 'blocks_training',
  },
  {
    name: 'robots.txt refused but a header refuses training',
    o: { robots: status(403, 'Forbidden'), homepageHeaders: { 'Content-Signal': 'ai-train=no' } },
    stance: 'blocks_training',
    detail: 'blocks_training',
    use_cases: ['blocked', 'unknown', 'unknown'],
  },
  // 5 selective
  {
    name: 'GPTBot and CCBot blocked only',
    o: { robots: block('GPTBot', 'CCBot') },
    stance: 'selective',
    detail: 'selective',
    use_cases: ['partial', 'allowed', 'allowed'],
  },
  {
    name: 'one non-key training bot blocked',
    o: { robots: block('Bytespider') },
    stance: 'selective',
    detail: 'selective',
    use_cases: ['partial', 'allowed', 'allowed'],
  },
  {
    name: 'a search bot partly disallowed by name',
    o: { robots: 'User-agent: PerplexityBot\nDisallow: /private/\n' },
    stance: 'selective',
    detail: 'selective',
    use_cases: ['allowed', 'partial', 'allowed'],
  },
  {
    name: 'an agent bot blocked counts as inference',
    o: { robots: block('ChatGPT Agent') },
    stance: 'selective',
    detail: 'selective',
    use_cases: ['allowed', 'allowed', 'partial'],
  },
  {
    name: 'every search key bot blocked, training open',
    o: { robots: block('OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot') },
    stance: 'selective',
    detail: 'selective',
    use_cases: ['allowed', 'blocked', 'allowed'],
  },
  {
    name: 'GPTBot/1.1 written with a version',
    o: { robots: 'User-agent: GPTBot/1.1\nDisallow: /\n' },
    stance: 'selective',
    detail: 'selective',
  },
  // 6 robots_blocked
  {
    name: 'robots.txt 403',
    o: { robots: status(403, 'Forbidden') },
    stance: 'no_policy',
    detail: 'robots_blocked',
    use_cases: ['unknown', 'unknown', 'unknown'],
  },
  { name: 'robots.txt 401', o: { robots: status(401) }, stance: 'no_policy', detail: 'robots_blocked' },
  { name: 'robots.txt 429', o: { robots: status(429) }, stance: 'no_policy', detail: 'robots_blocked' },
  { name: 'robots.txt 500', o: { robots: status(500) }, stance: 'no_policy', detail: 'robots_blocked' },
  { name: 'robots.txt 503', o: { robots: status(503) }, stance: 'no_policy', detail: 'robots_blocked' },
  {
    name: 'robots.txt timed out, homepage answered',
    o: { robots: failed('timeout') },
    stance: 'no_policy',
    detail: 'robots_blocked',
  },
  // Section 11: "unreachable" only when nothing answered; here llms.txt, ai.txt and the well-known files answered 404.
  {
    name: 'homepage and robots.txt unreachable, other files answered',
    o: { homepage: failed('connect'), robots: failed('connect') },
    stance: 'no_policy',
    detail: 'robots_blocked',
    use_cases: ['unknown', 'unknown', 'unknown'],
  },
  {
    name: 'everything failed but a redirect loop on llms.txt (the host answered)',
    o: nothingAnswered(failed('connect'), { llms: failed('too_many_redirects') }),
    stance: 'no_policy',
    detail: 'robots_blocked',
  },
  {
    name: 'robots.txt behind too many redirects',
    o: { robots: failed('too_many_redirects') },
    stance: 'no_policy',
    detail: 'robots_blocked',
  },
  {
    name: 'robots.txt is a Cloudflare challenge page (header)',
    o: {
      robots: html('<html><head><title>Just a moment...</title></head></html>', {
        headers: { 'cf-mitigated': 'challenge' },
      }),
    },
    stance: 'no_policy',
    detail: 'robots_blocked',
  },
  {
    name: 'robots.txt is a challenge page (body marker)',
    o: { robots: html('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>') },
    stance: 'no_policy',
    detail: 'robots_blocked',
  },
  // 7 allows_all
  {
    name: 'GPTBot named with Allow: /',
    o: { robots: allow('GPTBot') + '\n' + HOUSEKEEPING },
    stance: 'allows_all',
    detail: 'allows_all',
    use_cases: ['allowed', 'allowed', 'allowed'],
  },
  {
    name: 'key bot named with an empty Disallow',
    o: { robots: 'User-agent: ChatGPT-User\nDisallow:\n' },
    stance: 'allows_all',
    detail: 'allows_all',
  },
  {
    // search=yes allows listing and linking pages, no AI use explicitly (docs/policy.md section 16).
    name: 'Content-Signal search=yes header, no robots.txt',
    o: { homepageHeaders: { 'Content-Signal': 'search=yes' } },
    stance: 'no_policy',
    detail: 'has_signals',
  },
  {
    name: 'TDMRep reservation 0',
    o: { robots: HOUSEKEEPING, tdmrep: [{ location: '/', 'tdm-reservation': 0 }] },
    stance: 'allows_all',
    detail: 'allows_all',
  },
  {
    name: 'robots.txt refused, but a signal says yes (row 6 first)',
    o: { robots: status(403), homepageHeaders: { 'Content-Signal': 'search=yes' } },
    stance: 'no_policy',
    detail: 'robots_blocked',
    use_cases: ['unknown', 'allowed', 'unknown'],
  },
  // 8 has_llms_txt
  {
    name: 'llms.txt with housekeeping robots.txt',
    o: {
      robots: HOUSEKEEPING,
      llms: '# Example\n\n> Docs for models.\n\n- [Guide](https://example.test/guide.md): start here\n',
    },
    stance: 'allows_all',
    detail: 'has_llms_txt',
  },
  {
    name: 'llms.txt without robots.txt',
    o: { llms: '# Example\n\n> A site.\n\n## Docs\n\n- [A](https://example.test/a.md)\n' },
    stance: 'allows_all',
    detail: 'has_llms_txt',
  },
  // 9 has_signals
  {
    name: 'agents.json only',
    o: { robots: HOUSEKEEPING, agents: { agentsJson: '0.1.0', info: { title: 'x' }, sources: [], flows: [] } },
    stance: 'no_policy',
    detail: 'has_signals',
  },
  {
    name: 'ai.txt that does not disallow /',
    o: { robots: HOUSEKEEPING, aiTxt: 'User-Agent: *\nDisallow: *.jpg\n' },
    stance: 'no_policy',
    detail: 'has_signals',
  },
  {
    name: 'meta noimageai only',
    o: {
      robots: HOUSEKEEPING,
      homepage: '<html><head><title>x</title><meta name="robots" content="noimageai"></head></html>',
    },
    stance: 'no_policy',
    detail: 'has_signals',
  },
  {
    name: 'tdmrep.json with no rule for /',
    o: { tdmrep: [{ location: '/images/*', 'tdm-reservation': 1 }] },
    stance: 'no_policy',
    detail: 'has_signals',
  },
  {
    name: 'content signal scoped to a path only',
    o: { robots: 'User-agent: *\nContent-Signal: /images/ ai-train=no\nAllow: /\n' },
    stance: 'no_policy',
    detail: 'has_signals',
  },
  // 10 no_robots
  {
    name: 'robots.txt 404',
    o: {},
    stance: 'no_policy',
    detail: 'no_robots',
    use_cases: ['allowed', 'allowed', 'allowed'],
  },
  { name: 'robots.txt 410', o: { robots: status(410) }, stance: 'no_policy', detail: 'no_robots' },
  { name: 'robots.txt 400', o: { robots: status(400) }, stance: 'no_policy', detail: 'no_robots' },
  {
    name: 'robots.txt soft 404 (200 HTML)',
    o: { robots: html('<!doctype html><html><body>Page not found</body></html>') },
    stance: 'no_policy',
    detail: 'no_robots',
  },
  {
    name: 'robots.txt 200 body starting with <',
    o: { robots: text('<html><body>oops</body></html>') },
    stance: 'no_policy',
    detail: 'no_robots',
  },
  {
    name: 'llms.txt is an HTML page (not found)',
    o: { llms: html('<html><body>Not found</body></html>') },
    stance: 'no_policy',
    detail: 'no_robots',
  },
  // 11 no_ai_rules
  {
    name: 'housekeeping rules for *',
    o: { robots: HOUSEKEEPING },
    stance: 'no_policy',
    detail: 'no_ai_rules',
    use_cases: ['allowed', 'allowed', 'allowed'],
  },
  { name: 'empty robots.txt', o: { robots: '' }, stance: 'no_policy', detail: 'no_ai_rules' },
  {
    name: 'search engines only',
    o: { robots: block('Baiduspider') + '\n' + allow('Googlebot') },
    stance: 'no_policy',
    detail: 'no_ai_rules',
  },
  {
    name: 'only the obsolete anthropic-ai blocked',
    o: { robots: block('anthropic-ai', 'Claude-Web') },
    stance: 'no_policy',
    detail: 'no_ai_rules',
  },
  {
    name: 'homepage unreachable, robots.txt fine',
    o: { homepage: failed('timeout'), robots: HOUSEKEEPING },
    stance: 'no_policy',
    detail: 'no_ai_rules',
  },
];

describe('stance table (docs/policy.md section 5)', () => {
  it.each(ROWS)('$name → $stance/$detail', ({ o, stance, detail, use_cases }) => {
    const c = run(o);
    expect([c.summary.stance, c.summary.detail]).toEqual([stance, detail]);
    if (use_cases)
      expect([c.summary.use_cases.training, c.summary.use_cases.search, c.summary.use_cases.inference]).toEqual(
        use_cases,
      );
  });

  it('reaches every row', () => {
    const details = new Set(ROWS.map((r) => r.detail));
    expect(details.size).toBe(11);
  });
});

describe('bots lists', () => {
  it('blocked: named first, then via *; allowed: named allowed only', () => {
    const c = run({
      robots: 'User-agent: GPTBot\nAllow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /\n',
    });
    expect(c.summary.bots.blocked[0]).toBe('CCBot');
    expect(c.summary.bots.blocked).toContain('ClaudeBot');
    expect(c.summary.bots.blocked).not.toContain('GPTBot');
    expect(c.summary.bots.blocked).not.toContain('Googlebot');
    expect(c.summary.bots.blocked).not.toContain('anthropic-ai');
    expect(c.summary.bots.allowed).toEqual(['GPTBot']);
    expect(c.full.ai_bots['GPTBot']).toBe('allowed');
    expect(c.full.all_bots['*']).toMatchObject({ status: 'blocked', is_ai_bot: false, disallowed_paths: ['/'] });
    expect(c.full.crawl_rules.has_wildcard_block).toBe(true);
    expect(c.summary.use_cases.training).toBe('partial');
  });

  it('all_bots includes non-AI and unknown agents with their paths', () => {
    const c = run({
      robots:
        'User-agent: Googlebot\nDisallow: /search\nAllow: /search/about\n\nUser-agent: SomeBot/2.0\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private/\nCrawl-delay: 10\n',
    });
    expect(c.full.all_bots['Googlebot']).toEqual({
      status: 'partial',
      is_ai_bot: false,
      allowed_paths: ['/search/about'],
      disallowed_paths: ['/search'],
    });
    expect(c.full.all_bots['SomeBot']).toMatchObject({ status: 'blocked', is_ai_bot: false });
    expect(c.full.all_bots['GPTBot']).toMatchObject({
      status: 'partial',
      is_ai_bot: true,
      disallowed_paths: ['/private/'],
    });
    expect(c.full.ai_bots).toEqual({ GPTBot: 'partial' });
    expect(c.full.crawl_rules.crawl_delays).toEqual({ GPTBot: 10 });
    expect(c.full.crawl_rules.directives_count).toBe(4);
  });

  it('explains each bot status with its line', () => {
    const c = run({ robots: '# AI\nUser-agent: GPTBot\nDisallow: /\n' });
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({
        subject: 'GPTBot',
        value: 'blocked',
        source: 'robots_txt',
        line: 3,
        evidence: 'Disallow: /',
      }),
    );
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({ subject: 'training', value: 'partial', line: 3 }),
    );
    expect(c.full.explanations[0]).toMatchObject({ subject: 'stance', value: 'selective' });
  });
});

describe('conflicts (section 6)', () => {
  it('robots_blocks_ai_but_tos_allows_or_silent (silent)', () => {
    const c = run({ robots: block('GPTBot'), tos: SILENT_TOS });
    expect(c.full.tos_ai_stance).toBe('silent');
    expect(c.full.conflicts).toEqual(['robots_blocks_ai_but_tos_allows_or_silent']);
    expect(c.announced.conflicts).toEqual(['robots_blocks_ai_but_tos_allows_or_silent']);
  });
  it('robots_blocks_ai_but_tos_allows_or_silent (permits)', () => {
    const c = run({ robots: block(...KEYS_TRAINING), tos: AI_TOS_OK });
    expect(c.full.tos_ai_stance).toBe('permits');
    expect(c.full.conflicts).toEqual(['robots_blocks_ai_but_tos_allows_or_silent']);
  });
  it('no conflict when terms are unknown', () => {
    expect(run({ robots: block('GPTBot') }).full.conflicts).toEqual([]);
  });
  it('tos_prohibits_ai_but_robots_allows', () => {
    const c = run({ robots: HOUSEKEEPING, tos: AI_TOS_BAN });
    expect(c.full.tos_ai_stance).toBe('prohibits');
    expect(c.full.tos_excerpt).toContain('may not scrape');
    expect(c.full.conflicts).toEqual(['tos_prohibits_ai_but_robots_allows']);
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({ subject: 'tos_prohibits_ai_but_robots_allows', source: 'tos' }),
    );
  });
  it('terms that ban only scrapers beside a robots.txt letting AI bots in: a note, no conflict (section 11)', () => {
    const c = run({ robots: HOUSEKEEPING, tos: SCRAPING_TOS_BAN });
    expect([c.full.tos_ai_stance, c.full.tos_automated_access]).toEqual(['silent', 'prohibits']);
    expect(c.full.conflicts).toEqual([]);
    expect(c.full.notes).toEqual(['tos_bans_automated_access_but_robots_allows']);
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({
        subject: 'tos_bans_automated_access_but_robots_allows',
        value: 'note',
        source: 'tos',
        evidence: expect.stringContaining('robot, spider'),
      }),
    );
  });
  it('no scraping note when robots.txt restricts AI bots, nor when the terms also ban AI (that is the conflict)', () => {
    expect(run({ robots: block('GPTBot'), tos: SCRAPING_TOS_BAN }).full.notes).toEqual([]);
    expect(run({ robots: HOUSEKEEPING, tos: AI_TOS_BAN }).full.notes).toEqual([]);
    expect(run({ robots: status(403), tos: SCRAPING_TOS_BAN }).full.notes).toEqual([]);
  });
  it('no tos_prohibits conflict when robots.txt could not be read', () => {
    expect(run({ robots: status(403), tos: AI_TOS_BAN }).full.conflicts).toEqual([]);
  });
  it('signal_allows_but_robots_blocks', () => {
    const c = run({ robots: 'Content-Signal: ai-train=yes\n\n' + block('GPTBot') });
    expect(c.full.conflicts).toContain('signal_allows_but_robots_blocks');
    expect(c.summary.use_cases.training).toBe('partial');
  });
  it('signal_blocks_but_robots_allows_explicitly', () => {
    const c = run({ robots: allow('GPTBot'), homepageHeaders: { 'Content-Signal': 'ai-train=no' } });
    expect(c.full.conflicts).toEqual(['signal_blocks_but_robots_allows_explicitly']);
    expect(c.summary.use_cases.training).toBe('blocked');
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({
        subject: 'signal_blocks_but_robots_allows_explicitly',
        source: 'content_signals',
        evidence: 'Content-Signal: ai-train=no',
      }),
    );
  });
  it('no signal_blocks conflict when the named key bot is only partly allowed (its group says yes)', () => {
    const c = run({
      robots: 'User-agent: GPTBot\nDisallow: /private/\nContent-Signal: ai-train=yes\n',
      homepageHeaders: { 'Content-Signal': 'ai-train=no' },
    });
    expect(c.summary.use_cases.training).toBe('blocked');
    expect(c.full.conflicts).toEqual([]);
  });
  it('llms_txt_but_blocks_all_ai', () => {
    const c = run({ robots: block(...ALL_KEYS), llms: '# Docs\n\n- [A](https://example.test/a.md)\n' });
    expect(c.summary.stance).toBe('blocks_all_ai');
    expect(c.full.conflicts).toEqual(['llms_txt_but_blocks_all_ai']);
  });
  it('each real conflict lowers confidence by 0.15; terms silent on AI are a note and lower nothing (section 16)', () => {
    const c = run({
      robots: block(...ALL_KEYS),
      llms: '# Docs\n\n- [A](https://example.test/a.md)\n',
      tos: SILENT_TOS,
    });
    expect(c.full.conflicts).toEqual(['robots_blocks_ai_but_tos_allows_or_silent', 'llms_txt_but_blocks_all_ai']);
    expect(c.full.confidence).toBe(0.85);
  });
});

describe('warnings (section 6)', () => {
  it('rules naming only obsolete tokens', () => {
    const c = run({ robots: block('anthropic-ai') });
    expect(c.full.warnings).toEqual(['obsolete_tokens_only']);
    expect(c.full.explanations).toContainEqual(expect.objectContaining({ subject: 'obsolete_tokens_only', line: 1 }));
    expect(c.summary.use_cases.training).toBe('allowed');
    expect(c.summary.bots.blocked).toEqual(['anthropic-ai']);
  });
  it('no obsolete warning when the successor is blocked too', () => {
    expect(run({ robots: block('anthropic-ai', 'ClaudeBot') }).full.warnings).toEqual([]);
  });
  it('content signals outside any group', () => {
    const c = run({ robots: 'Content-Signal: search=yes, ai-train=no\n\nUser-agent: *\nAllow: /\n' });
    expect(c.full.warnings).toEqual(['content_signals_outside_group']);
  });
  it('robots.txt over 500 KiB', () => {
    const big = 'User-agent: *\n' + 'Disallow: /a-very-long-path-that-repeats-itself/\n'.repeat(12_000);
    expect(big.length).toBeGreaterThan(500 * 1024);
    const c = run({ robots: big });
    expect(c.full.warnings).toContain('robots_txt_truncated');
    expect(c.full.robots_txt!.length).toBeLessThanOrEqual(500 * 1024);
  });
  it('truncated by the crawler', () => {
    expect(run({ robots: text(HOUSEKEEPING, { truncated: true }) }).full.warnings).toEqual(['robots_txt_truncated']);
  });
  it('unknown directives', () => {
    const c = run({ robots: 'User-agent: *\nDisallow: /x\nNoindex: /y\nFoo: bar\nHost: example.test\n' });
    expect(c.full.warnings).toEqual(['unknown_directives']);
    expect(c.full.explanations).toContainEqual(expect.objectContaining({ subject: 'unknown_directives', line: 3 }));
  });
  it('none for a clean file', () => {
    expect(
      run({ robots: HOUSEKEEPING + 'Crawl-delay: 2\nSitemap: https://example.test/s.xml\n' }).full.warnings,
    ).toEqual([]);
  });
});

describe('scores, confidence, completeness (section 6)', () => {
  it.each([
    [{ robots: 'User-agent: *\nDisallow: /\n' }, 0],
    [{ robots: block(...KEYS_TRAINING) }, 0.67],
    [{ robots: block('GPTBot') }, 0.83],
    [{ robots: status(403) }, 0.5],
    [{ robots: HOUSEKEEPING }, 1],
  ] as [EvidenceOptions, number][])('openness %#', (o, expected) => {
    const c = run(o);
    expect(c.full.ai_openness_score).toBe(expected);
    expect(c.announced.score).toBe(Math.round(expected * 100));
  });

  it.each([
    ['ok', { robots: HOUSEKEEPING }, 1],
    ['missing', {}, 0.9],
    ['blocked', { robots: status(403) }, 0.4],
    ['error', { robots: status(502) }, 0.4],
    ['homepage unreachable', { robots: HOUSEKEEPING, homepage: failed('timeout') }, 0.7],
    // Section 11: a robots.txt without an answer on a site that answered is read like one that failed.
    ['robots unreachable, the site answered', { robots: failed('timeout') }, 0.4],
    [
      'robots and homepage unreachable, other files answered',
      { homepage: failed('connect'), robots: failed('connect') },
      0.1,
    ],
    ['unreachable domain (nothing answered)', nothingAnswered(failed('connect')), 0],
    ['missing robots, homepage unreachable', { homepage: status(500) }, 0.9],
  ] as [string, EvidenceOptions, number][])('confidence: %s', (_n, o, expected) => {
    expect(run(o).full.confidence).toBe(expected);
  });

  it.each([
    ['none', {}],
    ['none', { robots: status(403) }],
    ['minimal', { robots: HOUSEKEEPING }],
    ['moderate', { robots: block('GPTBot') }],
    ['moderate', { robots: block('GPTBot'), llms: '# Docs\n\n- [A](https://example.test/a.md)\n' }],
    [
      'comprehensive',
      { robots: block('GPTBot'), llms: '# Docs\n\n- [A](https://example.test/a.md)\n', tos: AI_TOS_BAN },
    ],
    [
      'comprehensive',
      { homepageHeaders: { 'Content-Signal': 'ai-train=no', 'X-Robots-Tag': 'noai', 'tdm-reservation': '1' } },
    ],
  ] as [string, EvidenceOptions][])('completeness %s (%#)', (expected, o) => {
    expect(run(o).full.policy_completeness).toBe(expected);
  });
});

describe('usage signals and explanations (section 4)', () => {
  it('most restrictive wins, and the deciding header is named', () => {
    const c = run({
      robots: 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /\n',
      homepageHeaders: { 'Content-Signal': 'ai-train=no' },
    });
    expect(c.full.usage_signals).toEqual({ training: false, search: null, inference: null });
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({
        subject: 'training',
        value: 'blocked',
        source: 'content_signals',
        line: null,
        evidence: 'Content-Signal: ai-train=no',
      }),
    );
    expect(c.announced.signals.content_signals).toEqual({ found: true, training: false, search: null });
  });
  it('a signal in a named group applies to those bots only', () => {
    const c = run({ robots: 'User-agent: GPTBot\nContent-Signal: ai-train=no\nAllow: /\n' });
    expect(c.full.usage_signals.training).toBeNull();
    expect(c.summary.use_cases.training).toBe('partial');
  });
  it('TDMRep explanation carries the rule', () => {
    const c = run({
      tdmrep: [{ location: '/', 'tdm-reservation': 1, 'tdm-policy': 'https://example.test/policy.json' }],
    });
    expect(c.full.explanations).toContainEqual(expect.objectContaining({ subject: 'training', source: 'tdmrep' }));
    expect(c.announced.purposes.training).toEqual({ allowed: false, source: ['tdmrep'] });
  });
  it('unknown verdicts name the crawl outcome', () => {
    const c = run({ robots: status(403) });
    expect(c.full.explanations).toContainEqual(
      expect.objectContaining({
        subject: 'training',
        value: 'unknown',
        source: 'crawl',
        evidence: 'HTTP 403 (text/plain)',
      }),
    );
  });
});

describe('announced record (section 7)', () => {
  it('allows_all is announced as open, with explicit purposes', () => {
    const c = run({ robots: allow('GPTBot', 'OAI-SearchBot') });
    expect(c.announced.stance).toBe('open');
    expect(c.announced.purposes.training).toEqual({ allowed: true, source: ['robots_txt'] });
    expect(c.announced.purposes.search).toEqual({ allowed: true, source: ['robots_txt'] });
    expect(c.announced.purposes.rag).toEqual({ allowed: null, source: [] });
    expect(c.announced.purposes.browsing).toEqual({ allowed: null, source: [] });
  });
  it('a * rule blocking everything is an expressed false for every purpose', () => {
    const c = run({ robots: 'User-agent: *\nDisallow: /\n' });
    for (const p of ['training', 'search', 'rag', 'browsing'] as const)
      expect(c.announced.purposes[p]).toEqual({ allowed: false, source: ['robots_txt'] });
  });
  it('agents decide browsing, inference bots decide rag', () => {
    const c = run({ robots: block('ChatGPT Agent', 'Operator') });
    expect(c.announced.purposes.browsing.allowed).toBe(false);
    expect(c.announced.purposes.rag.allowed).toBeNull();
    const d = run({ robots: block('ChatGPT-User') });
    expect(d.announced.purposes.rag).toEqual({ allowed: false, source: ['robots_txt'] });
    expect(d.announced.purposes.browsing.allowed).toBeNull();
  });
  it('ai-input decides rag', () => {
    const c = run({ homepageHeaders: { 'Content-Signal': 'ai-input=no' } });
    expect(c.announced.purposes.rag).toEqual({ allowed: false, source: ['content_signals'] });
    expect(c.summary.use_cases.inference).toBe('blocked');
  });
  it('several standards decide together', () => {
    const c = run({ aiTxt: 'User-Agent: *\nDisallow: /\n', homepageHeaders: { 'X-Robots-Tag': 'noai' } });
    expect(c.announced.purposes.training).toEqual({ allowed: false, source: ['ai_txt', 'meta'] });
  });
  it('unreadable robots.txt expresses nothing', () => {
    const c = run({ robots: status(403) });
    for (const p of ['training', 'search', 'rag', 'browsing'] as const)
      expect(c.announced.purposes[p]).toEqual({ allowed: null, source: [] });
  });
});

describe('records', () => {
  it('is deterministic and takes its time from the evidence', () => {
    const o: EvidenceOptions = {
      robots: block('GPTBot'),
      tos: SILENT_TOS,
      rank: 42,
      fetchedAt: '2026-01-15T10:00:00Z',
    };
    const a = run(o);
    expect(JSON.stringify(run(o))).toBe(JSON.stringify(a));
    expect(a.summary.last_updated).toBe('2026-01-15T10:00:00.000Z');
    expect(a.full.parsed_at).toBe('2026-01-15T10:00:00.000+00:00');
    expect(a.announced.last_crawled).toBe('2026-01-15T10:00:00.000Z');
    expect(a.summary.site.ranklist_rank).toBe(42);
    expect(a.full.ranklist_rank).toBe(42);
  });
  it('site facts fill site and the full record', () => {
    const c = run({
      robots: HOUSEKEEPING,
      homepage:
        '<html><head><title>x</title><meta name="generator" content="WordPress 6.5"></head><body><script src="https://cdn.piano.io/api/tinypass.min.js"></script></body></html>',
      homepageHeaders: { 'cf-ray': '8f1e2d3c4b5a6978-FRA', server: 'cloudflare', 'X-Secret-Cookie': 'nope' },
      tos: SILENT_TOS,
    });
    expect(c.summary.site).toMatchObject({
      cdn: 'cloudflare',
      cms: 'wordpress',
      behind_cdnvendor: true,
      has_paywall: true,
      has_tos: true,
      tos_url: 'https://example.test/terms',
    });
    expect(c.full).toMatchObject({
      cdn_provider: 'cloudflare',
      cms: 'wordpress',
      has_paywall: true,
      behind_cdnvendor: true,
    });
    expect(c.full.meta_tags).toEqual({ generator: 'WordPress 6.5' });
    expect(c.full.headers['cf-ray']).toBe('8f1e2d3c4b5a6978-FRA');
    expect(c.full.headers['x-secret-cookie']).toBeUndefined();
  });
  it('markdown for agents', () => {
    const md = text('# Example\n', { contentType: 'text/markdown' });
    expect(run({ markdown: md }).full.markdown_for_agents).toBe(true);
    expect(run({}).full.markdown_for_agents).toBe(false);
  });
  it('raw robots.txt is kept only when it was read', () => {
    expect(run({ robots: HOUSEKEEPING }).full.robots_txt).toBe(HOUSEKEEPING);
    expect(run({ robots: status(403, 'Forbidden') }).full.robots_txt).toBeNull();
    expect(run({ robots: status(403) }).full.robots_txt_status).toBe('blocked');
  });
  it('an invalid rank is left out', () => {
    expect(run({ rank: 0 }).summary.site.ranklist_rank).toBeNull();
    expect(run({ rank: 1.5 }).summary.site.ranklist_rank).toBeNull();
  });
  it('a 500 KiB file naming thousands of agents over thousands of rules stays small and fast', () => {
    // Agents × rules: one group of 6,000 agents and ~22,000 rules once cost agents × rules in
    // copies of the path lists (out of memory) and a full record too long to serialise.
    let body = '';
    for (let i = 0; i < 6000; i++) body += `User-agent: a${i}\n`;
    for (let i = 0; body.length < 500 * 1024 - 100; i++) body += `Disallow: /*a*${i}\nAllow: /*b*${i}$\n`;
    const c = run({ robots: body });
    expect(Object.keys(c.full.all_bots)).toHaveLength(6000);
    expect(c.full.all_bots['a5999']?.status).toBe('partial');
    expect(JSON.stringify(c.full).length).toBeLessThan(4 * 1024 * 1024);
  }, 30_000);
  it('homepage_status is null without an answer', () => {
    expect(run({ homepage: failed('timeout'), robots: HOUSEKEEPING }).full.homepage_status).toBeNull();
  });
});

describe('basis (shared/schemas.ts BasisSchema)', () => {
  const basis = (o: EvidenceOptions) => {
    const c = run(o);
    expect(c.full.basis).toEqual(c.summary.basis);
    return c.summary.basis!;
  };

  it.each([
    ['read', { robots: HOUSEKEEPING }, 'ok', 200, null],
    ['missing', {}, 'missing', 404, null],
    ['refused', { robots: status(403) }, 'blocked', 403, 'refused'],
    ['unauthorised', { robots: status(401) }, 'blocked', 401, 'refused'],
    ['rate limited', { robots: status(429) }, 'blocked', 429, 'rate_limited'],
    [
      'challenge page',
      { robots: html('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>') },
      'blocked',
      200,
      'challenge',
    ],
    ['server error', { robots: status(503) }, 'error', 503, 'server_error'],
    ['timeout', { robots: failed('timeout') }, 'unreachable', null, 'timeout'],
    ['connection', { robots: failed('connect') }, 'unreachable', null, 'connection'],
    ['tls', { robots: failed('tls') }, 'unreachable', null, 'connection'],
    ['dns', { robots: failed('dns') }, 'unreachable', null, 'dns'],
    ['redirects', { robots: failed('too_many_redirects') }, 'unreachable', null, 'redirects'],
    [
      'guard',
      { robots: { kind: 'refused', url: 'https://x.test/robots.txt', reason: 'a private address' } },
      'unreachable',
      null,
      'not_fetched',
    ],
  ] as [string, EvidenceOptions, string, number | null, string | null][])(
    'robots.txt %s',
    (_n, o, outcome, httpStatus, problem) => {
      expect(basis(o).robots_txt).toEqual({ status: outcome, http_status: httpStatus, problem });
    },
  );

  it('names the page noai tag that blocks training, with the tag', () => {
    const b = basis({
      robots: HOUSEKEEPING,
      homepage: '<html><head><title>x</title><meta name="robots" content="noai, noimageai"></head></html>',
    });
    expect(b.decided_by.training).toEqual([
      { source: 'meta', evidence: '<meta name="robots" content="noai, noimageai">', line: null },
    ]);
    expect(b.decided_by.search).toEqual([]);
    expect(b.found).toEqual(['robots_txt', 'meta']);
  });

  it('names X-Robots-Tag with the header', () => {
    const b = basis({ robots: HOUSEKEEPING, homepageHeaders: { 'X-Robots-Tag': 'noai' } });
    expect(b.decided_by.training).toEqual([{ source: 'x_robots_tag', evidence: 'X-Robots-Tag: noai', line: null }]);
    expect(b.found).toEqual(['robots_txt', 'x_robots_tag']);
  });

  it('names TDMRep, ai.txt with its line, and Content-Signal with its line', () => {
    expect(basis({ robots: HOUSEKEEPING, homepageHeaders: { 'tdm-reservation': '1' } }).decided_by.training).toEqual([
      { source: 'tdmrep', evidence: expect.stringContaining('1'), line: null },
    ]);
    expect(
      basis({ robots: HOUSEKEEPING, aiTxt: '# ai.txt\nUser-Agent: *\nDisallow: /\n' }).decided_by.training,
    ).toEqual([{ source: 'ai_txt', evidence: 'Disallow: /', line: 3 }]);
    const cs = basis({ robots: 'User-agent: *\nContent-Signal: ai-train=no, search=yes\nAllow: /\n' });
    expect(cs.decided_by.training).toEqual([
      { source: 'content_signals', evidence: 'Content-Signal: ai-train=no, search=yes', line: 2 },
    ]);
    // search=yes allows search listings: not restricted, not an explicit allow of AI search (section 16).
    expect(cs.decided_by.search).toEqual([]);
    expect(cs.explicit).toEqual({ training: false, search: false, inference: false });
  });

  it('names the robots.txt line that decided, and the usage signal first when both do', () => {
    const b = basis({
      robots:
        '# AI\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nDisallow: /\n',
    });
    expect(b.decided_by.training).toEqual([{ source: 'robots_txt', evidence: 'Disallow: /', line: 6 }]);
    const both = basis({ robots: 'User-agent: *\nContent-Signal: ai-train=no\nDisallow: /\n' });
    expect(both.decided_by.training).toEqual([
      { source: 'content_signals', evidence: 'Content-Signal: ai-train=no', line: 2 },
      { source: 'robots_txt', evidence: 'Disallow: /', line: 3 },
    ]);
    expect(both.decided_by.search).toEqual([{ source: 'robots_txt', evidence: 'Disallow: /', line: 3 }]);
  });

  it('lists the allow behind an explicit allow, nothing for silence or unknown', () => {
    const b = basis({ robots: 'User-agent: GPTBot\nAllow: /\n' });
    expect(b.explicit).toEqual({ training: true, search: false, inference: false });
    expect(b.decided_by.training).toEqual([{ source: 'robots_txt', evidence: 'Allow: /', line: 2 }]);
    expect(b.decided_by.search).toEqual([]);
    expect(basis({ robots: status(403) }).decided_by).toEqual({ training: [], search: [], inference: [] });
  });

  it('reports every standard found and leaves last_check to the service', () => {
    const b = basis({
      robots: HOUSEKEEPING,
      llms: '# Docs\n\n- [A](https://example.test/a.md)\n',
      agents: { agentsJson: '0.1.0', info: { title: 'x' }, sources: [], flows: [] },
    });
    expect(b.found).toEqual(['robots_txt', 'llms_txt', 'agents_json']);
    expect(b.last_check).toBeNull();
  });
});

describe('path_rules (issue 11: the extension judges the page it is on)', () => {
  it('keeps the groups naming a catalogue AI bot or `*`, each rule as [allow, pattern, line]', () => {
    const c = run({
      robots:
        'User-agent: Googlebot\nDisallow: /nogoogle/\n\nUser-agent: GPTBot\nUser-agent: Googlebot-News\nDisallow: /articles/\nAllow: /articles/free/\n\nUser-agent: *\nDisallow: /wp-admin/\n',
    });
    expect(c.summary.path_rules).toEqual({
      groups: [
        {
          agents: ['gptbot'],
          rules: [
            [0, '/articles/', 6],
            [1, '/articles/free/', 7],
          ],
        },
        { agents: ['*'], rules: [[0, '/wp-admin/', 10]] },
      ],
      truncated: false,
    });
  });

  it('is null unless robots.txt was read', () => {
    expect(run({ robots: status(403) }).summary.path_rules).toBeNull();
    expect(run({}).summary.path_rules).toBeNull();
  });

  it('stops at the cap and says so', () => {
    const body = 'User-agent: *\n' + Array.from({ length: 1500 }, (_, i) => `Disallow: /p${i}/`).join('\n');
    expect(run({ robots: body }).summary.path_rules).toEqual({ groups: [], truncated: true });
  });
});

describe('docs/policy.md section 10', () => {
  it('Disallow: /, Allow: /$ and Allow: /~ for the key bots blocks all AI, except two paths', () => {
    const c = run({
      robots: ALL_KEYS.map((t) => `User-agent: ${t}`).join('\n') + '\nDisallow: /\nAllow: /$\nAllow: /~\n',
    });
    expect([c.summary.stance, c.summary.detail]).toEqual(['blocks_all_ai', 'blocks_all_ai']);
    expect(c.full.ai_openness_score).toBe(0);
    expect(c.full.all_bots['GPTBot']).toMatchObject({ status: 'blocked', allowed_paths: ['/$', '/~'] });
  });

  it('a carve-out is blocked except its paths, not partial', () => {
    const c = run({
      robots: KEYS_TRAINING.map((t) => `User-agent: ${t}`).join('\n') + '\nDisallow: /\nAllow: /guide-achat/\n',
    });
    expect([c.summary.stance, c.summary.use_cases.training]).toEqual(['blocks_training', 'blocked']);
    expect(c.full.explanations.find((e) => e.subject === 'training')!.reason).toBe(
      'AI training is blocked: robots.txt blocks its main bots (GPTBot, ClaudeBot, Google-Extended and CCBot) except /guide-achat/.',
    );
  });

  it.each([
    ['named in the same group as `*`', 'User-agent: GPTBot\nUser-agent: *\nDisallow: /wp-admin/\n', 'no_ai_rules'],
    // Section 11 amends section 10: a group that closes a path `*` leaves open is an AI rule, even when it leaves open paths `*` closes.
    [
      'a group closing /do-not-crawl/, which `*` leaves open',
      'User-agent: Amazonbot\nDisallow: /do-not-crawl/\n\nUser-agent: *\nDisallow: /node/\nDisallow: /*?\n',
      'selective',
    ],
    [
      'a group loosening `*` only',
      'User-agent: GPTBot\nDisallow: /node/\n\nUser-agent: *\nDisallow: /node/\nDisallow: /*?\n',
      'no_ai_rules',
    ],
    [
      'a group repeating `*` exactly',
      'User-agent: GPTBot\nDisallow: /wp-admin/\n\nUser-agent: *\nDisallow: /wp-admin/\n',
      'no_ai_rules',
    ],
    [
      'a group stricter than `*`',
      'User-agent: GPTBot\nDisallow: /wp-admin/\nDisallow: /articles/\n\nUser-agent: *\nDisallow: /wp-admin/\n',
      'selective',
    ],
    ['a partial rule without a `*` group', 'User-agent: GPTBot\nDisallow: /articles/\n', 'selective'],
  ])('housekeeping: an AI bot %s', (_n, robots, detail) => {
    expect(run({ robots }).summary.detail).toBe(detail);
  });

  it.each(['PetalBot', 'Exabot', 'Bravebot'])(
    'a site blocking only %s, a general search engine, has no AI rule',
    (t) => {
      const c = run({ robots: block(t) });
      expect(c.summary.detail).toBe('no_ai_rules');
      expect(c.full.all_bots[t]).toMatchObject({ status: 'blocked', is_ai_bot: false });
    },
  );

  it('reports an AI-looking agent the catalogue does not know, without letting it decide a use case', () => {
    const c = run({ robots: block('grok', 'Gemini-DeepResearch') + '\nUser-agent: perplexity-ai\nAllow: /\n' });
    expect(c.summary.detail).toBe('no_ai_rules');
    expect(c.summary.use_cases).toEqual({ training: 'allowed', search: 'allowed', inference: 'allowed' });
    expect(c.summary.bots.blocked).toEqual(['grok', 'Gemini-DeepResearch']);
    expect(c.full.unknown_ai_bots).toEqual(['grok', 'Gemini-DeepResearch', 'perplexity-ai']);
    expect(c.full.all_bots['perplexity-ai']).toMatchObject({ status: 'allowed', is_ai_bot: true });
    expect(c.full.explanations.find((e) => e.subject === 'grok')!.reason).toBe(
      'grok is blocked by rules that name it. It is not in the bot catalogue, so it decides no use.',
    );
  });
});

describe('words for people (docs/policy.md section 9)', () => {
  const reasons = (o: EvidenceOptions): string[] => run(o).full.explanations.map((e) => e.reason);

  it.each(ROWS)('$name: no identifiers, no table rows', ({ o }) => {
    for (const r of reasons(o)) {
      expect(r).not.toMatch(/\bRow \d|\b[a-z]+_[a-z_]+\b|\bnamed\b|\bunknown\b/);
      expect(r).toMatch(/^[A-Za-z].*[.]$/);
    }
    const stance = run(o).full.explanations[0]!;
    expect(stance.evidence ?? '').not.toMatch(/\b[a-z]+_[a-z_]+\/[a-z]+/);
  });

  it('llms.txt alone is a guide for AI tools, not a welcome', () => {
    const c = run({
      robots: HOUSEKEEPING,
      llms: '# Example\n\n> Docs for models.\n\n- [Guide](https://example.test/guide.md): start here\n',
    });
    expect(c.full.explanations[0]!.reason).toBe(
      'The site publishes an llms.txt guide for AI tools; no AI rules in robots.txt.',
    );
  });

  it('a whole-site block for every crawler with ai-train=no is told as both', () => {
    const c = run({ robots: 'User-agent: *\nContent-Signal: ai-train=no\nDisallow: /\n' });
    expect(c.summary.detail).toBe('blocks_all_ai');
    expect(c.full.explanations[0]!.reason).toBe(
      'robots.txt blocks every crawler from the whole site (User-agent: *), and a Content-Signal refuses AI training as well: AI training, search and answers are all blocked.',
    );
  });

  it('says what Content-Signal search and ai-input mean', () => {
    const c = run({ homepageHeaders: { 'Content-Signal': 'search=no, ai-input=no' } });
    const why = (u: string) => c.full.explanations.find((e) => e.subject === u)!.reason;
    expect(why('search')).toBe('AI search (listing and linking pages) is refused by a Content-Signal.');
    expect(why('inference')).toBe('AI answers (using pages to generate answers) is refused by a Content-Signal.');
  });

  it('silence is not an allowance; unreadable robots.txt says why', () => {
    expect(reasons({ robots: HOUSEKEEPING })).toContain('Nothing the site publishes restricts AI training.');
    expect(reasons({ robots: status(403) })).toContain(
      'Not known: robots.txt could not be read because the server refused it (HTTP 403), and no other signal speaks of AI training.',
    );
    expect(reasons({ robots: failed('timeout') })[0]).toBe(
      'robots.txt could not be read because it timed out, and no other signal decides, so the site\u2019s AI rules are not known.',
    );
    expect(
      reasons({
        robots: html('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>'),
      }),
    ).toContain('robots.txt could not be read: a bot-check page was served instead.');
  });

  it('terms that say nothing about AI are a note', () => {
    const c = run({ robots: block('GPTBot'), tos: SILENT_TOS });
    expect(c.full.explanations.find((e) => e.subject === 'robots_blocks_ai_but_tos_allows_or_silent')!.reason).toBe(
      'robots.txt restricts AI training; the terms of service say nothing about using the content for AI.',
    );
  });
});
