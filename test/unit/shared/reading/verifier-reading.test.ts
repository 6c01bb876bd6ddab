/**
 * The verifier's own reading of the files is right, checked without the classifier: its
 * robots.txt lines and groups with robots-parser's matching against RFC 9309's examples and
 * Google's compliance suite (every difference named, each one a rule of docs/policy.md section
 * 2), against robots-parser reading the raw files of the 204-file corpus (differing only where
 * robots-parser's grouping does), its challenge markers on real answers, and its terms lexicon
 * on the 94 labelled terms (no ban invented on a text labelled silent or permitting).
 */
import { readFileSync, readdirSync } from 'node:fs';
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { BOTS } from '../../../../shared/bots.js';
import { rulesForBot } from '../../../verifier/bot-roles.js';
import { robotsFile } from '../../../verifier/files.js';
import { htmlToText } from '../../../verifier/html-text.js';
import { readRobots } from '../../../verifier/robots-lines.js';
import { firstAiBan, firstAiPassage } from '../../../verifier/terms-lexicon.js';
import { buildEvidence, html, text } from '../../analysis/helpers/evidence-builder.js';
import { markdownToHtml } from '../../analysis/helpers/markdown-html.js';
import { caseBody, loadCases, realRobotsFiles } from '../robots/corpora.js';

const ROBOTS_TXT = 'docs/policy.md section 2, RFC 9309 section 2.2.2: /robots.txt is always allowed';
const WHOLE_NAME = 'docs/policy.md section 2: a user-agent value is compared as a whole (Google cuts it)';
const DIGITS = 'docs/policy.md section 2: tokens with digits match as written (`AB42bot`)';
const NON_ASCII = 'RFC 9309 section 2.2.2: non-ASCII octets are percent-encoded before comparison';
const UNRESERVED = 'RFC 9309 section 2.2.2: percent-encoded unreserved octets are decoded before comparison';

/** Cases of Google's suites the verifier answers differently, on purpose, as the product does. */
const DIFFERENCES: Record<string, string> = {
  'correctness/non-ascii-paths#t2e2': NON_ASCII,
  'correctness/non-ascii-paths#t3e2': NON_ASCII,
  'correctness/non-ascii-paths#t4e1': UNRESERVED,
  'stress/327748#t1e6': ROBOTS_TXT,
  'stress/369883#t1e6': ROBOTS_TXT,
  'stress/369883#t1e7': DIGITS,
  'stress/369883#t1e8': DIGITS,
  'stress/369883#t1e9': DIGITS,
  'stress/369883#t1e10': `${ROBOTS_TXT}; ${DIGITS}`,
  'stress/860237#t1e10': `${ROBOTS_TXT}; ${DIGITS}`,
  'ID_UserAgentValueCaseInsensitive#4': WHOLE_NAME,
  'ID_UserAgentValueCaseInsensitive#5': WHOLE_NAME,
  'ID_UserAgentValueCaseInsensitive#6': WHOLE_NAME,
  'ID_UserAgentValueCaseInsensitive#10': WHOLE_NAME,
  'ID_UserAgentValueCaseInsensitive#11': WHOLE_NAME,
  'ID_UserAgentValueCaseInsensitive#12': WHOLE_NAME,
  'ID_Encoding#3': NON_ASCII,
  'ID_Encoding#5': NON_ASCII,
  'ID_Encoding#6': UNRESERVED,
};

describe('robots.txt lines and robots-parser matching, on the conformance corpora', () => {
  const cases = ['rfc9309-cases.json', 'google-spec-test-cases.json', 'google-unit-test-cases.json'].flatMap((f) =>
    loadCases(f)
      .filter((c) => !c.google_specific)
      .map((c) => ({ ...c, name: c.name || `${f}#${c.url}` })),
  );

  it.each(cases)('$name', (c) => {
    const url = new URL(c.url);
    const got = rulesForBot(readRobots(caseBody(c)), c.agent.trim()).set.allows(url.pathname + url.search);
    expect(got, DIFFERENCES[c.name] ?? 'no difference listed').toBe(DIFFERENCES[c.name] ? !c.allowed : c.allowed);
  });

  it('reads every RFC 9309 example as the RFC states (37 cases, none listed as a difference)', () => {
    const rfc = loadCases('rfc9309-cases.json');
    expect(rfc.length).toBe(37);
    expect(rfc.filter((c) => DIFFERENCES[c.name])).toEqual([]);
  });
});

