/**
 * shared/url-check: each URL's answer and the line that decided it, over fixture sites built from
 * real robots.txt files (../shared/corpora/real-robots: per-bot groups, wildcards, `$`,
 * percent-encoding, carve-outs), the W3C TDMRep specification's examples
 * (../shared/corpora/tdmrep) and ai.txt rules. Records are made by the real analysis (classify),
 * so what is judged is what the service stores; questions go through the request parser and
 * answer builder of POST /v1/check.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { checkCheckBody } from '../../../../shared/check-api.js';
import type { DomainPolicyFound } from '../../../../shared/schemas.js';
import { isAllowed, parseRobotsTxt } from '../../../../shared/robots/index.js';
import { answerUrls } from '../../../../shared/url-check/answer.js';
import { judgeUrl } from '../../../../shared/url-check/judge.js';
import { buildEvidence, html, status, text, type EvidenceOptions } from '../../analysis/helpers/evidence-builder.js';
import { CORPORA, REAL_ROBOTS_DIR, realRobotsFiles } from '../robots/corpora.js';

const realRobots = (site: string) => readFileSync(`${REAL_ROBOTS_DIR}${site}.robots.txt`, 'utf8');
const record = (o: EvidenceOptions): DomainPolicyFound => classify(buildEvidence(o)).summary;

/** Asks POST /v1/check's question about `urls` of one site; the results in order. */
function ask(rec: DomainPolicyFound, q: { bot?: string; use?: string }, urls: string[]) {
  const req = checkCheckBody({ ...q, urls });
  if (!req.ok) throw new Error(req.message);
  return answerUrls(req.value, new Map([[rec.domain, { found: true as const, record: rec }]])).results;
}

type Row = [url: string, verdict: string, line: number | null, evidence: string | null];

function expectRows(rec: DomainPolicyFound, q: { bot?: string; use?: string }, rows: Row[]) {
  const got = ask(
    rec,
    q,
    rows.map((r) => r[0]),
  );
  expect(got.map((r) => [r.url, r.verdict, r.decided_by?.line ?? null, r.decided_by?.evidence ?? null])).toEqual(rows);
}

