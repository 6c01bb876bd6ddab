/** Helpers for the crawler's integration tests: a scripted resolver that never asks real DNS. */
import type { Evidence, FetchResult } from '../../../proxy/analysis/evidence.js';
import type { Lookup } from '../../../proxy/crawler/index.js';

export interface ScriptedLookup {
  lookup: Lookup;
  /** Every name asked, in order. */
  calls: string[];
}

/**
 * Answers from a table: a list is the answer every time; an array of lists is one answer per
 * call (the last repeats), which is how DNS rebinding is scripted. Unknown names fail as
 * ENOTFOUND, so a test can never reach the real resolver by accident.
 */
export function scriptedLookup(table: Record<string, string[] | string[][]>): ScriptedLookup {
  const calls: string[] = [];
  const seen = new Map<string, number>();
  const lookup: Lookup = async (name) => {
    calls.push(name);
    const entry = table[name];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    if (!Array.isArray(entry[0])) return entry as string[];
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    const answers = entry as string[][];
    return answers[Math.min(n, answers.length - 1)]!;
  };
  return { lookup, calls };
}

/** The seven parallel requests of a crawl, in Evidence order. */
export const FILE_KEYS = ['homepage', 'robots', 'llms', 'aiTxt', 'tdmrep', 'agents', 'markdown'] as const;

export function files(e: Evidence): FetchResult[] {
  return FILE_KEYS.map((k) => e[k]);
}

/** Narrows a result to a response, failing the test with the actual result otherwise. */
export function asResponse(r: FetchResult | null): Extract<FetchResult, { kind: 'response' }> {
  if (!r || r.kind !== 'response') throw new Error(`expected a response, got ${JSON.stringify(r)}`);
  return r;
}
