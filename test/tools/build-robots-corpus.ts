/**
 * Builds robots-corpus.jsonl.br (the format test/helpers/robots-corpus.ts reads) from two public
 * collections brought onto this machine as git snapshots (the workplace's `fetch`, or a clone):
 *
 * - scrapy/protego, tests/test_data/<site>: robots.txt files of about 4,200 popular sites that
 *   protego's tests parse (BSD-3-Clause); each file's capture day is the day of the last commit
 *   that changed it.
 * - samber/the-great-gpt-firewall, <year>/<year-month>-robots.txt/<site>.robots.txt: monthly
 *   captures of about 200 sites (MIT; the scraper lower-cased every body). The January 2026
 *   month is left out (it is ../shared/corpora/real-robots/2026-01 already); within the other
 *   months a site's body is kept once per distinct body, with every month it was seen.
 *
 * The data is never committed to this repository: write it to a folder outside the checkout
 * and point ROBOTS_CORPUS_DIR at it, or have it placed at ../shared/corpora/robots-collections.
 *
 * Run: `npx tsx test/tools/build-robots-corpus.ts <protego git dir> <gpt-firewall git dir> <out dir>`
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { CorpusLine } from '../helpers/robots-corpus.js';

const [protegoDir, gfwDir, outDir] = process.argv.slice(2);
if (!protegoDir || !gfwDir || !outDir) {
  console.error('usage: build-robots-corpus.ts <protego git dir> <gpt-firewall git dir> <out dir>');
  process.exit(2);
}

const git = (dir: string, args: string[]): Buffer =>
  execFileSync('git', [`--git-dir=${dir}`, ...args], { maxBuffer: 1 << 30 });
const gitText = (dir: string, args: string[]): string => git(dir, args).toString('utf8');

type Line = CorpusLine;

function line(meta: Omit<Line, 'bytes' | 'sha256' | 'body' | 'body_b64'>, bytes: Buffer): Line {
  const text = bytes.toString('utf8');
  const roundTrips = Buffer.from(text, 'utf8').equals(bytes);
  return {
    ...meta,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(roundTrips ? { body: text } : { body_b64: bytes.toString('base64') }),
  };
}

/** Every blob under `prefix` at HEAD: path → blob id. */
function blobs(dir: string, ...prefix: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of gitText(dir, ['ls-tree', '-r', 'HEAD', '--', ...prefix]).split('\n')) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(row);
    if (m) out.set(m[2]!, m[1]!);
  }
  return out;
}

const blob = (dir: string, id: string): Buffer => git(dir, ['cat-file', 'blob', id]);

function protego(dir: string): Line[] {
  const commit = gitText(dir, ['rev-parse', 'HEAD']).trim();
  // The day of the last commit touching each file: one log walk, newest first.
  const day = new Map<string, string>();
  let current = '';
  for (const row of gitText(dir, ['log', '--format=@%cs', '--name-only', 'HEAD', '--', 'tests/test_data']).split(
    '\n',
  )) {
    if (row.startsWith('@')) current = row.slice(1);
    else if (row !== '' && !day.has(row)) day.set(row, current);
  }
  const out: Line[] = [];
  for (const [path, id] of [...blobs(dir, 'tests/test_data')].sort(([a], [b]) => a.localeCompare(b))) {
    // A few files are named `<host>_443` (fetched over port 443): the host is the site.
    const site = path.slice('tests/test_data/'.length).replace(/_443$/, '');
    const captured = day.get(path) ?? '';
    out.push(
      line(
        {
          id: `protego:${site}:${captured}`,
          site,
          captured,
          seen: [captured],
          source: `scrapy/protego@${commit}`,
          path,
          licence: 'BSD-3-Clause',
        },
        blob(dir, id),
      ),
    );
  }
  return out;
}

function greatGptFirewall(dir: string): Line[] {
  const commit = gitText(dir, ['rev-parse', 'HEAD']).trim();
  // site → sha256 → the first month's line, months appended as the same body is seen again.
  const bySite = new Map<string, Map<string, Line>>();
  const files = [...blobs(dir, '2025', '2026')]
    .map(([path, id]) => ({ path, id, m: /^(\d{4})\/(\d{4}-\d{2})-robots\.txt\/(.+)\.robots\.txt$/.exec(path) }))
    .filter((f) => f.m !== null && f.m[2] !== '2026-01')
    .sort((a, b) => a.path.localeCompare(b.path));
  for (const f of files) {
    const month = `${f.m![2]}-01`;
    const site = f.m![3]!;
    const bytes = blob(dir, f.id);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const seen = bySite.get(site) ?? new Map<string, Line>();
    bySite.set(site, seen);
    const known = seen.get(sha);
    if (known) {
      known.seen.push(month);
      continue;
    }
    seen.set(
      sha,
      line(
        {
          id: `gpt-firewall:${site}:${month}`,
          site,
          captured: month,
          seen: [month],
          source: `samber/the-great-gpt-firewall@${commit}`,
          path: f.path,
          licence: 'MIT',
          lowercased: true,
        },
        bytes,
      ),
    );
  }
  return [...bySite.values()].flatMap((m) => [...m.values()]);
}

const lines = [...protego(protegoDir), ...greatGptFirewall(gfwDir)];
mkdirSync(outDir, { recursive: true });
const jsonl = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
writeFileSync(join(outDir, 'robots-corpus.jsonl.br'), brotliCompressSync(Buffer.from(jsonl, 'utf8')));
const bySource = new Map<string, number>();
for (const l of lines) bySource.set(l.source, (bySource.get(l.source) ?? 0) + 1);
writeFileSync(
  join(outDir, 'SOURCES.md'),
  [
    '# robots-collections: real robots.txt files from two public collections',
    '',
    'robots-corpus.jsonl.br: one JSON line per file (id, site, captured, seen, source, path, licence,',
    "lowercased, bytes, sha256, body or body_b64), built by the project's",
    '`test/tools/build-robots-corpus.ts`.',
    '',
    '| source (repository @ commit) | files | licence |',
    '|---|---|---|',
    ...[...bySource].map(([s, n]) => `| ${s} | ${n} | ${s.startsWith('scrapy/') ? 'BSD-3-Clause' : 'MIT'} |`),
    '',
    'the-great-gpt-firewall: months 2025-01 to 2025-12 (2026-01 is real-robots/2026-01), one line per',
    'distinct body per site with every month it was seen; its scraper lower-cased every body.',
    '',
  ].join('\n'),
);
console.log(`${lines.length} files, ${new Set(lines.map((l) => l.site)).size} sites → ${outDir}`);
for (const [s, n] of bySource) console.log(`  ${s}: ${n}`);
