/** Component tests of the popup's view (happy-dom + @testing-library/preact). */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupView } from '../../extension/components/popup-view.js';
import { botLists } from '../../extension/lib/bot-groups.js';
import type { Extras } from '../../extension/lib/popup-data.js';
import type { TabState } from '../../extension/lib/session-store.js';
import { normalizeDomain } from '../../shared/domain.js';
import type { DomainPolicyFound, FullRecord } from '../../shared/schemas.js';
import { announced, fullRecord, history, policy } from './helpers/records.js';

afterEach(cleanup);

const found = (p: DomainPolicyFound): TabState => ({ kind: 'found', domain: normalizeDomain(p.domain), policy: p, fetchedAt: Date.now() });
const extrasFor = (p: DomainPolicyFound, full: FullRecord | null, preview = false): Extras => ({
  status: { mode: 'embedded', version: '0.1.0', features: { preview } },
  full,
  announced: preview ? announced(p.domain) : null,
  history: preview ? history(p.domain) : null,
  bots: botLists(p.bots, full, p.path_rules),
  problem: full ? null : 'Cannot reach the AI Policy Lens gateway at http://127.0.0.1:8787: start it with npm start or change the address in the options.',
});

const TRAINING_BOTS = { GPTBot: 'blocked', ClaudeBot: 'blocked', 'Google-Extended': 'blocked', CCBot: 'blocked', 'OAI-SearchBot': 'allowed', PerplexityBot: 'allowed' } as const;

