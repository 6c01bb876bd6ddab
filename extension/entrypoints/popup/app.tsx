/**
 * The popup: the tab's state from storage.session (instant), kept live with storage.watch,
 * and the full record, announced record and history fetched from the gateway for the views.
 */
import { useEffect, useState } from 'preact/hooks';
import { PopupView, type PopupState } from '../../components/popup-view.js';
import { settingsClient } from '../../lib/lookup.js';
import { loadExtras, type Extras, type PopupStart } from '../../lib/popup-data.js';
import { delayFor } from '../../lib/poller.js';
import { tabStates } from '../../lib/session-store.js';
import { checkTab, refreshDomain } from '../../lib/tab-watcher.js';

function initialState(start: PopupStart): PopupState {
  if (!start.tab || !start.domain) return { kind: 'no-page' };
  return start.stored ?? { kind: 'loading' };
}

/** `start` is read before the first render (main.tsx, loadPopupStart) so the verdicts paint in the first frame. */
export function App({ start }: { start: PopupStart }) {
  const [state, setState] = useState<PopupState>(() => initialState(start));
  const [extras, setExtras] = useState<Extras | null>(null);

  useEffect(() => {
    const { tab, domain } = start;
    if (!tab || !domain) return;
    let gone = false;
    const unwatch = tabStates.watch(tab.tabId, (s) => s && s.domain === domain && setState(s));
    // No stored answer yet (the tab was open before the extension, or the worker was busy): ask now.
    if (!start.stored) void checkTab(tab.tabId, tab.url).then((s) => !gone && s && setState(s));
    return () => {
      gone = true;
      unwatch();
    };
  }, [start]);

  const domain = state.kind === 'found' || state.kind === 'queued' || state.kind === 'error' ? state.domain : null;
  const found = state.kind === 'found';

  // The details, once a record exists.
  useEffect(() => {
    if (state.kind !== 'found') return;
    let gone = false;
    const bots = state.policy.bots;
    void settingsClient()
      .then((c) => loadExtras(c, state.domain, bots))
      .then((x) => !gone && setExtras(x));
    return () => void (gone = true);
  }, [found, domain]);

  // While the domain is queued and the popup is open, ask again with the poller's backoff; the
  // answer reaches this view (and the badge) through storage.session.
  useEffect(() => {
    if (state.kind !== 'queued') return;
    let timer: ReturnType<typeof setTimeout>;
    let gone = false;
    let attempt = 0;
    const next = () => {
      timer = setTimeout(async () => {
        const r = await refreshDomain(state.domain);
        // The answer may have ended this effect (found, or an error) while it was awaited.
        if (r.again && !gone) next();
      }, delayFor(attempt++));
    };
    next();
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [state.kind, domain]);

  return <PopupView state={state} extras={extras} />;
}
