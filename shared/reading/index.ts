/**
 * The whole reading of a host at once, for the faces that show all of it (the CLI, the audit) and
 * for the verifier (test/verifier/): readSite()'s parts, the notes, the confidence and the bots,
 * with every claim a sentence of them rests on, once each. The popup and the web page load the
 * same parts in two steps instead (read-site.ts for the first paint, read-full.ts and
 * read-bots.ts with the full record).
 */
import type { FullRecord } from '../schemas.js';
import type { Claim } from './claims.js';
import { readBots, type BotLists } from './read-bots.js';
import { readConfidence, readIssues, type Issue } from './read-full.js';
import { readSite, type Reading, type ReadingInput } from './read-site.js';
import type { Told } from './claims.js';

export { readSite, toldStance, type Reading, type ReadingInput } from './read-site.js';
export type { Claim, Told, ToldStance } from './claims.js';

export interface WholeReading extends Reading {
  issues: Issue[];
  confidence: Told | null;
  bots: BotLists;
  /** Every claim the told sentences rest on, each once (by identity), in the order told. */
  claims: Claim[];
}

/** The claims of every sentence told, each once. */
function claimsOf(r: Reading, issues: Issue[], confidence: Told | null, bots: BotLists): Claim[] {
  const seen = new Set<Claim>();
  const out: Claim[] = [];
  const add = (cs: readonly Claim[]) => {
    for (const c of cs) {
      if (seen.has(c)) continue;
      seen.add(c);
      out.push(c);
    }
  };
  add(r.headline.claims);
  r.uses.forEach((u) => add(u.claims));
  r.standards.forEach((s) => add(s.claims));
  r.signals.forEach((s) => add(s.claims));
  r.facts.forEach((f) => add(f.claims));
  if (r.from) add(r.from.claims);
  if (r.parent) add(r.parent.claims);
  issues.forEach((i) => add(i.claims));
  if (confidence) add(confidence.claims);
  for (const list of [
    bots.blocked,
    bots.alsoBlocked,
    bots.blockedByWildcard,
    bots.partial,
    bots.letIn,
    bots.noRule,
    bots.allowed,
  ])
    for (const g of list) for (const b of g.bots) add(b.claims);
  return out;
}

/** The reading of a host with its full record (and, for a host that borrows, its site's answer and full record). */
export function readWhole(input: ReadingInput & { full: FullRecord }): WholeReading {
  const reading = readSite(input);
  const issues = readIssues(reading, input.full);
  const confidence = readConfidence(reading.own);
  const shownFull = reading.borrowed ? (input.parent?.full ?? null) : input.full;
  const bots = readBots(reading.shown, shownFull);
  return { ...reading, issues, confidence, bots, claims: claimsOf(reading, issues, confidence, bots) };
}
