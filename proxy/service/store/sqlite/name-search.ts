/**
 * GET /v1/search: substring match on domain names, optional stance filter, ordered by rank
 * (nulls last) then name. Matching never scans every name: queries of 3+ characters go
 * through the FTS5 trigram index (a phrase of trigrams is an exact substring), 2-character
 * queries through the bigram table. instr() re-checks each candidate, so neither index can
 * ever add a false match.
 */
import type Database from 'better-sqlite3';
import type { SearchResult } from '../../../../shared/schemas.js';
import type { SearchParams } from '../../../../shared/api.js';
import { searchTextToAscii } from '../../../../shared/domain.js';

interface Row {
  domain: string;
  stance: SearchResult['results'][number]['stance'];
  detail: SearchResult['results'][number]['detail'];
  rank: number | null;
}

/** Every two-character slice of a name: the rows of domain_bigrams for it. */
export function bigramsOf(domain: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 2 <= domain.length; i++) out.push(domain.slice(i, i + 2));
  return out;
}

const SELECT = `SELECT d.domain, d.stance, d.detail, d.rank FROM domains d
  WHERE d.id IN (CANDIDATES) AND (@stance IS NULL OR d.stance = @stance) AND instr(d.domain, @q) > 0
  ORDER BY d.rank IS NULL, d.rank, d.domain LIMIT @limit OFFSET @offset`;

export class DomainSearch {
  private readonly byTrigram;
  private readonly byBigram;

  constructor(db: Database.Database) {
    this.byTrigram = db.prepare<Record<string, unknown>, Row>(
      SELECT.replace('CANDIDATES', 'SELECT rowid FROM domain_names WHERE domain_names MATCH @phrase'),
    );
    this.byBigram = db.prepare<Record<string, unknown>, Row>(
      SELECT.replace('CANDIDATES', 'SELECT id FROM domain_bigrams WHERE gram = @q'),
    );
  }

  search(params: SearchParams): SearchResult {
    // Names are stored lower-case and in punycode: `Bücher` must find xn--bcher-kva.de, whoever
    // calls (the HTTP surface, or the gateway's embedded source).
    const q = searchTextToAscii(params.q);
    // One row more than asked tells whether another page exists.
    const args = { q, stance: params.stance ?? null, limit: params.limit + 1, offset: params.offset };
    const rows = this.rows(q, args);
    return {
      results: rows
        .slice(0, params.limit)
        .map((r) => ({ domain: r.domain, stance: r.stance, detail: r.detail, ranklist_rank: r.rank })),
      limit: params.limit,
      offset: params.offset,
      has_more: rows.length > params.limit,
    };
  }

  private rows(q: string, args: Record<string, unknown>): Row[] {
    if (q.length === 2) return this.byBigram.all(args);
    // An FTS5 string cannot hold a NUL (the query would fail as unterminated: a 500); no stored
    // name holds one either, so such text matches nothing.
    if (q.length < 3 || q.includes('\0')) return [];
    return this.byTrigram.all({ ...args, phrase: `"${q.replace(/"/g, '""')}"` });
  }
}
