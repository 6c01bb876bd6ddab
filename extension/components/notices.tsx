/** The states without a record: no page to look up, queued for analysis, and errors that say what to do. */
import { browser } from 'wxt/browser';
import { t } from '../lib/i18n.js';

function openOptions(e?: Event) {
  e?.preventDefault();
  void browser.runtime.openOptionsPage();
}

export function OptionsLink({
  children = t('openOptions', 'Open the options'),
}: {
  children?: preact.ComponentChildren;
}) {
  return (
    <a href="/options.html" onClick={openOptions} class="button-link">
      {children}
    </a>
  );
}

export function NoPage() {
  return (
    <div class="notice" role="status" data-testid="no-page">
      <p>
        <strong>{t('noPageTitle', 'Nothing to look up on this page.')}</strong>
      </p>
      <p>
        {t(
          'noPageText',
          'AI Policy Lens shows what a website says about AI training, AI search and AI answers. Only web pages with a domain name have such a policy. Browser pages, local files, IP addresses and the extension stores have none.',
        )}
      </p>
    </div>
  );
}

export function Queued({ domain }: { domain: string }) {
  return (
    <div class="notice queued" role="status" aria-live="polite" data-testid="queued">
      <span class="spinner" aria-hidden="true" />
      <p>
        <strong>{t('queuedTitle', 'Checking $1\u2026', domain)}</strong>
      </p>
      <p>
        {t(
          'queuedText',
          'The gateway is reading this site\u2019s robots.txt and other AI signals for the first time. This usually takes a few seconds; this window and the badge update by themselves.',
        )}
      </p>
    </div>
  );
}

export function ErrorNotice({ advice }: { advice: string }) {
  return (
    <div class="notice error" role="alert" data-testid="error">
      <p>
        <strong>{t('errorTitle', 'The AI policy could not be looked up.')}</strong>
      </p>
      <p>{advice}</p>
      <p>
        <OptionsLink />
      </p>
    </div>
  );
}
