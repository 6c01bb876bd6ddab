/**
 * The site a subdomain belongs to (issue 11 part 2): `www.example.com` belongs to
 * `example.com` (a leading `www.` is never part of a public suffix), any other subdomain to the
 * registrable domain the gateway names (`registrable_domain`, from the Public Suffix List on
 * the server, so the list is not shipped in the extension). Its policy is shown beside the
 * subdomain's when the subdomain has no AI rules of its own, or when it is the `www.` host.
 */
import { parseDomain, type Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';

export function parentSite(p: DomainPolicyFound): { domain: Domain; www: boolean } | null {
  if (p.domain.startsWith('www.')) {
    const rest = parseDomain(p.domain.slice(4));
    return rest.ok ? { domain: rest.domain, www: true } : null;
  }
  if (!p.registrable_domain || p.registrable_domain === p.domain) return null;
  const parsed = parseDomain(p.registrable_domain);
  return parsed.ok ? { domain: parsed.domain, www: false } : null;
}

/** Whether the subdomain says nothing about AI itself (so its parent's policy is worth showing). */
export const hasNoOwnRules = (p: DomainPolicyFound): boolean => p.stance === 'no_policy' && p.detail !== 'robots_blocked' && p.detail !== 'unreachable';
