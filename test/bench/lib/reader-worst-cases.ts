/**
 * Worst-case inputs for every reader of crawled content (issue 33, "linear time"), at 1x and 2x:
 * 2x is the reader's size cap (proxy/crawler/limits.ts CRAWL_LIMITS.caps), 1x half of it. Each
 * case is built to defeat the reader's shortcuts: thousands of robots.txt groups, wildcard-heavy
 * patterns, nested and unclosed HTML, huge attribute lists, lines of brackets, deep JSON.
 * The terms reader is not here: its rewrite (the terms issue) brings its own cases.
 *
 * Used by test/unit/analysis/complexity.test.ts (doubling the input at most about doubles the
 * time) and by `npm run bench -- hostile` (timeReaders(), printed).
 */
import { classify } from '../../../proxy/analysis/index.js';
import { htmlBlocks } from '../../../proxy/analysis/html/blocks.js';
import { scanHtml } from '../../../proxy/analysis/html/scan.js';
import { analyzeAgentsJson } from '../../../proxy/analysis/signals/agents-json.js';
import { analyzeAiTxt } from '../../../proxy/analysis/signals/ai-txt.js';
import { extractContentSignals, resolvePrefs } from '../../../proxy/analysis/signals/content-signals.js';
import { analyzeLlmsTxt } from '../../../proxy/analysis/signals/llms-txt.js';
import { parseRsl } from '../../../proxy/analysis/signals/rsl.js';
import { resolveTdmrep } from '../../../proxy/analysis/signals/tdmrep.js';
import { detectChallenge } from '../../../proxy/analysis/site/challenge.js';
import { CRAWL_LIMITS } from '../../../proxy/crawler/limits.js';
import { botStatus, isAllowed, parseRobotsTxt } from '../../../shared/robots/index.js';
import { buildEvidence, html, json, text } from '../../unit/analysis/helpers/evidence-builder.js';

const CAPS = CRAWL_LIMITS.caps;

export interface WorstCase {
  reader: string;
  /** What the input is, in a few words. */
  input: string;
  /** The input at `scale` (1 or 2): 2 is at the reader's size cap. */
  make(scale: 1 | 2): string;
  /** Reads one input as the analysis does. */
  read(input: string): unknown;
}

