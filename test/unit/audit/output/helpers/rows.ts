/** Site rows for the output tests: a pending row with the given values over it. */
import { pendingRow, type SiteRow } from '../../../../../proxy/audit/site-row.js';

export function row(domain: string, values: Partial<SiteRow> = {}): SiteRow {
  return {
    ...pendingRow(domain, null),
    status: 'ok',
    told: 'no_ai_rules',
    stance: 'no_policy',
    detail: 'no_ai_rules',
    training: 'allowed',
    search: 'allowed',
    inference: 'allowed',
    robots_txt_status: 'ok',
    standards: ['robots_txt'],
    tos_ai_stance: 'unknown',
    confidence: 1,
    openness: 1,
    crawled_at: '2026-01-15T12:00:00.000+00:00',
    checked_at: '2026-01-15T12:00:00.000Z',
    audit_id: `aud_${domain}`,
    ...values,
  };
}
