/** `/`: a box to look up any domain, this browser's recent lookups on this gateway, and the way to the overview. */
import { useState } from 'preact/hooks';
import { t } from '~~/extension/lib/i18n.js';
import { TOLD_LABELS } from '~~/shared/labels.js';
import { Layout } from './layout.js';
import { forgetLookups, recentLookups, type RecentLookup } from './recent.js';
import { domainFromInput, siteHref } from './routes.js';
import { domainToUnicode } from '~~/extension/lib/host-name.js';

export function LookupForm({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const domain = domainFromInput(text);
    if (!domain) return setInvalid(true);
    location.assign(siteHref(domain));
  };
  return (
    <form class="lookup" role="search" onSubmit={onSubmit} noValidate>
      <label for="lookup-domain">{t('webLookupLabel', 'Domain or address of a website')}</label>
      <div class="lookup-row">
        <input
          id="lookup-domain"
          name="domain"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="off"
          spellcheck={false}
          placeholder="example.com"
          value={text}
          aria-invalid={invalid}
          aria-describedby="lookup-help"
          onInput={(e) => {
            setText((e.target as HTMLInputElement).value);
            setInvalid(false);
          }}
        />
        <button type="submit">{t('webLookupButton', 'Look up')}</button>
      </div>
      <p
        id="lookup-help"
        class={invalid ? 'help invalid' : 'help'}
        role={invalid ? 'alert' : undefined}
        data-testid="lookup-help"
      >
        {invalid
          ? t(
              'webLookupInvalid',
              'That is not a domain name. Type a name such as example.com, or paste a page\u2019s address.',
            )
          : t(
              'webLookupHelp',
              'A name such as example.com, or a page\u2019s whole address: only its domain is looked up.',
            )}
      </p>
    </form>
  );
}

function Recent({ list, onForget }: { list: RecentLookup[]; onForget: () => void }) {
  return (
    <section aria-labelledby="recent-h">
      <h2 id="recent-h">{t('webRecentHeading', 'Your recent lookups on this gateway')}</h2>
      {list.length === 0 ? (
        <p class="muted">{t('webRecentNone', 'None yet. They are kept in this browser only.')}</p>
      ) : (
        <>
          <ul class="recent" data-testid="recent">
            {list.map((r) => (
              <li key={r.domain}>
                <a href={siteHref(r.domain)}>{domainToUnicode(r.domain)}</a>
                {r.told && <span class="muted">{` \u2013 ${TOLD_LABELS[r.told]()}`}</span>}
              </li>
            ))}
          </ul>
          <p class="small muted">
            {t('webRecentKept', 'Kept in this browser only.')}{' '}
            <button type="button" class="link-button" onClick={onForget}>
              {t('webRecentForget', 'Forget them')}
            </button>
          </p>
        </>
      )}
    </section>
  );
}

export function HomePage() {
  const [list, setList] = useState(recentLookups);
  return (
    <Layout place="home">
      <h1>{t('webHomeTitle', 'What does a website say about AI?')}</h1>
      <p class="lead">
        {t(
          'webHomeLead',
          'Look a site up to see whether it lets its pages train AI models, feed AI search or answer chatbot users, which AI bots it blocks, and what decided it.',
        )}
      </p>
      <LookupForm />
      <Recent
        list={list}
        onForget={() => {
          forgetLookups();
          setList([]);
        }}
      />
      <section aria-labelledby="more-h">
        <h2 id="more-h">{t('webMoreHeading', 'The whole registry')}</h2>
        <p>
          <a href="/overview">
            {t('webMoreOverview', 'How many sites block AI training, and which bots: the registry at a glance')}
          </a>
        </p>
      </section>
    </Layout>
  );
}
