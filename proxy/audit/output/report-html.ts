/**
 * report.html: one self-contained file that opens from disk with no network. Chart.js 4 (its
 * UMD build) and the figures are inlined; a Content-Security-Policy allows only those two
 * scripts (by hash) and nothing from anywhere else. Every chart is a `role="img"` canvas with a
 * one-sentence label, followed by the table of its figures; without scripts the tables remain.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { reportSections, pct, type ChartSpec, type Section, type TableSpec } from './report-data.js';
import type { Tally } from './tally.js';
import { visibleText } from '../../../shared/visible-text.js';

export interface ReportMethod {
  listName: string;
  listSha256: string;
  listLines: { domains: number; invalid: number; duplicates: number };
  runStartedMs: number;
  builtMs: number;
  /** The program's version (package.json). */
  version: string;
  userAgent: string;
  refreshDays: number;
  rate: number;
  registry: string;
  complete: boolean;
  /** The catalogue's size (shared/bots.ts catalogueCounts): the one source every face states it from. */
  catalogue: { entries: number; aiBots: number; tools: number; nonAi: number };
  limits: { domainMs: number; requestMs: number; maxRedirects: number };
}

let chartJs: string | undefined;
/** Chart.js's UMD build, read once from the installed package. */
export function chartJsSource(): string {
  if (chartJs === undefined) {
    const main = createRequire(import.meta.url).resolve('chart.js');
    chartJs = readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
  }
  return chartJs;
}

