/**
 * The second reader over real files and over every fixture site (issue 32: "zero false claims is
 * the bar"). Each real robots.txt goes through its companions (as served, a 403, a hang, terms
 * silent on AI and banning AI, a www host without a file beside its parent:
 * test/helpers/evidence-companions.ts) → classify() → the one reading → its claims → the
 * verifier (test/verifier/), which reads the files itself.
 *
 * In the suite: every one of the 204 shared January 2026 captures, the project's real files, a
 * deterministic sample of the public collections when they are present (ROBOTS_CORPUS_DIR or
 * ../shared/corpora/robots-collections, built by test/tools/build-robots-corpus.ts), and every
 * stance, real-file and RSL fixture site crawled as the crawler would. The whole collections run
 * with `npx tsx test/tools/verify-claims.ts`, whose figures docs/benchmarks.md quotes.
 */
import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../../../proxy/analysis/evidence.js';
import { REAL_SITES } from '../../../fixtures/real-sites.js';
import { RSL_SITES } from '../../../fixtures/rsl-sites.js';
import { STANCE_SITES } from '../../../fixtures/stance-sites.js';
import type { FixtureSite } from '../../../fixtures/farm.js';
import {
  describeFailure,
  newTally,
  totalOf,
  verifyCorpusFile,
  verifyHost,
  type ClaimTally,
} from '../../../helpers/claims-over-corpus.js';
import { crawlSite } from '../../../helpers/evidence-companions.js';
import { robotsCorpus } from '../../../helpers/robots-corpus.js';

/** One collection file in this many is read in the suite (every one by the script). */
const COLLECTION_STRIDE = 20;

const failuresOf = (t: ClaimTally): string => t.failures.slice(0, 10).map(describeFailure).join('\n');

/** Every kind of claim the reading makes must have been checked somewhere in the run. */
function expectKinds(t: ClaimTally, kinds: string[]): void {
  for (const k of kinds) expect(t.checked.get(k) ?? 0, `claims of kind ${k} checked`).toBeGreaterThan(0);
}

describe('the second reader over real robots.txt files and their companions', () => {
  const corpus = robotsCorpus();
  const origins = (o: string) => corpus.files.filter((f) => f.origin === o);

  it('the 204 shared captures and the project’s real files: no false claim', async () => {
    const files = [...origins('shared-2026-01'), ...origins('real-files')];
    expect(files.length).toBeGreaterThanOrEqual(210);
    const t = newTally();
    for (const f of files) await verifyCorpusFile(f, t);
    expect(t.failures, failuresOf(t)).toEqual([]);
    // Five or six readings per file (the www pair where the site has one).
    expect(t.readings).toBeGreaterThanOrEqual(files.length * 5);
    expectKinds(t, ['headline', 'use', 'bot', 'fetch', 'robots_file', 'confidence', 'terms', 'terms_mention']);
    expect(totalOf(t.checked)).toBeGreaterThan(files.length * 50);
  }, 240_000);

  it.skipIf(corpus.collections === null)(
    `one in ${COLLECTION_STRIDE} files of the public collections: no false claim`,
    async () => {
      const files = origins('collections').filter((_, i) => i % COLLECTION_STRIDE === 0);
      expect(files.length).toBeGreaterThan(100);
      const t = newTally();
      for (const f of files) await verifyCorpusFile(f, t);
      expect(t.failures, failuresOf(t)).toEqual([]);
      expectKinds(t, ['headline', 'use', 'bot', 'line_ignored', 'borrowed']);
    },
    300_000,
  );
});

describe('the second reader over every fixture site', () => {
  const tables: Record<string, Record<string, { site: FixtureSite }>> = {
    stance: STANCE_SITES,
    'real-file': REAL_SITES,
    rsl: RSL_SITES,
  };

  it.each(Object.keys(tables))(
    'the %s sites, each host with the site it borrows from: no false claim',
    async (name) => {
      const table = tables[name]!;
      const crawled = new Map<string, Evidence>();
      for (const [host, s] of Object.entries(table)) crawled.set(host, await crawlSite(host, s.site));
      const t = newTally();
      for (const [host, e] of crawled) {
        const parent = host.startsWith('www.') ? (crawled.get(host.slice(4)) ?? null) : null;
        verifyHost(e, parent, `${name} ${host}`, t);
      }
      expect(t.failures, failuresOf(t)).toEqual([]);
      expect(t.readings).toBe(crawled.size);
      expectKinds(t, ['headline', 'use', 'fetch']);
    },
    120_000,
  );
});
