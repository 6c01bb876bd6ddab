/**
 * RULES_VERSION (proxy/analysis/rules-version.ts) moves with the rules: stored records are
 * re-derived from their evidence only when a program's version is newer than theirs, so a change
 * to what classify() answers without a bump would leave every stored record on the old reading
 * until its next crawl. This keeps a digest of classify() over the stance fixture sites (every
 * stance and detail, real robots.txt files among them) and over each of them again with every
 * document given up (evidence.notRead, docs/policy.md section 1) for the current version.
 *
 * When it fails: if you changed the rules on purpose, bump RULES_VERSION by one and put the new
 * version and the digest this test printed into RECORDED below.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { FETCHED_FILES } from '../../../shared/values.js';
import { RULES_VERSION, classify } from '../../../proxy/analysis/index.js';
import { STANCE_SITES } from '../../fixtures/stance-sites.js';
import { evidenceFromSite } from './helpers/evidence-builder.js';

const RECORDED = { version: 18, digest: '6be22dbd32774185dadc7d251c0e3ecea412de32d68e19c5a1a21af570f56fde' };

it('classify() answers as it did when RULES_VERSION was last bumped', () => {
  const hash = createHash('sha256');
  const notRead = FETCHED_FILES.map((file) => ({ file, reason: 'budget' as const, bytes: 1000, budget_ms: 2000 }));
  for (const [host, s] of Object.entries(STANCE_SITES))
    hash.update(JSON.stringify(classify(evidenceFromSite(host, s.site))));
  for (const [host, s] of Object.entries(STANCE_SITES))
    hash.update(JSON.stringify(classify({ ...evidenceFromSite(host, s.site), notRead })));
  const digest = hash.digest('hex');
  const bump =
    digest === RECORDED.digest
      ? `RULES_VERSION is ${RULES_VERSION} but RECORDED says ${RECORDED.version}: set RECORDED.version to ${RULES_VERSION}.`
      : `classify() answers differently than it did at rules version ${RECORDED.version}. If the rules changed on purpose, ` +
        `bump RULES_VERSION in proxy/analysis/rules-version.ts to ${RECORDED.version + 1} and set RECORDED in this file to ` +
        `{ version: ${RECORDED.version + 1}, digest: '${digest}' }.`;
  expect({ version: RULES_VERSION, digest }, bump).toEqual(RECORDED);
});
