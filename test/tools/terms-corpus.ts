/**
 * Where the held-out terms texts are (test/fixtures/terms-heldout): TERMS_CORPUS_DIR, else
 * ../shared/corpora/terms when the steering repo places a copy there, else /work/corpus-data/terms
 * (test/tools/build-terms-corpus.ts writes them). Shared by the tools that read them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The first of the places that exists; prints where it looked and exits 2 when none does. */
export function termsCorpusDir(): string {
  const fromEnv = process.env.TERMS_CORPUS_DIR;
  const candidates =
    fromEnv !== undefined && fromEnv !== ''
      ? [fromEnv]
      : [fileURLToPath(new URL('../../../shared/corpora/terms', import.meta.url)), '/work/corpus-data/terms'];
  const dir = candidates.find((d) => existsSync(d));
  if (dir === undefined) {
    console.error(
      `terms corpus not found (looked in ${candidates.join(', ')}); build it with ` +
        '`npx tsx test/tools/build-terms-corpus.ts <out dir>` and set TERMS_CORPUS_DIR',
    );
    process.exit(2);
  }
  return dir;
}
