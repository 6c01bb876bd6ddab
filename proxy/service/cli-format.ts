/**
 * The CLI's readable summary of one analysis, told as the popup tells it (shared/story.ts,
 * docs/policy.md section 9): the headline, whether robots.txt was read, each use case in
 * words with what decided it ("Not restricted" for silence, "Unknown" when robots.txt could not
 * be read), the standards found, notes and conflicts, bots and site facts. Identifiers appear
 * only in the last "Record" lines, as the popup's Details shows them.
 */
import { domainToUnicode } from 'node:url';
import { TOS_STANCE_LABELS, USE_CASE_LABELS } from '../../shared/labels.js';
import type { DomainPolicyFound, FullRecord } from '../../shared/schemas.js';
import {
  deciderPhrase,
  headline,
  robotsReading,
  standardsFound,
  termsReading,
  readingsOfUses,
} from '../../shared/story.js';
import { signalValues } from '../../shared/story-signals.js';
import { confidenceWords, dateTime, issues, lastCheckSentence, opennessWords } from '../../shared/story-notes.js';

const list = (xs: readonly string[]): string => (xs.length ? xs.join(', ') : 'none');
const yesNo = (b: boolean): string => (b ? 'yes' : 'no');
const ACCESS_WORDS: Record<string, string | null> = {
  prohibits: 'forbidden',
  restricts: 'restricted',
  permits: 'allowed',
  silent: null,
  unknown: null,
};

/** Why a page was not requested, as the popup's Details says it (docs/policy.md section 11). */
function notFetchedWords(full: FullRecord, page: 'homepage' | 'terms'): string | null {
  const home = full.explanations.find((e) => e.subject === 'homepage');
  const state =
    full.basis?.fetches?.[page] ??
    (home?.value === 'not_fetched' ? (home.source === 'robots_txt' ? 'disallowed' : 'robots_unreadable') : null);
  if (state === 'disallowed') return 'not fetched: robots.txt asks crawlers to stay out';
  if (state === 'robots_unreadable') return 'not fetched: robots.txt could not be read';
  if (state === 'refused') return 'not fetched: its address is not public';
  return null;
}

/** The site facts, the terms told apart: AI use and robots and scrapers. */
function siteLines(full: FullRecord): string[] {
  const home = full.explanations.find((e) => e.subject === 'homepage');
  const out = [`  rank              ${full.ranklist_rank ?? 'not ranked'}`];
  out.push(
    `  homepage          ${full.homepage_status !== null ? `HTTP ${full.homepage_status}` : (notFetchedWords(full, 'homepage') ?? 'no answer')}`,
  );
  if (full.homepage_status === null && home) out.push(`                    ${home.reason}`);
  out.push(
    `  CDN               ${full.cdn_provider ?? 'none detected'}${full.behind_cdnvendor ? ' (behind its proxy)' : ''}`,
  );
  out.push(`  CMS               ${full.cms ?? 'none detected'}`);
  out.push(`  paywall           ${yesNo(full.has_paywall)}`);
  // The terms are looked for on the homepage: no homepage, no looking; a homepage without a link is "none linked".
  const access = ACCESS_WORDS[full.tos_automated_access ?? 'unknown'];
  const stances = `${TOS_STANCE_LABELS[full.tos_ai_stance].label}${access ? `; robots and scrapers ${access}` : ''}`;
  const terms =
    full.tos_url !== null
      ? `${full.tos_url} (${stances})`
      : full.homepage_status === null
        ? (notFetchedWords(full, 'terms') ?? 'not looked for (the homepage gave no answer)')
        : 'none linked from the homepage, none at /terms, /terms-of-service, /legal or /tos';
  out.push(`  terms of service  ${terms}`);
  out.push(`  markdown variant  ${yesNo(full.markdown_for_agents)}`);
  return out;
}

export function formatAnalysis(full: FullRecord, summary: DomainPolicyFound, now = Date.now()): string {
  const out: string[] = [];
  const host = domainToUnicode(full.domain);
  const robots = robotsReading(summary, full);
  const terms = termsReading(summary, full);
  const uses = readingsOfUses(summary, full, robots, terms);
  const head = headline(summary, full, robots, terms, uses);
  out.push(host === full.domain ? host : `${host} (${full.domain})`, '');
  out.push(`${head.label}: ${head.explanation}`);
  out.push(robots.sentence);
  const failed = lastCheckSentence(summary.basis ?? full.basis, summary.last_updated, now);
  if (failed) out.push(failed);
  out.push('', 'Uses:');
  for (const r of uses)
    out.push(`  ${USE_CASE_LABELS[r.use].label.padEnd(12)} ${r.words}${r.because ? `, ${r.because}` : ''}`);
  const openness = opennessWords(Math.round(full.ai_openness_score * 100), uses, terms);
  if (openness) out.push('', openness);
  out.push(confidenceWords(full));
  const found = standardsFound(summary, full, uses);
  out.push('', `Standards found:${found.length ? '' : ' none'}`);
  for (const s of found)
    out.push(
      `  - ${s.label}${s.decides.length ? ` (decides ${s.decides.map((u) => USE_CASE_LABELS[u].label).join(', ')})` : ''}: ${s.explanation}`,
    );
  for (const v of signalValues(summary, full)) out.push(`    ${v.words}`);
  const notes = issues(full.conflicts, full.warnings, terms, full.explanations);
  if (notes.length) {
    out.push('', 'Notes:');
    for (const n of notes)
      out.push(`  - ${n.kind === 'note' ? n.explanation : `Conflict: ${n.label}. ${n.explanation}`}`);
  }
  out.push(
    '',
    `AI bots blocked: ${list(summary.bots.blocked)}`,
    `AI bots explicitly allowed: ${list(summary.bots.allowed)}`,
  );
  out.push('', 'Site:', ...siteLines(full));
  out.push('', 'Why (the lines and headers behind each verdict):');
  for (const r of uses) {
    for (const d of r.deciders)
      out.push(
        `  ${USE_CASE_LABELS[r.use].label}: ${deciderPhrase(d, summary.path_rules)}${d.evidence ? `: ${d.evidence}` : ''}`,
      );
  }
  out.push(
    '',
    `Checked ${dateTime(summary.last_updated)}. Record: ${full.ai_stance} / ${full.policy_detail}, robots.txt ${full.robots_txt_status}, audit ${full.audit_id}`,
  );
  return out.join('\n') + '\n';
}