/** `unit` repeated to fill `bytes` (whole units only), between `head` and `tail`. */
function fill(bytes: number, unit: (i: number) => string, head = '', tail = ''): string {
  const parts: string[] = [head];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const u = unit(i);
    if (size + u.length > bytes) break;
    parts.push(u);
    size += u.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** Half the cap at 1x, the cap (less a little room) at 2x. */
const size = (cap: number, scale: 1 | 2): number => Math.floor(((cap - 64) * scale) / 2);

const classifyRobots = (body: string) => classify(buildEvidence({ robots: body }));
const star = 'a*'.repeat(12);

export const WORST_CASES: readonly WorstCase[] = [
  {
    reader: 'robots.txt',
    input: 'user-agent groups, each its own bot (classify)',
    make: (s) => fill(size(CAPS.robots, s), (i) => `User-agent: bot${i}\nDisallow: /p${i}/\n\n`),
    read: classifyRobots,
  },
  {
    reader: 'robots.txt',
    input: 'groups naming catalogue bots and *, merged (classify)',
    make: (s) =>
      fill(
        size(CAPS.robots, s),
        (i) =>
          `User-agent: ${['GPTBot', 'ClaudeBot', '*', 'CCBot'][i % 4]}\n${i % 3 ? 'Allow' : 'Disallow'}: /s${i}/*x$\n`,
      ),
    read: classifyRobots,
  },
  {
    reader: 'robots.txt',
    input: 'wildcard rules /*a*a…*b for * (classify)',
    make: (s) => fill(size(CAPS.robots, s), (i) => `Disallow: /*${star}b${i}\n`, 'User-agent: *\n'),
    read: classifyRobots,
  },
  {
    reader: 'robots.txt',
    input: 'wildcard allow and disallow mixed for * and GPTBot (classify)',
    make: (s) =>
      fill(
        size(CAPS.robots, s),
        (i) => `${i % 2 ? 'Allow' : 'Disallow'}: /*${star}${i % 7}*b${i}$\n`,
        'User-agent: *\nUser-agent: GPTBot\n',
      ),
    read: classifyRobots,
  },
  {
    reader: 'robots.txt',
    input: 'one group of thousands of agents and rules (classify)',
    make: (s) =>
      fill(size(CAPS.robots, s), (i) => (i % 2 ? `Disallow: /d${i}/\n` : `User-agent: agent-${i}\n`)).replace(
        /\nDisallow/,
        '\nUser-agent: *\nDisallow',
      ),
    read: classifyRobots,
  },
  {
    reader: 'robots.txt',
    input: 'lines without a colon, comments, CR line ends (parse)',
    make: (s) => fill(size(CAPS.robots, s), (i) => (i % 3 ? `disallow /x${i} # ${'#'.repeat(i % 9)}\r` : 'nocolon\r')),
    read: (t) => parseRobotsTxt(t),
  },
  {
    reader: 'robots.txt',
    input: 'match: a path against a rule of as many stars (isAllowed)',
    make: (s) => {
      const n = 20_000 * s;
      return `User-agent: *\nDisallow: /${'a*'.repeat(n)}b\n\n#${'a'.repeat(n * 2)}`;
    },
    read: (t) => {
      const path = '/' + t.slice(t.indexOf('#') + 1);
      const r = parseRobotsTxt(t.slice(0, t.indexOf('#')));
      return isAllowed(r, 'GPTBot', path) && botStatus(r, 'GPTBot');
    },
  },
  {
    reader: 'content signals',
    input: 'Content-Signal lines in groups of many agents (extract, resolve)',
    make: (s) =>
      fill(size(CAPS.robots, s), (i) =>
        i % 4 === 3
          ? `Content-Signal: ai-train=no, search=yes, ai-input=${i % 2 ? 'no' : 'yes'}\n`
          : `User-agent: a${i}\n`,
      ),
    read: (t) => {
      const signals = extractContentSignals(parseRobotsTxt(t), { 'content-signal': 'ai-train=no' });
      return [resolvePrefs(signals, 'a1'), resolvePrefs(signals)];
    },
  },
  {
    reader: 'content signals',
    input: 'Content-Signal lines in one group of thousands of agents (classify)',
    make: (s) =>
      fill(size(CAPS.robots, s), (i) =>
        i % 4 === 3
          ? `Content-Signal: ai-train=no, search=yes, ai-input=${i % 2 ? 'no' : 'yes'}\n`
          : `User-agent: a${i}\n`,
      ),
    read: classifyRobots,
  },
  {
    reader: 'HTML scan',
    input: 'unclosed <a href> with text, nested (scanHtml)',
    make: (s) => fill(size(CAPS.html, s), (i) => `<a href="/l${i}" title=t${i}>link ${i} `),
    read: (t) => scanHtml(t),
  },
  {
    reader: 'HTML scan',
    input: 'one tag with a huge attribute list (scanHtml)',
    make: (s) => fill(size(CAPS.html, s), (i) => ` a${i}="v&amp;${i}"`, '<meta', '>'),
    read: (t) => scanHtml(t),
  },
  {
    reader: 'HTML scan',
    input: 'raw-text elements full of </ (scanHtml)',
    make: (s) => fill(size(CAPS.html, s), (i) => (i % 50 ? '</scrip</styl' : '<script><style>')),
    read: (t) => scanHtml(t),
  },
  {
    reader: 'HTML blocks',
    input: 'nested unclosed lists, items and cells (htmlBlocks)',
    make: (s) => fill(size(CAPS.html, s), (i) => ['<ul><li>x ', '<ol><li>y ', '<td>z ', '<h2>w '][i % 4]!),
    read: (t) => htmlBlocks(t),
  },
  {
    reader: 'HTML blocks',
    input: 'words without any tag or stop (htmlBlocks)',
    make: (s) => fill(size(CAPS.html, s), (i) => `word${i % 10} `),
    read: (t) => htmlBlocks(t),
  },
  {
    reader: 'llms.txt',
    input: 'one line of [ and ]( (analyzeLlmsTxt)',
    make: (s) => fill(size(CAPS.other, s), () => '[[](', '# T\n'),
    read: (t) => analyzeLlmsTxt(text(t)),
  },
  {
    reader: 'llms.txt',
    input: 'many short lines (analyzeLlmsTxt)',
    make: (s) => fill(size(CAPS.other, s), (i) => `- [x](/${i})\n`, '# T\n'),
    read: (t) => analyzeLlmsTxt(text(t)),
  },
  {
    reader: 'ai.txt',
    input: 'wildcard rules for * (analyzeAiTxt)',
    make: (s) => fill(size(CAPS.other, s), (i) => `Disallow: *${star}.j${i}\n`, 'User-Agent: *\n'),
    read: (t) => analyzeAiTxt(text(t)),
  },
  {
    reader: 'tdmrep.json',
    input: 'wildcard locations, none matching / (resolveTdmrep)',
    make: (s) =>
      fill(size(CAPS.other, s), (i) => `${i ? ',' : ''}{"location":"/*${star}b${i}","tdm-reservation":1}`, '[', ']'),
    read: (t) => resolveTdmrep({ file: json(JSON.parse(t)), headers: {}, metas: [], path: '/' }),
  },
  {
    reader: 'agents.json',
    input: 'deeply nested arrays (analyzeAgentsJson)',
    make: (s) => {
      const depth = Math.floor(size(CAPS.other, s) / 16);
      return `{"agents":${'['.repeat(depth)}${']'.repeat(depth)},"flows":{}}`;
    },
    read: (t) => analyzeAgentsJson(text(t, { contentType: 'application/json' })),
  },
  {
    reader: 'agents.json',
    input: 'an object of many keys (analyzeAgentsJson)',
    make: (s) => fill(size(CAPS.other, s), (i) => `"k${i}":${i},`, '{', '"name":"n","version":"1"}'),
    read: (t) => analyzeAgentsJson(text(t, { contentType: 'application/json' })),
  },
  {
    reader: 'challenge',
    input: 'unclosed <script, <!-- and tags, marker last (detectChallenge)',
    make: (s) =>
      fill(
        size(CAPS.html, s),
        (i) => ['<script>x ', '<!-- c ', '<title> ', '<b x=1 '][i % 4]!,
        '<html>',
        '_cf_chl_opt',
      ),
    read: (t) => detectChallenge(html(t)),
  },
  {
    reader: 'challenge',
    input: 'empty page of tags, no marker (detectChallenge)',
    make: (s) => fill(size(CAPS.html, s), (i) => (i % 2 ? '<div>' : '<p>&nbsp;'), '<html>'),
    read: (t) => detectChallenge(html(t)),
  },
  {
    reader: 'RSL',
    input: 'contents with licences of unknown values (parseRsl)',
    make: (s) =>
      fill(
        size(CAPS.rsl, s),
        (i) =>
          `<content url="/c${i}"><license><permits type="usage">v${i} w${i}</permits><payment type="t${i}"><amount>x</amount></payment></license></content>`,
        '<rsl xmlns="https://rslstandard.org/rsl">',
        '</rsl>',
      ),
    read: (t) => parseRsl(t),
  },
  {
    reader: 'RSL',
    input: 'one element with a huge attribute list (parseRsl)',
    make: (s) =>
      fill(
        size(CAPS.rsl, s),
        (i) => ` a${i}="${i}"`,
        '<rsl xmlns="https://rslstandard.org/rsl"><content url="/"',
        '/></rsl>',
      ),
    read: (t) => parseRsl(t),
  },
];

/** Milliseconds of `reps` reads of `input`: the least of `tries` tries (the least is the least disturbed by load). */
export function timeRead(c: WorstCase, input: string, reps: number, tries: number): number {
  let best = Infinity;
  for (let t = 0; t < tries; t++) {
    const t0 = performance.now();
    for (let r = 0; r < reps; r++) c.read(input);
    best = Math.min(best, performance.now() - t0);
  }
  return best / reps;
}

export interface ReaderTime {
  reader: string;
  input: string;
  /** Size of the 2x input in bytes (UTF-16 code units, all ASCII here). */
  bytes: number;
  ms1x: number;
  ms2x: number;
}

/**
 * Times one case at 1x and 2x: repeated so one try takes at least `minMs`, the least of
 * `tries`, the two sizes alternated so a burst of load hits both alike.
 */
export function timeCase(c: WorstCase, tries = 5, minMs = 20): ReaderTime {
  const one = c.make(1);
  const two = c.make(2);
  c.read(one); // warm-up (and compile)
  c.read(two);
  const first = timeRead(c, one, 1, 1);
  const reps = Math.max(1, Math.ceil(minMs / Math.max(first, 0.01)));
  let ms1x = Infinity;
  let ms2x = Infinity;
  for (let t = 0; t < tries; t++) {
    ms1x = Math.min(ms1x, timeRead(c, one, reps, 1));
    ms2x = Math.min(ms2x, timeRead(c, two, reps, 1));
  }
  return { reader: c.reader, input: c.input, bytes: two.length, ms1x, ms2x };
}

/** Every reader's time at 1x and 2x its worst inputs. */
export function timeReaders(tries = 5): ReaderTime[] {
  return WORST_CASES.map((c) => timeCase(c, tries));
}
