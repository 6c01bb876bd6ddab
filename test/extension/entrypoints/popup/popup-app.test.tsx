/**
 * The popup app wired to WXT's fake browser and a real HTTP gateway-like server: which tab it
 * describes, the instant state from storage.session, live updates, and the extras it fetches.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { App } from '../../../../extension/entrypoints/popup/app.js';
import { loadPopupStart } from '../../../../extension/lib/popup-data.js';
import { tabStates } from '../../../../extension/lib/session-store.js';
import { settingsItem } from '../../../../extension/lib/settings.js';
import { normalizeDomain } from '../../../../shared/domain.js';
import { startFakeGateway, type FakeGateway } from '../../helpers/fake-gateway.js';
import { announced, fullRecord, history, policy } from '../../helpers/records.js';

let gw: FakeGateway;
beforeAll(async () => void (gw = await startFakeGateway()));
afterAll(() => gw.close());
afterEach(cleanup);
beforeEach(async () => {
  fakeBrowser.reset();
  gw.routes.clear();
  gw.seen.length = 0;
  gw.routes.set('/status', { body: { mode: 'embedded', version: '0.1.0', features: { preview: true } } });
  gw.routes.set('/v1/domain/training.test', {
    body: policy('training.test', { bots: { blocked: ['GPTBot'], allowed: [] } }),
  });
  gw.routes.set('/v1/domain/training.test/full', { body: fullRecord('training.test', { GPTBot: 'blocked' }) });
  gw.routes.set('/preview/v1/policy/training.test', { body: announced('training.test') });
  gw.routes.set('/preview/v1/domain/training.test/history', { body: history('training.test') });
  await settingsItem.setValue({ gatewayUrl: gw.url, token: '' });
});

/** As main.tsx does: read the start state, then render. */
async function mount(search: string) {
  render(<App start={await loadPopupStart(search)} />);
}

async function tab(url: string) {
  return (await fakeBrowser.tabs.create({ url })).id!;
}

