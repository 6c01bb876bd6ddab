/** Component tests of the popup's view (happy-dom + @testing-library/preact). */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupView } from '../../../extension/components/popup-view.js';
import * as views from '../../../extension/components/with-full-record.js';
import { readBots } from '../../../shared/reading/read-bots.js';
import type { Extras } from '../../../extension/lib/popup-data.js';
import type { TabState } from '../../../extension/lib/session-store.js';
import { normalizeDomain } from '../../../shared/domain.js';
import type { DomainPolicyFound, FullRecord, PathRules } from '../../../shared/schemas.js';
import { IDENTIFIER_PATTERN, PERSON_READINGS } from '../../fixtures/person-readings.js';
import { announced, fullRecord, history, policy } from '../helpers/records.js';

afterEach(cleanup);

const found = (p: DomainPolicyFound): TabState => ({
  kind: 'found',
  domain: normalizeDomain(p.domain),
  policy: p,
  fetchedAt: Date.now(),
});
const extrasFor = (p: DomainPolicyFound, full: FullRecord | null, preview = false): Extras => ({
  status: { mode: 'embedded', version: '0.1.0', features: { preview } },
  full,
  announced: preview ? announced(p.domain) : null,
  history: preview ? history(p.domain) : null,
  views,
  bots: readBots(p, full),
  parent: null,
  problem: full
    ? null
    : 'Cannot reach the AI Policy Lens gateway at http://127.0.0.1:8787: start it with npm start or change the address in the options.',
});

const TRAINING_RULES = {
  groups: [
    {
      agents: ['*'],
      rules: [
        [0, '/wp-admin/', 2],
        [1, '/wp-admin/admin-ajax.php', 3],
      ],
    },
    { agents: ['gptbot'], rules: [[0, '/', 7]] },
    { agents: ['claudebot'], rules: [[0, '/', 10]] },
    { agents: ['google-extended'], rules: [[0, '/', 13]] },
    { agents: ['ccbot'], rules: [[0, '/', 16]] },
  ],
  truncated: false,
} satisfies PathRules;

const TRAINING_BOTS = {
  GPTBot: 'blocked',
  ClaudeBot: 'blocked',
  'Google-Extended': 'blocked',
  CCBot: 'blocked',
  'OAI-SearchBot': 'allowed',
  PerplexityBot: 'allowed',
} as const;

