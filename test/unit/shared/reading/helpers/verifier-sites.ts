/**
 * Real files made into Evidence, with claims about them written by hand from reading each file
 * (not from any reader's output): the true claims the verifier must pass, and for each site
 * the mutations it must catch. Robots.txt files are real (../shared/corpora/real-robots/2026-01,
 * test/fixtures/real-files); terms are real (test/fixtures/terms); the companions around them
 * (a hang, a host without a file, a page that sends a header) are synthetic and named so.
 * Line numbers below are the files' own, counted with `cat -n`.
 */
import { readFileSync } from 'node:fs';
import type { Evidence } from '../../../../../proxy/analysis/evidence.js';
import type {
  BotClaim,
  Claim,
  DecidedBy,
  ConflictClaim,
  HeadlineClaim,
  TermsClaim,
  RobotsFileClaim,
  UseClaim,
} from '../../../../../shared/reading/claims.js';
import type { UseCase } from '../../../../../shared/values.js';
import {
  buildEvidence,
  failed,
  heldFailedPage,
  html,
  nothingAnswered,
  response,
  text,
} from '../../../analysis/helpers/evidence-builder.js';
import { markdownToHtml } from '../../../analysis/helpers/markdown-html.js';

const ROOT = new URL('../../../../../', import.meta.url);
const corpus = (name: string): string =>
  readFileSync(new URL(`../shared/corpora/real-robots/2026-01/${name}.robots.txt`, ROOT), 'utf8');
const realFile = (name: string): string => readFileSync(new URL(`test/fixtures/real-files/${name}`, ROOT), 'utf8');
const terms = (id: string): string =>
  markdownToHtml(readFileSync(new URL(`test/fixtures/terms/texts/${id}.md`, ROOT), 'utf8'));

export interface Site {
  name: string;
  files: Record<string, Evidence>;
  claims: Claim[];
  /**
   * More true claims, written by hand: the one-field changes of `claims` that leave a claim true
   * (another bot with the same role, a cause left out …), so the exhaustive mutation test knows them.
   */
  alsoTrue: Claim[];
  /** Claims made false by one change, each with what changed. */
  mutations: Array<{ what: string; claim: Claim }>;
}

const ALL: UseCase[] = ['training', 'search', 'inference'];

function bot(
  of: string,
  name: string,
  purpose: BotClaim['purpose'],
  role: BotClaim['role'],
  by: BotClaim['by'],
  lines: number[],
  paths: string[] = [],
): BotClaim {
  return { kind: 'bot', of, bot: name, purpose, role, by, lines, paths };
}

function use(
  of: string,
  u: UseCase,
  verdict: UseClaim['verdict'],
  explicit: boolean,
  by: DecidedBy[] = [],
  more: Partial<UseClaim> = {},
): UseClaim {
  return { kind: 'use', of, use: u, verdict, explicit, by, listings: false, terms: null, ...more };
}

const robotsLine = (line: number, evidence: string): DecidedBy => ({ source: 'robots_txt', line, evidence });

function headline(of: string, told: HeadlineClaim['told'], restricted: UseCase[]): HeadlineClaim {
  // claims.ts: `open` the uses allowed; with robots.txt not read every use is unknown, in neither list.
  const open = told === 'unknown' ? [] : ALL.filter((u) => !restricted.includes(u));
  return { kind: 'headline', of, told, restricted, open };
}

const read = (of: string): RobotsFileClaim => ({
  kind: 'robots_file',
  of,
  state: 'read',
  http: 200,
  problem: null,
  waited_s: null,
});