describe('popup app', () => {
  it('describes the tab given as ?tab=ID, from storage.session, then loads the details', async () => {
    const id = await tab('https://training.test/some/page');
    await tabStates.set(id, {
      kind: 'found',
      domain: normalizeDomain('training.test'),
      policy: policy('training.test'),
      fetchedAt: Date.now(),
    });
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('stance').textContent).toBe('Blocks AI training'));
    // The state came from storage.session: the popup did not ask for the summary.
    expect(gw.seen.some((r) => r.path === '/v1/domain/training.test')).toBe(false);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Purposes' })).toBeTruthy());
    expect(gw.seen.map((r) => r.path).sort()).toEqual(
      [
        '/preview/v1/domain/training.test/history',
        '/preview/v1/policy/training.test',
        '/status',
        '/v1/domain/training.test/full',
      ].sort(),
    );
    expect(gw.seen.every((r) => r.headers['x-ai-policy-lens'] === '1')).toBe(true);
  });

  it('asks the gateway itself when the tab has no state yet', async () => {
    const id = await tab('https://training.test/');
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('verdict-training').textContent).toBe('Blocked'));
    expect(gw.seen.some((r) => r.path === '/v1/domain/training.test')).toBe(true);
  });

  it('defaults to the active tab of the current window', async () => {
    const id = await tab('https://training.test/');
    // The fake browser cannot mark a listed tab active, so answer the one query the popup makes.
    const query = vi
      .spyOn(fakeBrowser.tabs, 'query')
      .mockImplementation(async (q) =>
        q.active && q.currentWindow ? [{ ...(await fakeBrowser.tabs.get(id)), active: true }] : [],
      );
    await mount('');
    await waitFor(() => expect(screen.getByTestId('domain').textContent).toBe('training.test'));
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    query.mockRestore();
  });

  it('shows nothing to look up on a browser page', async () => {
    const id = await tab('chrome://extensions/');
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('no-page')).toBeTruthy());
    expect(gw.seen).toEqual([]);
  });

  it('updates live when the queued domain’s record arrives', async () => {
    let ready = false;
    gw.routes.set('/v1/domain/fresh.test', () =>
      ready
        ? { body: policy('fresh.test', { stance: 'selective', detail: 'selective' }) }
        : { body: { domain: 'fresh.test', found: false, queued: true } },
    );
    const id = await tab('https://fresh.test/');
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('queued')).toBeTruthy());
    ready = true;
    // The popup polls while open (first after 1 s); the answer reaches it through storage.session.
    await waitFor(() => expect(screen.getByTestId('stance').textContent).toBe('Selective'), { timeout: 5000 });
    expect((await tabStates.get(id))?.kind).toBe('found');
    expect(await fakeBrowser.action.getBadgeText({ tabId: id })).toBe('Mix');
  });

  it('shows the error with what to do when the gateway refuses the token', async () => {
    await settingsItem.setValue({ gatewayUrl: gw.url, token: 'wrong' });
    gw.routes.set('/v1/domain/training.test', { status: 401, body: { error: 'unauthorized', message: 'Bad token.' } });
    const id = await tab('https://training.test/');
    await mount(`?tab=${id}`);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /refused the access token: set the right token in the options/,
      ),
    );
  });

  it('Check again: asks for a new check, waits for it with held reads, and shows it in popup and badge', async () => {
    const old = policy('training.test', { last_updated: '2026-01-01T00:00:00Z' });
    const fresh = policy('training.test', {
      stance: 'blocks_all_ai',
      detail: 'blocks_all_ai',
      use_cases: { training: 'blocked', search: 'blocked', inference: 'blocked' },
    });
    let rechecked = false;
    gw.routes.set('/v1/domain/training.test/recheck', (_n, req) => {
      rechecked = req.method === 'POST';
      return { status: 202, body: { domain: 'training.test', accepted: true, retry_after: 60 } };
    });
    gw.routes.set('/v1/domain/training.test', (_n, req) => ({ body: rechecked && req.headers.prefer ? fresh : old }));
    const id = await tab('https://training.test/');
    await tabStates.set(id, {
      kind: 'found',
      domain: normalizeDomain('training.test'),
      policy: old,
      fetchedAt: Date.now(),
    });
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('stance').textContent).toBe('Blocks AI training'));
    fireEvent.click(screen.getByTestId('recheck'));
    await waitFor(() => expect(screen.getByTestId('stance').textContent).toBe('Blocks all AI'));
    expect(gw.seen.find((r) => r.path === '/v1/domain/training.test/recheck')?.headers['x-ai-policy-lens']).toBe('1');
    expect(await fakeBrowser.action.getBadgeText({ tabId: id })).toBe('No');
    expect(screen.queryByTestId('recheck-message')).toBeNull();
  });

  it('Check again refused: says plainly when it can be asked again', async () => {
    gw.routes.set('/v1/domain/training.test/recheck', {
      status: 429,
      body: {
        domain: 'training.test',
        accepted: false,
        retry_after: 42,
        error: 'rate_limit_exceeded',
        message: 'Checked recently.',
      },
      headers: { 'retry-after': '42' },
    });
    const id = await tab('https://training.test/');
    await tabStates.set(id, {
      kind: 'found',
      domain: normalizeDomain('training.test'),
      policy: policy('training.test'),
      fetchedAt: Date.now(),
    });
    await mount(`?tab=${id}`);
    fireEvent.click(await screen.findByTestId('recheck'));
    await waitFor(() =>
      expect(screen.getByTestId('recheck-message').textContent).toBe(
        'This site was checked a moment ago. You can check it again in 42 s.',
      ),
    );
    cleanup();
    gw.routes.set('/v1/domain/training.test/recheck', {
      status: 429,
      body: { error: 'rate_limit_exceeded', message: 'Slow down.', retry_after: 30 },
    });
    await mount(`?tab=${id}`);
    fireEvent.click(await screen.findByTestId('recheck'));
    await waitFor(() =>
      expect(screen.getByTestId('recheck-message').textContent).toBe(
        'The gateway is busy. You can check again in 30 s.',
      ),
    );
    cleanup();
    gw.routes.set('/v1/domain/training.test/recheck', {
      body: { domain: 'training.test', accepted: false, retry_after: 42 },
    });
    await mount(`?tab=${id}`);
    fireEvent.click(await screen.findByTestId('recheck'));
    await waitFor(() =>
      expect(screen.getByTestId('recheck-message').textContent).toBe(
        'This site was checked a moment ago. You can check it again in 42 s.',
      ),
    );
  });

  it('a subdomain asks the gateway for the site it belongs to, and shows both', async () => {
    gw.routes.set('/v1/domain/www.training.test', { body: policy('www.training.test') });
    gw.routes.set('/v1/domain/www.training.test/full', { body: fullRecord('www.training.test', {}) });
    const id = await tab('https://www.training.test/');
    await mount(`?tab=${id}`);
    await waitFor(() =>
      expect(screen.getByTestId('parent-site').textContent).toBe(
        'www.training.test is the www address of training.test; each host name has its own robots.txt. training.test: blocks AI training, by robots.txt (line 7).',
      ),
    );
    expect(gw.seen.map((r) => r.path)).toContain('/v1/domain/training.test');
  });
});
