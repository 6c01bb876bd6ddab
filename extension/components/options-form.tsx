/**
 * The options form: gateway address (validated; a custom host asks for its host permission at
 * runtime; a bare `host:port` is read as http), optional access token, and a connection test
 * that says what GET /status means: version, where the gateway gets its answers, whether the
 * popup has a Purposes tab. The token is never shown in messages.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { createGatewayClient, failureAdvice } from '../lib/gateway-client.js';
import type { GatewayStatus } from '../lib/guards.js';
import { t } from '../lib/i18n.js';
import {
  DEFAULT_GATEWAY_URL,
  hostPermissionFor,
  loadSettings,
  needsPermissionRequest,
  settingsItem,
  validateGatewayUrl,
} from '../lib/settings.js';

type Message = { tone: 'ok' | 'error' | 'info'; text: string } | null;

/**
 * Asks for the host permission of a custom gateway address. Must run inside the click handler
 * before any other await: browsers grant `permissions.request` only during a user gesture.
 */
function requestHost(origin: string): Promise<boolean> {
  if (!needsPermissionRequest(origin)) return Promise.resolve(true);
  return browser.permissions.request({ origins: [hostPermissionFor(origin)] }).catch(() => false);
}

/**
 * What the gateway's /status means for a person: which version, whether it checks sites itself
 * (mode `embedded`) or asks a lookup service (`remote`), and whether the popup has a Purposes tab
 * (the announced surface, `features.preview`).
 */
function connectedWords(s: GatewayStatus): string {
  const who =
    s.mode === 'embedded'
      ? t('optConnectedEmbedded', 'Connected to the gateway, version $1. It checks sites itself.', s.version)
      : s.mode === 'remote'
        ? t(
            'optConnectedRemote',
            'Connected to the gateway, version $1. It asks a lookup service about sites.',
            s.version,
          )
        : t('optConnectedOther', 'Connected to the gateway, version $1.', s.version);
  const tab = s.features.preview
    ? t('optPurposesOn', 'The popup shows a Purposes tab with the history of each site.')
    : t('optPurposesOff', 'It offers no purposes or history, so the popup has no Purposes tab.');
  return t('twoSentences', '$1 $2', who, tab);
}

type Checked = ReturnType<typeof validateGatewayUrl>;
type OnInput = (e: JSX.TargetedEvent<HTMLInputElement, Event>) => void;

/** The address and token being edited: the stored ones once loaded, unless the user typed first. */
function useDraft() {
  const [address, setAddress] = useState(DEFAULT_GATEWAY_URL);
  const [token, setToken] = useState('');
  // Stored values arrive asynchronously; they must not overwrite what the user already typed.
  const edited = useRef(false);

  useEffect(() => {
    void loadSettings().then((s) => {
      if (edited.current) return;
      setAddress(s.gatewayUrl);
      setToken(s.token);
    });
  }, []);

  const typed =
    (set: (value: string) => void): OnInput =>
    (e) => {
      edited.current = true;
      set(e.currentTarget.value);
    };
  return { address, setAddress, token, onAddress: typed(setAddress), onToken: typed(setToken) };
}

/** Save and Test connection, and the message each leaves. */
function useActions(checked: Checked, token: string, setAddress: (url: string) => void) {
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: Event) {
    e.preventDefault();
    if (!checked.ok) return setMessage({ tone: 'error', text: checked.message });
    const granted = await requestHost(checked.url);
    if (!granted)
      return setMessage({
        tone: 'error',
        text: t('optNotSaved', 'Not saved: the extension needs your permission to contact $1.', checked.url),
      });
    await settingsItem.setValue({ gatewayUrl: checked.url, token: token.trim() });
    setAddress(checked.url);
    setMessage({ tone: 'ok', text: t('optSaved', 'Saved. The extension now asks the gateway at $1.', checked.url) });
  }

  async function test() {
    if (!checked.ok) return setMessage({ tone: 'error', text: checked.message });
    const granted = await requestHost(checked.url);
    if (!granted)
      return setMessage({
        tone: 'error',
        text: t('optNeedPermission', 'The extension needs your permission to contact $1.', checked.url),
      });
    setBusy(true);
    setMessage({ tone: 'info', text: t('optConnecting', 'Connecting to $1\u2026', checked.url) });
    const r = await createGatewayClient({ baseUrl: checked.url, token: token.trim() }).status();
    setBusy(false);
    setMessage(
      r.ok ? { tone: 'ok', text: connectedWords(r.data) } : { tone: 'error', text: failureAdvice(checked.url, r) },
    );
  }

  return { message, busy, save, test };
}

function AddressField({ address, checked, onInput }: { address: string; checked: Checked; onInput: OnInput }) {
  return (
    <>
      <label for="address">{t('optAddress', 'Gateway address')}</label>
      <input
        id="address"
        name="address"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellcheck={false}
        value={address}
        aria-invalid={!checked.ok}
        aria-describedby="address-help"
        onInput={onInput}
      />
      <p id="address-help" class={checked.ok ? 'help' : 'help invalid'}>
        {checked.ok
          ? t('optAddressHelp', 'Default $1 (npm start). Scheme, host and port only.', DEFAULT_GATEWAY_URL)
          : checked.message}
      </p>
    </>
  );
}

function TokenField({ token, onInput }: { token: string; onInput: OnInput }) {
  return (
    <>
      <label for="token">{t('optToken', 'Access token (optional)')}</label>
      <input
        id="token"
        name="token"
        type="password"
        autoComplete="off"
        value={token}
        aria-describedby="token-help"
        onInput={onInput}
      />
      <p id="token-help" class="help">
        {t('optTokenHelp', 'Only if your gateway asks for one. Sent as a Bearer token to the gateway, nowhere else.')}
      </p>
    </>
  );
}

export function OptionsForm() {
  const draft = useDraft();
  const checked = validateGatewayUrl(draft.address);
  const { message, busy, save, test } = useActions(checked, draft.token, draft.setAddress);

  return (
    <form class="options" onSubmit={(e) => void save(e)} noValidate>
      <h1>{t('extName', 'AI Policy Lens')}</h1>
      <p class="muted">
        {t(
          'optIntro',
          'AI Policy Lens shows what each website says about AI training, AI search and AI answers. It asks your gateway, the small server you start with npm start, and sends it only the site\u2019s host name (example.com): never the page\u2019s address or content. The extension holds no API key.',
        )}
      </p>
      <AddressField address={draft.address} checked={checked} onInput={draft.onAddress} />
      <TokenField token={draft.token} onInput={draft.onToken} />
      <div class="actions">
        <button type="submit">{t('optSave', 'Save')}</button>
        <button type="button" onClick={() => void test()} disabled={busy}>
          {t('optTest', 'Test connection')}
        </button>
      </div>
      <p
        role="status"
        aria-live="polite"
        class={message ? `message ${message.tone}` : 'message'}
        data-testid="options-message"
      >
        {message?.text}
      </p>
    </form>
  );
}