/** vrt.be: `*` closes /libs/ and query paths; a named group closes /vrtnws/ for six bots (line 15). */
function vrt(): Site {
  const of = 'www.vrt.be';
  const ev = buildEvidence({ domain: of, robots: realFile('www.vrt.be.robots.txt'), tos: terms('the-register') });
  const gptbot = bot(of, 'GPTBot', 'training', 'partial', 'named', [15], ['/vrtnws/']);
  const training = use(of, 'training', 'partial', false, [robotsLine(15, 'Disallow: /vrtnws/')]);
  return {
    name: 'vrt.be (named group closes /vrtnws/)',
    files: { [of]: ev },
    claims: [
      read(of),
      { kind: 'found', of, standard: 'robots_txt' },
      { kind: 'fetch', of, file: 'homepage', state: 'answered', http: 200 },
      { kind: 'fetch', of, file: 'terms', state: 'answered', http: 200 },
      { kind: 'fetch', of, file: 'llms_txt', state: 'answered', http: 404 },
      gptbot,
      bot(of, 'ChatGPT-User', 'inference', 'partial', 'named', [15], ['/vrtnws/']),
      bot(of, 'anthropic-ai', 'training', 'partial', 'named', [15], ['/vrtnws/']),
      bot(of, 'cohere-ai', 'inference', 'partial', 'named', [15], ['/vrtnws/']),
      training,
      use(of, 'inference', 'partial', false, [robotsLine(15, 'Disallow: /vrtnws/')]),
      use(of, 'search', 'allowed', false),
      headline(of, 'selective', ['training', 'inference']),
      { kind: 'terms', of, about: 'ai', stance: 'silent', excerpt: null, section: null },
      { kind: 'terms', of, about: 'access', stance: 'silent', excerpt: null, section: null },
      { kind: 'terms_mention', of, names_ai: false, excerpt: null, section: null },
      { kind: 'page_fact', of, fact: 'paywall', known: true, value: false, because: null },
      { kind: 'confidence', of, percent: 100, causes: [] },
    ],
    alsoTrue: [
      ...(['ai_txt', 'tdmrep', 'agents_json'] as const).map((file): Claim => ({
        kind: 'fetch',
        of,
        file,
        state: 'answered',
        http: 404,
      })),
      { ...gptbot, bot: 'CCBot' },
      // The terms are silent on AI beside a robots.txt that restricts: the record counts that as a conflict (docs/policy.md section 6).
      { kind: 'confidence', of, percent: 85, causes: [] },
    ],
    mutations: [
      { what: 'another line number', claim: { ...gptbot, lines: [14] } },
      { what: 'a line of the * group', claim: { ...gptbot, lines: [3] } },
      { what: 'another bot (not named)', claim: { ...gptbot, bot: 'ClaudeBot' } },
      { what: 'role swapped to blocked', claim: { ...gptbot, role: 'blocked', paths: [] } },
      { what: 'role swapped to like_all', claim: { ...gptbot, role: 'like_all' } },
      { what: 'a path the line does not close', claim: { ...gptbot, paths: ['/libs/'] } },
      { what: 'by the wildcard', claim: { ...gptbot, by: 'wildcard' } },
      { what: 'purpose search', claim: { ...gptbot, purpose: 'search' } },
      { what: 'catalogue spelling', claim: { ...gptbot, bot: 'gptbot' } },
      { what: 'training blocked', claim: { ...training, verdict: 'blocked' } },
      { what: 'training not restricted', claim: { ...training, verdict: 'allowed', by: [] } },
      { what: 'a use claim citing a * line', claim: { ...training, by: [robotsLine(2, 'Disallow: /libs/')] } },
      { what: 'search explicitly allowed', claim: use(of, 'search', 'allowed', true) },
      { what: 'headline "and not others" with nothing open', claim: { ...headline(of, 'selective', ALL), open: [] } },
      { what: 'headline no AI rules', claim: headline(of, 'no_ai_rules', []) },
      { what: 'headline blocks training', claim: headline(of, 'blocks_training', ['training']) },
      { what: 'a cause that is not true', claim: { kind: 'confidence', of, percent: 90, causes: ['no_robots'] } },
      {
        what: 'terms mention AI (excerpt not in the text)',
        claim: { kind: 'terms_mention', of, names_ai: true, excerpt: 'artificial intelligence', section: null },
      },
      { what: 'robots.txt missing', claim: { ...read(of), state: 'missing' } },
      { what: 'another status', claim: { ...read(of), http: 203 } },
      { what: 'homepage not answered', claim: { kind: 'fetch', of, file: 'homepage', state: 'no_answer', http: null } },
      {
        what: 'homepage fact not known',
        claim: { kind: 'page_fact', of, fact: 'paywall', known: false, value: null, because: 'no_answer' },
      },
      {
        what: 'a * line as a Content-Signal',
        claim: {
          kind: 'signal',
          of,
          vocabulary: 'content-signal',
          line: 2,
          agents: ['*'],
          path: null,
          training: false,
          search: null,
          inference: null,
          text: 'Disallow: /libs/',
        },
      },
      { what: 'nothing answered', claim: { kind: 'nothing_answered', of } },
    ],
  };
}

/** hijobs.net: GPTBot's Crawl-delay-only group runs into `*` (one group, lines 3 to 17); ClaudeBot closed at line 31. */
function hijobs(): Site {
  const of = 'hijobs.net';
  const ev = buildEvidence({ domain: of, robots: realFile('hijobs.net.robots.txt') });
  const claude = bot(of, 'ClaudeBot', 'training', 'blocked', 'named', [31]);
  const gpt = bot(of, 'GPTBot', 'training', 'like_all', 'named', [13, 14, 15, 16, 17]);
  return {
    name: 'hijobs.net (groups joined across Crawl-delay, a list on one line)',
    files: { [of]: ev },
    claims: [
      read(of),
      claude,
      bot(of, 'Amazonbot', 'training', 'blocked', 'named', [29]),
      gpt,
      bot(of, 'SemrushBot', 'other', 'blocked', 'named', [37]),
      use(of, 'training', 'partial', false, [robotsLine(31, 'Disallow:/')]),
      use(of, 'search', 'allowed', false),
      use(of, 'inference', 'allowed', false),
      headline(of, 'selective', ['training']),
    ],
    alsoTrue: [],
    mutations: [
      {
        what: 'GPTBot named without a rule (robots-parser reads it so)',
        claim: bot(of, 'GPTBot', 'training', 'no_rule', 'named', [9]),
      },
      { what: 'GPTBot allowed explicitly', claim: bot(of, 'GPTBot', 'training', 'allowed', 'named', [9]) },
      {
        what: 'Bytespider blocked by the list line',
        claim: bot(of, 'Bytespider', 'training', 'blocked', 'named', [23]),
      },
      { what: 'ClaudeBot at the line before', claim: { ...claude, lines: [30] } },
      { what: 'ClaudeBot partial', claim: { ...claude, role: 'partial', paths: ['/'] } },
      { what: 'ClaudeBot let in', claim: { ...claude, role: 'let_in', lines: [30] } },
      { what: 'an exception that is not there', claim: { ...claude, paths: ['/ajax/'] } },
      { what: 'like_all missing a line', claim: { ...gpt, lines: [13, 14] } },
      { what: 'the * group closes the site', claim: { kind: 'wildcard_closes', of, line: 13, opens: [] } },
      {
        what: 'training blocked (not every key bot is)',
        claim: use(of, 'training', 'blocked', false, [robotsLine(31, 'Disallow:/')]),
      },
      { what: 'no AI rules', claim: headline(of, 'no_ai_rules', []) },
    ],
  };
}

