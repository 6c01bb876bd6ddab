/**
 * The single-lookup answer (seed "Domain policy") from a decision, with our `basis`,
 * `path_rules` and `path_signals` (shared/schemas.ts): what the verdicts rest on, and what the
 * extension and POST /v1/check need to judge one URL of the site (shared/url-check).
 */
import { getDomain } from 'tldts';
import { botByToken } from '../../../shared/bots.js';
import { toPathRules } from '../../../shared/robots/index.js';
import type { Basis, DomainPolicyFound, PathRules } from '../../../shared/schemas.js';
import type { Decision } from './decide.js';
import { pathSignalsOf } from './path-signals.js';
import { isoUtc, rankOf } from './records.js';

/** `path_rules`: the groups naming a catalogue AI bot or `*`; null unless robots.txt was read. */
export function pathRulesOf(d: Decision): PathRules | null {
  if (d.facts.robotsOutcome !== 'ok' || d.facts.robots === null) return null;
  return toPathRules(d.facts.robots, (t) => t === '*' || botByToken(t)?.is_ai_bot === true);
}

/** The registrable domain (Public Suffix List) of a subdomain, else null: the extension shows its policy beside the subdomain's. */
export function registrableOf(domain: string): string | null {
  // Private suffixes count (github.io, blogspot.com): their subdomains belong to different owners.
  const site = getDomain(domain, { allowPrivateDomains: true });
  return site && site !== domain ? site : null;
}

export function summaryRecord(d: Decision, basis: Basis): DomainPolicyFound {
  const { evidence, facts } = d;
  return {
    domain: evidence.domain,
    found: true,
    stance: d.stance.stance,
    detail: d.stance.detail,
    use_cases: d.useCases,
    bots: { blocked: d.lists.blocked.map((r) => r.name), allowed: d.lists.allowed.map((r) => r.name) },
    signals: d.found,
    site: {
      ranklist_rank: rankOf(evidence.rank),
      cdn: facts.cdn.cdn,
      cms: facts.cms.cms,
      behind_cdnvendor: facts.cdn.behindCdnvendor,
      has_paywall: facts.paywall.hasPaywall,
      has_tos: facts.hasTos,
      tos_url: evidence.tosUrl,
    },
    last_updated: isoUtc(evidence.fetchedAt),
    basis,
    path_rules: pathRulesOf(d),
    path_signals: pathSignalsOf(d.facts),
    registrable_domain: registrableOf(evidence.domain),
  };
}
