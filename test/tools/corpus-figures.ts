/**
 * The figures of the real robots.txt corpus (test/helpers/robots-corpus.ts): files, distinct
 * sites, captures per site, sources with their licences, how many bodies are HTML, empty or a
 * challenge page, the size distribution, how many name an AI bot of the catalogue, and the shapes
 * a person reading a robots.txt may not expect, each with example ids.
 * Run: `npx tsx test/tools/corpus-figures.ts [--examples N]` (ROBOTS_CORPUS_DIR for a copy of
 * the collections not yet in ../shared/corpora). Reads files only; fetches nothing.
 */
import { detectChallenge } from '../../proxy/analysis/site/challenge.js';
import { botByToken } from '../../shared/bots.js';
import { MAX_ROBOTS_BYTES, parseRobotsTxt } from '../../shared/robots/index.js';
import type { RobotsTxt } from '../../shared/robots/types.js';
import { robotsContentType } from '../helpers/evidence-companions.js';
import { robotsCorpus, type CorpusFile } from '../helpers/robots-corpus.js';

const argAt = process.argv.indexOf('--examples');
const EXAMPLES = argAt > 0 ? Number(process.argv[argAt + 1]) || 5 : 5;

const { files, collections } = robotsCorpus();
const pct = (n: number, of: number) => `${n} (${((100 * n) / Math.max(1, of)).toFixed(1)} %)`;
const line = (label: string, value: string | number) => console.log(`${label.padEnd(44)} ${value}`);

/** The body as the crawler decodes it (fetch-one.ts): BOM dropped, invalid bytes replaced. */
const decoded = (f: CorpusFile) => new TextDecoder('utf-8').decode(f.bytes);
const isAiToken = (token: string) => botByToken(token)?.is_ai_bot === true;

interface Read {
  f: CorpusFile;
  text: string;
  robots: RobotsTxt;
  html: boolean;
}
const reads: Read[] = files.map((f) => {
  const text = decoded(f);
  return { f, text, robots: parseRobotsTxt(text), html: robotsContentType(f.bytes).startsWith('text/html') };
});

function counts(): void {
  const sites = new Map<string, number>();
  for (const f of files) sites.set(f.site, (sites.get(f.site) ?? 0) + Math.max(1, f.seen.length));
  const distinct = new Map<string, number>();
  for (const f of files) distinct.set(f.site, (distinct.get(f.site) ?? 0) + 1);
  line('collections folder', collections ?? 'missing (shared captures and real files only)');
  line('files (distinct site and body)', files.length);
  line('distinct sites', distinct.size);
  line(
    'captures (a body seen in several months counts each)',
    [...sites.values()].reduce((a, b) => a + b, 0),
  );
  const hist = new Map<number, number>();
  for (const n of distinct.values()) hist.set(n, (hist.get(n) ?? 0) + 1);
  line(
    'distinct bodies per site: sites',
    [...hist.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([n, s]) => `${n}:${s}`)
      .join('  '),
  );
  console.log('\nsources');
  const bySource = new Map<string, { n: number; licence: string; lower: boolean }>();
  for (const f of files) {
    const key = `${f.origin.padEnd(15)} ${f.source}`;
    const s = bySource.get(key) ?? { n: 0, licence: f.licence, lower: f.lowercased };
    s.n++;
    bySource.set(key, s);
  }
  for (const [k, s] of bySource)
    console.log(`  ${String(s.n).padStart(5)}  ${k}  ${s.licence}${s.lower ? '  (lower-cased)' : ''}`);
}