/** athlon.com: browser strings as user-agent values (lines 42, 43) beside a valid ClaudeBot line (41); `Disallow: /` at 44. */
function athlon(): Site {
  const of = 'www.athlon.com';
  const ev = buildEvidence({ domain: of, robots: realFile('www.athlon.com.robots.txt') });
  const claude = bot(of, 'ClaudeBot', 'training', 'blocked', 'named', [44]);
  return {
    name: 'athlon.com (user-agent values that are no token)',
    files: { [of]: ev },
    claims: [
      read(of),
      claude,
      use(of, 'training', 'partial', false, [robotsLine(44, 'Disallow: /')]),
      headline(of, 'selective', ['training']),
    ],
    alsoTrue: [],
    mutations: [
      { what: "the Allow: / of * as ClaudeBot's", claim: { ...claude, lines: [2] } },
      { what: 'a Disallow line of * that is not the whole site', claim: { ...claude, lines: [21] } },
      { what: 'GPTBot blocked (not named)', claim: { ...claude, bot: 'GPTBot' } },
      { what: 'ClaudeBot by the wildcard', claim: { ...claude, by: 'wildcard' } },
      {
        what: 'explicit allow from the * group',
        claim: use(of, 'search', 'allowed', true, [robotsLine(2, 'Allow: /')]),
      },
      {
        what: 'Disallow lines after the sitemaps read as orphans',
        claim: { kind: 'line_ignored', of, line: 21, text: 'Disallow: /app_browsers/', loses: 'nothing', agents: [] },
      },
    ],
  };
}

/** informatech.com: plain text naming /cdn-cgi/challenge-platform/ (a rule, not a challenge); non-AI bots closed at 36. */
function informatech(): Site {
  const of = 'www.informatech.com';
  const ev = buildEvidence({
    domain: of,
    robots: realFile('www.informatech.com.robots.txt'),
    tos: terms('the-mirror'),
  });
  const excerpt =
    'You will not: … Use any data mining, robots, or similar data gathering or extraction methods designed to scrape or extract data from our Services';
  return {
    name: "informatech.com (challenge path as a rule; the Mirror's terms)",
    files: { [of]: ev },
    claims: [
      read(of),
      bot(of, 'PetalBot', 'search', 'blocked', 'named', [36]),
      use(of, 'training', 'allowed', false),
      use(of, 'search', 'allowed', false),
      headline(of, 'no_ai_rules', []),
      { kind: 'terms', of, about: 'access', stance: 'prohibits', excerpt, section: null },
      { kind: 'terms', of, about: 'ai', stance: 'silent', excerpt: null, section: null },
      { kind: 'terms_mention', of, names_ai: false, excerpt: null, section: null },
    ],
    alsoTrue: [use(of, 'inference', 'allowed', false)],
    mutations: [
      {
        what: 'a challenge page',
        claim: { kind: 'robots_file', of, state: 'unread', http: 200, problem: 'challenge', waited_s: null },
      },
      { what: 'PetalBot as an AI search bot', claim: bot(of, 'PetalBot', 'training', 'blocked', 'named', [36]) },
      { what: 'selective', claim: headline(of, 'selective', ['search']) },
      {
        what: 'terms silent on access',
        claim: { kind: 'terms', of, about: 'access', stance: 'silent', excerpt: null, section: null },
      },
      {
        what: 'an excerpt not in the text',
        claim: {
          kind: 'terms',
          of,
          about: 'access',
          stance: 'prohibits',
          excerpt: 'You will not use any robots or spiders to train AI models',
          section: null,
        },
      },
      { what: 'terms prohibit AI', claim: headline(of, 'terms_prohibit', []) },
    ],
  };
}

