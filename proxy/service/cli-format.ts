/**
 * The CLI's readable summary of one analysis: stance and detail in words, the three use cases,
 * blocked and allowed bots, signals found, conflicts and warnings, site facts. Words come from
 * shared/labels.ts so the CLI, the popup and the docs say the same thing.
 */
import type { DomainPolicyFound, FullRecord } from '../../shared/schemas.js';
import {
  COMPLETENESS_LABELS,
  CONFLICT_LABELS,
  DETAIL_LABELS,
  SIGNAL_LABELS,
  STANCE_LABELS,
  TOS_STANCE_LABELS,
  USE_CASE_LABELS,
  VERDICT_LABELS,
  WARNING_LABELS,
  type WarningCode,
} from '../../shared/labels.js';
import { SIGNAL_KEYS, USE_CASES } from '../../shared/values.js';

const list = (xs: readonly string[]): string => (xs.length ? xs.join(', ') : 'none');
const yesNo = (b: boolean): string => (b ? 'yes' : 'no');

export function formatAnalysis(full: FullRecord, summary: DomainPolicyFound): string {
  const out: string[] = [];
  const stance = STANCE_LABELS[full.ai_stance];
  const detail = DETAIL_LABELS[full.policy_detail];
  out.push(`${full.domain}`, '');
  out.push(`Stance:  ${stance.label} (${full.ai_stance}): ${stance.explanation}`);
  out.push(`Detail:  ${detail.label} (${full.policy_detail}): ${detail.explanation}`);
  out.push(
    `Score:   openness ${full.ai_openness_score.toFixed(2)}, confidence ${full.confidence.toFixed(2)}, ` +
      `completeness ${COMPLETENESS_LABELS[full.policy_completeness].label.toLowerCase()}`,
  );
  out.push('', 'Use cases:');
  for (const u of USE_CASES) {
    const v = full.use_case_policies[u];
    out.push(`  ${USE_CASE_LABELS[u].label.padEnd(12)} ${VERDICT_LABELS[v].label} (${v})`);
  }
  out.push('', `Bots blocked: ${list(summary.bots.blocked)}`, `Bots allowed: ${list(summary.bots.allowed)}`);
  out.push('', 'Signals:');
  for (const k of SIGNAL_KEYS) out.push(`  ${summary.signals[k] ? '[x]' : '[ ]'} ${SIGNAL_LABELS[k].label}`);
  out.push('', `Conflicts:${full.conflicts.length ? '' : ' none'}`);
  for (const c of full.conflicts) out.push(`  - ${CONFLICT_LABELS[c].label}: ${CONFLICT_LABELS[c].explanation}`);
  out.push(`Warnings:${full.warnings.length ? '' : ' none'}`);
  for (const w of full.warnings) {
    const label = (WARNING_LABELS as Record<string, { label: string; explanation: string } | undefined>)[w as WarningCode];
    out.push(`  - ${label ? `${label.label}: ${label.explanation}` : w}`);
  }
  out.push('', 'Site:');
  out.push(`  rank              ${full.ranklist_rank ?? 'not ranked'}`);
  out.push(`  robots.txt        ${full.robots_txt_status}`);
  // A homepage the crawler did not request (robots.txt) is not one that gave no answer: the record says which.
  const home = full.explanations.find((e) => e.subject === 'homepage');
  out.push(`  homepage status   ${full.homepage_status ?? (home?.value === 'not_fetched' ? 'not fetched' : 'no answer')}`);
  if (full.homepage_status === null && home) out.push(`                    ${home.reason}`);
  out.push(`  CDN               ${full.cdn_provider ?? 'none detected'}${full.behind_cdnvendor ? ' (behind its proxy)' : ''}`);
  out.push(`  CMS               ${full.cms ?? 'none detected'}`);
  out.push(`  paywall           ${yesNo(full.has_paywall)}`);
  const unsought = full.tos_url === null && home?.value === 'not_fetched';
  out.push(`  terms of service  ${unsought ? 'not looked for (the homepage was not fetched)' : `${full.tos_url ?? 'none found'} (${TOS_STANCE_LABELS[full.tos_ai_stance].label})`}`);
  out.push(`  markdown variant  ${yesNo(full.markdown_for_agents)}`);
  out.push('', `Crawled ${full.parsed_at}, audit ${full.audit_id}`);
  return out.join('\n') + '\n';
}
