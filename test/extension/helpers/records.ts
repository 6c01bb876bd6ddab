/**
 * Seed-shaped records for the extension's tests: the shared builders of test/fixtures/records.ts
 * with values taken from test/fixtures/stance-sites.ts.
 */
import type {
  AnnouncedRecord,
  Basis,
  DecidingSignal,
  DomainPolicyFound,
  FullRecord,
  HistoryResponse,
} from '../../../shared/schemas.js';
import type { Verdict } from '../../../shared/values.js';
import { announcedRecord, basisOf, fullRecordOf, purposeOf, summaryRecord } from '../../fixtures/records.js';
import { STANCE_SITES } from '../../fixtures/stance-sites.js';

const robotsLine = (line: number, evidence: string): DecidingSignal => ({ source: 'robots_txt', line, evidence });
const all3 = (d: DecidingSignal) => ({ training: [d], search: [d], inference: [d] });
const none = { training: [], search: [], inference: [] };

/**
 * The `basis` our service gives each stance site (docs/policy.md sections 4 and 9), written
 * out for the extension's tests: what was read, explicit allows, the deciding signals.
 */
export const SITE_BASIS: Record<string, Partial<Basis>> = {
  'blocks-all.test': { decided_by: all3(robotsLine(14, 'Disallow: /')) },
  'wildcard.test': {
    decided_by: all3(robotsLine(2, 'Disallow: /')),
    allow_list: { let_in: [], let_in_count: 0, ai: [] },
  },
  'training.test': { decided_by: { ...none, training: [robotsLine(7, 'Disallow: /')] } },
  'selective.test': { decided_by: { ...none, training: [robotsLine(2, 'Disallow: /')] } },
  'allows.test': {
    explicit: { training: true, search: true, inference: false },
    decided_by: { training: [robotsLine(4, 'Allow: /')], search: [robotsLine(4, 'Allow: /')], inference: [] },
  },
  'llms.test': { found: ['robots_txt', 'llms_txt'] },
  'signals.test': { found: ['robots_txt', 'agents_json'] },
  'no-robots.test': { robots_txt: { status: 'missing', http_status: 404, problem: null }, found: [] },
  'soft-404.test': { robots_txt: { status: 'missing', http_status: 200, problem: null }, found: [] },
  'robots-blocked.test': { robots_txt: { status: 'blocked', http_status: 403, problem: 'refused' }, found: [] },
  'challenge.test': { robots_txt: { status: 'blocked', http_status: 200, problem: 'challenge' }, found: [] },
  'server-error.test': { robots_txt: { status: 'error', http_status: 503, problem: 'server_error' }, found: [] },
  'signal-training.test': {
    explicit: { training: false, search: true, inference: false },
    decided_by: {
      training: [{ source: 'content_signals', line: 2, evidence: 'Content-Signal: search=yes, ai-train=no' }],
      search: [{ source: 'content_signals', line: 2, evidence: 'Content-Signal: search=yes, ai-train=no' }],
      inference: [],
    },
    found: ['robots_txt', 'content_signals'],
  },
  'meta-noai.test': {
    decided_by: { ...none, training: [{ source: 'meta', line: null, evidence: 'noai, noimageai' }] },
    found: ['robots_txt', 'meta'],
  },
  'x-robots.test': {
    decided_by: { ...none, training: [{ source: 'x_robots_tag', line: null, evidence: 'noai, noimageai' }] },
    found: ['robots_txt', 'x_robots_tag'],
  },
  'guetta.test': {
    explicit: { training: false, search: false, inference: false },
    decided_by: {
      training: [
        { source: 'content_signals', line: 29, evidence: 'content-signal: search=yes,ai-train=no' },
        robotsLine(42, 'disallow: /'),
      ],
      search: [{ source: 'content_signals', line: 29, evidence: 'content-signal: search=yes,ai-train=no' }],
      inference: [],
    },
    found: ['robots_txt', 'content_signals'],
  },
  'wildcard-signals.test': {
    decided_by: {
      training: [
        { source: 'content_signals', line: 30, evidence: 'Content-Signal: search=yes,ai-train=no' },
        robotsLine(31, 'Disallow: /'),
      ],
      search: [robotsLine(31, 'Disallow: /')],
      inference: [robotsLine(31, 'Disallow: /')],
    },
    found: ['robots_txt', 'content_signals'],
  },
  'xn--bcher-kva.test': { decided_by: { ...none, training: [robotsLine(2, 'Disallow: /')] } },
};

/** The summary of a stance site as our service gives it (with `basis`); `{ basis: undefined }` for a foreign upstream's. */
export function policy(domain: string, over: Partial<DomainPolicyFound> = {}): DomainPolicyFound {
  const site = STANCE_SITES[domain];
  return summaryRecord(domain, {
    ...(site
      ? { stance: site.stance, detail: site.detail, use_cases: site.use_cases, basis: basisOf(SITE_BASIS[domain]) }
      : {}),
    site: {
      ranklist_rank: null,
      cdn: null,
      cms: null,
      behind_cdnvendor: false,
      has_paywall: false,
      has_tos: true,
      tos_url: `https://${domain}/terms`,
    },
    ...over,
  });
}

/** The full record for a stance site, with its real robots.txt and the given bot statuses. */
export function fullRecord(
  domain: string,
  bots: Record<string, 'blocked' | 'partial' | 'allowed'>,
  over: Partial<FullRecord> = {},
): FullRecord {
  const p = policy(domain);
  const robots = STANCE_SITES[domain]?.site.routes['/robots.txt'];
  const robotsTxt = robots && typeof robots === 'object' && typeof robots.body === 'string' ? robots.body : null;
  const all = Object.fromEntries(
    Object.entries(bots).map(([t, status]) => [
      t,
      { status, is_ai_bot: true, allowed_paths: [], disallowed_paths: status === 'allowed' ? [] : ['/'] },
    ]),
  );
  return fullRecordOf(domain, {
    robots_txt_exists: robotsTxt !== null,
    ai_stance: p.stance,
    policy_detail: p.detail,
    ai_openness_score: 0.5,
    policy_completeness: 'moderate',
    confidence: 0.85,
    ai_bots_blocked_count: Object.values(bots).filter((s) => s === 'blocked').length,
    ai_bots_allowed_count: Object.values(bots).filter((s) => s === 'allowed').length,
    ai_bots: bots,
    all_bots: all,
    crawl_rules: {
      crawl_delays: {},
      blocked_paths: ['/'],
      sitemaps_count: 0,
      directives_count: 4,
      has_wildcard_block: false,
    },
    use_case_policies: p.use_cases,
    tos_url: `https://${domain}/terms`,
    tos_ai_stance: 'silent',
    robots_txt: robotsTxt,
    ...over,
  });
}

export function announced(domain: string, over: Partial<AnnouncedRecord> = {}): AnnouncedRecord {
  const base = announcedRecord(domain);
  return announcedRecord(domain, {
    score: 67,
    stance: 'blocks_training',
    purposes: {
      training: purposeOf(false),
      search: purposeOf(null),
      rag: purposeOf(true, ['content_signals']),
      browsing: purposeOf(null),
    },
    signals: { ...base.signals, robots_txt: { found: true, blocks: ['GPTBot'] } },
    audit_id: 'a2',
    ...over,
  });
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