/** paypal-corp.com: an HTML "Page not found" served 200 for /robots.txt (a soft 404). */
function paypal(): Site {
  const of = 'newsroom.paypal-corp.com';
  const ev = buildEvidence({ domain: of, robots: html(realFile('newsroom.paypal-corp.com.robots.html')) });
  return {
    name: 'paypal-corp.com (soft 404 with a CDN beacon)',
    files: { [of]: ev },
    claims: [
      { kind: 'robots_file', of, state: 'missing', http: 200, problem: null, waited_s: null },
      headline(of, 'no_ai_rules', []),
      { kind: 'confidence', of, percent: 90, causes: ['no_robots'] },
    ],
    // A cause left out: the claim says each cause is true, not that every cause is named.
    alsoTrue: [{ kind: 'confidence', of, percent: 90, causes: [] }],
    mutations: [
      { what: 'found robots.txt', claim: { kind: 'found', of, standard: 'robots_txt' } },
      {
        what: 'a challenge',
        claim: { kind: 'robots_file', of, state: 'unread', http: 200, problem: 'challenge', waited_s: null },
      },
      { what: 'unknown', claim: headline(of, 'unknown', []) },
      {
        what: 'confidence cause robots unread',
        claim: { kind: 'confidence', of, percent: 40, causes: ['robots_unread'] },
      },
      { what: 'confidence above what is left', claim: { kind: 'confidence', of, percent: 100, causes: [] } },
    ],
  };
}

/** reviewjournal.com: Imperva's JavaScript challenge served 200 for /robots.txt. */
function reviewjournal(): Site {
  const of = 'account.reviewjournal.com';
  const ev = buildEvidence({ domain: of, robots: html(realFile('account.reviewjournal.com.robots.html')) });
  return {
    name: 'reviewjournal.com (a challenge page)',
    files: { [of]: ev },
    claims: [
      { kind: 'robots_file', of, state: 'unread', http: 200, problem: 'challenge', waited_s: null },
      use(of, 'training', 'unknown', false),
      headline(of, 'unknown', []),
      { kind: 'confidence', of, percent: 40, causes: ['robots_unread'] },
    ],
    alsoTrue: [
      use(of, 'search', 'unknown', false),
      use(of, 'inference', 'unknown', false),
      { kind: 'confidence', of, percent: 40, causes: [] },
    ],
    mutations: [
      {
        what: 'missing',
        claim: { kind: 'robots_file', of, state: 'missing', http: 200, problem: null, waited_s: null },
      },
      {
        what: 'refused',
        claim: { kind: 'robots_file', of, state: 'unread', http: 200, problem: 'refused', waited_s: null },
      },
      { what: 'no AI rules', claim: headline(of, 'no_ai_rules', []) },
      { what: 'training not restricted', claim: use(of, 'training', 'allowed', false) },
      {
        what: 'a bot read from a page that was not read',
        claim: bot(of, 'GPTBot', 'training', 'no_rule', 'named', [1]),
      },
    ],
  };
}

/** lobste.rs: an allow-list (`*` closes the site at line 18) with a Content-Signal inside the named group (line 14). */
function lobsters(): Site {
  const of = 'lobste.rs';
  const ev = buildEvidence({ domain: of, robots: corpus('lobste.rs') });
  const signal: Claim = {
    kind: 'signal',
    of,
    vocabulary: 'content-signal',
    line: 14,
    agents: ['applebot', 'bingbot', 'duckduckbot', 'googlebot', 'ia_archiver', 'kagibot', 'slurp'],
    path: null,
    training: false,
    search: true,
    inference: false,
    text: 'content-signal: ai-input=no, ai-train=no, search=yes',
  };
  const googlebot = bot(of, 'Googlebot', 'search', 'let_in', 'named', [5]);
  const closes: Claim = { kind: 'wildcard_closes', of, line: 18, opens: [] };
  return {
    name: 'lobste.rs (an allow-list)',
    files: { [of]: ev },
    claims: [
      read(of),
      closes,
      bot(of, 'GPTBot', 'training', 'blocked', 'wildcard', [18]),
      bot(of, 'PerplexityBot', 'search', 'blocked', 'wildcard', [18]),
      googlebot,
      bot(of, 'bingbot', 'search', 'let_in', 'named', [3]),
      signal,
      { kind: 'found', of, standard: 'content_signals' },
      use(of, 'training', 'blocked', false, [robotsLine(18, 'disallow: /')]),
      use(of, 'search', 'blocked', false, [robotsLine(18, 'disallow: /')]),
      use(of, 'inference', 'blocked', false, [robotsLine(18, 'disallow: /')]),
      headline(of, 'blocks_all_ai', ALL),
    ],
    alsoTrue: [
      bot(of, 'CCBot', 'training', 'blocked', 'wildcard', [18]),
      bot(of, 'ClaudeBot', 'training', 'blocked', 'wildcard', [18]),
      { kind: 'found', of, standard: 'robots_txt' },
    ],
    mutations: [
      { what: 'Googlebot partly blocked', claim: { ...googlebot, role: 'partial', lines: [10], paths: ['/search'] } },
      { what: 'Googlebot explicitly allowed by its User-agent line', claim: { ...googlebot, role: 'allowed' } },
      { what: 'Googlebot blocked', claim: { ...googlebot, role: 'blocked', lines: [18] } },
      { what: 'the signal for everyone', claim: { ...signal, agents: ['*'] } },
      { what: 'the signal says search no', claim: { ...signal, search: false } },
      { what: 'the signal at another line', claim: { ...signal, line: 16 } },
      { what: 'an Allow line reopening the site', claim: { ...closes, opens: [{ path: '/', line: 9 }] } },
      { what: "the whole site closed by the named group's line", claim: { ...closes, line: 10 } },
      {
        what: 'training blocked by the signal (it speaks for the named bots only)',
        claim: use(of, 'training', 'blocked', false, [
          { source: 'content_signals', line: 14, evidence: 'ai-train=no' },
        ]),
      },
      { what: 'selective', claim: headline(of, 'selective', ALL) },
      {
        what: 'search listings allowed',
        claim: use(of, 'search', 'allowed', true, [{ source: 'content_signals', line: 14, evidence: null }], {
          listings: true,
        }),
      },
    ],
  };
}

