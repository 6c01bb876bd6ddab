/**
 * A subdomain and the site it belongs to (docs/policy.md section 11): a host without a
 * robots.txt of its own shows the policy of its registrable parent when the parent has AI
 * rules, marked as the parent's ("from example.com") with its own absence stated; a host with
 * its own robots.txt shows its own, the parent's in a note when they differ. Plain functions.
 */
import { parseDomain, type Domain } from '../domain.js';
import { say } from '../say.js';
import type { DomainPolicyFound } from '../schemas.js';
import type { BorrowedClaim, ToldStance } from './claims.js';
import { deciderPhrase, byWords, type Headline, type UseReading } from './story.js';

/**
 * The site a host belongs to: `www.example.com` belongs to `example.com` (a leading `www.` is
 * never part of a public suffix), any other subdomain to its registrable domain
 * (`registrable_domain`, from the Public Suffix List on the server); null for a site itself.
 */
export function parentSite(p: DomainPolicyFound): { domain: Domain; www: boolean } | null {
  if (p.domain.startsWith('www.')) {
    const rest = parseDomain(p.domain.slice(4));
    return rest.ok ? { domain: rest.domain, www: true } : null;
  }
  if (!p.registrable_domain || p.registrable_domain === p.domain) return null;
  const parsed = parseDomain(p.registrable_domain);
  return parsed.ok ? { domain: parsed.domain, www: false } : null;
}

/** The host's own robots.txt is missing (not unread) and it says nothing else about AI. */
export function hasNothingOwn(own: DomainPolicyFound): boolean {
  const robots = own.basis?.robots_txt.status ?? (own.detail === 'no_robots' ? 'missing' : null);
  return robots === 'missing' && (own.stance === 'no_policy' || own.detail === 'has_llms_txt');
}

/** The parent has a machine-readable AI rule (an llms.txt alone is none). */
const hasAiRules = (p: DomainPolicyFound): boolean => p.stance !== 'no_policy' && p.detail !== 'has_llms_txt';

/**
 * Whether a site whose stance is told `told` lends its policy to a host with nothing of its own
 * (the same rule as hasAiRules, on the told stance: counts over many rows need no records).
 */
export const lendsPolicy = (told: ToldStance): boolean =>
  told === 'blocks_all_ai' || told === 'blocks_training' || told === 'selective' || told === 'allows_ai';

/** The site a host would show the policy of: the site it belongs to, when the host has nothing of its own. */
export const borrowsFrom = (own: DomainPolicyFound): string | null =>
  hasNothingOwn(own) ? (parentSite(own)?.domain ?? null) : null;

/** Whether the parent's policy is the one to show for `own`. */
export function parentApplies(
  own: DomainPolicyFound,
  parent: DomainPolicyFound | null | undefined,
): parent is DomainPolicyFound {
  return (
    parent !== null && parent !== undefined && parent.domain !== own.domain && hasNothingOwn(own) && hasAiRules(parent)
  );
}

/** The claim that the host shows its parent's policy. */
export const borrowedClaim = (own: DomainPolicyFound, parent: DomainPolicyFound): BorrowedClaim => ({
  kind: 'borrowed',
  host: own.domain,
  from: parent.domain,
});

/** The parent's headline, marked as the parent's, with the host's own absence said. */
export function inheritedHeadline(
  host: string,
  parentHost: string,
  theirs: Headline,
  borrowed: BorrowedClaim,
): Headline {
  return {
    claims: [borrowed, ...theirs.claims],
    label: theirs.label,
    explanation: say(
      'fromParentInfo',
      'From $1: $2 $3 has no robots.txt of its own.',
      parentHost,
      theirs.explanation,
      host,
    ),
    badge: theirs.badge,
    phrase: say('phraseFromParent', '$1, from $2; $3 has no robots.txt of its own', theirs.phrase, parentHost, host),
  };
}

/** The parent's verdicts, each decided by the parent's files ("by example.com’s robots.txt (line 7)"). */
export function inheritedUses(
  uses: readonly UseReading[],
  parent: DomainPolicyFound,
  parentHost: string,
): UseReading[] {
  return uses.map((r) => {
    const first = r.deciders[0];
    return first && r.because && r.verdict !== 'unknown'
      ? { ...r, because: byWords(deciderPhrase(first, parent.path_rules, 'homepage', parentHost)) }
      : r;
  });
}
