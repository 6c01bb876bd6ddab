/**
 * The CLI's readable summary of one analysis: the one reading (shared/reading/, docs/policy.md
 * section 16) rendered as text, as the popup renders it: the headline, whether robots.txt was
 * read, each use case in words with what decided it, the standards found, notes and conflicts, the
 * bots by what robots.txt does to them (tools apart), and the site facts. Identifiers appear only
 * in the last "Record" lines, as the popup's Details shows them.
 */
import { domainToUnicode } from 'node:url';
import { PURPOSE_LABELS, TOS_STANCE_LABELS, USE_CASE_LABELS } from '../../shared/labels.js';
import { readBots, type OperatorGroup } from '../../shared/reading/read-bots.js';
import { readConfidence, readIssues } from '../../shared/reading/read-full.js';
import { notFetchedWords, readSite, type Reading } from '../../shared/reading/read-site.js';
import { deciderPhrase } from '../../shared/reading/story.js';
import { dateTime, lastCheckSentence, opennessWords } from '../../shared/reading/story-notes.js';
import type { DomainPolicyFound, FullRecord } from '../../shared/schemas.js';
import { visibleText } from '../../shared/visible-text.js';

const ACCESS_WORDS: Record<string, string | null> = {
  prohibits: 'forbidden',
  restricts: 'restricted',
  permits: 'allowed',
  silent: null,
  unknown: null,
};

const row = (label: string, value: string) => `  ${label.padEnd(17)} ${value}`;

/** The site facts as the reading tells them (the popup's Site facts), the homepage and the terms' two facts beside. */
function siteLines(full: FullRecord, reading: Reading): string[] {
  const home = full.explanations.find((e) => e.subject === 'homepage');
  const homeState = reading.own.fetches.find((f) => f.file === 'homepage')?.state ?? null;
  const out = [row('Rank', full.ranklist_rank === null ? 'not ranked' : `#${full.ranklist_rank}`)];
  out.push(
    row(
      'Homepage',
      full.homepage_status !== null ? `HTTP ${full.homepage_status}` : (notFetchedWords(homeState) ?? 'no answer'),
    ),
  );
  if (full.homepage_status === null && home) out.push(`${' '.repeat(20)}${home.reason}`);
  for (const fact of reading.facts) {
    if (fact.key === 'rank') continue;
    if (fact.key === 'terms' && full.tos_url !== null) {
      const access = ACCESS_WORDS[full.tos_automated_access ?? 'unknown'];
      const stances = `${TOS_STANCE_LABELS[full.tos_ai_stance].label}${access ? `; robots and scrapers ${access}` : ''}`;
      out.push(row(fact.label, `${full.tos_url} (${stances})`));
      continue;
    }
    out.push(row(fact.label, fact.text));
  }
  out.push(row('Markdown variant', full.markdown_for_agents ? 'yes' : 'no'));
  return out;
}

/** "OpenAI: GPTBot (AI training), ChatGPT-User (AI answers)" per operator. */
function botLines(heading: string, groups: OperatorGroup[]): string[] {
  if (groups.length === 0) return [];
  return [
    `${heading}:`,
    ...groups.map(
      (g) =>
        `  ${g.operator}: ${g.bots.map((b) => (b.purpose ? `${b.token} (${PURPOSE_LABELS[b.purpose].label})` : b.token)).join(', ')}`,
    ),
  ];
}

function botsSection(reading: Reading, full: FullRecord): string[] {
  const lists = readBots(reading.shown, reading.borrowed ? null : full);
  const out = [
    ...botLines('AI bots blocked by name', lists.blocked),
    ...(lists.wildcardCount > 0
      ? [`AI bots blocked by the rule for all crawlers (User-agent: *): ${lists.wildcardCount}`]
      : []),
    ...botLines('AI bots partly blocked', lists.partial),
    ...botLines('AI bots let in by name', lists.letIn),
    ...botLines('AI bots explicitly allowed', lists.allowed),
    ...botLines('AI bots named without a rule (not restricted)', lists.noRule),
    ...botLines('Also blocks scraping and other tools (not AI rules)', lists.alsoBlocked),
  ];
  return out.length ? out : ['No AI bot is blocked or named.'];
}

export function formatAnalysis(full: FullRecord, summary: DomainPolicyFound, now = Date.now()): string {
  const out: string[] = [];
  const host = domainToUnicode(full.domain);
  const reading = readSite({ policy: summary, full, display: domainToUnicode });
  const { headline: head, robots, uses, terms } = reading;
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
  const confidence = readConfidence(reading.own);
  if (confidence) out.push(confidence.text);
  out.push('', `Standards found:${reading.standards.length ? '' : ' none'}`);
  for (const s of reading.standards)
    out.push(
      `  - ${s.label}${s.decides.length ? ` (decides ${s.decides.map((u) => USE_CASE_LABELS[u].label).join(', ')})` : ''}: ${s.explanation}`,
    );
  for (const v of reading.signals) out.push(`    ${v.text}`);
  const notes = readIssues(reading, full);
  if (notes.length) {
    out.push('', 'Notes:');
    for (const n of notes)
      out.push(`  - ${n.kind === 'note' ? n.explanation : `Conflict: ${n.label}. ${n.explanation}`}`);
  }
  out.push('', ...botsSection(reading, full));
  out.push('', 'Site:', ...siteLines(full, reading));
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
  // Crawled text (a line, a path, a bot's name) with its invisible and bidi characters shown (issue 33).
  return visibleText(out.join('\n') + '\n');
}