/** davidguetta.com: Cloudflare's managed file, `content-signal: search=yes,ai-train=no` in `*` (line 29); GPTBot closed at 51. */
function guetta(): Site {
  const of = 'davidguetta.com';
  const www = 'www.davidguetta.com';
  const ev = buildEvidence({ domain: of, robots: corpus('davidguetta.com') });
  // Synthetic companion: the www host answers 404 for its own robots.txt.
  const wwwEv = buildEvidence({ domain: www });
  const sig = { source: 'content_signals', line: 29, evidence: 'content-signal: search=yes,ai-train=no' } as const;
  // search=yes allows search listings, not AI search: not an explicit allow (claims.ts UseClaim).
  const search = use(of, 'search', 'allowed', false, [], { listings: true });
  return {
    name: 'davidguetta.com (Content-Signal in *, a www host without a file)',
    files: { [of]: ev, [www]: wwwEv },
    claims: [
      read(of),
      {
        kind: 'signal',
        of,
        vocabulary: 'content-signal',
        line: 29,
        agents: ['*'],
        path: null,
        training: false,
        search: true,
        inference: null,
        text: 'content-signal: search=yes,ai-train=no',
      },
      bot(of, 'GPTBot', 'training', 'blocked', 'named', [51]),
      use(of, 'training', 'blocked', false, [sig, robotsLine(51, 'disallow: /')]),
      search,
      use(of, 'inference', 'allowed', false),
      headline(of, 'blocks_training', ['training']),
      { kind: 'found', of, standard: 'content_signals' },
      { kind: 'borrowed', host: www, from: of },
      { kind: 'robots_file', of: www, state: 'missing', http: 404, problem: null, waited_s: null },
    ],
    alsoTrue: [use(www, 'inference', 'allowed', false), { kind: 'found', of, standard: 'robots_txt' }],
    mutations: [
      {
        what: 'search=yes told as an explicit allow of AI search',
        claim: { ...search, explicit: true, by: [sig], listings: false },
      },
      { what: 'search=yes not told as listings', claim: { ...search, listings: false } },
      { what: 'inference explicitly allowed', claim: use(of, 'inference', 'allowed', true, [sig]) },
      {
        what: 'the signal says inference no',
        claim: {
          kind: 'signal',
          of,
          vocabulary: 'content-signal',
          line: 29,
          agents: ['*'],
          path: null,
          training: false,
          search: true,
          inference: false,
          text: 'content-signal: search=yes,ai-train=no',
        },
      },
      { what: 'borrowed the other way', claim: { kind: 'borrowed', host: of, from: www } },
      { what: 'blocks all AI', claim: headline(of, 'blocks_all_ai', ALL) },
      { what: 'the second * group closes the site', claim: { kind: 'wildcard_closes', of, line: 59, opens: [] } },
      {
        what: 'GPTBot blocked except /wp-admin/admin-ajax.php',
        claim: bot(of, 'GPTBot', 'training', 'blocked', 'named', [51], ['/wp-admin/admin-ajax.php']),
      },
    ],
  };
}

/** dailymail.co.uk: one group for every AI bot with `allow: /buyline/` (106) and `disallow: /` (107). */
function dailymail(): Site {
  const of = 'www.dailymail.co.uk';
  const ev = buildEvidence({ domain: of, robots: corpus('www.dailymail.co.uk') });
  const gpt = bot(of, 'GPTBot', 'training', 'blocked', 'named', [107], ['/buyline/']);
  return {
    name: 'dailymail.co.uk (blocked except /buyline/)',
    files: { [of]: ev },
    claims: [
      gpt,
      bot(of, 'PerplexityBot', 'search', 'blocked', 'named', [107], ['/buyline/']),
      use(of, 'search', 'blocked', false, [robotsLine(107, 'disallow: /')]),
      headline(of, 'blocks_all_ai', ALL),
    ],
    alsoTrue: [
      { ...gpt, bot: 'CCBot' },
      { ...gpt, bot: 'ClaudeBot' },
      use(of, 'training', 'blocked', false, [robotsLine(107, 'disallow: /')]),
      use(of, 'inference', 'blocked', false, [robotsLine(107, 'disallow: /')]),
    ],
    mutations: [
      { what: 'the exception left out', claim: { ...gpt, paths: [] } },
      { what: 'the Allow line as the closing line', claim: { ...gpt, lines: [106] } },
      { what: 'an empty Disallow of another group', claim: { ...gpt, lines: [37] } },
      { what: 'GPTBot partial', claim: { ...gpt, role: 'partial', paths: ['/'] } },
      { what: 'blocks training only', claim: headline(of, 'blocks_training', ALL) },
    ],
  };
}