describe('popup: a found record', () => {
  const p = policy('training.test', {
    bots: { blocked: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot'], allowed: [] },
    site: {
      ranklist_rank: 1234,
      cdn: 'Cloudflare',
      cms: 'WordPress',
      behind_cdnvendor: true,
      has_paywall: false,
      has_tos: true,
      tos_url: 'https://training.test/terms',
    },
    path_rules: TRAINING_RULES,
  });

  it('shows domain and headline in words, each verdict with text and what decided it', () => {
    render(<PopupView state={found(p)} extras={null} />);
    expect(screen.getByTestId('domain').textContent).toBe('training.test');
    expect(screen.getByTestId('stance').textContent).toBe('Blocks AI training');
    expect(screen.getByTestId('headline').textContent).toBe(
      'The site refuses the use of its content to train AI models.',
    );
    expect(screen.getByTestId('verdict-training').textContent).toBe('Blocked');
    expect(screen.getByTestId('because-training').textContent).toBe('by robots.txt (line 7)');
    // Silence is not permission (issue 10 item 3).
    expect(screen.getByTestId('verdict-search').textContent).toBe('Not restricted');
    expect(screen.getByTestId('verdict-inference').textContent).toBe('Not restricted');
    const list = screen.getByRole('list', { name: 'Verdict per use' });
    expect(list.querySelectorAll('.verdict-neutral')).toHaveLength(2);
    expect(list.querySelectorAll('.verdict-allowed')).toHaveLength(0);
  });

  it('only an explicit allow is green "Allowed"', () => {
    render(<PopupView state={found(policy('allows.test'))} extras={null} />);
    expect(screen.getByTestId('verdict-training').textContent).toBe('Allowed');
    expect(screen.getByTestId('because-training').textContent).toBe('by robots.txt (line 4)');
    expect(screen.getByTestId('verdict-inference').textContent).toBe('Not restricted');
    expect(screen.getByTestId('verdict-training').closest('li')!.className).toContain('verdict-allowed');
  });

  it('without a basis an allow cannot be told explicit: "Not restricted"', () => {
    render(<PopupView state={found(policy('allows.test', { basis: undefined }))} extras={null} />);
    expect(screen.getByTestId('verdict-training').textContent).toBe('Not restricted');
  });

  it('an unread robots.txt: Unknown everywhere, never "no robots.txt", no score', () => {
    const r = policy('robots-blocked.test', { signals: { ...p.signals, robots_txt: false } });
    const full = fullRecord(
      'robots-blocked.test',
      {},
      { robots_txt_status: 'blocked', robots_txt: null, ai_openness_score: 0.5, basis: r.basis },
    );
    render(<PopupView state={found(r)} extras={extrasFor(r, full, true)} />);
    expect(screen.getByTestId('stance').textContent).toBe('Unknown');
    expect(screen.getByTestId('headline').textContent).toBe(
      'robots.txt could not be read (HTTP 403, access refused), so the site\u2019s AI rules are not known.',
    );
    expect(screen.getByTestId('verdict-training').textContent).toBe('Unknown');
    // Said once in the headline and once under Standards found, not again on each verdict.
    expect(screen.queryByTestId('because-training')).toBeNull();
    expect(screen.getByRole('tabpanel').textContent.split('robots.txt could not be read').length - 1).toBe(1);
    expect(screen.getByTestId('robots-state').textContent).toBe(
      'robots.txt could not be read (HTTP 403, access refused).',
    );
    // Nothing else found is not "no AI rule of any kind": the robots.txt rules are unknown.
    expect(screen.getByTestId('standards-none').textContent).toBe('No other AI file or tag was found.');
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    expect(screen.getByTestId('no-bots').textContent).toBe(
      'robots.txt could not be read (HTTP 403, access refused). Which AI bots it blocks is not known.',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByTestId('scores').textContent).toContain('No openness score');
    fireEvent.click(screen.getByRole('tab', { name: 'Purposes' }));
    expect(screen.getByTestId('openness').textContent).toContain('No openness score');
    expect(document.body.textContent).not.toMatch(/no robots\.txt|names no AI bot|\d+ \/ 100/i);
  });

  it('names the signal that decided, in Standards found too', () => {
    render(<PopupView state={found(policy('meta-noai.test'))} extras={null} />);
    expect(screen.getByTestId('because-training').textContent).toBe('by the homepage\u2019s noai tag');
    const chips = within(screen.getByTestId('standards'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(chips).toEqual(['robots.txt', 'Page noai tag · decides AI training']);
  });

  it('reads out what a Content-Signal said, not what the standard is', () => {
    render(<PopupView state={found(policy('signal-training.test'))} extras={null} />);
    expect(screen.getByTestId('because-training').textContent).toBe('by a Content-Signal in robots.txt (line 2)');
    expect(screen.getByTestId('verdict-search').textContent).toBe('Allowed');
    expect(screen.getByTestId('signal-values').textContent).toBe('Content-Signal: AI training no, search yes');
    expect(document.body.textContent).not.toMatch(/ai-train|ai-input/);
  });

  it('an llms.txt alone says what it is, not "welcomes AI"', () => {
    render(
      <PopupView state={found(policy('llms.test', { signals: { ...p.signals, llms_txt: true } }))} extras={null} />,
    );
    expect(screen.getByTestId('stance').textContent).toBe('No AI rules');
    expect(screen.getByTestId('headline').textContent).toBe(
      'Publishes an llms.txt guide for AI tools; no AI rules in robots.txt.',
    );
    expect(document.body.textContent).not.toMatch(/welcome/i);
  });

  it('shows an IDN host in Unicode, its punycode only in Details', () => {
    const b = policy('xn--bcher-kva.test');
    render(
      <PopupView
        state={found(b)}
        extras={extrasFor(b, fullRecord('xn--bcher-kva.test', { GPTBot: 'blocked', CCBot: 'blocked' }))}
      />,
    );
    expect(screen.getByTestId('domain').textContent).toBe('bücher.test');
    expect(screen.getByRole('tabpanel').textContent).not.toContain('xn--');
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByTestId('read').textContent).toContain('xn--bcher-kva.test');
  });

  it('lists the site facts', () => {
    render(<PopupView state={found(p)} extras={null} />);
    const facts = screen.getByTestId('facts').textContent;
    expect(facts).toContain('#1,234');
    expect(facts).toContain('Cloudflare (proxied)');
    expect(facts).toContain('WordPress');
    expect(screen.getByRole('link', { name: 'Found' }).getAttribute('href')).toBe('https://training.test/terms');
  });

  it('says what became of terms that were not read: being read, linked but not read, not fetched and why; "None linked" only when the homepage linked none', () => {
    const termsFact = (site: Partial<typeof p.site>, basis = p.basis) => {
      cleanup();
      render(<PopupView state={found({ ...p, site: { ...p.site, ...site }, basis })} extras={null} />);
      return screen.getByTestId('facts').textContent;
    };
    const unread = { has_tos: false, tos_url: null };
    expect(termsFact({ has_tos: false }, { ...p.basis!, terms_pending: true })).toContain(
      'Terms of serviceBeing read\u2026',
    );
    expect(termsFact({ has_tos: false })).toContain('Terms of serviceLinked, not read');
    expect(
      termsFact(unread, { ...p.basis!, robots_txt: { status: 'error', http_status: 503, problem: 'server_error' } }),
    ).toContain('Terms of serviceNot fetched: robots.txt could not be read');
    expect(
      termsFact(unread, { ...p.basis!, robots_txt: { status: 'blocked', http_status: 429, problem: 'rate_limited' } }),
    ).toContain('Terms of serviceNot fetched: robots.txt could not be read');
    // A 403 robots.txt lets the homepage be read (RFC 9309 2.3.1.3): no link there is "None linked".
    expect(
      termsFact(unread, { ...p.basis!, robots_txt: { status: 'blocked', http_status: 403, problem: 'refused' } }),
    ).toContain('Terms of serviceNone linked from the homepage');
    expect(termsFact(unread)).toContain('Terms of serviceNone linked from the homepage');
    expect(document.body.textContent).not.toMatch(/None found|no answer/);
  });

  it('an early answer (terms still being read) shows its verdicts and waits for the details', () => {
    render(
      <PopupView
        state={found({ ...p, basis: { ...p.basis!, terms_pending: true }, site: { ...p.site, has_tos: false } })}
        extras={null}
      />,
    );
    expect(screen.getByTestId('stance').textContent).toBe('Blocks AI training');
    expect(screen.getByTestId('verdict-training').textContent).toBe('Blocked');
    expect(screen.getByTestId('facts').textContent).toContain('Being read\u2026');
  });

  it('leaves out a site fact the gateway did not send, rather than failing to render', () => {
    const { ranklist_rank: _, ...site } = p.site;
    render(<PopupView state={found({ ...p, site: site as typeof p.site })} extras={null} />);
    expect(screen.getByTestId('facts').textContent).not.toContain('Popularity rank');
    expect(screen.getByTestId('verdict-training').textContent).toBe('Blocked');
  });

  it('says when the crawl is fresh, in the given language, and warns when it is older than 30 days', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    render(
      <PopupView state={found({ ...p, last_updated: '2026-02-28T00:00:00Z' })} extras={null} now={now} locale="en" />,
    );
    expect(screen.getByTestId('crawl-time').textContent).toBe('Checked yesterday.');
    cleanup();
    render(
      <PopupView state={found({ ...p, last_updated: '2026-02-28T00:00:00Z' })} extras={null} now={now} locale="de" />,
    );
    expect(screen.getByTestId('crawl-time').textContent).toMatch(/^Checked gestern\./);
    cleanup();
    render(
      <PopupView state={found({ ...p, last_updated: '2026-01-01T00:00:00Z' })} extras={null} now={now} locale="en" />,
    );
    expect(screen.getByTestId('crawl-time').textContent).toMatch(
      /^Checked 59 days ago\. This is more than 30 days old/,
    );
  });

  it('says when the last check failed and which result is shown', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const failed = {
      ...p,
      last_updated: '2026-02-27T12:00:00Z',
      basis: {
        ...p.basis!,
        last_check: { failed_at: '2026-03-01T11:55:00Z', cause: 'timed out', next_retry: '2026-03-01T12:55:00Z' },
      },
    };
    render(<PopupView state={found(failed)} extras={null} now={now} locale="en" />);
    expect(screen.getByTestId('last-check').textContent).toBe(
      'The last check failed 5 minutes ago (timed out); showing the result from 2 days ago. Next try in 55 minutes.',
    );
  });

  it('groups blocked bots by operator, with what each is for', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, fullRecord('training.test', TRAINING_BOTS))} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    const blocked = screen.getByTestId('blocked-bots');
    const groups = within(blocked)
      .getAllByText(/^(OpenAI|Anthropic|Google|Common Crawl)$/)
      .map((e) => e.textContent);
    expect(groups).toEqual(['OpenAI', 'Anthropic', 'Google', 'Common Crawl']);
    expect(blocked.textContent).toContain('GPTBot · AI training');
    expect(blocked.textContent).toContain('Collects pages to train OpenAI models.');
    expect(screen.queryByTestId('allowed-bots')).toBeNull();
    expect(screen.queryByTestId('wildcard-note')).toBeNull();
  });

  it("says when bots are blocked only by the rule for all crawlers (from the answer's path rules)", () => {
    const w = policy('wildcard.test', {
      bots: { blocked: ['GPTBot', 'ClaudeBot', 'CCBot'], allowed: [] },
      path_rules: { groups: [{ agents: ['*'], rules: [[0, '/', 2]] }], truncated: false },
    });
    render(
      <PopupView
        state={found(w)}
        extras={extrasFor(
          w,
          fullRecord('wildcard.test', { GPTBot: 'blocked', ClaudeBot: 'blocked', CCBot: 'blocked' }),
        )}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    expect(screen.getByTestId('wildcard-note').textContent).toMatch(
      /^3 AI bots are blocked by the rule for every crawler \(User-agent: \*\), which closes the whole site/,
    );
    expect(screen.queryByTestId('blocked-bots')).toBeNull();
  });

  it('counts a bot as named when a group of the path rules names it', () => {
    const n = policy('training.test', {
      bots: { blocked: ['GPTBot', 'ClaudeBot', 'CCBot'], allowed: [] },
      path_rules: {
        groups: [
          { agents: ['gptbot'], rules: [[0, '/', 2]] },
          { agents: ['claudebot'], rules: [[0, '/', 5]] },
          { agents: ['*'], rules: [[0, '/', 8]] },
        ],
        truncated: false,
      },
    });
    render(
      <PopupView
        state={found(n)}
        extras={extrasFor(
          n,
          fullRecord('training.test', { GPTBot: 'blocked', ClaudeBot: 'blocked', CCBot: 'blocked' }),
        )}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    const named = screen.getByTestId('blocked-bots').textContent;
    expect(named).toContain('GPTBot');
    expect(named).toContain('ClaudeBot');
    expect(named).not.toContain('CCBot');
    expect(screen.getByTestId('wildcard-note').textContent).toMatch(
      /^One AI bot is blocked by the rule for every crawler/,
    );
    expect(screen.getByTestId('wildcard-bots').textContent).toContain('CCBot');
  });

  it('shows explicitly allowed bots of allows.test', () => {
    const a = policy('allows.test', { bots: { blocked: [], allowed: ['GPTBot', 'OAI-SearchBot'] } });
    render(
      <PopupView
        state={found(a)}
        extras={extrasFor(
          a,
          fullRecord('allows.test', { GPTBot: 'allowed', 'OAI-SearchBot': 'allowed', ClaudeBot: 'allowed' }),
        )}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    const allowed = screen.getByTestId('allowed-bots').textContent;
    expect(allowed).toContain('GPTBot');
    expect(allowed).toContain('OAI-SearchBot · AI search');
    expect(allowed).not.toContain('ClaudeBot');
  });

  it('terms silent on AI are a note, terms that permit AI a conflict', () => {
    const silent = fullRecord('training.test', TRAINING_BOTS, {
      conflicts: ['robots_blocks_ai_but_tos_allows_or_silent'],
      warnings: ['obsolete_tokens_only'],
      tos_ai_stance: 'silent',
    });
    render(<PopupView state={found(p)} extras={extrasFor(p, silent)} />);
    const issues = screen.getByTestId('issues');
    // The record does not say whether the terms name AI: "no clause on AI use", never "do not mention AI".
    expect(issues.textContent).toContain('The terms of service say nothing about using the content for AI.');
    expect(issues.textContent).not.toContain('Conflict');
    // A fact about the file, not a danger: a note.
    expect(issues.textContent).toContain(
      'Some rules name only retired bot names, such as anthropic-ai or Claude-Web; they block no crawler that still runs.',
    );
    expect(issues.textContent).not.toContain('Warning');
    cleanup();
    render(<PopupView state={found(p)} extras={extrasFor(p, { ...silent, tos_ai_stance: 'permits' })} />);
    expect(screen.getByTestId('issues').textContent).toContain(
      'Conflict: robots.txt and terms disagree. robots.txt restricts AI bots, but the terms of service allow AI use.',
    );
  });

  it('a warning this version has no words for is shown in general words, never its identifier', () => {
    const full = fullRecord('training.test', TRAINING_BOTS, { warnings: ['some_future_warning'] });
    render(<PopupView state={found(p)} extras={extrasFor(p, full)} />);
    expect(screen.getByTestId('issues').textContent).toBe(
      'A file of the site has something this version cannot describe.',
    );
  });

  it('the details view shows the signals behind each verdict, with the line, and the raw robots.txt', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, fullRecord('training.test', TRAINING_BOTS))} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    const why = screen.getByTestId('explanations').textContent;
    expect(why).toContain('AI training: Blocked');
    expect(why).toContain('robots.txt (line 7), in the rules for gptbotDisallow: /');
    expect(why).toContain('AI search: Not restricted');
    expect(screen.getByTestId('robots-raw').textContent).toContain('7Disallow: /');
  });

  it('tabs work from the keyboard (arrow keys, Home, End)', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, fullRecord('training.test', TRAINING_BOTS))} />);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    overview.focus();
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Bots' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Bots' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('tab-overview');
  });

  it('offers purposes and history only when the gateway has preview features: the same three uses as Overview, partial "Partly blocked"', () => {
    const s = policy('selective.test');
    render(<PopupView state={found(s)} extras={extrasFor(s, fullRecord('selective.test', TRAINING_BOTS), false)} />);
    expect(screen.queryByRole('tab', { name: 'Purposes' })).toBeNull();
    cleanup();
    render(
      <PopupView
        state={found(s)}
        extras={extrasFor(s, fullRecord('selective.test', TRAINING_BOTS), true)}
        locale="en"
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Purposes' }));
    expect(
      within(screen.getByTestId('purposes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'AI trainingPartly blockedby robots.txt (line 2)',
      'AI searchNot restricted',
      'AI answersNot restricted',
    ]);
    expect(document.body.textContent).not.toMatch(/can only say yes or no|AI agents/);
    const h = screen.getByTestId('history').textContent;
    expect(h).toContain('started blocking GPTBot');
    expect(h).toContain('First check.');
    expect(h).toContain('Jan 20, 2026');
  });

  it('says why details are missing when the full record failed', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, null)} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByText(/Cannot reach the AI Policy Lens gateway/)).toBeTruthy();
  });

  it.each(Object.keys(PERSON_READINGS))('%s: no identifier in any tab', (host) => {
    const q = policy(host);
    render(
      <PopupView
        state={found(q)}
        extras={extrasFor(
          q,
          fullRecord(host, TRAINING_BOTS, { conflicts: ['robots_blocks_ai_but_tos_allows_or_silent'], basis: q.basis }),
          true,
        )}
      />,
    );
    const person = PERSON_READINGS[host]!;
    expect(screen.getByTestId('stance').textContent).toBe(person.label);
    expect(['training', 'search', 'inference'].map((u) => screen.getByTestId(`verdict-${u}`).textContent)).toEqual(
      person.verdicts,
    );
    for (const name of ['Overview', 'Bots', 'Purposes']) {
      fireEvent.click(screen.getByRole('tab', { name }));
      expect(document.body.textContent).not.toMatch(IDENTIFIER_PATTERN);
    }
  });
});

describe('popup: states without a record', () => {
  it('queued: says the check is running and updates by itself', () => {
    render(
      <PopupView
        state={{ kind: 'queued', domain: normalizeDomain('new-site.test'), since: Date.now() }}
        extras={null}
      />,
    );
    const s = screen.getByTestId('queued');
    expect(s.getAttribute('role')).toBe('status');
    expect(s.textContent).toContain('Checking new-site.test…');
    expect(s.textContent).toContain('update by themselves');
  });

  it('error: says what to do and links to the options', () => {
    const advice =
      'Cannot reach the AI Policy Lens gateway at http://127.0.0.1:8787: start it with npm start or change the address in the options.';
    render(
      <PopupView
        state={{
          kind: 'error',
          domain: normalizeDomain('a.test'),
          failure: { ok: false, kind: 'unreachable', message: 'x' },
          advice,
        }}
        extras={null}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(advice);
    expect(screen.getByRole('link', { name: 'Open the options' }).getAttribute('href')).toBe('/options.html');
  });

  it('no page: explains that browser pages have no policy', () => {
    render(<PopupView state={{ kind: 'no-page' }} extras={null} />);
    expect(screen.getByTestId('no-page').textContent).toContain('Browser pages, local files');
  });
});
