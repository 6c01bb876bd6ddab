/**
 * One story per site (issue 20): for every stance fixture site, and for the cases of
 * docs/policy.md section 11 as records (terms that forbid AI, a ban on scrapers only, an
 * allow-list, a subdomain without robots.txt), no sentence of any tab nor the badge title
 * contradicts the headline (test/fixtures/contradictions.ts). The end-to-end suites check the
 * same in real Chromium on the fixture sites.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupView } from '../../../extension/components/popup-view.js';
import { badgeFor } from '../../../extension/lib/badge.js';
import * as views from '../../../extension/components/with-full-record.js';
import { readBots } from '../../../shared/reading/read-bots.js';
import type { Extras } from '../../../extension/lib/popup-data.js';
import { normalizeDomain } from '../../../shared/domain.js';
import type { DomainPolicyFound, FullRecord } from '../../../shared/schemas.js';
import { contradictions, type SiteReading } from '../../fixtures/contradictions.js';
import { PERSON_READINGS } from '../../fixtures/person-readings.js';
import { basisOf } from '../../fixtures/records.js';
import { announced, fullRecord, history, policy } from '../helpers/records.js';

afterEach(cleanup);

const USES = ['training', 'search', 'inference'] as const;

function read(
  p: DomainPolicyFound,
  full: FullRecord,
  parent: DomainPolicyFound | null = null,
  past = history(p.domain),
): SiteReading {
  const domain = normalizeDomain(p.domain);
  const extras: Extras = {
    status: { mode: 'embedded', version: '0.1.0', features: { preview: true } },
    full,
    announced: announced(p.domain),
    history: past,
    views,
    bots: readBots(p, full),
    parent: parent ? { domain: normalizeDomain(parent.domain), www: false, policy: parent } : null,
    problem: null,
  };
  const state = { kind: 'found', domain, policy: p, fetchedAt: Date.now(), parent } as const;
  render(<PopupView state={state} extras={extras} />);
  const verdicts = () => USES.map((u) => screen.getByTestId(`verdict-${u}`).textContent);
  const tabs: SiteReading['tabs'] = {};
  let purposes: string[] | undefined;
  for (const name of ['Overview', 'Bots', 'Details', 'Purposes'] as const) {
    fireEvent.click(screen.getByRole('tab', { name }));
    tabs[name] = document.body.textContent!;
    if (name === 'Purposes') purposes = verdicts();
  }
  fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
  return {
    host: p.domain,
    title: badgeFor(state)!.title,
    stance: screen.getByTestId('stance').textContent,
    headline: screen.getByTestId('headline').textContent,
    tabs,
    verdicts: verdicts(),
    purposes,
  };
}

describe('one story on every tab and in the badge title', () => {
  it.each(Object.keys(PERSON_READINGS))('%s', (host) => {
    const p = policy(host);
    expect(contradictions(read(p, fullRecord(host, {}, { basis: p.basis })))).toEqual([]);
  });

  const TERMS = { has_tos: true, tos_url: 'https://terms.test/terms' };
  const site = { ranklist_rank: null, cdn: null, cms: null, behind_cdnvendor: false, has_paywall: false, ...TERMS };

  it('terms that forbid AI training beside a robots.txt without AI rules', () => {
    const p = policy('no-rules.test', {
      site,
      basis: basisOf({ terms: { ai: 'prohibits', automated_access: 'prohibits' } }),
    });
    const full = fullRecord(
      'no-rules.test',
      {},
      {
        basis: p.basis,
        tos_ai_stance: 'prohibits',
        tos_excerpt: 'You may not use the content to train AI models.',
        tos_ai_section: '4.2',
        conflicts: ['tos_prohibits_ai_but_robots_allows'],
      },
    );
    // The history of a site whose checks found no machine-readable AI rule.
    const past = history('no-rules.test');
    past.entries = past.entries.map((e) => ({ ...e, stance: 'no_policy', detail: 'no_ai_rules' }));
    const r = read(p, full, null, past);
    expect(contradictions(r)).toEqual([]);
    expect(r.stance).toBe('Terms prohibit AI');
    expect(r.tabs.Purposes).toContain('No AI rules in robots.txt');
    expect(r.tabs.Overview).toContain(
      'The terms of service forbid using the content to train AI (section 4.2: \u2018You may not use the content to train AI models.\u2019), but robots.txt lets every AI bot in.',
    );
  });

  it('terms that forbid only robots and scrapers', () => {
    const p = policy('no-rules.test', {
      site,
      basis: basisOf({ terms: { ai: 'silent', automated_access: 'prohibits' } }),
    });
    const full = fullRecord(
      'no-rules.test',
      {},
      {
        basis: p.basis,
        tos_ai_stance: 'silent',
        tos_automated_access: 'prohibits',
        tos_automated_access_excerpt: 'You agree not to scrape the Service.',
      },
    );
    const r = read(p, full);
    expect(contradictions(r)).toEqual([]);
    expect(r.tabs.Overview).toContain(
      'The terms forbid robots and scrapers (\u2018You agree not to scrape the Service.\u2019); they say nothing about using the content for AI.',
    );
  });

  it('a subdomain without robots.txt, its parent blocking training', () => {
    const sub = policy('news.training.test', {
      ...policy('no-robots.test'),
      domain: 'news.training.test',
      registrable_domain: 'training.test',
    });
    const r = read(
      sub,
      fullRecord('news.training.test', {}, { basis: sub.basis, robots_txt_status: 'missing', robots_txt: null }),
      policy('training.test'),
    );
    expect(contradictions(r)).toEqual([]);
    expect(r.title).toBe(
      'AI policy of news.training.test: blocks AI training, by robots.txt (line 7), from training.test; news.training.test has no robots.txt of its own',
    );
  });

  it('the checker catches what it is for', () => {
    const ok: SiteReading = {
      host: 'x.test',
      title: 'AI policy of x.test: no AI rules; AI use not restricted',
      stance: 'No AI rules',
      headline: 'robots.txt sets no rule for AI bots, and no other AI rule was found.',
      tabs: { Overview: 'AI training Not restricted' },
      verdicts: ['Not restricted', 'Not restricted', 'Not restricted'],
    };
    expect(contradictions(ok)).toEqual([]);
    expect(
      contradictions({
        ...ok,
        tabs: { Overview: 'Conflict: Terms forbid AI, robots.txt does not. The terms of service prohibit AI use' },
      }),
    ).toHaveLength(2);
    expect(
      contradictions({ ...ok, verdicts: ['Forbidden by the terms', 'Not restricted', 'Not restricted'] }),
    ).toHaveLength(1);
    expect(contradictions({ ...ok, title: 'AI policy of x.test: blocks all AI' })).toHaveLength(1);
    expect(
      contradictions({ ...ok, purposes: ['Not restricted', 'Not restricted', 'Not restricted', 'Not restricted'] }),
    ).toHaveLength(1);
    expect(contradictions({ ...ok, tabs: { Details: 'Selective selective' } })).toHaveLength(1);
  });
});
