/**
 * Explanations of what was fetched and what was not: robots.txt's answer, the homepage, the
 * terms of service and the site facts read from the homepage. The crawler asks robots.txt
 * before it fetches a page (RFC 9309), so a page it has no answer for was not always
 * unreachable: the site may have asked it not to, or robots.txt could not be read and the
 * crawler held back. Each case is told as it happened (docs/policy.md sections 1 and 9).
 */
import type { Explanation } from '../../../shared/schemas.js';
import type { FetchResult, RobotsRuleRef } from '../evidence.js';
import { clip } from './clip.js';
import type { Decision } from './decide.js';
import { pageFetch } from './page-fetch.js';
import type { Facts } from './read-evidence.js';
import { describeFetch, problemWords, robotsProblem, timeoutWords } from './robots-outcome.js';

type Source = Pick<Explanation, 'source' | 'line' | 'evidence'>;

/** A sentence's first letter; the file name robots.txt keeps its lower case, as everywhere in these texts. */
const capital = (s: string): string => (s.startsWith('robots.txt') ? s : s.charAt(0).toUpperCase() + s.slice(1));

export function explainRobotsOutcome(facts: Facts): Explanation {
  const result = facts.evidence.robots;
  const evidence = facts.robotsChallenge?.evidence
    ? `${describeFetch(result)}; ${facts.robotsChallenge.evidence}`
    : describeFetch(result);
  const problem = robotsProblem(facts.robotsOutcome, result, facts.robotsChallenge !== null, facts.robotsNotRead);
  const reason =
    facts.robotsOutcome === 'ok'
      ? 'robots.txt was read.'
      : facts.robotsOutcome === 'missing'
        ? 'The site has no robots.txt (not found, or a web page instead of a text file).'
        : `robots.txt could not be read: ${problem ? problemWords(problem, result) : 'no answer'}.`;
  return {
    subject: 'robots_txt',
    value: facts.robotsOutcome,
    source: 'crawl',
    line: null,
    evidence: clip(evidence),
    reason,
  };
}

/** What happened to robots.txt, as the start of a sentence: "robots.txt timed out". */
export function robotsFailure(facts: Facts): string {
  const result = facts.evidence.robots;
  const problem = robotsProblem(facts.robotsOutcome, result, facts.robotsChallenge !== null, facts.robotsNotRead);
  switch (problem) {
    case 'timeout':
      return `robots.txt ${timeoutWords(result)}`;
    case 'connection':
      return 'the connection for robots.txt failed';
    case 'dns':
      return 'the site\u2019s name could not be found';
    case 'server_error':
      return `robots.txt answered a server error${result.kind === 'response' ? ` (HTTP ${result.status})` : ''}`;
    case 'rate_limited':
      return 'robots.txt answered HTTP 429 (too many requests)';
    case null:
      return 'robots.txt could not be read';
    default:
      return `robots.txt could not be read because ${problemWords(problem, result)}`;
  }
}

/** Why the pages were held back, when they were (robots.txt unreadable, RFC 9309 section 2.3.1.4); null otherwise. */
function pagesHeldBack(facts: Facts): string | null {
  if (facts.homepageFetch.kind !== 'held') return null;
  return `${capital(robotsFailure(facts))}, so, as RFC 9309 asks, the homepage and the site\u2019s other pages were not requested`;
}

/**
 * Row 1 (robots.txt unreachable, no homepage answer) as it happened. The homepage is not
 * requested when robots.txt gives no answer (RFC 9309 section 2.3.1.4): say so, rather than
 * that it did not answer.
 */
export function unreachableStory(facts: Facts): string {
  const robots = facts.evidence.robots;
  const problem = robotsProblem(facts.robotsOutcome, robots, false);
  if (problem === 'dns') return 'The site\u2019s name could not be found, so nothing about AI could be read.';
  if (robots.kind === 'refused') return `Nothing was fetched (${robots.reason}), so nothing about AI could be read.`;
  const held = pagesHeldBack(facts);
  if (held !== null) return `${held}; without robots.txt the site\u2019s AI rules are not known.`;
  return 'Neither the homepage nor robots.txt answered, so nothing about AI could be read.';
}

/** Who a rule speaks to, in words. */
const whom = (rule: RobotsRuleRef | null): string =>
  rule === null || rule.agent === '*'
    ? 'every crawler (User-agent: *), AI Policy Lens\u2019s included,'
    : `AI Policy Lens\u2019s crawler (User-agent: ${rule.agent})`;

/** robots.txt of another host than the domain's own (a redirect led there), by its host. */
function otherHost(d: Decision, rule: RobotsRuleRef | null): string | null {
  if (rule === null || rule.robotsUrl === d.evidence.robots.url) return null;
  try {
    return new URL(rule.robotsUrl).host;
  } catch {
    return rule.robotsUrl;
  }
}

