/**
 * classify(evidence): the three records of a domain (docs/policy.md sections 4 to 7 and 10).
 * Decide once, then build each record from the decision. Pure and
 * deterministic: the same evidence gives the same records; timestamps come from
 * evidence.fetchedAt, never from a clock.
 */
import type { Classification } from '../classification.js';
import type { Evidence } from '../evidence.js';
import { announcedRecord } from './announced-record.js';
import { basisOf } from './basis.js';
import { decide } from './decide.js';
import { fullRecord } from './full-record.js';
import type { ReadingWatch } from './read-evidence.js';
import { summaryRecord } from './summary-record.js';

export type { ReadingWatch } from './read-evidence.js';

/**
 * `watch`, when given, is told which document is read next (the analysis pool times each one
 * against its budget, proxy/analysis-pool/); the records do not depend on it.
 */
export function classify(evidence: Evidence, watch?: ReadingWatch): Classification {
  const d = decide(evidence, watch);
  const basis = basisOf(d);
  return { summary: summaryRecord(d, basis), full: fullRecord(d, basis), announced: announcedRecord(d) };
}
