/**
 * The popup's whole view as a function of its data (tests render it directly): the tab's
 * badge state from storage.session, plus the extras loaded from the gateway.
 */
import { useState } from 'preact/hooks';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import type { Extras } from '../lib/popup-data.js';
import type { TabState } from '../lib/session-store.js';
import { BotSection } from './bot-section.js';
import { CrawlTime } from './crawl-time.js';
import { Explanations } from './explanations.js';
import { Issues } from './issues.js';
import { ErrorNotice, NoPage, Queued } from './notices.js';
import { PolicyHeader } from './policy-header.js';
import { History, Purposes } from './preview-sections.js';
import { SiteFacts } from './site-facts.js';
import { Standards } from './standards.js';
import { TabPanels, type Panel } from './tab-panels.js';
import { VerdictList } from './verdict-list.js';

export type PopupState = { kind: 'loading' } | { kind: 'no-page' } | TabState;

export interface PopupViewProps {
  state: PopupState;
  extras: Extras | null;
  now?: number;
}

export function PopupView({ state, extras, now }: PopupViewProps) {
  if (state.kind === 'loading') return <p class="muted" role="status">Loading…</p>;
  if (state.kind === 'no-page') return <NoPage />;
  if (state.kind === 'queued')
    return (
      <>
        <PolicyHeader domain={state.domain} />
        <Queued domain={state.domain} />
      </>
    );
  if (state.kind === 'error')
    return (
      <>
        <PolicyHeader domain={state.domain} />
        <ErrorNotice advice={state.advice} />
      </>
    );
  return <Found policy={state.policy} extras={extras} now={now} />;
}

function Found({ policy, extras, now }: { policy: DomainPolicyFound; extras: Extras | null; now?: number }) {
  const [selected, setSelected] = useState('overview');
  const full = extras?.full ?? null;
  const panels: Panel[] = [
    {
      id: 'overview',
      label: 'Overview',
      render: () => (
        <>
          <VerdictList useCases={policy.use_cases} />
          <Standards signals={policy.signals} />
          {full && <Issues conflicts={full.conflicts} warnings={full.warnings} />}
          <SiteFacts site={policy.site} />
          <CrawlTime iso={policy.last_updated} now={now} />
        </>
      ),
    },
    { id: 'bots', label: 'Bots', render: () => (extras ? <BotSection lists={extras.bots} /> : <p class="muted">Loading the bots…</p>) },
    {
      id: 'details',
      label: 'Details',
      render: () => (full ? <Explanations full={full} /> : <p class="muted">{extras?.problem ?? 'Loading the full record…'}</p>),
    },
  ];
  if (extras?.status?.features.preview && (extras.announced || extras.history)) {
    panels.push({
      id: 'preview',
      label: 'Purposes',
      render: () => (
        <>
          {extras.announced && <Purposes record={extras.announced} />}
          {extras.history && <History history={extras.history} />}
        </>
      ),
    });
  }
  return (
    <>
      <PolicyHeader domain={policy.domain} stance={policy.stance} detail={policy.detail} />
      <TabPanels panels={panels} selected={selected} onSelect={setSelected} />
    </>
  );
}