describe('against robots-parser on the raw files', () => {
  const PATHS = ['/', '/index.html', '/search?q=a', '/wp-admin/', '/news/2026/a.html', '/api/x', '/ajax/x'];
  const REAL = new URL('../../../fixtures/real-files/', import.meta.url);
  const files = [
    ...realRobotsFiles(),
    ...readdirSync(REAL)
      .filter((f) => f.endsWith('.robots.txt'))
      .map((name) => ({ name, text: readFileSync(new URL(name, REAL), 'utf8') })),
  ].filter((f) => !f.text.trimStart().startsWith('<'));

  it('agrees on every catalogue bot and path, except where robots-parser ends a group at a Crawl-delay', () => {
    const differ = new Set<string>();
    let asked = 0;
    for (const f of files) {
      const raw = robotsParser('https://x.test/robots.txt', f.text);
      const mine = readRobots(f.text);
      for (const bot of BOTS) {
        const set = rulesForBot(mine, bot.token).set;
        for (const p of PATHS) {
          asked++;
          if (set.allows(p) !== (raw.isAllowed(`https://x.test${p}`, bot.token) !== false))
            differ.add(`${f.name} ${bot.token}`);
        }
      }
    }
    expect(asked).toBeGreaterThan(200_000);
    // mirror.co.uk: `user-agent: bingbot` / `crawl-delay: 1` / `user-agent: meta-externalagent` /
    // `disallow: /` is one group (RFC 9309 section 2.1); robots-parser starts a new one after the
    // Crawl-delay, so bingbot keeps no rule. hijobs.net: GPTBot's Crawl-delay-only group joins `*`.
    expect([...differ].sort()).toEqual(['hijobs.net.robots.txt GPTBot', 'www.mirror.co.uk.robots.txt bingbot']);
  }, 120_000); // about 260,000 questions to two matchers: seconds alone, more on a loaded machine
});

describe('what robots.txt was, on real answers', () => {
  const REAL = new URL('../../../fixtures/real-files/', import.meta.url);
  const state = (name: string, body: string) => {
    const f = robotsFile(buildEvidence({ robots: name.endsWith('.html') ? html(body) : text(body) }));
    return f.state === 'unread' ? `unread ${f.problem}` : f.state;
  };

  it.each([
    ['www.informatech.com.robots.txt', 'read'],
    ['newsroom.paypal-corp.com.robots.html', 'missing'],
    ['manage.techsmith.com.robots.html', 'missing'],
    ['account.reviewjournal.com.robots.html', 'unread challenge'],
    ['jobs.libraryjournal.com.robots.html', 'unread challenge'],
    ['www.kobo.com.robots.html', 'unread challenge'],
    ['clientconnect.eib.org.robots.html', 'unread challenge'],
    ['afrocrowd.org.robots.html', 'unread challenge'],
  ])('%s is %s', (name, want) => {
    expect(state(name, readFileSync(new URL(name, REAL), 'utf8'))).toBe(want);
  });

  it.each([
    // Akamai's "Access Denied", its reference number entity-encoded (the corpus lower-cased it).
    ['www.edsheeran.com', 'unread challenge'],
    ['www.mdpi.com', 'unread challenge'],
    // Cloudflare's challenge ("are you a robot?", `_cf_chl_opt`), its markers 773 KB into an 834 KB page.
    ['www.sciencedirect.com', 'unread challenge'],
  ])('corpus %s is %s', (site, want) => {
    const body = realRobotsFiles().find((f) => f.name === `${site}.robots.txt`)!.text;
    expect(state(`${site}.html`, body)).toBe(want);
  });
});

describe('the terms lexicon on the 94 labelled terms (test/fixtures/terms)', () => {
  const base = new URL('../../../fixtures/terms/', import.meta.url);
  const labels = (
    JSON.parse(readFileSync(new URL('labels.json', base), 'utf8')) as {
      texts: Array<{ id: string; file: string; labels: { ai: string } }>;
    }
  ).texts;
  const textOf = (file: string): string => htmlToText(markdownToHtml(readFileSync(new URL(file, base), 'utf8')));

  it('finds no ban on AI use in a text labelled silent or permitting', () => {
    const invented = labels
      .filter((t) => t.labels.ai === 'silent' || t.labels.ai === 'permits')
      .map((t) => ({ id: t.id, ban: firstAiBan(textOf(t.file)) }))
      .filter((t) => t.ban !== null);
    expect(invented).toEqual([]);
  });

  it('finds the ban in most texts labelled prohibits (a miss only lets a claim pass)', () => {
    const prohibits = labels.filter((t) => t.labels.ai === 'prohibits');
    const found = prohibits.filter((t) => firstAiBan(textOf(t.file)) !== null);
    console.log(`terms lexicon: a ban found in ${found.length} of ${prohibits.length} texts labelled prohibits`);
    expect(found.length / prohibits.length).toBeGreaterThan(0.8);
  });

  it('finds AI named in every text labelled with an AI clause', () => {
    const withClause = labels.filter((t) => t.labels.ai !== 'silent');
    const unnamed = withClause.filter((t) => firstAiPassage(textOf(t.file)) === null).map((t) => t.id);
    expect(unnamed).toEqual([]);
  });
});
