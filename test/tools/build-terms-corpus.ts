/**
 * Builds the held-out terms corpus (test/fixtures/terms-heldout): writes each text that
 * labels.json selects — repository, path and commit of an Open Terms Archive or ToS;DR ToSBack
 * record, markdown (`md`, the archive's flattened version) or the page as published (`html`, an
 * `*-snapshots` repository), a ToS;DR store document (`html`), a CLAUDETTE plain text (`txt`) or a
 * ToSBack 2 crawl (`html`) — to `<out>/<id>.<md|html|txt>`, checking its sha256 against the label
 * file. Licence and attribution per text in labels.json (ODC-BY 1.0 for the archives); the texts
 * are their publishers' and are never committed here. ToSBack 2's texts are at a pull request's
 * head (refs/pull/10/head of pde/tosback2), which the workplace's snapshot carries.
 *
 * The archives must be on this machine as git directories (the workplace's `fetch`, or
 * `git clone --bare`): by default `<mirrors>/<owner>+<name>/repo` (or `repo/.git`), mirrors
 * being /work/.mirror; `--git owner/name=<git dir>` names one explicitly.
 *
 * Out dir: the argument, else TERMS_CORPUS_DIR, else /work/corpus-data/terms. test/tools/
 * terms-figures.ts reads it from there, or from ../shared/corpora/terms when the steering repo
 * places a copy there.
 *
 * Run: `npx tsx test/tools/build-terms-corpus.ts [--mirrors DIR] [--git owner/name=DIR ...] [out dir]`
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Selected {
  id: string;
  format: 'md' | 'html' | 'txt';
  sha256: string;
  source: { repository: string; path: string; commit: string };
}

const args = process.argv.slice(2);
let mirrors = '/work/.mirror';
const explicit = new Map<string, string>();
let out = process.env.TERMS_CORPUS_DIR ?? '/work/corpus-data/terms';
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--mirrors') mirrors = args[++i] ?? mirrors;
  else if (a === '--git') {
    const [repo, dir] = (args[++i] ?? '').split('=');
    if (repo && dir) explicit.set(repo, dir);
  } else out = a;
}

function gitDir(repo: string): string | null {
  const named = explicit.get(repo);
  if (named) return named;
  const base = join(mirrors, repo.replace('/', '+'), 'repo');
  for (const d of [base, join(base, '.git')]) if (existsSync(join(d, 'HEAD'))) return d;
  return null;
}

const labels = JSON.parse(readFileSync(new URL('../fixtures/terms-heldout/labels.json', import.meta.url), 'utf8')) as {
  texts: Selected[];
};
mkdirSync(out, { recursive: true });
const missing = new Set<string>();
let written = 0;
let mismatched = 0;
for (const t of labels.texts) {
  const dir = gitDir(t.source.repository);
  if (dir === null) {
    missing.add(t.source.repository);
    continue;
  }
  const body = execFileSync('git', [`--git-dir=${dir}`, 'show', `${t.source.commit}:${t.source.path}`], {
    maxBuffer: 1 << 28,
  });
  const sha = createHash('sha256').update(body).digest('hex');
  if (sha !== t.sha256) {
    mismatched++;
    console.error(`${t.id}: sha256 ${sha} differs from the label file's ${t.sha256}`);
  }
  writeFileSync(join(out, `${t.id}.${t.format}`), body);
  written++;
}
console.log(`${written} of ${labels.texts.length} texts written to ${out}`);
if (missing.size > 0)
  console.error(`no git directory for: ${[...missing].join(', ')} (fetch them, or --git owner/name=DIR)`);
process.exit(missing.size > 0 || mismatched > 0 ? 1 : 0);
