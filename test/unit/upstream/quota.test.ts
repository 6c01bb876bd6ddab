import { describe, expect, it } from 'vitest';
import { emptyQuota, parseRetryAfter, readQuotaHeaders } from '../../../proxy/upstream/quota.js';
import { toBatchResult } from '../../../proxy/upstream/batch-of-one.js';

describe('upstream quota headers', () => {
  it('reads the seed headers and keeps figures a response does not carry', () => {
    const q = emptyQuota();
    readQuotaHeaders(
      { 'x-ratelimit-limit-minute': '200', 'x-ratelimit-remaining-minute': '17', 'x-ratelimit-remaining-day': '9000' },
      q,
    );
    readQuotaHeaders(
      {
        'x-ratelimit-remaining-minute': '16',
        'x-ratelimit-limit-day': 'lots',
        'x-ratelimit-remaining-month': ['5', '6'],
      },
      q,
    );
    expect(q).toEqual({
      limitMinute: 200,
      remainingMinute: 16,
      limitDay: null,
      remainingDay: 9000,
      limitMonth: null,
      remainingMonth: 5,
    });
  });

  it('parses Retry-After as seconds or an HTTP date (RFC 9110 10.2.3)', () => {
    const now = Date.UTC(2026, 0, 15, 12, 0, 0);
    expect(parseRetryAfter('42', now)).toBe(42);
    expect(parseRetryAfter('Thu, 15 Jan 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('turns single lookups into the batch shape', () => {
    const found = {
      domain: 'a.test',
      found: true as const,
      stance: 'selective' as const,
      detail: 'selective' as const,
      use_cases: { training: 'blocked' as const, search: 'allowed' as const, inference: 'allowed' as const },
      bots: { blocked: ['GPTBot'], allowed: [] },
      signals: {
        robots_txt: true,
        llms_txt: false,
        ai_txt: false,
        tdmrep: false,
        content_signals: false,
        agents_json: false,
      },
      site: {
        ranklist_rank: null,
        cdn: null,
        cms: null,
        behind_cdnvendor: false,
        has_paywall: false,
        has_tos: false,
        tos_url: null,
      },
      last_updated: '2026-01-15T12:00:00Z',
    };
    expect(toBatchResult([found, { domain: 'b.test', found: false, queued: true }])).toEqual({
      domains: [{ domain: 'a.test', found: true, stance: 'selective', use_cases: found.use_cases, bots: found.bots }],
      not_found: ['b.test'],
    });
  });
});
