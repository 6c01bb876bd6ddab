/**
 * The whole pipeline under the second reader: every real robots.txt file with synthetic
 * companions → Evidence → classify() → the reading (readSite) → its claims → the verifier
 * (test/verifier/). Prints, per claim kind, the claims checked and the false ones, and the files
 * and distinct sites read; exits 1 on any false claim (issue "zero false claims" bar).
 *
 * Run: `npx tsx test/tools/verify-claims.ts [--show N] [--read-site MODULE]` (N false claims printed in
 * full, 20 by default; MODULE another module exporting readSite, to try a reading before it lands).
 *
 * ┌ INTERFACE THIS SCRIPT WAITS FOR (marked so it can be found) ───────────────────────────────┐
 * │ readSite: `import { readSite } from '../../shared/reading/index.js'`, with                  │
 * │   readSite({ policy, full, parent }): { claims: Claim[] }                                   │
 * │ policy: classify(evidence).summary (DomainPolicyFound); full: classify(evidence).full;      │
 * │ parent: the same pair for the site a host borrows from (docs/policy.md section 13), or null.│
 * │ Until shared/reading/index.ts exports it, the import below is made at run time and the      │
 * │ script says it cannot verify anything (exit 2) instead of printing figures it did not make.  │
 * │ The corpus: until test/helpers/robots-corpus.ts (with test/helpers/evidence-companions.ts)  │
 * │ lands, `corpus()` below reads ../shared/corpora/real-robots/2026-01 and                    │
 * │ test/fixtures/real-files itself; swap it for that loader then.                              │
 * └─────────────────────────────────────────────────────────────────────────────────────────────┘
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Evidence, FetchResult } from '../../proxy/analysis/evidence.js';
import { classify } from '../../proxy/analysis/index.js';
import type { Claim } from '../../shared/reading/claims.js';
import type { DomainPolicyFound, FullRecordBody } from '../../shared/schemas.js';
import {
  buildEvidence,
  failed,
  heldFailedPage,
  html,
  status,
  text,
} from '../unit/analysis/helpers/evidence-builder.js';
import { markdownToHtml } from '../unit/analysis/helpers/markdown-html.js';
import { formatFailures, verifyClaims, type VerifierFailure } from '../verifier/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpora', 'real-robots', '2026-01');
const REAL_FILES = join(ROOT, 'test', 'fixtures', 'real-files');
const TERMS = join(ROOT, 'test', 'fixtures', 'terms', 'texts');
const show = Number(process.argv[process.argv.indexOf('--show') + 1]) || 20;

interface Record2 {
  policy: DomainPolicyFound;
  full: FullRecordBody;
}
type ReadSite = (input: Record2 & { parent: Record2 | null }) => { claims: Claim[] };

/** readSite when shared/reading/index.ts (or the module given with --read-site) exports it, else why not. */
async function loadReadSite(): Promise<ReadSite | string> {
  const given = process.argv.indexOf('--read-site');
  const spec = given > 0 ? resolve(process.argv[given + 1] ?? '') : '../../shared/reading/index.js';
  try {
    const mod = (await import(spec)) as { readWhole?: unknown };
    return typeof mod.readWhole === 'function' ? (mod.readWhole as ReadSite) : `${spec} exports no readWhole`;
  } catch (e) {
    return `${spec} cannot be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
}

/** One real file: the host it was served by and its body as served. */
interface RealFile {
  host: string;
  body: string;
  html: boolean;
}

function corpus(): RealFile[] {
  const read = (dir: string, name: string): RealFile => ({
    host: name.replace(/\.robots\.(txt|html)$/, ''),
    body: readFileSync(join(dir, name), 'utf8'),
    html: name.endsWith('.html'),
  });
  return [
    ...readdirSync(CORPUS)
      .filter((n) => n.endsWith('.robots.txt'))
      .map((n) => read(CORPUS, n)),
    ...readdirSync(REAL_FILES)
      .filter((n) => /\.robots\.(txt|html)$/.test(n))
      .map((n) => read(REAL_FILES, n)),
  ];
}

/** A host's reading to verify: its Evidence, and the site it may borrow from. */
interface Case {
  label: string;
  host: string;
  ev: Evidence;
  parent: { host: string; ev: Evidence } | null;
}

const SILENT_TERMS = markdownToHtml(readFileSync(join(TERMS, 'the-register.md'), 'utf8'));
const BANNING_TERMS = markdownToHtml(readFileSync(join(TERMS, 'foxnews-2025.md'), 'utf8'));

/**
 * Each real file with its synthetic companions: the file with silent terms and with terms that
 * ban AI training, a www (or news.) host without a robots.txt of its own that borrows from it,
 * the host answering 403 for robots.txt, and robots.txt hanging while the rest answers.
 */
function cases(f: RealFile): Case[] {
  const robots: FetchResult = f.html ? html(f.body) : text(f.body, { url: `https://${f.host}/robots.txt` });
  const site = (label: string, tos: string): Case => ({
    label,
    host: f.host,
    ev: buildEvidence({ domain: f.host, robots, tos, tosUrl: `https://${f.host}/terms` }),
    parent: null,
  });
  const main = site('silent terms', SILENT_TERMS);
  const sub = f.host.startsWith('www.') ? `news.${f.host.slice(4)}` : `www.${f.host}`;
  const hang = { ...failed('timeout'), elapsedMs: 10_000 };
  return [
    main,
    site('AI-banning terms', BANNING_TERMS),
    {
      label: 'host without a file',
      host: sub,
      ev: buildEvidence({ domain: sub }),
      parent: { host: f.host, ev: main.ev },
    },
    { label: 'robots.txt 403', host: f.host, ev: buildEvidence({ domain: f.host, robots: status(403) }), parent: null },
    {
      label: 'robots.txt hangs',
      host: f.host,
      ev: buildEvidence({ domain: f.host, robots: hang, homepage: heldFailedPage('timeout') }),
      parent: null,
    },
  ];
}

function record(ev: Evidence): Record2 {
  const c = classify(ev);
  return { policy: c.summary, full: c.full };
}

interface Tally {
  checked: Map<string, number>;
  failed: Map<string, number>;
  failures: Array<VerifierFailure & { label: string }>;
}

function verifyCase(readSite: ReadSite, c: Case, t: Tally): void {
  const parent = c.parent ? record(c.parent.ev) : null;
  const { claims } = readSite({ ...record(c.ev), parent });
  const files: Record<string, Evidence> = { [c.host]: c.ev, ...(c.parent ? { [c.parent.host]: c.parent.ev } : {}) };
  const failures = verifyClaims(claims, files);
  const wrong = new Set(failures.map((f) => f.index));
  claims.forEach((claim, i) => {
    t.checked.set(claim.kind, (t.checked.get(claim.kind) ?? 0) + 1);
    if (wrong.has(i)) t.failed.set(claim.kind, (t.failed.get(claim.kind) ?? 0) + 1);
  });
  t.failures.push(...failures.map((f) => ({ ...f, label: c.label })));
}

function print(t: Tally, files: RealFile[], readings: number): void {
  const bodies = new Set(files.map((f) => createHash('sha256').update(f.body).digest('hex')));
  const sites = new Set(files.map((f) => f.host.replace(/^www\./, '')));
  console.log(
    `files: ${files.length} (${bodies.size} distinct bodies), distinct sites: ${sites.size}, readings: ${readings}`,
  );
  console.log('kind'.padEnd(18) + 'checked'.padStart(9) + 'false'.padStart(8));
  const kinds = [...t.checked.keys()].sort();
  for (const k of kinds)
    console.log(k.padEnd(18) + String(t.checked.get(k)).padStart(9) + String(t.failed.get(k) ?? 0).padStart(8));
  const total = [...t.checked.values()].reduce((a, b) => a + b, 0);
  const bad = [...t.failed.values()].reduce((a, b) => a + b, 0);
  console.log('all'.padEnd(18) + String(total).padStart(9) + String(bad).padStart(8));
  if (t.failures.length > 0) {
    console.log(`\nfirst ${Math.min(show, t.failures.length)} of ${t.failures.length} failures:`);
    for (const f of t.failures.slice(0, show)) console.log(`[${f.label}] ${formatFailures([f])}`);
  }
}

async function main(): Promise<void> {
  const readSite = await loadReadSite();
  const files = corpus();
  const all = files.flatMap(cases);
  if (typeof readSite === 'string') {
    console.log(`files: ${files.length}, readings prepared: ${all.length}`);
    console.log(`cannot verify: ${readSite}. No claim was checked.`);
    process.exit(2);
  }
  const t: Tally = { checked: new Map(), failed: new Map(), failures: [] };
  for (const c of all) verifyCase(readSite, c, t);
  print(t, files, all.length);
  process.exit(t.failures.length > 0 ? 1 : 0);
}

await main();