/** The rule behind a page the site asked not to be fetched: its line in the domain's robots.txt, or the rule as read elsewhere. */
function ruleSource(d: Decision, rule: RobotsRuleRef | null, refused: FetchResult | null): Source {
  if (rule === null)
    return { source: 'crawl', line: null, evidence: clip(refused?.kind === 'refused' ? refused.reason : null) };
  const host = otherHost(d, rule);
  if (host !== null)
    return {
      source: 'robots_txt',
      line: null,
      evidence: clip(`robots.txt of ${host}, line ${rule.line}: Disallow: ${rule.pattern}`),
    };
  return {
    source: 'robots_txt',
    line: rule.line,
    evidence: d.lines.text(rule.line) ?? clip(`Disallow: ${rule.pattern}`),
  };
}

/** The homepage when there was no answer to it; null when it answered. */
export function explainHomepage(d: Decision): Explanation | null {
  const { facts, evidence } = d;
  const page = facts.homepageFetch;
  const unread = 'The homepage\u2019s tags and the link to its terms of service were therefore not read.';
  switch (page.kind) {
    case 'answered':
      return null;
    case 'disallowed': {
      const host = otherHost(d, page.rule);
      const where = host === null ? 'the site\u2019s robots.txt asks' : `it leads to ${host}, whose robots.txt asks`;
      return {
        subject: 'homepage',
        value: 'not_fetched',
        ...ruleSource(d, page.rule, evidence.homepage),
        reason: `The homepage was not fetched, at the site\u2019s request: ${where} ${whom(page.rule)} not to fetch it. ${unread} The AI policy is read from robots.txt and the files sites publish for crawlers.`,
      };
    }
    case 'held':
      return {
        subject: 'homepage',
        value: 'not_fetched',
        source: 'crawl',
        line: null,
        evidence: clip(`robots.txt: ${describeFetch(evidence.robots)}`),
        reason: `${pagesHeldBack(facts)}. ${unread}`,
      };
    case 'no_answer': {
      const home = evidence.homepage;
      const problem = robotsProblem('unreachable', home, false);
      const what =
        home.kind === 'refused'
          ? `was not fetched: ${home.reason}`
          : `could not be fetched${problem ? `: ${problemWords(problem, home)}` : ''}`;
      return {
        subject: 'homepage',
        value: home.kind === 'refused' ? 'not_fetched' : 'no_answer',
        source: 'crawl',
        line: null,
        evidence: clip(describeFetch(home)),
        reason: `The homepage ${what}. ${unread}`,
      };
    }
  }
}

/** Site facts with the header or marker that decided them, then the terms of service. */
export function explainSite(d: Decision): Explanation[] {
  const { facts } = d;
  const out: Explanation[] = [];
  const fact = (
    subject: string,
    value: string,
    source: Explanation['source'],
    evidence: string | null,
    reason: string,
  ): void => {
    out.push({ subject, value, source, line: null, evidence: clip(evidence), reason });
  };
  if (facts.cdn.cdn)
    fact(
      'cdn',
      facts.cdn.cdn,
      'crawl',
      facts.cdn.evidence,
      `The homepage\u2019s response headers show the ${facts.cdn.cdn} CDN.`,
    );
  if (facts.cms.cms)
    fact(
      'cms',
      facts.cms.cms,
      'crawl',
      facts.cms.evidence,
      `The homepage shows the ${facts.cms.cms} content management system.`,
    );
  if (facts.paywall.hasPaywall)
    fact(
      'has_paywall',
      'true',
      'crawl',
      facts.paywall.evidence,
      'The homepage marks content as paid or loads a paywall.',
    );
  if (facts.markdown.offered)
    fact(
      'markdown_for_agents',
      'true',
      'crawl',
      facts.markdown.url,
      `A markdown version is offered (${facts.markdown.via}).`,
    );
  out.push(explainTerms(d));
  if (facts.hasTos) out.push(explainAutomatedAccess(d));
  return out;
}

/** " The deciding clause is in section 4.2." or " … under “Use of content”." */
const inSection = (section: string | null): string =>
  section === null
    ? ''
    : /^(?:\d|[IVXLC]+$)/.test(section)
      ? ` The deciding clause is in section ${section}.`
      : ` The deciding clause is under \u201c${section}\u201d.`;

