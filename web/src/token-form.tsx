/**
 * For a gateway that needs its access token (PROXY_TOKEN): asked once, kept in this browser for
 * this gateway only (api.ts), as the extension's options page keeps it.
 */
import { useState } from 'preact/hooks';
import { t } from '~~/extension/lib/i18n.js';
import { setAccessToken } from './api.js';

export function TokenForm({ wrong, onSaved }: { wrong: boolean; onSaved: () => void }) {
  const [token, setToken] = useState('');
  return (
    <form
      class="notice token"
      data-testid="token-form"
      onSubmit={(e) => {
        e.preventDefault();
        setAccessToken(token.trim() || null);
        onSaved();
      }}
    >
      <p role="alert">
        <strong>
          {wrong
            ? t('webTokenWrong', 'This gateway refused the access token.')
            : t('webTokenNeeded', 'This gateway needs its access token.')}
        </strong>{' '}
        {t('webTokenHelp', 'Ask whoever runs it. It is kept in this browser and sent only to this gateway.')}
      </p>
      <label for="token">{t('webTokenLabel', 'Access token')}</label>
      <div class="lookup-row">
        <input
          id="token"
          type="password"
          autoComplete="off"
          value={token}
          onInput={(e) => setToken((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{t('webTokenSave', 'Use this token')}</button>
      </div>
    </form>
  );
}