describe('popup: a found record', () => {
  const p = policy('training.test', {
    bots: { blocked: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot'], allowed: [] },
    site: { ranklist_rank: 1234, cdn: 'Cloudflare', cms: 'WordPress', behind_cdnvendor: true, has_paywall: false, has_tos: true, tos_url: 'https://training.test/terms' },
  });

  it('shows domain, stance and detail in words, and each verdict with text', () => {
    render(<PopupView state={found(p)} extras={null} />);
    expect(screen.getByTestId('domain').textContent).toBe('training.test');
    expect(screen.getByTestId('stance').textContent).toBe('Blocks AI training');
    // The detail's words equal the stance's here, so they are not repeated.
    expect(screen.queryByTestId('detail')).toBeNull();
    expect(screen.getByTestId('verdict-training').textContent).toBe('Blocked');
    expect(screen.getByTestId('verdict-search').textContent).toBe('Allowed');
    expect(screen.getByTestId('verdict-inference').textContent).toBe('Allowed');
    const list = screen.getByRole('list', { name: 'Verdict per use' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AI trainingBlocked', 'AI searchAllowed', 'AI answersAllowed']);
  });

  it('names the finer detail when it differs from the stance', () => {
    render(<PopupView state={found(policy('wildcard.test'))} extras={null} />);
    expect(screen.getByTestId('stance').textContent).toBe('Blocks all AI');
    expect(screen.getByTestId('detail').textContent).toBe(' · Blocks all bots');
  });

  it('lists the standards found and the site facts', () => {
    render(<PopupView state={found({ ...p, signals: { ...p.signals, llms_txt: true, content_signals: true } })} extras={null} />);
    expect(within(screen.getByTestId('standards')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['robots.txt', 'llms.txt', 'Content Signals']);
    const facts = screen.getByTestId('facts').textContent!;
    expect(facts).toContain('#1,234');
    expect(facts).toContain('Cloudflare (proxied)');
    expect(facts).toContain('WordPress');
    expect(screen.getByRole('link', { name: 'Found' }).getAttribute('href')).toBe('https://training.test/terms');
  });

  it('leaves out a site fact the gateway did not send, rather than failing to render', () => {
    const { ranklist_rank: _, ...site } = p.site;
    render(<PopupView state={found({ ...p, site: site as typeof p.site })} extras={null} />);
    expect(screen.getByTestId('facts').textContent).not.toContain('Popularity rank');
    expect(screen.getByTestId('verdict-training').textContent).toBe('Blocked');
  });

  it('says when the crawl is fresh, and warns when it is older than 30 days', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    render(<PopupView state={found({ ...p, last_updated: '2026-02-28T00:00:00Z' })} extras={null} now={now} />);
    expect(screen.getByTestId('crawl-time').textContent).toBe('Checked yesterday.');
    cleanup();
    render(<PopupView state={found({ ...p, last_updated: '2026-01-01T00:00:00Z' })} extras={null} now={now} />);
    expect(screen.getByTestId('crawl-time').textContent).toMatch(/^Checked 59 days ago\. This is more than 30 days old/);
  });

  it('groups blocked and allowed bots by operator, with what each is for', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, fullRecord('training.test', TRAINING_BOTS))} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    const blocked = screen.getByTestId('blocked-bots');
    const groups = within(blocked).getAllByText(/^(OpenAI|Anthropic|Google|Common Crawl)$/).map((e) => e.textContent);
    expect(groups).toEqual(['OpenAI', 'Anthropic', 'Google', 'Common Crawl']);
    expect(blocked.textContent).toContain('GPTBot · AI training');
    expect(blocked.textContent).toContain('Collects pages to train OpenAI models.');
    // robots.txt of training.test names neither OAI-SearchBot nor PerplexityBot: not "explicitly allowed".
    expect(screen.queryByTestId('allowed-bots')).toBeNull();
    expect(screen.queryByTestId('wildcard-note')).toBeNull();
  });

  it('says when bots are blocked only by the rule for all crawlers', () => {
    const w = policy('wildcard.test', { bots: { blocked: ['GPTBot', 'ClaudeBot', 'CCBot'], allowed: [] } });
    render(<PopupView state={found(w)} extras={extrasFor(w, fullRecord('wildcard.test', { GPTBot: 'blocked', ClaudeBot: 'blocked', CCBot: 'blocked' }))} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    expect(screen.getByTestId('wildcard-note').textContent).toMatch(/^3 AI bots are blocked only because the robots.txt group User-agent: \* disallows the whole site/);
    expect(screen.queryByTestId('blocked-bots')).toBeNull();
  });

  it('counts a bot as named exactly as the classifier does (colon-less line, trailing *)', () => {
    const robots = 'User-agent GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot*\nDisallow: /\n\nUser-agent: *\nDisallow: /\n';
    const n = policy('training.test', { bots: { blocked: ['GPTBot', 'ClaudeBot', 'CCBot'], allowed: [] } });
    const full = fullRecord('training.test', { GPTBot: 'blocked', ClaudeBot: 'blocked', CCBot: 'blocked' }, { robots_txt: robots });
    render(<PopupView state={found(n)} extras={extrasFor(n, full)} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    const named = screen.getByTestId('blocked-bots').textContent!;
    expect(named).toContain('GPTBot');
    expect(named).toContain('ClaudeBot');
    expect(named).not.toContain('CCBot');
    expect(screen.getByTestId('wildcard-note').textContent).toMatch(/^1 AI bots are blocked only because/);
    expect(screen.getByTestId('wildcard-bots').textContent).toContain('CCBot');
  });

  it('shows explicitly allowed bots of allows.test', () => {
    const a = policy('allows.test', { bots: { blocked: [], allowed: ['GPTBot', 'OAI-SearchBot'] } });
    render(<PopupView state={found(a)} extras={extrasFor(a, fullRecord('allows.test', { GPTBot: 'allowed', 'OAI-SearchBot': 'allowed', ClaudeBot: 'allowed' }))} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Bots' }));
    const allowed = screen.getByTestId('allowed-bots').textContent!;
    expect(allowed).toContain('GPTBot');
    expect(allowed).toContain('OAI-SearchBot · AI search');
    expect(allowed).not.toContain('ClaudeBot');
  });

  it('explains conflicts and warnings', () => {
    const full = fullRecord('training.test', TRAINING_BOTS, { conflicts: ['robots_blocks_ai_but_tos_allows_or_silent'], warnings: ['obsolete_tokens_only'] });
    render(<PopupView state={found(p)} extras={extrasFor(p, full)} />);
    const issues = screen.getByTestId('issues').textContent!;
    expect(issues).toContain('Conflict: robots.txt and terms disagree.');
    expect(issues).toContain('the terms of service allow AI use or say nothing about it');
    expect(issues).toContain('Warning: Rules for retired bots.');
  });

  it('shows a warning this version has no words for as the gateway sent it', () => {
    const full = fullRecord('training.test', TRAINING_BOTS, { warnings: ['some_future_warning'] });
    render(<PopupView state={found(p)} extras={extrasFor(p, full)} />);
    expect(screen.getByTestId('issues').textContent).toBe('Warning: some_future_warning. ');
  });

  it('the details view shows the robots.txt lines behind the verdicts', () => {
    const full = fullRecord('training.test', TRAINING_BOTS, {
      explanations: [{ subject: 'training', value: 'blocked', source: 'robots_txt', line: 6, evidence: 'User-agent: GPTBot', reason: 'GPTBot, a key training bot, is disallowed from /.' }],
    });
    render(<PopupView state={found(p)} extras={extrasFor(p, full)} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    const why = screen.getByTestId('explanations').textContent!;
    expect(why).toContain('training: blocked');
    expect(why).toContain('robots.txt, line 6');
    expect(why).toContain('User-agent: GPTBot');
    expect(screen.getByTestId('robots-raw').textContent).toContain('6User-agent: GPTBot');
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

  it('offers purposes and history only when the gateway has preview features', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, fullRecord('training.test', TRAINING_BOTS), false)} />);
    expect(screen.queryByRole('tab', { name: 'Purposes' })).toBeNull();
    cleanup();
    render(<PopupView state={found(p)} extras={extrasFor(p, fullRecord('training.test', TRAINING_BOTS), true)} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Purposes' }));
    expect(within(screen.getByTestId('purposes')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'AI trainingNot allowed (robots.txt)',
      'AI searchNothing expressed',
      'AI answersAllowed (content signals)',
      'AI agent browsingNothing expressed',
    ]);
    const h = screen.getByTestId('history').textContent!;
    expect(h).toContain('started blocking GPTBot');
    expect(h).toContain('training: allowed → blocked');
    expect(h).toContain('First check.');
  });

  it('says why details are missing when the full record failed', () => {
    render(<PopupView state={found(p)} extras={extrasFor(p, null)} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByText(/Cannot reach the AI Policy Lens gateway/)).toBeTruthy();
  });
});

describe('popup: states without a record', () => {
  it('queued: says the check is running and updates by itself', () => {
    render(<PopupView state={{ kind: 'queued', domain: normalizeDomain('new-site.test'), since: Date.now() }} extras={null} />);
    const s = screen.getByTestId('queued');
    expect(s.getAttribute('role')).toBe('status');
    expect(s.textContent).toContain('Checking new-site.test…');
    expect(s.textContent).toContain('update by themselves');
  });

  it('error: says what to do and links to the options', () => {
    const advice = 'Cannot reach the AI Policy Lens gateway at http://127.0.0.1:8787: start it with npm start or change the address in the options.';
    render(<PopupView state={{ kind: 'error', domain: normalizeDomain('a.test'), failure: { ok: false, kind: 'unreachable', message: 'x' }, advice }} extras={null} />);
    expect(screen.getByRole('alert').textContent).toContain(advice);
    expect(screen.getByRole('link', { name: 'Open the options' }).getAttribute('href')).toBe('/options.html');
  });

  it('no page: explains that browser pages have no policy', () => {
    render(<PopupView state={{ kind: 'no-page' }} extras={null} />);
    expect(screen.getByTestId('no-page').textContent).toContain('Browser pages, local files');
  });
});
