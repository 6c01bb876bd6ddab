/**
 * The details view: the lines of robots.txt (and other sources) behind each verdict, with line
 * numbers, then the raw robots.txt as served.
 */
import type { FullRecord } from '~~/shared/schemas.js';

const SOURCE_NAMES: Record<string, string> = {
  robots_txt: 'robots.txt',
  content_signals: 'Content signals',
  tdmrep: 'TDMRep',
  ai_txt: 'ai.txt',
  llms_txt: 'llms.txt',
  agents_json: 'agents.json',
  meta: 'Page meta tag',
  x_robots_tag: 'X-Robots-Tag header',
  tos: 'Terms of service',
  crawl: 'Crawl',
  rule: 'Rule',
};

/** Enough lines for any real policy; a 500 KiB file would only slow the popup. */
const MAX_LINES = 400;
const lines = (text: string): string[] => {
  const all = text.split(/\r\n|\r|\n/);
  return all.length > MAX_LINES ? [...all.slice(0, MAX_LINES), `… ${all.length - MAX_LINES} more lines`] : all;
};

export function Explanations({ full }: { full: FullRecord }) {
  return (
    <div class="details">
      <section class="block" aria-labelledby="why-h">
        <h2 id="why-h">Why</h2>
        {full.explanations.length === 0 ? (
          <p class="muted">No line of any source decided these verdicts.</p>
        ) : (
          <ol class="why" data-testid="explanations">
            {full.explanations.map((e, i) => (
              <li key={i}>
                <span class="why-subject">
                  {e.subject}: {e.value}
                </span>
                <span class="why-source">
                  {SOURCE_NAMES[e.source] ?? e.source}
                  {e.line !== null && `, line ${e.line}`}
                </span>
                {e.evidence && <code class="why-evidence">{e.evidence}</code>}
                <span class="why-reason">{e.reason}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {full.robots_txt !== null && (
        <details class="raw">
          <summary>robots.txt as served</summary>
          <pre data-testid="robots-raw">
            {lines(full.robots_txt).map((l, i) => (
              <span key={i} class="rl">
                <span class="ln" aria-hidden="true">
                  {i + 1}
                </span>
                {l}
                {'\n'}
              </span>
            ))}
          </pre>
        </details>
      )}
      <p class="muted">
        Confidence {Math.round(full.confidence * 100)} % · openness {Math.round(full.ai_openness_score * 100)} / 100
      </p>
    </div>
  );
}
