/**
 * The second reader (docs/policy.md section 16): checks every claim of a reading
 * (shared/reading/claims.ts) against the files as served, written apart from the classifier.
 * It imports nothing of proxy/analysis (the Evidence type aside), shared/robots, shared/story*
 * or shared/reading beyond the claim types; robots.txt lines are read by robots-lines.ts and
 * paths matched by robots-parser (robots-oracle.ts). test/unit/shared/reading/verifier-independence.test.ts
 * holds that wall.
 *
 * `verifyClaims(claims, files)`: `files` maps each host a claim names (`of`, and both hosts of
 * a `borrowed` claim) to the crawler's Evidence for it. Every false claim gives a failure that
 * names the claim, the host and why, quoting the file's line or text.
 */
import type { Evidence } from '../../proxy/analysis/evidence.js';
import type { Claim } from '../../shared/reading/claims.js';
import {
  checkBorrowed,
  checkFetch,
  checkFound,
  checkNothingAnswered,
  checkNotRead,
  checkPageFact,
  checkRobotsFile,
} from './check-files.js';
import { checkBot, checkLetInList, checkLineIgnored, checkSignal, checkWildcardCloses } from './check-robots.js';
import { checkTerms, checkTermsMention } from './check-terms.js';
import { checkConfidence, checkConflict, checkHeadline, checkUse } from './check-uses.js';
import { Context, type Check, type VerifierFailure } from './context.js';
import type { Host } from './host.js';

export type { VerifierFailure } from './context.js';

type OfClaim = Exclude<Claim, { kind: 'borrowed' }>;

const CHECKS: { [K in OfClaim['kind']]: Check<Extract<OfClaim, { kind: K }>> } = {
  robots_file: checkRobotsFile,
  fetch: checkFetch,
  nothing_answered: checkNothingAnswered,
  not_read: checkNotRead,
  found: checkFound,
  bot: checkBot,
  wildcard_closes: checkWildcardCloses,
  let_in_list: checkLetInList,
  line_ignored: checkLineIgnored,
  signal: checkSignal,
  use: checkUse,
  headline: checkHeadline,
  terms: checkTerms,
  terms_mention: checkTermsMention,
  page_fact: checkPageFact,
  confidence: checkConfidence,
  conflict: (c, h, ctx) => checkConflict(c, h, ctx),
};

function reasons(claim: OfClaim, host: Host, ctx: Context): string[] {
  const check = CHECKS[claim.kind] as Check<OfClaim>;
  try {
    return check(claim, host, ctx);
  } catch (e) {
    // A claim the verifier cannot even read (a line number that is not a number …) is a failure, loudly.
    return [`the verifier could not check it: ${e instanceof Error ? e.message : String(e)}`];
  }
}

export function verifyClaims(claims: readonly Claim[], files: Readonly<Record<string, Evidence>>): VerifierFailure[] {
  const ctx = new Context(files, claims);
  const out: VerifierFailure[] = [];
  claims.forEach((claim, index) => {
    if (claim.kind === 'borrowed') {
      for (const f of checkBorrowed(claim, ctx)) out.push({ index, kind: claim.kind, host: f.host, claim, why: f.why });
      return;
    }
    const host = ctx.host(claim.of);
    if (host === null) {
      out.push({ index, kind: claim.kind, host: claim.of, claim, why: 'no files given for this host' });
      return;
    }
    for (const why of reasons(claim, host, ctx)) out.push({ index, kind: claim.kind, host: claim.of, claim, why });
  });
  return out;
}

/** One line per failure, for a test's message or a script's output. */
export function formatFailures(failures: readonly VerifierFailure[]): string {
  return failures
    .map((f) => `${f.host}: ${f.kind} #${f.index} ${JSON.stringify(f.claim)}\n    false: ${f.why}`)
    .join('\n');
}

/** Throws, listing every false claim, when any is false: the loud form for tests and scripts. */
export function assertClaimsTrue(claims: readonly Claim[], files: Readonly<Record<string, Evidence>>): void {
  const failures = verifyClaims(claims, files);
  if (failures.length > 0) throw new Error(`${failures.length} false claim(s):\n${formatFailures(failures)}`);
}