describe('real robots.txt files, a bot and its rules', () => {
  const lequipe = record({ domain: 'www.lequipe.fr', robots: realRobots('www.lequipe.fr') });

  it('lequipe.fr: GPTBot is named in a group that closes the site', () => {
    expectRows(lequipe, { bot: 'GPTBot' }, [['https://www.lequipe.fr/football/', 'blocked', 414, 'Disallow: /']]);
  });

  it('lequipe.fr: OAI-SearchBot, named nowhere, follows the * group: percent-encoding, `$`, wildcards and carve-outs', () => {
    expectRows(lequipe, { bot: 'oai-searchbot' }, [
      // `%7b%7bsport%7d%7d` in the rule, raw braces in the URL: the same path after normalisation (RFC 9309 2.2.2).
      ['https://www.lequipe.fr/{{sport}}/x', 'blocked', 185, 'Disallow: /%7b%7bsport%7d%7d/'],
      ['https://www.lequipe.fr/%7B%7Bsport%7D%7D/y', 'blocked', 185, 'Disallow: /%7b%7bsport%7d%7d/'],
      // `*.gif$` anchors at the end: a query after it escapes the rule.
      ['https://www.lequipe.fr/images/logo.gif', 'blocked', 99, 'Disallow: *.gif$'],
      ['https://www.lequipe.fr/images/logo.gif?v=2', 'allowed', null, null],
      // A longer Allow opens one path under a wildcard Disallow.
      [
        'https://www.lequipe.fr/jeux-olympiques-2024/x/page-detail-medailles/france',
        'allowed',
        97,
        'Allow: /jeux-olympiques-*/*/page-detail-medailles/france',
      ],
      [
        'https://www.lequipe.fr/jeux-olympiques-2024/x/page-detail-medailles/usa',
        'blocked',
        96,
        'Disallow: /jeux-olympiques-*/*/page-detail-medailles/*',
      ],
      [
        'https://www.lequipe.fr/football/les-notes/x/2023-2024-y',
        'allowed',
        123,
        'Allow: /football/les-notes/*/2023-2024*',
      ],
      ['https://www.lequipe.fr/football/les-notes/x/2022', 'blocked', 122, 'Disallow: /football/les-notes/*'],
    ]);
  });

  it('usatoday.com: blocked with exceptions, per bot and per use case (the key bots decide, partial when some are refused)', () => {
    const usa = record({ domain: 'www.usatoday.com', robots: realRobots('www.usatoday.com') });
    expectRows(usa, { bot: 'GPTBot' }, [
      ['https://www.usatoday.com/shopping/best-tv/', 'allowed', 35, 'Allow: /shopping/'],
      ['https://www.usatoday.com/story/news/x', 'blocked', 33, 'Disallow: /'],
    ]);
    const [shopping, news, robots] = ask(usa, { use: 'training' }, [
      'https://www.usatoday.com/shopping/best-tv/',
      'https://www.usatoday.com/story/news/x',
      'https://www.usatoday.com/robots.txt',
    ]);
    expect(shopping).toMatchObject({
      verdict: 'partial',
      decided_by: { line: 16, evidence: 'Disallow: /' },
      bots: { GPTBot: 'allowed', ClaudeBot: 'blocked', 'Google-Extended': 'allowed', CCBot: 'blocked' },
    });
    expect(news).toMatchObject({
      verdict: 'blocked',
      decided_by: { line: 33 },
      bots: { GPTBot: 'blocked', ClaudeBot: 'blocked', 'Google-Extended': 'blocked', CCBot: 'blocked' },
    });
    // RFC 9309 2.2.2: /robots.txt itself is always allowed.
    expect(robots).toMatchObject({ verdict: 'allowed', decided_by: null });
  });

  it("dailymail.co.uk: an AI group closing the site but /buyline/; the * group's wildcards", () => {
    const dm = record({ domain: 'www.dailymail.co.uk', robots: realRobots('www.dailymail.co.uk') });
    expectRows(dm, { bot: 'ClaudeBot' }, [
      ['https://www.dailymail.co.uk/buyline/x', 'allowed', 106, 'Allow: /buyline/'],
      ['https://www.dailymail.co.uk/news/x', 'blocked', 107, 'Disallow: /'],
    ]);
    expectRows(dm, { bot: '*' }, [
      ['https://www.dailymail.co.uk/news/article-1/readcommentshtml', 'blocked', 8, 'Disallow: /*readcommentshtml*'],
      ['https://www.dailymail.co.uk/news/article-1/index.html', 'allowed', null, null],
      ['https://www.dailymail.co.uk/home/search.html?q=x', 'blocked', 24, 'Disallow: /home/search.html*'],
    ]);
  });

  it('20minutes.fr: a use case over a group of named bots beside an unnamed key bot', () => {
    const m = record({ domain: 'www.20minutes.fr', robots: realRobots('www.20minutes.fr') });
    const [guide, comments, sport] = ask(m, { use: 'search' }, [
      'https://www.20minutes.fr/guide-achat/x',
      'https://www.20minutes.fr/article/1/commentaires-x',
      'https://www.20minutes.fr/sport/x',
    ]);
    expect(guide).toMatchObject({
      verdict: 'allowed',
      explicit: true,
      decided_by: { line: 25, evidence: 'Allow: /guide-achat/' },
    });
    expect(comments).toMatchObject({
      verdict: 'blocked',
      bots: { 'OAI-SearchBot': 'blocked', 'Claude-SearchBot': 'blocked', PerplexityBot: 'blocked' },
    });
    expect(sport).toMatchObject({
      verdict: 'partial',
      decided_by: { line: 24 },
      bots: { 'OAI-SearchBot': 'blocked', 'Claude-SearchBot': 'allowed', PerplexityBot: 'blocked' },
    });
  });

  it("cnn.com: the * group's `$` and `?` patterns", () => {
    const cnn = record({ domain: 'cnn.com', robots: realRobots('cnn.com') });
    expectRows(cnn, { bot: '*' }, [
      ['https://cnn.com/app/x.jsx', 'blocked', 79, 'Disallow: /*.jsx$'],
      ['https://cnn.com/app/x.jsx?x=1', 'blocked', 82, 'Disallow: *.jsx?'],
      ['https://cnn.com/2026/01/01/story/index.html', 'allowed', null, null],
    ]);
    expectRows(cnn, { bot: 'PerplexityBot', use: 'search' }, [
      ['https://cnn.com/2026/01/01/story/index.html', 'blocked', 76, 'Disallow: /'],
    ]);
  });
});

