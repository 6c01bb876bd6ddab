/** The options form on WXT's fake browser, testing the connection against a real local server. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { OptionsForm } from '../../../extension/components/options-form.js';
import { loadSettings, settingsItem } from '../../../extension/lib/settings.js';
import { closedPortUrl, startFakeGateway, type FakeGateway } from '../helpers/fake-gateway.js';

let gw: FakeGateway;
beforeAll(async () => void (gw = await startFakeGateway()));
afterAll(() => gw.close());
afterEach(cleanup);

// permissions.request is not part of the fake browser; the test plays the user's answer.
let granted = true;
const request = vi.fn(async (_p: { origins?: string[] }) => granted);
beforeEach(() => {
  fakeBrowser.reset();
  granted = true;
  request.mockClear();
  (fakeBrowser.permissions as unknown as { request: typeof request }).request = request;
  gw.routes.clear();
  gw.routes.set('/status', { body: { mode: 'embedded', version: '0.1.0', features: { preview: true } } });
});

const address = () => screen.getByLabelText<HTMLInputElement>('Gateway address');
const token = () => screen.getByLabelText<HTMLInputElement>('Access token (optional)');
const message = () => screen.getByTestId('options-message').textContent;
const type = (el: HTMLInputElement, v: string) => fireEvent.input(el, { target: { value: v } });

describe('options', () => {
  it('shows the saved settings in labelled fields; the token field is masked', async () => {
    await settingsItem.setValue({ gatewayUrl: 'http://127.0.0.1:9000', token: 'abc' });
    render(<OptionsForm />);
    await waitFor(() => expect(address().value).toBe('http://127.0.0.1:9000'));
    expect(token().value).toBe('abc');
    expect(token().type).toBe('password');
  });

  it('refuses an address with a path, says why, and saves nothing', async () => {
    render(<OptionsForm />);
    await waitFor(() => expect(address().value).toBe('http://127.0.0.1:8787'));
    type(address(), 'http://127.0.0.1:8787/api');
    expect(address().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message()).toMatch(/without a path/));
    expect(await settingsItem.getValue()).toEqual({ gatewayUrl: 'http://127.0.0.1:8787', token: '' });
  });

  it('saves a local address on another port without asking for a permission', async () => {
    render(<OptionsForm />);
    type(address(), 'http://localhost:9999/');
    type(token(), '  tok  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message()).toMatch(/^Saved/));
    expect(request).not.toHaveBeenCalled();
    expect(await loadSettings()).toEqual({ gatewayUrl: 'http://localhost:9999', token: 'tok' });
  });

  it('accepts a bare 127.0.0.1:8787 as http://127.0.0.1:8787, and shows it so', async () => {
    render(<OptionsForm />);
    type(address(), '127.0.0.1:8787');
    expect(address().getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message()).toBe('Saved. The extension now asks the gateway at http://127.0.0.1:8787.'));
    expect(address().value).toBe('http://127.0.0.1:8787');
    expect((await loadSettings()).gatewayUrl).toBe('http://127.0.0.1:8787');
  });

  it('asks for the host permission of a custom address, and saves only when granted', async () => {
    render(<OptionsForm />);
    type(address(), 'https://lens.example.org:8443');
    granted = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message()).toMatch(/needs your permission/));
    expect(request).toHaveBeenCalledWith({ origins: ['https://lens.example.org/*'] });
    expect((await loadSettings()).gatewayUrl).toBe('http://127.0.0.1:8787');
    granted = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(message()).toMatch(/^Saved/));
    expect((await loadSettings()).gatewayUrl).toBe('https://lens.example.org:8443');
  });

  it('tests the connection and says what the gateway is, in words (no "mode embedded", no "preview features")', async () => {
    render(<OptionsForm />);
    type(address(), gw.url);
    type(token(), 'secret-token');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(message()).toBe(
        'Connected to the gateway, version 0.1.0. It checks sites itself. The popup shows a Purposes tab with the history of each site.',
      ),
    );
    expect(gw.seen.at(-1)?.headers.authorization).toBe('Bearer secret-token');
  });

  it('says what to do when the test cannot reach the gateway, without the token', async () => {
    const closed = await closedPortUrl();
    render(<OptionsForm />);
    type(address(), closed);
    type(token(), 'secret-token');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(message()).toBe(
        `Cannot reach the AI Policy Lens gateway at ${closed}: start it with npm start or change the address in the options.`,
      ),
    );
    expect(message()).not.toMatch(/secret/);
  });
});
