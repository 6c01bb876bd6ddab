/**
 * Seed-shaped records for the extension's tests, typed against shared/schemas.ts so they
 * cannot drift from the contract, and with values taken from test/fixtures/stance-sites.ts.
 */
import type { DomainPolicyFound, FullRecord, HistoryResponse, AnnouncedRecord } from '../../../shared/schemas.js';
import type { Detail, Stance, Verdict } from '../../../shared/values.js';
import { STANCE_SITES } from '../../fixtures/stance-sites.js';

export function policy(domain: string, over: Partial<DomainPolicyFound> = {}): DomainPolicyFound {
  const site = STANCE_SITES[domain];
  return {
    domain,
    found: true,
    stance: site?.stance ?? 'no_policy',
    detail: site?.detail ?? 'no_ai_rules',
    use_cases: site?.use_cases ?? { training: 'allowed', search: 'allowed', inference: 'allowed' },
    bots: { blocked: [], allowed: [] },
    signals: { robots_txt: true, llms_txt: false, ai_txt: false, tdmrep: false, content_signals: false, agents_json: false },
    site: { ranklist_rank: null, cdn: null, cms: null, behind_cdnvendor: false, has_paywall: false, has_tos: true, tos_url: `https://${domain}/terms` },
    last_updated: new Date().toISOString(),
    ...over,
  };
}

/** The full record for a stance site, with its real robots.txt and the given bot statuses. */
export function fullRecord(domain: string, bots: Record<string, 'blocked' | 'partial' | 'allowed'>, over: Partial<FullRecord> = {}): FullRecord {
  const p = policy(domain);
  const robots = STANCE_SITES[domain]?.site.routes['/robots.txt'];
  const robotsTxt = robots && typeof robots === 'object' && typeof robots.body === 'string' ? robots.body : null;
  const all = Object.fromEntries(
    Object.entries(bots).map(([t, status]) => [t, { status, is_ai_bot: true, allowed_paths: [], disallowed_paths: status === 'allowed' ? [] : ['/'] }]),
  );
  return {
    id: 1,
    domain,
    robots_txt_exists: robotsTxt !== null,
    llms_txt_exists: false,
    ai_txt_exists: false,
    tdmrep_exists: false,
    agents_json_exists: false,
    ai_stance: p.stance as Stance,
    policy_detail: p.detail as Detail,
    ai_openness_score: 0.5,
    policy_completeness: 'moderate',
    confidence: 0.85,
    ai_bots_blocked_count: Object.values(bots).filter((s) => s === 'blocked').length,
    ai_bots_allowed_count: Object.values(bots).filter((s) => s === 'allowed').length,
    ai_bots: bots,
    all_bots: all,
    crawl_rules: { crawl_delays: {}, blocked_paths: ['/'], sitemaps_count: 0, directives_count: 4, has_wildcard_block: false },
    use_case_policies: p.use_cases,
    conflicts: [],
    tos_url: `https://${domain}/terms`,
    tos_ai_stance: 'silent',
    cdn_provider: null,
    cms: null,
    has_paywall: false,
    behind_cdnvendor: false,
    markdown_for_agents: false,
    parsed_at: new Date().toISOString(),
    audit_id: 'a1',
    ranklist_rank: null,
    content_signals_exists: false,
    robots_txt_status: 'ok',
    homepage_status: 200,
    robots_txt: robotsTxt,
    headers: {},
    meta_tags: {},
    tos_excerpt: null,
    usage_signals: { training: null, search: null, inference: null },
    explanations: [],
    warnings: [],
    ...over,
  };
}

export function announced(domain: string, over: Partial<AnnouncedRecord> = {}): AnnouncedRecord {
  return {
    domain,
    score: 67,
    stance: 'blocks_training',
    purposes: {
      training: { allowed: false, source: ['robots_txt'] },
      search: { allowed: null, source: [] },
      rag: { allowed: true, source: ['content_signals'] },
      browsing: { allowed: null, source: [] },
    },
    signals: {
      robots_txt: { found: true, blocks: ['GPTBot'] },
      llms_txt: { found: false },
      ai_txt: { found: false },
      tdmrep: { found: false },
      agents_json: { found: false },
      content_signals: { found: false, training: null, search: null },
    },
    conflicts: [],
    last_crawled: new Date().toISOString(),
    audit_id: 'a2',
    ...over,
  };
}

export function history(domain: string, v: Verdict = 'blocked'): HistoryResponse {
  return {
    domain,
    crawls: 3,
    entries: [
      {
        audit_id: 'a2',
        crawled_at: '2026-01-20T10:00:00Z',
        stance: 'blocks_training',
        detail: 'blocks_training',
        score: 67,
        use_cases: { training: v, search: 'allowed', inference: 'allowed' },
        bots_blocked: ['GPTBot'],
        changes: ['started blocking GPTBot', 'training: allowed → blocked'],
      },
      {
        audit_id: 'a1',
        crawled_at: '2026-01-01T10:00:00Z',
        stance: 'allows_all',
        detail: 'allows_all',
        score: 100,
        use_cases: { training: 'allowed', search: 'allowed', inference: 'allowed' },
        bots_blocked: [],
        changes: [],
      },
    ],
  };
}