/** HTML-escaped, and crawled text (a bot's name as a robots.txt writes it) with its invisible and bidi characters shown (issue 33). */
const esc = (s: string | number) => visibleText(String(s)).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const n = (x: number) => x.toLocaleString('en-US');
const day = (iso: string | null) => (iso === null ? 'none' : `${iso.slice(0, 16).replace('T', ' ')} UTC`);
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function table(t: TableSpec): string {
  const head = t.head.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const rows = t.rows
    .map(
      (r) =>
        `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`,
    )
    .join('\n');
  return `<table><caption>${esc(t.caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function chart(c: ChartSpec): string {
  const height = 60 + c.labels.length * (c.datasets.length > 1 ? 30 : 26);
  return `<div class="chart" style="height:${height}px"><canvas id="${esc(c.id)}" role="img" aria-label="${esc(c.summary)} The table below gives the figures."></canvas></div>`;
}

function section(s: Section): string {
  return `<section id="${esc(s.id)}" aria-labelledby="${esc(s.id)}-h">
<h2 id="${esc(s.id)}-h">${esc(s.title)}</h2>
<p>${esc(s.intro)}</p>
${s.chart ? chart(s.chart) : ''}
${s.tables.map(table).join('\n')}
</section>`;
}

function summary(t: Tally, m: ReportMethod): string {
  const trainingRestricted = t.verdicts.training.blocked + t.verdicts.training.partial;
  const cards: Array<[string, string]> = [
    [n(m.listLines.domains), 'domains in the list'],
    [n(t.status.ok), 'checked'],
    [n(t.status.failed), 'failed checks'],
    [n(t.status.pending), 'not checked yet'],
    [`${pct(trainingRestricted, t.checked).toFixed(1)} %`, 'restrict AI training (blocked or partly)'],
    [`${pct(t.told.blocks_all_ai, t.checked).toFixed(1)} %`, 'block all AI'],
  ];
  const state = m.complete
    ? 'Every domain of the list has been checked.'
    : `This run is not finished: ${n(t.status.pending)} ${t.status.pending === 1 ? 'domain is' : 'domains are'} not checked yet${t.status.failed ? ' and failed checks may still be retried' : ''}. Run the same command again to go on; this report is rewritten each time.`;
  return `<section id="summary" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<ul class="cards">${cards.map(([v, l]) => `<li><strong>${esc(v)}</strong> ${esc(l)}</li>`).join('')}</ul>
<p>${esc(state)} Shares are of the ${n(t.checked)} sites with a record${t.reused ? `, ${n(t.reused)} of them reused from checks made before this run began (at most ${m.refreshDays} days before it)` : ''}.</p></section>`;
}

function method(t: Tally, m: ReportMethod): string {
  const items = [
    `<strong>List:</strong> ${esc(m.listName)} (sha256 <code>${esc(m.listSha256)}</code>): ${n(m.listLines.domains)} domains after normalising names (lower case, IDN to punycode, trailing dot removed); ${n(m.listLines.duplicates)} duplicate lines merged; ${n(m.listLines.invalid)} lines that are not domains left out${m.listLines.invalid ? ' (listed in invalid-lines.csv)' : ''}.`,
    `<strong>What was fetched</strong>, once per check of a domain, over https (http only when https gave no answer): <code>/robots.txt</code>, <code>/llms.txt</code>, <code>/ai.txt</code>, <code>/.well-known/tdmrep.json</code>, <code>/.well-known/agents.json</code>; and, where robots.txt lets the crawler in, the homepage (as HTML and as markdown) and one terms-of-service page linked from it. At most ${m.limits.maxRedirects} redirects a request, ${m.limits.requestMs / 1000} s a request, ${m.limits.domainMs / 1000} s a domain.`,
    `<strong>By:</strong> AI Policy Lens ${esc(m.version)}, crawler <code>${esc(m.userAgent)}</code>, which obeys robots.txt for its own token; at most ${esc(m.rate)} domains handed to the crawler a second, one check of a domain at a time. Registry: ${esc(m.registry)}.`,
    `<strong>When:</strong> crawls from ${esc(day(t.firstCrawl))} to ${esc(day(t.lastCrawl))}; the run began ${esc(day(new Date(m.runStartedMs).toISOString()))}; records checked up to ${m.refreshDays} days before that were reused; this report was built ${esc(day(new Date(m.builtMs).toISOString()))}.`,
    `<strong>Rules:</strong> robots.txt read by RFC 9309 (longest match wins, a named group before <code>User-agent: *</code>); a bot catalogue of ${n(m.catalogue.aiBots)} AI bots, each with one purpose (training, search, answers, agent), and ${n(m.catalogue.tools)} scraping and other tools with no AI use, counted apart; a use is blocked when every key bot of it is blocked or a usage signal (Content-Signal, Content-Usage, TDMRep, page noai, ai.txt, an RSL licence) says no; the stance is the first of: blocks all AI, blocks AI training, selective, allows AI, terms of service that forbid or restrict AI (no machine-readable rule), no AI rules, unknown (robots.txt could not be read). A host with no robots.txt and no AI rule of its own tells the stance of the site it belongs to when the run checked that site and it has AI rules, as the extension and the web page do. A check that failed for a reason that may pass (no answer, server error) is tried once more during the run after a pause; what still fails is listed in failed.csv with when it may be tried again, and keeps an earlier good record.`,
    `<strong>Files:</strong> sites.csv and sites.jsonl (one row per domain, with the record's audit id, which names the stored crawl and the files fetched), bots.csv (one row per AI bot of the catalogue, then the tools and unlisted names sites blocked by name), failed.csv (the domains still failing, with when each may be tried again).`,
  ];
  return `<section id="method" aria-labelledby="method-h"><h2 id="method-h">Method</h2><ul>${items.map((i) => `<li>${i}</li>`).join('\n')}</ul></section>`;
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
body{max-width:1040px;margin:0 auto;padding:24px 20px 64px;line-height:1.45}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.25rem;margin:40px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
.sub{color:#4b5563;margin:0 0 16px}nav a{margin-right:14px;color:#1d4ed8}
.cards{display:flex;flex-wrap:wrap;gap:10px;list-style:none;padding:0}.cards li{border:1px solid #d1d5db;border-radius:8px;padding:10px 14px;min-width:140px}
.cards strong{display:block;font-size:1.4rem}
.chart{position:relative;width:100%;margin:12px 0}
table{border-collapse:collapse;margin:12px 0 20px;font-size:.9rem;width:100%}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}td{font-variant-numeric:tabular-nums}
thead th{background:#f3f4f6}code{font-size:.85em;background:#f3f4f6;padding:0 3px;border-radius:3px;word-break:break-all}
`;

/** Draws each chart from its spec: horizontal bars, stacked when several datasets. */
const DRAW = `
(function(){var specs=JSON.parse(document.getElementById('chart-data').textContent);
Chart.defaults.font.family='system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';Chart.defaults.color='#1f2937';
specs.forEach(function(s){var el=document.getElementById(s.id);if(!el)return;var stacked=s.datasets.length>1;
new Chart(el,{type:'bar',data:{labels:s.labels,datasets:s.datasets.map(function(d){return{label:d.label,data:d.data,backgroundColor:d.color}})},
options:{indexAxis:'y',animation:false,maintainAspectRatio:false,responsive:true,
plugins:{legend:{display:stacked,position:'bottom'},tooltip:{callbacks:{label:function(c){return c.dataset.label+': '+c.formattedValue+(s.percent?' %':'')}}}},
scales:{x:{stacked:stacked,beginAtZero:true,max:s.percent?100:undefined,ticks:{callback:function(v){return v+(s.percent?' %':'')}}},y:{stacked:stacked}}}});});})();
`;

export function reportHtml(t: Tally, m: ReportMethod, chartJsCode: string = chartJsSource()): string {
  const sections = reportSections(t);
  const charts = sections.flatMap((s) => (s.chart ? [s.chart] : []));
  // JSON inside a script element: `<` escaped, so no text in it can close the element; the
  // labels' invisible and bidi characters shown, as in the tables.
  const data = JSON.stringify(charts, (_, v: unknown) => (typeof v === 'string' ? visibleText(v) : v)).replace(
    /</g,
    '\\u003c',
  );
  const csp = `default-src 'none'; script-src ${sha(chartJsCode)} ${sha(DRAW)}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AI policies of ${esc(n(m.listLines.domains))} sites: ${esc(m.listName)}</title>
<style>${STYLE}</style></head>
<body><header><h1>AI policies of ${esc(n(m.listLines.domains))} sites</h1>
<p class="sub">${esc(m.listName)} · ${m.complete ? 'complete' : 'in progress'} · built ${esc(day(new Date(m.builtMs).toISOString()))} by AI Policy Lens ${esc(m.version)}</p>
<nav aria-label="Sections"><a href="#summary">Summary</a>${sections.map((s) => `<a href="#${esc(s.id)}">${esc(s.title)}</a>`).join('')}<a href="#method">Method</a></nav></header>
<main>
${summary(t, m)}
${sections.map(section).join('\n')}
${method(t, m)}
</main>
<script type="application/json" id="chart-data">${data}</script>
<script>${chartJsCode}</script>
<script>${DRAW}</script>
</body></html>
`;
}
