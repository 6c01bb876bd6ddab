/**
 * The whole pipeline under the second reader, for one real robots.txt file: its companions
 * (test/helpers/evidence-companions.ts: as served, robots.txt 403, robots.txt hanging, terms
 * silent on AI and banning AI, a www host without a file beside its parent) → classify() → the
 * one reading (readWhole) → its claims → the verifier (test/verifier/). Used by
 * test/tools/verify-claims.ts (every file) and test/unit/shared/reading/verifier-corpus.test.ts.
 */
import type { Evidence } from '../../proxy/analysis/evidence.js';
import { classify } from '../../proxy/analysis/index.js';
import type { Claim } from '../../shared/reading/claims.js';
import { readWhole } from '../../shared/reading/index.js';
import type { FullRecord } from '../../shared/schemas.js';
import { formatFailures, verifyClaims, type VerifierFailure } from '../verifier/index.js';
import { companionsOf, type Companion } from './evidence-companions.js';
import type { CorpusFile } from './robots-corpus.js';

export interface ClaimTally {
  files: number;
  readings: number;
  checked: Map<string, number>;
  failed: Map<string, number>;
  failures: Array<VerifierFailure & { label: string }>;
}

export const newTally = (): ClaimTally => ({
  files: 0,
  readings: 0,
  checked: new Map(),
  failed: new Map(),
  failures: [],
});

function record(ev: Evidence) {
  const c = classify(ev);
  return { policy: c.summary, full: c.full as FullRecord };
}

/** The claims of one host's reading, as every face tells it (readWhole), with the site it borrows from. */
export function claimsOf(host: Evidence, parent: Evidence | null): Claim[] {
  const own = record(host);
  let parentInput = null;
  if (parent) {
    const p = record(parent);
    parentInput = {
      domain: parent.domain,
      www: host.domain.startsWith('www.'),
      policy: p.policy,
      full: p.full,
    };
  }
  return readWhole({ ...own, parent: parentInput }).claims;
}

/** Verifies one companion's reading into the tally; `label` names the file and the companion. */
export function verifyCompanion(c: Companion, label: string, t: ClaimTally): void {
  verifyHost(c.evidence, c.parent?.evidence ?? null, label, t);
}

/** Verifies one host's reading (with the site it may borrow from) into the tally. */
export function verifyHost(host: Evidence, parent: Evidence | null, label: string, t: ClaimTally): void {
  const claims = claimsOf(host, parent);
  const files: Record<string, Evidence> = {
    [host.domain]: host,
    ...(parent ? { [parent.domain]: parent } : {}),
  };
  const failures = verifyClaims(claims, files);
  const wrong = new Set(failures.map((f) => f.index));
  t.readings++;
  claims.forEach((claim, i) => {
    t.checked.set(claim.kind, (t.checked.get(claim.kind) ?? 0) + 1);
    if (wrong.has(i)) t.failed.set(claim.kind, (t.failed.get(claim.kind) ?? 0) + 1);
  });
  t.failures.push(...failures.map((f) => ({ ...f, label })));
}

/** Every companion of one corpus file, verified into the tally. */
export async function verifyCorpusFile(f: CorpusFile, t: ClaimTally): Promise<void> {
  const companions = await companionsOf(f.bytes, f.site, { fetchedAt: `${f.captured ?? '2026-01-15'}T12:00:00.000Z` });
  t.files++;
  for (const c of companions) verifyCompanion(c, `${f.id} ${c.kind}`, t);
}

export const totalOf = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

/** `label` and the failure, one per line block. */
export const describeFailure = (f: ClaimTally['failures'][number]): string => `[${f.label}] ${formatFailures([f])}`;