/** mirror.co.uk: `grapeshot`/`crawl-delay`, `bingbot`/`crawl-delay`, `meta-externalagent`/`disallow: /` are one group (lines 81 to 88). */
function mirror(): Site {
  const of = 'www.mirror.co.uk';
  const ev = buildEvidence({ domain: of, robots: corpus('www.mirror.co.uk') });
  const bing = bot(of, 'bingbot', 'search', 'blocked', 'named', [88]);
  return {
    name: 'mirror.co.uk (a Crawl-delay-only group joins the next)',
    files: { [of]: ev },
    claims: [
      bing,
      bot(of, 'meta-externalagent', 'training', 'blocked', 'named', [88]),
      bot(of, 'anthropic-ai', 'training', 'blocked', 'named', [76]),
    ],
    alsoTrue: [],
    mutations: [
      { what: 'bingbot named without a rule', claim: { ...bing, role: 'no_rule', lines: [84] } },
      { what: 'bingbot at its crawl-delay line', claim: { ...bing, lines: [85] } },
      { what: "not the catalogue's spelling", claim: { ...bing, bot: 'Bingbot' } },
      { what: 'bingbot with an AI purpose', claim: { ...bing, purpose: 'training' } },
    ],
  };
}

/** vrt.be's file with a byte-order mark decoded twice in front (synthetic damage to a real file). */
function spoiled(): Site {
  const of = 'spoiled.vrt.be';
  const bom = 'bom.vrt.be';
  const body = realFile('www.vrt.be.robots.txt');
  const ev = buildEvidence({ domain: of, robots: `ï»¿${body}` });
  const bomEv = buildEvidence({ domain: bom, robots: `\uFEFF${body}` });
  const ignored: Claim = { kind: 'line_ignored', of, line: 1, text: 'ï»¿User-agent: *', loses: 'group', agents: ['*'] };
  return {
    name: 'a BOM decoded twice before User-agent: * (and a real BOM)',
    files: { [of]: ev, [bom]: bomEv },
    claims: [
      ignored,
      bot(of, 'GPTBot', 'training', 'partial', 'named', [15], ['/vrtnws/']),
      bot(bom, 'GPTBot', 'training', 'partial', 'named', [15], ['/vrtnws/']),
    ],
    alsoTrue: [
      bot(of, 'CCBot', 'training', 'partial', 'named', [15], ['/vrtnws/']),
      bot(bom, 'CCBot', 'training', 'partial', 'named', [15], ['/vrtnws/']),
    ],
    mutations: [
      { what: 'another line', claim: { ...ignored, line: 2, text: 'Disallow: /libs/' } },
      { what: 'loses nothing', claim: { ...ignored, loses: 'nothing' } },
      { what: 'another text', claim: { ...ignored, text: 'User-agent: *' } },
      {
        what: 'a real BOM read as a spoiled line',
        claim: { ...ignored, of: bom, text: '\uFEFFUser-agent: *' },
      },
      {
        what: "the lost group's rule applying to ClaudeBot",
        claim: bot(of, 'ClaudeBot', 'training', 'like_all', 'named', [2]),
      },
    ],
  };
}

/** A hang: robots.txt times out after 10 s, every other policy file answers 404 (synthetic companion on athlon's homepage). */
function hang(): Site {
  const of = 'hang.athlon.com';
  const timeout = { ...failed('timeout'), elapsedMs: 10_000 };
  const ev = buildEvidence({ domain: of, robots: timeout, homepage: heldFailedPage('timeout') });
  return {
    name: 'robots.txt hangs, the other files answer 404',
    files: { [of]: ev },
    claims: [
      { kind: 'robots_file', of, state: 'unread', http: null, problem: 'timeout', waited_s: 10 },
      { kind: 'fetch', of, file: 'homepage', state: 'robots_unreadable', http: null },
      { kind: 'fetch', of, file: 'terms', state: 'robots_unreadable', http: null },
      { kind: 'fetch', of, file: 'ai_txt', state: 'answered', http: 404 },
      { kind: 'page_fact', of, fact: 'paywall', known: false, value: null, because: 'robots_unreadable' },
      { kind: 'confidence', of, percent: 40, causes: ['robots_unread'] },
      headline(of, 'unknown', []),
    ],
    alsoTrue: [
      // The seconds left out: "timed out" without "within 10 s" is still true.
      { kind: 'robots_file', of, state: 'unread', http: null, problem: 'timeout', waited_s: null },
      ...(['llms_txt', 'tdmrep', 'agents_json'] as const).map((file): Claim => ({
        kind: 'fetch',
        of,
        file,
        state: 'answered',
        http: 404,
      })),
      ...(['cms', 'cdn'] as const).map((fact): Claim => ({
        kind: 'page_fact',
        of,
        fact,
        known: false,
        value: null,
        because: 'robots_unreadable',
      })),
      { kind: 'confidence', of, percent: 40, causes: [] },
    ],
    mutations: [
      { what: 'nothing answered', claim: { kind: 'nothing_answered', of } },
      {
        what: 'confidence: nothing answered',
        claim: { kind: 'confidence', of, percent: 0, causes: ['nothing_answered'] },
      },
      {
        what: 'confidence: the homepage gave no answer',
        claim: { kind: 'confidence', of, percent: 40, causes: ['robots_unread', 'homepage_no_answer'] },
      },
      {
        what: 'paywall none seen',
        claim: { kind: 'page_fact', of, fact: 'paywall', known: true, value: false, because: null },
      },
      { what: 'homepage no answer', claim: { kind: 'fetch', of, file: 'homepage', state: 'no_answer', http: null } },
      {
        what: 'waited longer than it did',
        claim: { kind: 'robots_file', of, state: 'unread', http: null, problem: 'timeout', waited_s: 20 },
      },
      { what: 'terms: no link', claim: { kind: 'fetch', of, file: 'terms', state: 'no_link', http: null } },
      { what: 'no AI rules', claim: headline(of, 'no_ai_rules', []) },
    ],
  };
}

