/**
 * The popup: the tab's state from storage.session (instant), kept live with storage.watch,
 * and the full record, announced record and history fetched from the gateway for the views.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { RecheckView } from '../../components/crawl-time.js';
import { PopupView, type PopupState } from '../../components/popup-view.js';
import { settingsClient } from '../../lib/lookup.js';
import { pagePath } from '../../lib/page-domain.js';
import { readPageSignals, type PageSignals } from '../../lib/page-signals.js';
import { pathVerdicts } from '../../lib/path-verdicts.js';
import { loadExtras, type Extras, type PopupStart } from '../../lib/popup-data.js';
import { delayFor } from '../../lib/poller.js';
import { checkAgain } from '../../lib/recheck.js';
import { tabStates } from '../../lib/session-store.js';
import { awaitAnalysis, checkTab, refreshDomain } from '../../lib/tab-watcher.js';

function initialState(start: PopupStart): PopupState {
  if (!start.tab || !start.domain) return { kind: 'no-page' };
  return start.stored ?? { kind: 'loading' };
}

/** The tab's state: stored (or loading) at first, then kept live from storage.session. */
function useTabState(start: PopupStart) {
  const [state, setState] = useState<PopupState>(() => initialState(start));
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
  return [state, setState] as const;
}

/** What the popup knows of the page itself: its noai / TDMRep tags, and its path judged here. */
function usePage(start: PopupStart, state: PopupState) {
  const [signals, setSignals] = useState<PageSignals | null>(null);
  // The page's own noai / TDMRep tags, through the activeTab grant of opening the popup.
  useEffect(() => {
    if (start.tab && start.domain) void readPageSignals(start.tab.tabId).then(setSignals);
  }, [start]);
  // This page's path judged here against the site's rules; the path is never sent.
  const policy = state.kind === 'found' ? state.policy : null;
  return useMemo(
    () => ({ pathVerdicts: policy ? pathVerdicts(policy, pagePath(start.tab?.url)) : null, signals }),
    [policy, signals, start],
  );
}

const domainOf = (state: PopupState): string | null =>
  state.kind === 'found' || state.kind === 'queued' || state.kind === 'error' ? state.domain : null;

/** The details, once the full record exists (an early answer, its terms still being read, has none yet). */
function useExtras(state: PopupState): Extras | null {
  const [extras, setExtras] = useState<Extras | null>(null);
  // A new answer for the same domain (after "Check again", or the full record after an early
  // answer whose terms were still being read) reloads the details too.
  const version =
    state.kind === 'found'
      ? `${state.policy.last_updated}|${state.policy.basis?.last_check?.failed_at ?? ''}|${state.policy.basis?.terms_pending ?? ''}`
      : state.kind;
  const domain = domainOf(state);
  // The effect runs when the version or domain changes, and reads the state of that moment.
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const now = latest.current;
    if (now.kind !== 'found' || now.policy.basis?.terms_pending) return;
    let gone = false;
    const summary = now.policy;
    void settingsClient()
      .then((c) => loadExtras(c, now.domain, summary))
      .then((x) => !gone && setExtras(x));
    return () => void (gone = true);
  }, [version, domain]);
  return extras;
}

/**
 * While the domain is queued and the popup is open, hold a request until the analysis is
 * done (Prefer: wait), so the result is painted the moment it exists; a gateway that does not
 * hold it is asked again with the poller's backoff. The answer reaches this view (and the
 * badge) through storage.session.
 */
function useQueuedWait(state: PopupState): void {
  const queued = state.kind === 'queued' ? state.domain : null;
  useEffect(() => {
    if (queued === null) return;
    let timer: ReturnType<typeof setTimeout>;
    let gone = false;
    let attempt = 0;
    const next = () => {
      timer = setTimeout(() => {
        void refreshDomain(queued).then((r) => {
          // The answer may have ended this effect (found, or an error) while it was awaited.
          if (r.again && !gone) next();
        });
      }, delayFor(attempt++));
    };
    void awaitAnalysis(queued).then((s) => !gone && s.kind === 'queued' && next());
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [queued]);
}

/** "Check again" for a found domain: busy while asked, then the new answer or why not. */
function useRecheck(state: PopupState, setState: (s: PopupState) => void) {
  const [recheck, setRecheck] = useState<RecheckView>({ busy: false, message: null });
  const onRecheck =
    state.kind === 'found'
      ? () => {
          setRecheck({ busy: true, message: null });
          const { domain: d, policy } = state;
          void checkAgain(d, policy).then((r) => {
            if (r.done) setState({ kind: 'found', domain: d, policy: r.policy, fetchedAt: Date.now() });
            setRecheck({ busy: false, message: r.done ? null : r.message });
          });
        }
      : undefined;
  return { recheck, onRecheck };
}

/** `start` is read before the first render (main.tsx, loadPopupStart) so the verdicts paint in the first frame. */
export function App({ start }: { start: PopupStart }) {
  const [state, setState] = useTabState(start);
  const page = usePage(start, state);
  const extras = useExtras(state);
  useQueuedWait(state);
  const { recheck, onRecheck } = useRecheck(state, setState);
  return <PopupView state={state} extras={extras} recheck={recheck} onRecheck={onRecheck} page={page} />;
}