/** `tos_automated_access`, once the terms were read (why they were not read is told once, for tos_ai_stance). */
function explainAutomatedAccess(d: Decision): Explanation {
  const a = d.facts.tos.automatedAccess;
  return {
    subject: 'tos_automated_access',
    value: a.stance,
    source: 'tos',
    line: null,
    evidence: clip(a.excerpt),
    reason: `The terms of service were read for clauses on robots, scrapers and crawlers, apart from AI use.${inSection(a.section)}`,
  };
}

const UNKNOWN_TERMS = 'What they say about AI is not known.';

type TermsTold = Pick<Explanation, 'subject' | 'value'>;

/** A crawl fact behind unread terms: the fetch described, or nothing to show. */
const crawlFact = (evidence: string | null) => ({
  source: 'crawl' as const,
  line: null,
  evidence: evidence === null ? null : clip(evidence),
});

/** Terms linked from the homepage, or found at a usual place, that could not be read. */
function termsNotRead(d: Decision, told: TermsTold, tos: NonNullable<Decision['evidence']['tos']>): Explanation {
  const terms = pageFetch(tos);
  switch (terms.kind) {
    case 'disallowed':
      return {
        ...told,
        ...ruleSource(d, terms.rule, tos),
        reason: `The terms of service were not fetched, at the site\u2019s request: its robots.txt asks ${whom(terms.rule)} not to fetch them. ${UNKNOWN_TERMS}`,
      };
    case 'held':
      return {
        ...told,
        ...crawlFact(describeFetch(tos)),
        reason: `The terms of service were not requested: the robots.txt of their host could not be read. ${UNKNOWN_TERMS}`,
      };
    case 'no_answer':
      return {
        ...told,
        ...crawlFact(describeFetch(tos)),
        reason: `The terms of service page could not be fetched. ${UNKNOWN_TERMS}`,
      };
    default:
      return {
        ...told,
        source: 'tos',
        line: null,
        evidence: clip(describeFetch(tos)),
        reason: `The linked terms of service page could not be read. ${UNKNOWN_TERMS}`,
      };
  }
}

/** No terms page was fetched: why they were not looked for, or that none was found. */
function termsNotFound(d: Decision, told: TermsTold): Explanation {
  const { facts, evidence } = d;
  const home = facts.homepageFetch;
  const homepage = 'the homepage, where the link to them would be,';
  if (home.kind === 'disallowed') {
    const reason = `The terms of service were not looked for: ${homepage} was not fetched at the site\u2019s request. ${UNKNOWN_TERMS}`;
    return { ...told, ...ruleSource(d, home.rule, evidence.homepage), reason };
  }
  if (home.kind === 'held') {
    const reason = `The terms of service were not looked for: ${robotsFailure(facts)}, so ${homepage} was not requested. ${UNKNOWN_TERMS}`;
    return { ...told, ...crawlFact(null), reason };
  }
  if (home.kind === 'no_answer') {
    return {
      ...told,
      ...crawlFact(null),
      reason: `The terms of service were not looked for: ${homepage} could not be fetched. ${UNKNOWN_TERMS}`,
    };
  }
  if (facts.notRead.has('homepage')) {
    const reason = `The terms of service were not looked for: ${homepage} was too long to read in the time the analysis allows. ${UNKNOWN_TERMS}`;
    return { ...told, ...crawlFact(`homepage: ${describeFetch(evidence.homepage)}`), reason };
  }
  if (facts.scan === null) {
    const reason = `No terms of service were found: the homepage is not a page whose links could be read. ${UNKNOWN_TERMS}`;
    return { ...told, ...crawlFact(`homepage: ${describeFetch(evidence.homepage)}`), reason };
  }
  const reason =
    'No link to terms of service was found on the homepage, nor terms at /terms, /terms-of-service, /legal or /tos.';
  return { ...told, source: 'tos', line: null, evidence: null, reason };
}

/** `tos_ai_stance`: read, or why not (never "no terms" for terms that were not looked for). */
export function explainTerms(d: Decision): Explanation {
  const { facts, evidence } = d;
  const told: TermsTold = { subject: 'tos_ai_stance', value: facts.tos.ai.stance };
  if (facts.notRead.has('terms')) {
    const reason = `The terms of service page was not read: reading it took longer than the analysis allows (docs/policy.md section 1). ${UNKNOWN_TERMS}`;
    return { ...told, source: 'tos', line: null, evidence: evidence.tos && clip(describeFetch(evidence.tos)), reason };
  }
  if (facts.hasTos) {
    const reason = `The terms of service were read for clauses on AI use, apart from clauses on robots and scrapers.${inSection(facts.tos.ai.section)}`;
    return { ...told, source: 'tos', line: null, evidence: clip(facts.tos.ai.excerpt), reason };
  }
  return evidence.tos !== null ? termsNotRead(d, told, evidence.tos) : termsNotFound(d, told);
}