/** Nothing answers at all (synthetic: every request fails on DNS). */
function gone(): Site {
  const of = 'gone.vrt.be';
  const ev = buildEvidence({ domain: of, ...nothingAnswered(failed('dns')) });
  return {
    name: 'nothing answered',
    files: { [of]: ev },
    claims: [
      { kind: 'nothing_answered', of },
      { kind: 'robots_file', of, state: 'unread', http: null, problem: 'dns', waited_s: null },
      { kind: 'confidence', of, percent: 0, causes: ['nothing_answered'] },
      { kind: 'fetch', of, file: 'homepage', state: 'no_answer', http: null },
      { kind: 'fetch', of, file: 'terms', state: 'not_looked', http: null },
      headline(of, 'unknown', []),
    ],
    alsoTrue: [
      ...(['llms_txt', 'ai_txt', 'tdmrep', 'agents_json'] as const).map((file): Claim => ({
        kind: 'fetch',
        of,
        file,
        state: 'no_answer',
        http: null,
      })),
      { kind: 'confidence', of, percent: 0, causes: [] },
      // Also true of these files: robots.txt unread (no answer) and the homepage gave none.
      { kind: 'confidence', of, percent: 0, causes: ['nothing_answered', 'robots_unread'] },
      { kind: 'confidence', of, percent: 0, causes: ['nothing_answered', 'homepage_no_answer'] },
    ],
    mutations: [
      {
        what: 'robots.txt missing',
        claim: { kind: 'robots_file', of, state: 'missing', http: null, problem: null, waited_s: null },
      },
      {
        what: 'a connection problem',
        claim: { kind: 'robots_file', of, state: 'unread', http: null, problem: 'connection', waited_s: null },
      },
      { what: 'confidence above zero', claim: { kind: 'confidence', of, percent: 40, causes: ['robots_unread'] } },
    ],
  };
}

/** Fox News's terms (a ban on training AI) beside a robots.txt with no AI rule (informatech's; a synthetic pairing). */
function foxTerms(): Site {
  const of = 'terms.informatech.com';
  const ev = buildEvidence({
    domain: of,
    robots: realFile('www.informatech.com.robots.txt'),
    tos: terms('foxnews-2025'),
  });
  const excerpt =
    'you may not and shall not copy, data mine, scrape or in any way extract or use the Content available on or accessible through the Fox Services for the purpose of training any artificial intelligence algorithm, system, model or tool';
  const ai: TermsClaim = { kind: 'terms', of, about: 'ai', stance: 'prohibits', excerpt, section: null };
  const conflict: ConflictClaim = { kind: 'conflict', of, id: 'tos_prohibits_ai_but_robots_allows', uses: [] };
  return {
    name: 'terms that forbid AI training, robots.txt without AI rules',
    files: { [of]: ev },
    claims: [
      ai,
      {
        kind: 'terms_mention',
        of,
        names_ai: true,
        excerpt: 'training any artificial intelligence algorithm, system, model or tool',
        section: null,
      },
      use(of, 'training', 'allowed', false, [], { terms: 'prohibits' }),
      headline(of, 'terms_prohibit', []),
      conflict,
      { kind: 'confidence', of, percent: 85, causes: ['conflict:tos_prohibits_ai_but_robots_allows'] },
    ],
    alsoTrue: [
      // The same sentence bans scraping: automated access prohibited too (the labelled set says so).
      { ...ai, about: 'access' },
      // The conflict may name any use (claims.ts does not say which uses it is about).
      ...(['training', 'search', 'inference'] as const).map((u): Claim => ({ ...conflict, uses: [u] })),
      { kind: 'confidence', of, percent: 85, causes: [] },
    ],
    mutations: [
      {
        // claims.ts: the terms are told on the training row only.
        what: 'the terms told on the search row',
        claim: use(of, 'search', 'allowed', false, [], { terms: 'prohibits' }),
      },
      {
        what: 'names_ai false on a text naming AI',
        claim: { kind: 'terms_mention', of, names_ai: false, excerpt: null, section: null },
      },
      {
        what: 'silent on AI while the text bans AI training',
        claim: { kind: 'terms', of, about: 'ai', stance: 'silent', excerpt: null, section: null },
      },
      {
        what: 'an excerpt not in the text',
        claim: {
          ...ai,
          excerpt: 'you may not use the Content to train any artificial intelligence without a licence',
        },
      },
      { what: 'no AI rules', claim: headline(of, 'no_ai_rules', []) },
      { what: 'training "not restricted" with no word of the terms', claim: use(of, 'training', 'allowed', false) },
      {
        what: 'a conflict that is not there',
        claim: { kind: 'conflict', of, id: 'robots_blocks_ai_but_tos_allows_or_silent', uses: [] },
      },
      {
        what: 'a conflict cause with no conflict claimed',
        claim: { kind: 'confidence', of, percent: 85, causes: ['conflict:signal_allows_but_robots_blocks'] },
      },
    ],
  };
}

