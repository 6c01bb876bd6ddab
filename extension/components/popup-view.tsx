/**
 * The popup's whole view as a function of its data (tests render it directly): the tab's
 * badge state from storage.session, plus the extras loaded from the gateway, told through one
 * model (lib/view-model.ts) so every tab tells the same story.
 */
import { useMemo, useState } from 'preact/hooks';
import type { PathVerdicts } from '../lib/page-reading.js';
import type { PageSignals } from '../lib/page-signals.js';
import type { Extras } from '../lib/popup-data.js';
import type { TabState } from '../lib/session-store.js';
import { parentSite } from '../lib/parent-site.js';
import { hostOf, popupModel, type ModelInput, type PopupModel } from '../lib/view-model.js';
import { CrawlTime, type RecheckView } from './crawl-time.js';
import { ErrorNotice, NoPage, Queued } from './notices.js';
import { PolicyHeader } from './policy-header.js';
import { History, Purposes } from './preview-sections.js';
import { SiteFacts } from './site-facts.js';
import { Standards } from './standards.js';
import { TabPanels, type Panel } from './tab-panels.js';
import { ThisPage } from './this-page.js';
import { VerdictList } from './verdict-list.js';
import { t } from '../lib/i18n.js';

export type PopupState = { kind: 'loading' } | { kind: 'no-page' } | TabState;

export interface PopupViewProps {
  state: PopupState;
  extras: Extras | null;
  now?: number;
  /** Language for dates; undefined: the browser's. */
  locale?: string;
  recheck?: RecheckView;
  onRecheck?: () => void;
  /** The page in the address bar: its path judged locally, its own tags once read. */
  page?: { pathVerdicts: PathVerdicts | null; signals: PageSignals | null };
}

export function PopupView({ state, extras, now, locale, recheck, onRecheck, page }: PopupViewProps) {
  if (state.kind === 'loading')
    return (
      <p class="muted" role="status">
        {t('loading', 'Loading\u2026')}
      </p>
    );
  if (state.kind === 'no-page') return <NoPage />;
  if (state.kind === 'queued')
    return (
      <>
        <PolicyHeader host={hostOf(state.domain)} />
        <Queued domain={hostOf(state.domain).display} />
      </>
    );
  if (state.kind === 'error')
    return (
      <>
        <PolicyHeader host={hostOf(state.domain)} />
        <ErrorNotice advice={state.advice} />
      </>
    );
  return (
    <Found
      state={state}
      extras={extras}
      now={now}
      locale={locale}
      recheck={recheck}
      onRecheck={onRecheck}
      page={page}
    />
  );
}

/** The parent's answer the badge already used (storage.session), so the first paint tells the same. */
function storedParent(state: Extract<TabState, { kind: 'found' }>): ModelInput['parent'] {
  const up = state.parent ? parentSite(state.policy) : null;
  return up && state.parent ? { ...up, policy: state.parent } : null;
}

type FoundProps = Omit<PopupViewProps, 'state'> & { state: Extract<TabState, { kind: 'found' }> };

function Found({ state, extras, now, locale, recheck, onRecheck, page }: FoundProps) {
  const [selected, setSelected] = useState('overview');
  const model: PopupModel = useMemo(
    () =>
      popupModel({
        policy: state.policy,
        full: extras?.full,
        announced: extras?.announced,
        history: extras?.history,
        parent: extras?.parent ?? storedParent(state),
        pathVerdicts: page?.pathVerdicts,
        pageSignals: page?.signals,
        now,
        locale,
      }),
    [state, extras, now, locale, page],
  );
  // The parts told from the full record, by the views loaded with it.
  const more = useMemo(() => (extras?.full ? extras.views.fullModel(model, extras.full) : null), [model, extras]);
  const views = extras?.views;
  const panels: Panel[] = [
    {
      id: 'overview',
      label: t('tabOverview', 'Overview'),
      render: () => (
        <>
          {model.page.sentence && <ThisPage page={model.page} />}
          <VerdictList uses={model.uses} />
          {model.parent && (
            <p class="note parent" data-testid="parent-site">
              {model.parent}
            </p>
          )}
          <Standards standards={model.standards} robots={model.robots} signals={model.signals} from={model.from} />
          {more && views && <views.Issues issues={more.issues} />}
          <SiteFacts rows={model.facts} />
          <CrawlTime model={model} recheck={recheck} onRecheck={onRecheck} />
        </>
      ),
    },
    {
      id: 'bots',
      label: t('tabBots', 'Bots'),
      render: () =>
        extras ? (
          <extras.views.BotSection lists={extras.bots} robots={model.robots} from={model.from} />
        ) : (
          <p class="muted">{t('loadingBots', 'Loading the bots\u2026')}</p>
        ),
    },
    {
      id: 'details',
      label: t('tabDetails', 'Details'),
      render: () =>
        more && views ? (
          <views.Explanations model={model} details={more.details} />
        ) : (
          <p class="muted">{extras?.problem ?? t('loadingDetails', 'Loading the full record\u2026')}</p>
        ),
    },
  ];
  if (extras?.status?.features.preview && (model.purposes || model.history)) {
    panels.push({
      id: 'preview',
      label: t('tabPurposes', 'Purposes'),
      render: () => (
        <>
          {model.purposes && <Purposes model={model} />}
          {model.history && <History model={model} />}
        </>
      ),
    });
  }
  return (
    <>
      <PolicyHeader host={model.host} headline={model.headline} badge={model.badge} />
      <TabPanels panels={panels} selected={selected} onSelect={setSelected} />
    </>
  );
}
