/**
 * The whole pipeline under the second reader, over every real robots.txt file the tests can
 * reach (test/helpers/robots-corpus.ts: the public collections from ROBOTS_CORPUS_DIR or
 * ../shared/corpora/robots-collections, the 204 shared 2026-01 captures, the project's real
 * files), each with its synthetic companions (test/helpers/evidence-companions.ts) → classify()
 * → the one reading (readWhole) → its claims → the verifier (test/verifier/). Prints the files,
 * distinct sites and readings, per claim kind the claims checked and the false ones; exits 1 on
 * any false claim (issue 32: "zero false claims" is the bar).
 *
 * Run: `npx tsx test/tools/verify-claims.ts [--sample N] [--only TEXT] [--show N]`
 *   --sample N  every Nth file only (deterministic, in corpus order), to iterate quickly
 *   --only TEXT files whose id contains TEXT
 *   --show N    false claims printed in full (20 by default)
 */
import { createHash } from 'node:crypto';
import {
  describeFailure,
  newTally,
  totalOf,
  verifyCorpusFile,
  type ClaimTally,
} from '../helpers/claims-over-corpus.js';
import { robotsCorpus, type CorpusFile } from '../helpers/robots-corpus.js';

const arg = (name: string): string | null => {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? null) : null;
};
const show = Number(arg('--show') ?? 20);
const sample = Math.max(1, Number(arg('--sample') ?? 1));
const only = arg('--only');

function print(t: ClaimTally, files: CorpusFile[], collections: string | null): void {
  const bodies = new Set(files.map((f) => createHash('sha256').update(f.bytes).digest('hex')));
  const sites = new Set(files.map((f) => f.site.replace(/^www\./, '')));
  const origins = new Map<string, number>();
  for (const f of files) origins.set(f.origin, (origins.get(f.origin) ?? 0) + 1);
  console.log(`collections: ${collections ?? 'absent (ROBOTS_CORPUS_DIR or ../shared/corpora/robots-collections)'}`);
  console.log(
    `files: ${files.length} (${bodies.size} distinct bodies; ${[...origins].map(([o, n]) => `${o} ${n}`).join(', ')}), ` +
      `distinct sites: ${sites.size}, readings: ${t.readings}`,
  );
  console.log('kind'.padEnd(18) + 'checked'.padStart(9) + 'false'.padStart(8));
  for (const k of [...t.checked.keys()].sort())
    console.log(k.padEnd(18) + String(t.checked.get(k)).padStart(9) + String(t.failed.get(k) ?? 0).padStart(8));
  console.log('all'.padEnd(18) + String(totalOf(t.checked)).padStart(9) + String(totalOf(t.failed)).padStart(8));
  if (t.failures.length > 0) {
    console.log(`\nfirst ${Math.min(show, t.failures.length)} of ${t.failures.length} failures:`);
    for (const f of t.failures.slice(0, show)) console.log(describeFailure(f));
  }
}

async function main(): Promise<void> {
  const corpus = robotsCorpus();
  const files = corpus.files.filter((f, i) => i % sample === 0 && (only === null || f.id.includes(only)));
  const t = newTally();
  const started = Date.now();
  for (const f of files) {
    await verifyCorpusFile(f, t);
    if (t.files % 500 === 0) console.error(`… ${t.files} of ${files.length} files, ${Date.now() - started} ms`);
  }
  print(t, files, corpus.collections);
  console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(t.failures.length > 0 ? 1 : 0);
}

await main();