/** Every other standard, on one host (synthetic companions around athlon's real robots.txt and real files of other sites). */
function signals(): Site {
  const of = 'signals.athlon.com';
  const llms = (
    JSON.parse(readFileSync(new URL('../shared/corpora/llms-txt/llms-txt-records.json', ROOT), 'utf8')) as Array<{
      content: string;
    }>
  )[3]!.content;
  const tdm = (
    JSON.parse(readFileSync(new URL('../shared/corpora/tdmrep/tdmrep-spec-examples.json', ROOT), 'utf8')) as {
      tdmrep_json_cases: Array<{ tdmrep_json: unknown }>;
    }
  ).tdmrep_json_cases[0]!.tdmrep_json;
  const page =
    '<!doctype html><html><head><meta name="robots" content="noai, noimageai"><script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false}</script></head><body>News</body></html>';
  const ev = buildEvidence({
    domain: of,
    robots: realFile('www.athlon.com.robots.txt'),
    homepage: html(page, {
      headers: {
        'content-signal': 'search=yes, ai-input=no, ai-train=no',
        'x-robots-tag': 'noai',
        'cf-ray': '8a1b2c3d4e5f-CDG',
      },
    }),
    llms: text(llms),
    aiTxt: text('User-Agent: *\nDisallow: /\n'),
    tdmrep: tdm,
    agents: response('{"name":"athlon","agents":[]}', { contentType: 'application/json' }),
  });
  const header: Claim = {
    kind: 'signal',
    of,
    vocabulary: 'content-signal',
    line: null,
    agents: ['*'],
    path: null,
    training: false,
    search: true,
    inference: false,
    text: 'Content-Signal: search=yes, ai-input=no, ai-train=no',
  };
  const search = use(of, 'search', 'allowed', false, [], { listings: true });
  const training = use(of, 'training', 'blocked', false, [
    { source: 'tdmrep', line: null, evidence: null },
    { source: 'ai_txt', line: 2, evidence: 'Disallow: /' },
    { source: 'meta', line: null, evidence: 'noai, noimageai' },
    { source: 'x_robots_tag', line: null, evidence: 'noai' },
    { source: 'content_signals', line: null, evidence: 'ai-train=no' },
  ]);
  return {
    name: 'every other standard',
    files: { [of]: ev },
    claims: [
      ...(['llms_txt', 'ai_txt', 'tdmrep', 'agents_json', 'content_signals', 'meta', 'x_robots_tag'] as const).map(
        (standard): Claim => ({ kind: 'found', of, standard }),
      ),
      header,
      training,
      search,
      use(of, 'inference', 'blocked', false, [{ source: 'content_signals', line: null, evidence: 'ai-input=no' }]),
      headline(of, 'blocks_training', ['training', 'inference']),
      { kind: 'page_fact', of, fact: 'paywall', known: true, value: true, because: null },
      { kind: 'page_fact', of, fact: 'cdn', known: true, value: 'cloudflare', because: null },
    ],
    alsoTrue: [
      { kind: 'found', of, standard: 'robots_txt' },
      // Every standard here says no to training: any of them may be named first.
      ...(['content_signals', 'meta', 'x_robots_tag'] as const).map((source) => ({
        ...training,
        by: [{ source, line: null, evidence: null }, ...training.by.slice(1)],
      })),
    ],
    mutations: [
      { what: 'search told as AI search', claim: { ...search, listings: false } },
      { what: 'the header says search no', claim: { ...header, search: false } },
      { what: 'the header from robots.txt line 2', claim: { ...header, line: 2 } },
      {
        what: 'no paywall seen',
        claim: { kind: 'page_fact', of, fact: 'paywall', known: true, value: false, because: null },
      },
      {
        what: 'another CDN',
        claim: { kind: 'page_fact', of, fact: 'cdn', known: true, value: 'akamai', because: null },
      },
      {
        what: 'an llms.txt beside blocking all AI',
        claim: { kind: 'conflict', of, id: 'llms_txt_but_blocks_all_ai', uses: [] },
      },
      {
        what: 'training decided by robots.txt',
        claim: use(of, 'training', 'blocked', false, [robotsLine(44, 'Disallow: /')]),
      },
      { what: 'blocks all AI', claim: headline(of, 'blocks_all_ai', ALL) },
    ],
  };
}

export function verifierSites(): Site[] {
  return [
    vrt(),
    hijobs(),
    athlon(),
    informatech(),
    paypal(),
    reviewjournal(),
    lobsters(),
    guetta(),
    dailymail(),
    mirror(),
    spoiled(),
    hang(),
    gone(),
    foxTerms(),
    signals(),
  ];
}
