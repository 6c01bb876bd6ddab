/**
 * The announced surface's part of the SQLite store: reads of the side tables that
 * preview-index.ts keeps (raw signals, history, search, statistics). The tables are created
 * when the store opens (open.ts), which also subscribes indexCrawl() to "audit stored".
 */
import type Database from 'better-sqlite3';
import type { PreviewSearchParams } from '../../../../shared/params.js';
import type { HistoryResponse, StatsResponse } from '../../../../shared/schemas.js';
import type { PreviewSearchResult, SignalsResponse } from '../../preview/schemas.js';
import type { PreviewStore } from '../registry-store.js';
import { readHistory, readSignals } from './preview-index.js';
import { searchPolicies } from './preview-search.js';
import { readStats } from './preview-stats.js';

export class SqlitePreview implements PreviewStore {
  constructor(private readonly db: Database.Database) {}

  async signals(domain: string): Promise<SignalsResponse | null> {
    return readSignals(this.db, domain);
  }

  async history(domain: string): Promise<HistoryResponse | null> {
    return readHistory(this.db, domain);
  }

  async search(params: PreviewSearchParams): Promise<PreviewSearchResult> {
    return searchPolicies(this.db, params);
  }

  async stats(nowMs: number): Promise<StatsResponse> {
    return readStats(this.db, nowMs);
  }
}
