// @vitest-environment node
/**
 * The background's behaviour through its real entry point: listeners registered by
 * background.main() on WXT's fake browser, answers from a real HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import background from '../../../extension/entrypoints/background.js';
import { POLL_ALARM } from '../../../extension/lib/poller.js';
import { ANSWER_TTL_MS, answers, pendings, tabStates } from '../../../extension/lib/session-store.js';
import { settingsItem } from '../../../extension/lib/settings.js';
import { BADGE_VIEW, badgeTitle } from '../../../shared/labels.js';
import { normalizeDomain } from '../../../shared/domain.js';
import { PERSON_READINGS } from '../../fixtures/person-readings.js';
import { STANCE_SITES } from '../../fixtures/stance-sites.js';
import { closedPortUrl, startFakeGateway, type FakeGateway } from '../helpers/fake-gateway.js';
import { basisOf } from '../../fixtures/records.js';
import { policy } from '../helpers/records.js';

let gw: FakeGateway;
beforeAll(async () => void (gw = await startFakeGateway()));
afterAll(() => gw.close());

beforeEach(async () => {
  fakeBrowser.reset();
  gw.routes.clear();
  gw.seen.length = 0;
  for (const host of Object.keys(STANCE_SITES)) gw.routes.set(`/v1/domain/${host}`, { body: policy(host) });
  await settingsItem.setValue({ gatewayUrl: gw.url, token: '' });
  background.main();
});

const action = fakeBrowser.action;
const rgba = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);
const lookups = () => gw.seen.filter((r) => r.path.startsWith('/v1/domain/'));

async function visit(url: string, tabId?: number): Promise<number> {
  const id = tabId ?? (await fakeBrowser.tabs.create({ url: 'about:blank' })).id!;
  await fakeBrowser.tabs.update(id, { url });
  return id;
}

/** Waits for the badge text the listeners set (they run after the event, not inside it). */
const badgeBecomes = (tabId: number, text: string, opts: { timeout?: number; interval?: number } = {}) =>
  vi.waitFor(async () => expect(await action.getBadgeText({ tabId })).toBe(text), opts);

async function badge(tabId: number) {
  return {
    text: await action.getBadgeText({ tabId }),
    color: await action.getBadgeBackgroundColor({ tabId }),
    title: await action.getTitle({ tabId }),
  };
}

