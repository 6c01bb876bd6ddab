/**
 * RANKLIST_CSV: `rank,domain` lines as popularity lists publish them (an optional header line
 * is skipped). Domains are matched exactly after lower-casing and dropping a trailing dot.
 */
import { readFileSync } from 'node:fs';

/** Reads the list; throws an Error naming the file (and line) when it is unreadable or malformed. */
export function loadRankList(path: string): Map<string, number> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read rank list ${path}: ${(e as Error).message}`, { cause: e });
  }
  const ranks = new Map<string, number>();
  const lines = text.split(/\r\n|\n|\r/);
  const first = lines.findIndex((l) => l.trim() !== '');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const comma = line.indexOf(',');
    const rankText = comma < 0 ? '' : line.slice(0, comma).trim();
    const domain =
      comma < 0
        ? ''
        : line
            .slice(comma + 1)
            .trim()
            .toLowerCase()
            .replace(/\.$/, '');
    if (!/^\d{1,9}$/.test(rankText) || Number(rankText) < 1 || domain === '' || /[\s,]/.test(domain)) {
      // A first line that is not a rank is the header ("rank,domain").
      if (ranks.size === 0 && i === first && !/^\d+$/.test(rankText)) continue;
      throw new Error(`rank list ${path} line ${i + 1}: expected "rank,domain", got "${line.slice(0, 80)}"`);
    }
    const rank = Number(rankText);
    const prev = ranks.get(domain);
    if (prev === undefined || rank < prev) ranks.set(domain, rank);
  }
  return ranks;
}
