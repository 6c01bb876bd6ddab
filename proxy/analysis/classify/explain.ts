/**
 * Explanations (ExplanationSchema): every verdict, bot status and stance names the robots.txt
 * line, header or tag behind it (classification.md introduction: "every verdict can be
 * explained by pointing at the line or header that decided it").
 */
import type { Explanation } from '../../../shared/schemas.js';
import type { RobotsTxt } from '../../../shared/robots/index.js';
import type { BotReading } from './bot-readings.js';
import { describeFetch } from './robots-outcome.js';
import type { Facts } from './read-evidence.js';
import type { StanceDecision } from './stance.js';
import type { UseCaseVerdict } from './verdicts.js';

const MAX_EVIDENCE = 300;
/** Evidence text as the records keep it: trimmed, at most 300 characters, null when empty. */
export const clip = (s: string | null | undefined): string | null => (s == null ? null : s.trim().slice(0, MAX_EVIDENCE) || null);
const USE_WORDS = { training: 'AI training', search: 'AI search', inference: 'AI answers (user-triggered fetches and agents)' } as const;

/** Looks up a robots.txt line by number, as the parser counted them (CR, LF and CRLF end a line). */
export class RobotsLines {
  private readonly lines: string[];
  constructor(text: string | null) {
    this.lines = text === null ? [] : text.split(/\r\n|\r|\n/);
  }
  text(line: number | null): string | null {
    return line === null ? null : clip(this.lines[line - 1]?.replace(/^\uFEFF/, ''));
  }
}

/** The first `User-agent` line naming a token, or null. */
function agentLine(robots: RobotsTxt | null, token: string): number | null {
  for (const g of robots?.groups ?? []) for (const a of g.agents) if (a.token === token) return a.line;
  return null;
}

/** The line behind a bot's status: the deciding rule, else the user-agent line naming it. */
function botLine(robots: RobotsTxt | null, r: BotReading): number | null {
  return r.status.decidingLine ?? (r.named ? agentLine(robots, r.token) : null);
}

const via = (r: BotReading): string => (r.status.source === 'named' ? 'named' : r.status.source === 'wildcard' ? 'via User-agent: *' : 'no rule');

export function explainBot(facts: Facts, lines: RobotsLines, r: BotReading): Explanation {
  const line = botLine(facts.robots, r);
  const paths = r.status.status === 'partial' ? ` (disallowed: ${r.status.disallowedPaths.slice(0, 5).join(' ')})` : '';
  return {
    subject: r.name,
    value: r.status.status,
    source: 'robots_txt',
    line,
    evidence: lines.text(line),
    reason: `${r.name} is ${r.status.status}${paths}, ${via(r)}.`,
  };
}

export function explainUseCase(facts: Facts, lines: RobotsLines, v: UseCaseVerdict): Explanation {
  const words = USE_WORDS[v.u];
  const piece = v.signal?.pieces[0];
  const base = { subject: v.u, value: v.verdict };
  if (v.signal?.value === false && piece) {
    return { ...base, source: piece.origin, line: piece.line, evidence: clip(piece.text), reason: `A usage signal says no to ${words}; the most restrictive signal wins.` };
  }
  if (v.verdict === 'unknown') {
    return { ...base, source: 'crawl', line: null, evidence: describeFetch(facts.evidence.robots), reason: `robots.txt could not be read (${facts.robotsOutcome}) and no usage signal speaks of ${words}.` };
  }
  const R = v.robots;
  if (R.value === 'blocked') {
    const first = R.blockedKeys[0]!;
    const line = botLine(facts.robots, first);
    const names = R.blockedKeys.map((k) => k.name).join(', ');
    const wildcard = R.blockedKeys.every((k) => k.status.source === 'wildcard');
    return { ...base, source: 'robots_txt', line, evidence: lines.text(line), reason: `Every key bot is blocked${wildcard ? ' by the rules for every crawler (User-agent: *)' : ''}: ${names}.` };
  }
  if (R.value === 'partial') {
    const first = R.restricting[0]!;
    const line = botLine(facts.robots, first);
    const names = R.restricting.slice(0, 8).map((k) => k.name).join(', ');
    return { ...base, source: 'robots_txt', line, evidence: lines.text(line), reason: `Some bots for ${words} are restricted (${names}${R.restricting.length > 8 ? ', …' : ''}), but not every key bot is blocked.` };
  }
  if (v.signal?.value === true && piece) {
    return { ...base, source: piece.origin, line: piece.line, evidence: clip(piece.text), reason: `A usage signal says yes to ${words}, and no rule restricts it.` };
  }
  const key = R.explicitKeys[0];
  if (key) {
    const line = botLine(facts.robots, key);
    return { ...base, source: 'robots_txt', line, evidence: lines.text(line), reason: `${R.explicitKeys.map((k) => k.name).join(', ')} ${R.explicitKeys.length === 1 ? 'is' : 'are'} named and allowed.` };
  }
  return { ...base, source: 'rule', line: null, evidence: null, reason: `No rule or signal restricts ${words}.` };
}

export function explainStance(d: StanceDecision): Explanation {
  return { subject: 'stance', value: d.stance, source: 'rule', line: null, evidence: `${d.stance}/${d.detail}`, reason: `Row ${d.row} of the stance table: ${d.reason}` };
}

export function explainRobotsOutcome(facts: Facts): Explanation {
  const evidence = facts.robotsChallenge?.evidence ? `${describeFetch(facts.evidence.robots)}; ${facts.robotsChallenge.evidence}` : describeFetch(facts.evidence.robots);
  const reasons = {
    ok: 'robots.txt was read.',
    missing: 'There is no robots.txt (not found, or an HTML page instead of a text file).',
    blocked: 'The server refused to serve robots.txt (401, 403, 429 or a CDN challenge page).',
    error: 'The server failed while serving robots.txt (5xx).',
    unreachable: 'robots.txt gave no HTTP answer.',
  } as const;
  return { subject: 'robots_txt', value: facts.robotsOutcome, source: 'crawl', line: null, evidence: clip(evidence), reason: reasons[facts.robotsOutcome] };
}

/** Site facts with the header or marker that decided them. */
export function explainSite(facts: Facts): Explanation[] {
  const out: Explanation[] = [];
  const fact = (subject: string, value: string, source: Explanation['source'], evidence: string | null, reason: string): void => {
    out.push({ subject, value, source, line: null, evidence: clip(evidence), reason });
  };
  if (facts.cdn.cdn) fact('cdn', facts.cdn.cdn, 'crawl', facts.cdn.evidence, `The homepage response headers show the ${facts.cdn.cdn} CDN.`);
  if (facts.cms.cms) fact('cms', facts.cms.cms, 'crawl', facts.cms.evidence, `The homepage shows the ${facts.cms.cms} CMS.`);
  if (facts.paywall.hasPaywall) fact('has_paywall', 'true', 'crawl', facts.paywall.evidence, 'The homepage marks content as paid or loads a paywall.');
  if (facts.markdown.offered) fact('markdown_for_agents', 'true', 'crawl', facts.markdown.url, `A markdown version is offered (${facts.markdown.via}).`);
  fact('tos_ai_stance', facts.tos.stance, 'tos', facts.tos.excerpt, facts.hasTos ? 'The terms of service were read for clauses on AI, scraping and mining.' : 'No readable terms of service were found.');
  return out;
}