describe('badge per stance', () => {
  it.each(Object.entries(STANCE_SITES))('%s shows its stance in text, colour and title', async (host, site) => {
    const tabId = await visit(`https://${host}/articles/2026/private-page?user=me#top`);
    const person = PERSON_READINGS[host]!;
    const view = BADGE_VIEW[person.badge];
    await badgeBecomes(tabId, view.text);
    const shown = await badge(tabId);
    expect({ text: shown.text, color: shown.color }).toEqual({ text: view.text, color: rgba(view.color) });
    expect(shown.title).toMatch(person.title);
    // Only the host name left the browser.
    expect(lookups().map((r) => r.path)).toEqual([`/v1/domain/${host}`]);
    expect(JSON.stringify(gw.seen)).not.toMatch(/private-page|user=me|articles/);
    const state = await tabStates.get(tabId);
    expect(state?.kind === 'found' && state.policy.stance).toBe(site.stance);
  });

  it('names its install with a random id made once, the same on every request', async () => {
    await badgeBecomes(await visit('https://training.test/'), 'Tr×');
    await badgeBecomes(await visit('https://allows.test/'), 'Yes');
    const ids = lookups().map((r) => r.headers['x-ai-policy-lens-install']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('says the stance in words a screen reader can read, naming what decided', async () => {
    const tabId = await visit('https://training.test/');
    await vi.waitFor(async () =>
      expect(await action.getTitle({ tabId })).toBe(
        'AI policy of training.test: blocks AI training, by robots.txt (line 7)',
      ),
    );
  });

  it('an unread robots.txt is "unknown", never "no AI rules" or "no robots.txt"', async () => {
    const tabId = await visit('https://robots-blocked.test/');
    await badgeBecomes(tabId, '?');
    const title = await action.getTitle({ tabId });
    expect(title).toBe(
      'AI policy of robots-blocked.test: unknown: robots.txt could not be read (HTTP 403, access refused)',
    );
    expect(title).not.toMatch(/no robots|no AI rules/i);
  });

  it('without a basis (a foreign upstream) silence is "not restricted" and an unread robots.txt still "unknown"', async () => {
    gw.routes.set('/v1/domain/allows.test', { body: policy('allows.test', { basis: undefined }) });
    gw.routes.set('/v1/domain/server-error.test', {
      body: policy('server-error.test', {
        basis: undefined,
        signals: { ...policy('x.test').signals, robots_txt: false },
      }),
    });
    const a = await visit('https://allows.test/');
    await badgeBecomes(a, 'Yes');
    const b = await visit('https://server-error.test/');
    await badgeBecomes(b, '?');
    expect(await action.getTitle({ tabId: b })).toBe(
      'AI policy of server-error.test: unknown: robots.txt could not be read',
    );
  });

  it('says where this page is treated differently from the site, judged in the browser', async () => {
    const rules = {
      groups: [{ agents: ['gptbot', 'claudebot', 'google-extended', 'ccbot'], rules: [[0, '/articles/', 5]] }],
      truncated: false,
    } as const;
    gw.routes.set('/v1/domain/paths.test', {
      body: policy('paths.test', {
        stance: 'selective',
        detail: 'selective',
        use_cases: { training: 'partial', search: 'allowed', inference: 'allowed' },
        basis: basisOf(),
        path_rules: rules as never,
      }),
    });
    const tabId = await visit('https://paths.test/articles/2026/story?utm=x');
    await badgeBecomes(tabId, 'Mix');
    expect(await action.getTitle({ tabId })).toBe(
      'AI policy of paths.test: restricts some AI uses (AI training partly blocked). This page: AI training blocked, by robots.txt (line 5); the site as a whole: selective',
    );
    expect(lookups().map((r) => r.path)).toEqual(['/v1/domain/paths.test']);
  });

  it('an IDN host is named in Unicode', async () => {
    const tabId = await visit('https://xn--bcher-kva.test/');
    await badgeBecomes(tabId, 'Mix');
    expect(await action.getTitle({ tabId })).toBe(
      'AI policy of bücher.test: restricts some AI uses (AI training partly blocked)',
    );
  });

  it('says when the last check failed and an earlier result is shown', async () => {
    const p = policy('training.test');
    gw.routes.set('/v1/domain/training.test', {
      body: {
        ...p,
        basis: {
          ...p.basis!,
          last_check: { failed_at: new Date().toISOString(), cause: 'timed out', next_retry: null },
        },
      },
    });
    const tabId = await visit('https://training.test/');
    await badgeBecomes(tabId, 'Tr×');
    expect(await action.getTitle({ tabId })).toMatch(/\. The last check failed; this is the result of an earlier one$/);
  });
});

describe('pages without a badge', () => {
  it.each([
    'chrome://settings/',
    'about:blank',
    'file:///tmp/a.html',
    'https://chromewebstore.google.com/detail/x',
    'http://127.0.0.1:3000/',
  ])('%s gets no badge and no lookup', async (url) => {
    const tabId = await visit('https://training.test/');
    await badgeBecomes(tabId, BADGE_VIEW.blocks_training.text);
    gw.seen.length = 0;
    await fakeBrowser.tabs.update(tabId, { url });
    await badgeBecomes(tabId, '');
    expect(lookups()).toEqual([]);
    expect(await tabStates.get(tabId)).toBeNull();
  });
});

describe('session cache', () => {
  it('a repeated visit sets the badge from storage.session without asking the gateway', async () => {
    await badgeBecomes(await visit('https://selective.test/'), 'Mix');
    const b = await visit('https://selective.test/other');
    await badgeBecomes(b, 'Mix');
    expect(lookups()).toHaveLength(1);
  });

  it('asks again once the cached answer is older than the TTL, showing the old one meanwhile', async () => {
    await badgeBecomes(await visit('https://selective.test/'), 'Mix');
    const cached = (await answers.get(normalizeDomain('selective.test')))!;
    await answers.put(cached.policy, Date.now() - ANSWER_TTL_MS - 1000);
    gw.routes.set('/v1/domain/selective.test', {
      body: policy('selective.test', { stance: 'blocks_all_ai', detail: 'blocks_all_ai' }),
    });
    const b = await visit('https://selective.test/');
    await badgeBecomes(b, 'No');
    expect(lookups()).toHaveLength(2);
  });

  it('a full storage.session empties the answer cache instead of failing the lookup', async () => {
    await badgeBecomes(await visit('https://selective.test/'), 'Mix');
    const session = fakeBrowser.storage.session;
    const set = session.set.bind(session);
    let full = true;
    const spy = vi.spyOn(session, 'set').mockImplementation(async (items: Record<string, unknown>) => {
      if (full && Object.keys(items).some((k) => k.startsWith('answer:'))) {
        full = false;
        throw new Error('Resource::kQuotaBytes quota exceeded');
      }
      return set(items);
    });
    try {
      await badgeBecomes(await visit('https://allows.test/'), 'Yes');
      expect(await answers.get(normalizeDomain('selective.test'))).toBeNull();
      expect(await answers.get(normalizeDomain('allows.test'))).not.toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it('forgets answers and re-checks open tabs when the gateway address changes', async () => {
    const a = await visit('https://allows.test/');
    await badgeBecomes(a, 'Yes');
    await settingsItem.setValue({ gatewayUrl: await closedPortUrl(), token: '' });
    await badgeBecomes(a, BADGE_VIEW.error.text);
  });

  it('drops a closed tab’s state', async () => {
    const a = await visit('https://allows.test/');
    await vi.waitFor(async () => expect(await tabStates.get(a)).not.toBeNull());
    // fakeBrowser.tabs.remove() looks the window up by tab id (a fake-browser bug), so fire the event as the browser would.
    await fakeBrowser.tabs.onRemoved.trigger(a, { windowId: 0, isWindowClosing: false });
    await vi.waitFor(async () => expect(await tabStates.get(a)).toBeNull());
  });
});

describe('a domain under analysis', () => {
  it('shows the waiting badge, then updates by itself when the record is ready', async () => {
    gw.routes.set('/v1/domain/new-site.test', (n) =>
      n < 3
        ? { body: { domain: 'new-site.test', found: false, queued: true } }
        : { body: policy('new-site.test', { stance: 'blocks_training', detail: 'blocks_training' }) },
    );
    const tabId = await visit('https://new-site.test/');
    await badgeBecomes(tabId, BADGE_VIEW.queued.text);
    expect(await action.getTitle({ tabId })).toBe(badgeTitle('new-site.test', 'queued'));
    expect(await pendings.get(normalizeDomain('new-site.test'))).not.toBeNull();
    expect(await fakeBrowser.alarms.get(POLL_ALARM)).toBeDefined();
    // Polls after 1 s and 2 s (real timers, real HTTP): the third answer is the record.
    await badgeBecomes(tabId, 'Tr×', { timeout: 6000, interval: 100 });
    expect(await pendings.get(normalizeDomain('new-site.test'))).toBeNull();
  });

  it('holds a request (Prefer: wait) so the final badge comes the moment the analysis is done, without polling', async () => {
    let done: () => void;
    const analysed = new Promise<void>((r) => (done = r));
    gw.routes.set('/v1/domain/held.test', async (n, req) => {
      if (req.headers.prefer === 'wait=10') {
        await analysed;
        return {
          body: policy('held.test', { stance: 'blocks_training', detail: 'blocks_training' }),
          headers: { 'preference-applied': 'wait=10' },
        };
      }
      return { body: { domain: 'held.test', found: false, queued: true } };
    });
    const tabId = await visit('https://held.test/');
    await badgeBecomes(tabId, BADGE_VIEW.queued.text);
    await vi.waitFor(() =>
      expect(gw.seen.some((r) => r.path === '/v1/domain/held.test' && r.headers.prefer === 'wait=10')).toBe(true),
    );
    const t0 = Date.now();
    done!();
    await badgeBecomes(tabId, 'Tr×', { timeout: 900, interval: 10 });
    // Well before the poller's first retry at 1 s: the held answer set it.
    expect(Date.now() - t0).toBeLessThan(900);
    expect(await pendings.get(normalizeDomain('held.test'))).toBeNull();
  });

  it('an early answer (the terms still being read) sets the final badge at once and is asked again for the full record', async () => {
    const early = policy('training.test');
    const pending = { ...early, basis: { ...early.basis!, terms_pending: true as const } };
    let termsIn = false;
    gw.routes.set('/v1/domain/training.test', (_n, req) => {
      if (termsIn) return { body: early };
      if (req.headers.prefer === 'wait=10') return { body: pending, headers: { 'preference-applied': 'wait=10' } };
      return { body: { domain: 'training.test', found: false, queued: true } };
    });
    const tabId = await visit('https://training.test/');
    await badgeBecomes(tabId, 'Tr×', { timeout: 900, interval: 10 });
    // Not kept as a fresh answer, and polled until the record without terms_pending arrives.
    expect(answers.isFresh((await answers.get(normalizeDomain('training.test')))!, Date.now())).toBe(false);
    expect(await pendings.get(normalizeDomain('training.test'))).not.toBeNull();
    const termsPending = async () =>
      ((await tabStates.get(tabId)) as { policy: { basis: { terms_pending?: true } } }).policy.basis.terms_pending;
    expect(await termsPending()).toBe(true);
    termsIn = true;
    // The poller's first retry, after 1 s.
    await vi.waitFor(async () => expect(await termsPending()).toBeUndefined(), { timeout: 3000, interval: 50 });
    expect(await action.getBadgeText({ tabId })).toBe('Tr×');
    await vi.waitFor(async () => expect(await pendings.get(normalizeDomain('training.test'))).toBeNull());
  });

  it('asks again with a held request while a long crawl runs (the gateway held the first one)', async () => {
    let holds = 0;
    gw.routes.set('/v1/domain/long.test', (_n, req) => {
      if (req.headers.prefer !== 'wait=10') return { body: { domain: 'long.test', found: false, queued: true } };
      holds++;
      return holds < 2
        ? { body: { domain: 'long.test', found: false, queued: true }, headers: { 'preference-applied': 'wait=10' } }
        : {
            body: policy('long.test', { stance: 'blocks_all_ai', detail: 'blocks_all_ai' }),
            headers: { 'preference-applied': 'wait=10' },
          };
    });
    const tabId = await visit('https://long.test/');
    await badgeBecomes(tabId, 'No', { timeout: 900, interval: 10 });
    expect(holds).toBe(2);
  });

  it('keeps polling after a worker restart: the schedule is in storage.session and the alarm wakes it', async () => {
    let ready = false;
    gw.routes.set('/v1/domain/slow.test', () =>
      ready
        ? { body: policy('slow.test', { stance: 'allows_all', detail: 'allows_all' }) }
        : { body: { domain: 'slow.test', found: false, queued: true } },
    );
    const tabId = await visit('https://slow.test/');
    await badgeBecomes(tabId, BADGE_VIEW.queued.text);
    // The worker stops: listeners and memory are gone, storage.session and the alarm stay.
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    fakeBrowser.tabs.onUpdated.removeAllListeners();
    const pending = (await pendings.get(normalizeDomain('slow.test')))!;
    await pendings.set({ ...pending, nextAt: Date.now() - 1 });
    ready = true;
    // A new worker starts (registers listeners again), then the alarm fires.
    background.main();
    await fakeBrowser.alarms.onAlarm.trigger({ name: POLL_ALARM, scheduledTime: Date.now() });
    await badgeBecomes(tabId, 'Yes', { timeout: 3000 });
  });
});

describe('gateway problems', () => {
  it('an unreachable gateway shows the error badge with what to do', async () => {
    const closed = await closedPortUrl();
    await settingsItem.setValue({ gatewayUrl: closed, token: '' });
    const tabId = await visit('https://training.test/');
    await badgeBecomes(tabId, '!');
    expect(await action.getTitle({ tabId })).toBe(
      `AI policy of training.test: could not be looked up. Cannot reach the AI Policy Lens gateway at ${closed}: start it with npm start or change the address in the options.`,
    );
    expect(await action.getBadgeBackgroundColor({ tabId })).toEqual(rgba(BADGE_VIEW.error.color));
  });

  it('a refused token says so, and the token is never in the title', async () => {
    await settingsItem.setValue({ gatewayUrl: gw.url, token: 'hunter2-secret' });
    gw.routes.set('/v1/domain/training.test', { status: 401, body: { error: 'unauthorized', message: 'Bad token.' } });
    const tabId = await visit('https://training.test/');
    await badgeBecomes(tabId, '!');
    const title = await action.getTitle({ tabId });
    expect(title).toMatch(/refused the access token: set the right token in the options/);
    expect(title).not.toMatch(/hunter2/);
    expect(JSON.stringify(await tabStates.get(tabId))).not.toMatch(/hunter2/);
  });

  it('an answer that arrives after the tab moved on is not shown on it', async () => {
    gw.routes.set('/v1/domain/slow-answer.test', {
      body: policy('slow-answer.test', { stance: 'blocks_all_ai', detail: 'blocks_all_ai' }),
      delayMs: 300,
    });
    const tabId = await visit('https://slow-answer.test/');
    await visit('https://allows.test/', tabId);
    await badgeBecomes(tabId, 'Yes');
    await new Promise((r) => setTimeout(r, 500));
    expect(await action.getBadgeText({ tabId })).toBe('Yes');
    const s = await tabStates.get(tabId);
    expect(s?.domain).toBe('allows.test');
  });
});
