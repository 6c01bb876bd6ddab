/**
 * `/site/{domain}`: the popup's story for one site on a page of its own, told by the same view
 * model (extension/lib/view-model.ts popupModel) and the same components (headline, verdicts,
 * standards, notes about the terms, site facts, bots, openness, history, details), laid out
 * side by side where the screen is wide. The first check and an early answer update by
 * themselves (site-data.ts).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { CrawlTime, type RecheckView } from '~~/extension/components/crawl-time.js';
import { PolicyHeader } from '~~/extension/components/policy-header.js';
import { History } from '~~/extension/components/preview-sections.js';
import { SiteFacts } from '~~/extension/components/site-facts.js';
import { Standards } from '~~/extension/components/standards.js';
import { VerdictList } from '~~/extension/components/verdict-list.js';
import { t } from '~~/extension/lib/i18n.js';
import type { Extras } from '~~/extension/lib/extras.js';
import { hostOf, popupModel } from '~~/extension/lib/view-model.js';
import type { Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import { pageClient } from './api.js';
import { LookupForm } from './home-page.js';
import { Layout } from './layout.js';
import { checkAgainHere } from './recheck.js';
import { useSite } from './site-data.js';
import { Timeline } from './timeline.js';
import { TokenForm } from './token-form.js';

export function SitePage({ domain }: { domain: Domain }) {
  const [version, setVersion] = useState(0);
  const [replaced, setReplaced] = useState<DomainPolicyFound | null>(null);
  const state = useSite(domain, version, replaced);
  const host = hostOf(domain);
  useEffect(() => void (document.title = `${host.display} \u2013 AI Policy Lens`), [host.display]);
  return (
    <Layout place="site">
      {state.kind === 'found' ? (
        <Found
          policy={state.policy}
          extras={state.extras}
          onNew={(p) => {
            setReplaced(p);
            setVersion((v) => v + 1);
          }}
        />
      ) : (
        <>
          <PolicyHeader host={host} />
          {state.kind === 'loading' && (
            <p class="muted" role="status">
              {t('loading', 'Loading\u2026')}
            </p>
          )}
          {state.kind === 'queued' && <QueuedNotice domain={host.display} gaveUp={state.gaveUp} />}
          {state.kind === 'error' && (
            <div class="notice error" role="alert" data-testid="error">
              <p>{state.message}</p>
            </div>
          )}
          {state.kind === 'needs-token' && <TokenForm wrong={state.wrong} onSaved={() => setVersion((v) => v + 1)} />}
        </>
      )}
      <section class="again" aria-labelledby="again-h">
        <h2 id="again-h">{t('webLookupAnother', 'Look up another site')}</h2>
        <LookupForm />
      </section>
    </Layout>
  );
}

function QueuedNotice({ domain, gaveUp }: { domain: string; gaveUp: boolean }) {
  return (
    <div class="notice queued" role="status" aria-live="polite" data-testid="queued">
      {!gaveUp && <span class="spinner" aria-hidden="true" />}
      <p>
        <strong>{t('queuedTitle', 'Checking $1\u2026', domain)}</strong>
      </p>
      <p>
        {gaveUp
          ? t('webQueuedLong', 'The first check of this site is taking long. Reload this page later to see its result.')
          : t(
              'webQueuedText',
              'The gateway is reading this site\u2019s robots.txt and other AI signals for the first time. This usually takes a few seconds; this page updates by itself.',
            )}
      </p>
    </div>
  );
}

/** "Check again" on this page: busy while asked, then the new answer (handed up) or why not. */
function useRecheckHere(policy: DomainPolicyFound, onNew: (p: DomainPolicyFound) => void) {
  const [recheck, setRecheck] = useState<RecheckView>({ busy: false, message: null });
  const onRecheck = () => {
    setRecheck({ busy: true, message: null });
    void checkAgainHere(pageClient(), policy.domain as Domain, policy).then((r) => {
      setRecheck({ busy: false, message: r.done ? null : r.message });
      if (r.done) onNew(r.policy);
    });
  };
  return { recheck, onRecheck };
}

type SiteModel = ReturnType<typeof popupModel>;

/** The three uses, the parent site's note, the openness and when it was checked. */
function UsesCard({
  model,
  preview,
  recheck,
  onRecheck,
}: { model: SiteModel; preview: boolean } & ReturnType<typeof useRecheckHere>) {
  return (
    <section class="card" aria-labelledby="uses-h">
      <h2 id="uses-h">{t('webUsesHeading', 'What AI may do with this site')}</h2>
      <VerdictList uses={model.uses} />
      {model.parent && (
        <p class="note parent" data-testid="parent-site">
          {model.parent}
        </p>
      )}
      {/* The popup's Purposes tab repeats these uses beside the openness; a page shows both at once, so only the openness. */}
      {preview && model.openness && (
        <p class="muted small" data-testid="openness">
          {model.openness}
        </p>
      )}
      <CrawlTime model={model} recheck={recheck} onRecheck={onRecheck} />
    </section>
  );
}

function BotsCard({ model, extras }: { model: SiteModel; extras: Extras | null }) {
  return (
    <section class="card" aria-labelledby="bots-h">
      <h2 id="bots-h">{t('tabBots', 'Bots')}</h2>
      {extras ? (
        <extras.views.BotSection lists={extras.bots} robots={model.robots} from={model.from} />
      ) : (
        <p class="muted">{t('loadingBots', 'Loading the bots\u2026')}</p>
      )}
    </section>
  );
}

function Found({
  policy,
  extras,
  onNew,
}: {
  policy: DomainPolicyFound;
  extras: Extras | null;
  onNew: (p: DomainPolicyFound) => void;
}) {
  const here = useRecheckHere(policy, onNew);
  const model = useMemo(
    () =>
      popupModel({
        policy,
        full: extras?.full,
        announced: extras?.announced,
        history: extras?.history,
        parent: extras?.parent,
      }),
    [policy, extras],
  );
  // The parts told from the full record, by the views loaded with it (as the popup does).
  const more = useMemo(() => (extras?.full ? extras.views.fullModel(model, extras.full) : null), [model, extras]);
  const views = extras?.views;
  const preview = extras?.status?.features.preview === true;
  return (
    <>
      <PolicyHeader host={model.host} headline={model.headline} badge={model.badge} />
      {policy.basis?.terms_pending && (
        <p class="notice" role="status" data-testid="terms-pending">
          {t(
            'webTermsPending',
            'The site\u2019s terms of service are still being read; this page updates by itself when they are.',
          )}
        </p>
      )}
      <div class="site-grid">
        <UsesCard model={model} preview={preview} {...here} />
        <div class="card">
          <Standards standards={model.standards} robots={model.robots} signals={model.signals} from={model.from} />
          {more && views && <views.Issues issues={more.issues} />}
          <SiteFacts rows={model.facts} />
        </div>
        <BotsCard model={model} extras={extras} />
        {preview && model.history && extras?.history && (
          <div class="card wide">
            <History model={model} />
            <Timeline history={extras.history} />
          </div>
        )}
      </div>
      <details class="card details" data-testid="details">
        <summary>{t('webDetailsSummary', 'Details: the lines and headers behind each verdict')}</summary>
        {more && views ? (
          <views.Explanations model={model} details={more.details} />
        ) : (
          <p class="muted">{extras?.problem ?? t('loadingDetails', 'Loading the full record\u2026')}</p>
        )}
      </details>
    </>
  );
}
