/**
 * The popup app wired to WXT's fake browser and a real HTTP gateway-like server: which tab it
 * describes, the instant state from storage.session, live updates, and the extras it fetches.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { App } from '../../extension/entrypoints/popup/app.js';
import { loadPopupStart } from '../../extension/lib/popup-data.js';
import { tabStates } from '../../extension/lib/session-store.js';
import { settingsItem } from '../../extension/lib/settings.js';
import { normalizeDomain } from '../../shared/domain.js';
import { startFakeGateway, type FakeGateway } from './helpers/fake-gateway.js';
import { announced, fullRecord, history, policy } from './helpers/records.js';

let gw: FakeGateway;
beforeAll(async () => void (gw = await startFakeGateway()));
afterAll(() => gw.close());
afterEach(cleanup);
beforeEach(async () => {
  fakeBrowser.reset();
  gw.routes.clear();
  gw.seen.length = 0;
  gw.routes.set('/status', { body: { mode: 'embedded', version: '0.1.0', features: { preview: true } } });
  gw.routes.set('/v1/domain/training.test', { body: policy('training.test', { bots: { blocked: ['GPTBot'], allowed: [] } }) });
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
    await tabStates.set(id, { kind: 'found', domain: normalizeDomain('training.test'), policy: policy('training.test'), fetchedAt: Date.now() });
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('stance').textContent).toBe('Blocks AI training'));
    // The state came from storage.session: the popup did not ask for the summary.
    expect(gw.seen.some((r) => r.path === '/v1/domain/training.test')).toBe(false);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Purposes' })).toBeTruthy());
    expect(gw.seen.map((r) => r.path).sort()).toEqual(
      ['/preview/v1/domain/training.test/history', '/preview/v1/policy/training.test', '/status', '/v1/domain/training.test/full'].sort(),
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
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async (q) =>
      q.active && q.currentWindow ? [{ ...(await fakeBrowser.tabs.get(id))!, active: true }] : [],
    );
    await mount("");
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
      ready ? { body: policy('fresh.test', { stance: 'selective', detail: 'selective' }) } : { body: { domain: 'fresh.test', found: false, queued: true } },
    );
    const id = await tab('https://fresh.test/');
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByTestId('queued')).toBeTruthy());
    ready = true;
    // The popup polls while open (first after 1 s); the answer reaches it through storage.session.
    await waitFor(() => expect(screen.getByTestId('stance').textContent).toBe('Selective'), { timeout: 5000 });
    expect((await tabStates.get(id))?.kind).toBe('found');
    expect(await fakeBrowser.action.getBadgeText({ tabId: id })).toBe('Some');
  });

  it('shows the error with what to do when the gateway refuses the token', async () => {
    await settingsItem.setValue({ gatewayUrl: gw.url, token: 'wrong' });
    gw.routes.set('/v1/domain/training.test', { status: 401, body: { error: 'unauthorized', message: 'Bad token.' } });
    const id = await tab('https://training.test/');
    await mount(`?tab=${id}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/refused the access token: set the right token in the options/));
  });
});