describe('usage signals for a path', () => {
  it('stackoverflow.com: a Content-Signal in the * group says no for every bot, before robots.txt', () => {
    const so = record({ domain: 'stackoverflow.com', robots: realRobots('stackoverflow.com') });
    expectRows(so, { bot: '*', use: 'search' }, [
      ['https://stackoverflow.com/questions/1', 'blocked', 4, 'Content-Signal: search=no, ai-train=no'],
    ]);
    expect(ask(so, { bot: '*', use: 'search' }, ['https://stackoverflow.com/questions/1'])[0]!.decided_by!.source).toBe(
      'content_signals',
    );
    // ai-input is not named: robots.txt decides.
    expectRows(so, { use: 'inference' }, [['https://stackoverflow.com/questions/1', 'blocked', 5, 'Disallow: /']]);
  });

  it("davidguetta.com: search=yes in the * group, but GPTBot's own group closes the site", () => {
    const dg = record({ domain: 'davidguetta.com', robots: realRobots('davidguetta.com') });
    expectRows(dg, { bot: 'GPTBot', use: 'search' }, [['https://davidguetta.com/tour', 'blocked', 51, 'Disallow: /']]);
    const [r] = ask(dg, { bot: 'OAI-SearchBot' }, ['https://davidguetta.com/tour']);
    expect(r).toMatchObject({
      verdict: 'allowed',
      explicit: true,
      decided_by: { source: 'content_signals', line: 29 },
    });
  });

  it('lobste.rs: a Content-Signal inside a group of search engines speaks for those bots only', () => {
    const lr = record({ domain: 'lobste.rs', robots: realRobots('lobste.rs') });
    // The * group closes the site to AI bots by robots.txt, not by that signal.
    expectRows(lr, { bot: 'GPTBot', use: 'training' }, [['https://lobste.rs/s/abc', 'blocked', 18, 'Disallow: /']]);
  });

  it('a Content-Usage line scoped to a path, and a signal in a group naming one bot', () => {
    const rec = record({
      robots:
        'User-agent: *\nContent-Usage: /images/ train-ai=n\nAllow: /\n\nUser-agent: ClaudeBot\nContent-Signal: ai-train=no\nAllow: /\n',
    });
    expectRows(rec, { use: 'training', bot: 'GPTBot' }, [
      ['https://example.test/images/a.png', 'blocked', 2, 'Content-Usage: /images/ train-ai=n'],
      ['https://example.test/news/a', 'allowed', 3, 'Allow: /'],
    ]);
    expectRows(rec, { bot: 'ClaudeBot' }, [
      ['https://example.test/news/a', 'blocked', 6, 'Content-Signal: ai-train=no'],
    ]);
    const [news] = ask(rec, { use: 'training' }, ['https://example.test/news/a']);
    expect(news).toMatchObject({
      verdict: 'partial',
      decided_by: { source: 'content_signals', line: 6 },
      bots: { ClaudeBot: 'blocked', GPTBot: 'allowed' },
    });
  });

  describe.each(
    (
      JSON.parse(readFileSync(`${CORPORA}tdmrep/tdmrep-spec-examples.json`, 'utf8')) as {
        tdmrep_json_cases: { name: string; tdmrep_json: unknown; path: string; expect_reservation: 0 | 1 | null }[];
      }
    ).tdmrep_json_cases,
  )('TDMRep example $name', (c) => {
    it('decides training for its path by the first matching rule', () => {
      const rec = record({ robots: 'User-agent: *\nDisallow: /private/\n', tdmrep: c.tdmrep_json });
      const [r] = ask(rec, { bot: 'GPTBot' }, [`https://example.test${c.path}`]);
      if (c.expect_reservation === null)
        return void expect(r).toMatchObject({ verdict: 'allowed', decided_by: null, explicit: false });
      expect(r).toMatchObject({
        verdict: c.expect_reservation === 1 ? 'blocked' : 'allowed',
        explicit: c.expect_reservation === 0,
        decided_by: { source: 'tdmrep', line: null },
      });
      const rule = (c.tdmrep_json as { location: string }[]).find(
        (x) => (JSON.parse(r!.decided_by!.evidence!) as { location: string }).location === x.location,
      );
      expect(rule).toBeDefined();
    });
  });

  it("TDMRep: the homepage's header supersedes tdmrep.json, for every URL (section 3.5, as the site's verdicts read it)", () => {
    const rec = record({
      tdmrep: [{ location: '/free/', 'tdm-reservation': 0 }],
      homepageHeaders: { 'tdm-reservation': '1' },
    });
    expectRows(rec, { bot: 'CCBot' }, [['https://example.test/free/x', 'blocked', null, 'tdm-reservation header: 1']]);
    // TDMRep speaks of text and data mining only: a search bot is not asked about it.
    expectRows(rec, { bot: 'OAI-SearchBot' }, [['https://example.test/free/x', 'allowed', null, null]]);
  });

  it('ai.txt: a disallowed path or file type is a training no; what it allows is not a yes', () => {
    // The shape Spawning's ai.txt generator writes (spawning.ai/ai-txt).
    const aiTxt =
      '# Spawning AI\n# Prevent datasets from using the following file types\n\nUser-Agent: *\nDisallow: *.jpg\nDisallow: *.png\nDisallow: /portfolio/\nAllow: /portfolio/press/\n';
    const rec = record({ robots: 'User-agent: *\nAllow: /\n', aiTxt });
    expectRows(rec, { bot: 'GPTBot' }, [
      ['https://example.test/gallery/a.jpg', 'blocked', 5, 'Disallow: *.jpg'],
      ['https://example.test/portfolio/2024', 'blocked', 7, 'Disallow: /portfolio/'],
      ['https://example.test/portfolio/press/kit', 'allowed', 2, 'Allow: /'],
      ['https://example.test/about', 'allowed', 2, 'Allow: /'],
    ]);
    // Not a training question: ai.txt says nothing.
    expectRows(rec, { bot: 'PerplexityBot' }, [['https://example.test/gallery/a.jpg', 'allowed', 2, 'Allow: /']]);
  });

  it("the homepage's noai tag: a training no for every URL, for all or for the bot it names", () => {
    const all = record({
      robots: 'User-agent: *\nAllow: /\n',
      homepage: html('<html><head><meta name="robots" content="noai, noimageai"></head><body></body></html>'),
    });
    expectRows(all, { use: 'training' }, [
      ['https://example.test/a', 'blocked', null, '<meta name="robots" content="noai, noimageai">'],
    ]);
    const one = record({ robots: 'User-agent: *\nAllow: /\n', homepageHeaders: { 'x-robots-tag': 'gptbot: noai' } });
    const [g, c] = [
      ask(one, { bot: 'GPTBot' }, ['https://example.test/a'])[0]!,
      ask(one, { bot: 'CCBot' }, ['https://example.test/a'])[0]!,
    ];
    expect(g).toMatchObject({
      verdict: 'blocked',
      decided_by: { source: 'x_robots_tag', evidence: 'X-Robots-Tag: gptbot: noai' },
    });
    expect(c).toMatchObject({ verdict: 'allowed' });
  });
});