function kinds(): void {
  const n = files.length;
  const empty = reads.filter((r) => r.text.trim() === '').length;
  const html = reads.filter((r) => r.html).length;
  const challenge = reads.filter(
    (r) =>
      detectChallenge({
        status: 200,
        headers: { 'content-type': robotsContentType(r.f.bytes) },
        body: r.text,
      }).challenged,
  ).length;
  const ai = reads.filter((r) => r.robots.groups.some((g) => g.agents.some((a) => isAiToken(a.token)))).length;
  console.log();
  line('HTML bodies', pct(html, n));
  line('empty (or only white space)', pct(empty, n));
  line('challenge or block pages (challenge.ts)', pct(challenge, n));
  line('name an AI bot of the catalogue in a User-agent', pct(ai, n));
  const sizes = files.map((f) => f.bytes.length).sort((a, b) => a - b);
  const q = (p: number) => sizes[Math.min(sizes.length - 1, Math.floor(p * sizes.length))]!;
  line('bytes: min p50 p90 p99 max', `${sizes[0]} ${q(0.5)} ${q(0.9)} ${q(0.99)} ${sizes.at(-1)}`);
  line(
    `over the ${MAX_ROBOTS_BYTES / 1024} KiB robots.txt cap`,
    pct(sizes.filter((s) => s > MAX_ROBOTS_BYTES).length, n),
  );
}

/** Shapes worth a person's second look, each a predicate over a read file. */
const SHAPES: [string, (r: Read) => boolean][] = [
  [
    'a group naming an AI bot with no rule',
    (r) => r.robots.groups.some((g) => g.rules.length === 0 && g.agents.some((a) => isAiToken(a.token))),
  ],
  [
    'allow-list: `*` closes `/`, a named group opens it',
    (r) =>
      r.robots.groups.some(
        (g) => g.agents.some((a) => a.token === '*') && g.rules.some((x) => x.type === 'disallow' && x.pattern === '/'),
      ) &&
      r.robots.groups.some(
        (g) =>
          !g.agents.some((a) => a.token === '*') &&
          g.rules.some((x) => (x.type === 'allow' && x.pattern === '/') || (x.type === 'disallow' && x.pattern === '')),
      ),
  ],
  ['a double-encoded BOM on line 1 (ï»¿)', (r) => r.text.startsWith('\u00ef\u00bb\u00bf')],
  [
    'a UTF-8 BOM (the crawler drops it)',
    (r) => r.f.bytes[0] === 0xef && r.f.bytes[1] === 0xbb && r.f.bytes[2] === 0xbf,
  ],
  [
    'UTF-16 bytes',
    (r) => (r.f.bytes[0] === 0xff && r.f.bytes[1] === 0xfe) || (r.f.bytes[0] === 0xfe && r.f.bytes[1] === 0xff),
  ],
  ['bytes that are not UTF-8 (replaced when read)', (r) => r.text.includes('\ufffd')],
  ['line ends of CR alone', (r) => /\r(?!\n)/.test(r.text)],
  [
    'Content-Signal lines',
    (r) => [...r.robots.outside, ...r.robots.groups.flatMap((g) => g.records)].some((x) => x.name === 'content-signal'),
  ],
  [
    'License lines (RSL)',
    (r) => [...r.robots.outside, ...r.robots.groups.flatMap((g) => g.records)].some((x) => x.name === 'license'),
  ],
  [
    'Content-Usage lines',
    (r) => [...r.robots.outside, ...r.robots.groups.flatMap((g) => g.records)].some((x) => x.name === 'content-usage'),
  ],
  ['rules before any User-agent', (r) => r.robots.diagnostics.some((d) => /before any user-agent/i.test(d.message))],
  [`over the ${MAX_ROBOTS_BYTES / 1024} KiB cap`, (r) => r.f.bytes.length > MAX_ROBOTS_BYTES],
  ['more than 50 groups', (r) => r.robots.groups.length > 50],
];

function shapes(): void {
  console.log(`\nshapes (count, then up to ${EXAMPLES} example ids, raw files first)`);
  const order = (a: Read, b: Read) => Number(a.f.lowercased) - Number(b.f.lowercased);
  for (const [name, test] of SHAPES) {
    const hits = reads.filter(test).sort(order);
    console.log(`  ${name}: ${hits.length}`);
    for (const r of hits.slice(0, EXAMPLES)) console.log(`      ${r.f.id}`);
  }
}

counts();
kinds();
shapes();
