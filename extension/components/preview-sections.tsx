/**
 * Preview features (the announced surface, shown only when the gateway's /status offers them):
 * the four purposes with the standards that decided each, and the policy's history.
 */
import { PURPOSE_LABELS, STANCE_LABELS } from '~~/shared/labels.js';
import type { AnnouncedRecord, HistoryResponse, PurposeVerdict } from '~~/shared/schemas.js';
import { PURPOSES } from '~~/shared/values.js';
import { VerdictIcon } from './icons.js';
import { detailBeyondStance } from './policy-header.js';

const SOURCE_WORDS: Record<string, string> = {
  robots_txt: 'robots.txt',
  content_signals: 'content signals',
  tdmrep: 'TDMRep',
  ai_txt: 'ai.txt',
  meta: 'page meta',
};

function purposeWords(p: PurposeVerdict): { verdict: 'allowed' | 'blocked' | 'unknown'; text: string } {
  if (p.allowed === null) return { verdict: 'unknown', text: 'Nothing expressed' };
  const by = p.source.length ? ` (${p.source.map((s) => SOURCE_WORDS[s] ?? s).join(', ')})` : '';
  return p.allowed ? { verdict: 'allowed', text: `Allowed${by}` } : { verdict: 'blocked', text: `Not allowed${by}` };
}

export function Purposes({ record }: { record: AnnouncedRecord }) {
  return (
    <section class="block" aria-labelledby="purposes-h">
      <h2 id="purposes-h">Purposes (preview) · score {record.score} / 100</h2>
      <ul class="verdicts" data-testid="purposes">
        {PURPOSES.map((k) => {
          const w = purposeWords(record.purposes[k]);
          return (
            <li key={k} class={`verdict verdict-${w.verdict}`} title={PURPOSE_LABELS[k].explanation}>
              <VerdictIcon verdict={w.verdict} />
              <span class="verdict-use">{PURPOSE_LABELS[k].label}</span>
              <span class="verdict-value">{w.text}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function History({ history }: { history: HistoryResponse }) {
  return (
    <section class="block" aria-labelledby="history-h">
      <h2 id="history-h">
        History · {history.crawls} {history.crawls === 1 ? 'check' : 'checks'}
      </h2>
      <ol class="history" data-testid="history">
        {history.entries.map((e) => {
          const extra = detailBeyondStance(e.stance, e.detail);
          return (
            <li key={e.audit_id}>
              <time dateTime={e.crawled_at}>{new Date(e.crawled_at).toLocaleDateString('en', { dateStyle: 'medium' })}</time>{' '}
              <strong>{STANCE_LABELS[e.stance]?.label ?? e.stance}</strong>
              {extra && <span class="muted"> ({extra})</span>}
              {e.changes.length === 0 ? (
                <p class="muted">First check.</p>
              ) : (
                <ul class="changes">
                  {e.changes.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