describe('what cannot be judged', () => {
  it('robots.txt unread: unknown, unless a usage signal says no (or yes)', () => {
    const refused = record({ robots: status(403, 'Forbidden') });
    expect(ask(refused, { bot: 'GPTBot' }, ['https://example.test/a'])[0]).toMatchObject({
      verdict: 'unknown',
      reason: 'robots_unreadable',
      decided_by: null,
    });
    const signalled = record({
      robots: status(403, 'Forbidden'),
      homepageHeaders: { 'content-signal': 'ai-train=no, search=yes' },
    });
    expect(ask(signalled, { bot: 'GPTBot' }, ['https://example.test/a'])[0]).toMatchObject({
      verdict: 'blocked',
      decided_by: { source: 'content_signals', line: null },
    });
    expect(ask(signalled, { use: 'search' }, ['https://example.test/a'])[0]).toMatchObject({
      verdict: 'allowed',
      explicit: true,
    });
    expect(ask(signalled, { use: 'inference' }, ['https://example.test/a'])[0]).toMatchObject({
      verdict: 'unknown',
      reason: 'robots_unreadable',
    });
  });

  it('robots.txt missing: nothing restricts, signals still speak', () => {
    const none = record({ robots: status(404, 'Not found') });
    expect(ask(none, { bot: 'GPTBot' }, ['https://example.test/a'])[0]).toMatchObject({
      verdict: 'allowed',
      decided_by: null,
      reason: null,
    });
    const soft = record({
      robots: text('<html>not here</html>', {}),
      tdmrep: [{ location: '/news/', 'tdm-reservation': 1 }],
    });
    expect(
      ask(soft, { use: 'training' }, ['https://example.test/news/x', 'https://example.test/shop/x']).map(
        (r) => r.verdict,
      ),
    ).toEqual(['blocked', 'allowed']);
  });

  it('rules too many to keep: unknown', () => {
    const big = record({
      robots: 'User-agent: GPTBot\n' + Array.from({ length: 1200 }, (_, i) => `Disallow: /p${i}/`).join('\n'),
    });
    expect(ask(big, { bot: 'GPTBot' }, ['https://example.test/a'])[0]).toMatchObject({
      verdict: 'unknown',
      reason: 'rules_truncated',
    });
  });

  it('a record stored before path_signals: robots.txt still answers a bot; a use case only when the record found no signal', () => {
    const { path_signals: _, ...old } = record({
      robots: 'User-agent: GPTBot\nDisallow: /a/\n',
      homepageHeaders: { 'content-signal': 'ai-train=no' },
    });
    expect(judgeUrl(old, '/a/x', { token: 'gptbot', use: null })).toMatchObject({
      verdict: 'blocked',
      decided_by: { line: 2 },
    });
    expect(judgeUrl(old, '/a/x', { token: 'gptbot', use: 'training' })).toMatchObject({
      verdict: 'unknown',
      reason: 'no_url_rules',
    });
    const { path_signals: __, ...quiet } = record({ robots: 'User-agent: GPTBot\nDisallow: /a/\n' });
    expect(judgeUrl(quiet, '/b', { token: null, use: 'training' })).toMatchObject({ verdict: 'allowed' });
    expect(
      judgeUrl({ ...quiet, basis: undefined, path_rules: undefined }, '/b', { token: 'gptbot', use: null }),
    ).toMatchObject({ verdict: 'unknown', reason: 'no_url_rules' });
  });

  it("a URL on another port is not this record's to judge (robots.txt is per origin)", () => {
    const rec = record({ robots: 'User-agent: *\nDisallow: /\n' });
    expect(ask(rec, { bot: 'GPTBot' }, ['https://example.test:8443/a'])[0]).toMatchObject({
      verdict: 'unknown',
      reason: 'other_port',
      found: true,
    });
  });
});

