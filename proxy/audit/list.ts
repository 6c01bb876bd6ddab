/**
 * The list an audit runs over: one domain a line, or the Tranco list's `rank,domain` CSV
 * (either may have a `rank,domain` or `domain` header, blank lines and `#` comments). Each
 * domain is normalised as the service does (shared/domain.ts), so `Example.COM.` and
 * `example.com` are one site; a line that is no domain is reported with its number and why,
 * never guessed at. A URL (`https://example.com/page`) is taken as its host name.
 */
import { createHash } from 'node:crypto';
import { parseDomain, type Domain } from '../../shared/domain.js';

export interface ListEntry {
  domain: Domain;
  /** The rank the list gave (Tranco's first column), else null. */
  rank: number | null;
  /** 1-based line of its first appearance. */
  line: number;
}

export interface InvalidLine {
  line: number;
  /** The line as written, cut to 200 characters. */
  text: string;
  reason: string;
}

export interface DomainList {
  entries: ListEntry[];
  invalid: InvalidLine[];
  /** Lines naming a domain already listed (after normalisation); the first one counts. */
  duplicates: number;
  /** sha256 of the file's bytes: a run belongs to one list. */
  sha256: string;
}

const HEADER = /^(rank\s*,\s*)?(domain|host|site)s?$/i;
const URL_FORM = /^https?:\/\//i;

/** The host of a URL-shaped field, else the field itself. */
function hostOf(field: string): string {
  if (!URL_FORM.test(field)) return field;
  try {
    return new URL(field).hostname;
  } catch {
    return field;
  }
}

/** One line's domain and rank, or why it has none. */
function readLine(raw: string): { domain: Domain; rank: number | null } | { reason: string } | null {
  const line = raw.replace(/^\uFEFF/, '').trim();
  if (line === '' || line.startsWith('#')) return null;
  const fields = line.split(',').map((f) => f.trim());
  let rank: number | null = null;
  let name: string;
  if (fields.length === 1) name = fields[0]!;
  else if (fields.length === 2) {
    if (!/^[0-9]+$/.test(fields[0]!) || Number(fields[0]) < 1)
      return { reason: 'the first column of a rank,domain line must be a rank (1, 2, 3, …)' };
    rank = Number(fields[0]);
    name = fields[1]!;
  } else return { reason: `expected one domain or rank,domain, found ${fields.length} columns` };
  const parsed = parseDomain(hostOf(name));
  return parsed.ok ? { domain: parsed.domain, rank } : { reason: parsed.message };
}

/** Reads a list's text. Never throws: every line is a domain, a comment, a header or reported. */
export function readDomainList(bytes: Buffer): DomainList {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const lines = bytes.toString('utf8').split(/\r\n|\r|\n/);
  const entries: ListEntry[] = [];
  const invalid: InvalidLine[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let headerAllowed = true;
  lines.forEach((raw, i) => {
    const n = i + 1;
    if (headerAllowed && HEADER.test(raw.replace(/^\uFEFF/, '').trim())) {
      headerAllowed = false;
      return;
    }
    const r = readLine(raw);
    if (r === null) return;
    headerAllowed = false;
    if ('reason' in r) {
      invalid.push({ line: n, text: raw.trim().slice(0, 200), reason: r.reason });
      return;
    }
    if (seen.has(r.domain)) {
      duplicates++;
      return;
    }
    seen.add(r.domain);
    entries.push({ domain: r.domain, rank: r.rank, line: n });
  });
  return { entries, invalid, duplicates, sha256 };
}
