/**
 * The stance fixture sites (test/fixtures/stance-sites.ts) classify as they say: this is what
 * makes their expected values trustworthy for the integration and end-to-end suites.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../../shared/schemas.js';
import { STANCE_SITES, UNREACHABLE_EXPECTED } from '../../../fixtures/stance-sites.js';
import { buildEvidence, evidenceFromSite, failed } from '../helpers/evidence-builder.js';

describe('stance fixture sites', () => {
  it.each(Object.entries(STANCE_SITES))('%s', (host, s) => {
    const c = classify(evidenceFromSite(host, s.site));
    expect({ stance: c.summary.stance, detail: c.summary.detail, use_cases: c.summary.use_cases }).toEqual({
      stance: s.stance,
      detail: s.detail,
      use_cases: s.use_cases,
    });
    expect(DomainPolicyFoundSchema.parse(c.summary)).toEqual(c.summary);
    FullRecordSchema.omit({ id: true, audit_id: true }).parse(c.full);
    AnnouncedRecordSchema.omit({ audit_id: true }).parse(c.announced);
    // Every site has a homepage with a title and a readable, silent terms page.
    expect(c.full.homepage_status).toBe(200);
    expect(c.summary.site.has_tos).toBe(true);
    expect(c.full.tos_ai_stance).toBe('silent');
  });

  it('unreachable.test (mapped to a closed port) gives UNREACHABLE_EXPECTED', () => {
    const f = failed('connect');
    const c = classify(
      buildEvidence({
        domain: 'unreachable.test',
        homepage: f,
        robots: f,
        llms: f,
        aiTxt: f,
        tdmrep: f,
        agents: f,
        markdown: f,
      }),
    );
    expect({ stance: c.summary.stance, detail: c.summary.detail, use_cases: c.summary.use_cases }).toEqual({
      stance: UNREACHABLE_EXPECTED.stance,
      detail: UNREACHABLE_EXPECTED.detail,
      use_cases: UNREACHABLE_EXPECTED.use_cases,
    });
    expect(c.full.confidence).toBe(0);
  });

  it('covers every detail value except unreachable', () => {
    const details = new Set(Object.values(STANCE_SITES).map((s) => s.detail));
    expect([...details].sort()).toEqual(
      [
        'allows_all',
        'blocks_all_ai',
        'blocks_training',
        'has_llms_txt',
        'has_signals',
        'no_ai_rules',
        'no_robots',
        'robots_blocked',
        'selective',
        'wildcard_block',
      ].sort(),
    );
  });
});