describe('path_rules keep every group an AI bot is judged by', () => {
  // For each real file: the catalogue key bots and `*` on paths taken from the file's own rules
  // give through path_rules exactly what the full parsed file gives.
  const files = realRobotsFiles().filter((f) => !f.text.trimStart().startsWith('<'));
  const bots = ['GPTBot', 'ClaudeBot', 'CCBot', 'OAI-SearchBot', 'PerplexityBot', 'ChatGPT-User', '*'];
  it.each(files.map((f) => [f.name, f.text] as const))('%s', (name, body) => {
    const rec = record({ domain: 'example.test', robots: body });
    if (rec.path_rules?.truncated || !rec.path_rules) return;
    const parsed = parseRobotsTxt(body);
    const paths = [
      '/',
      '/index.html',
      ...parsed.groups
        .flatMap((g) => g.rules.map((r) => r.pattern.replace(/[*$]/g, 'x')))
        .filter((p) => p.startsWith('/'))
        .slice(0, 40),
    ];
    for (const bot of bots) {
      for (const path of paths) {
        const want = isAllowed(parsed, bot === '*' ? 'no-such-crawler' : bot, path) ? 'allowed' : 'blocked';
        expect(judgeUrl(rec, path, { token: bot.toLowerCase(), use: null }).verdict, `${name} ${bot} ${path}`).toBe(
          want,
        );
      }
    }
  });
});
