/**
 * The site a subdomain belongs to: `www.example.com` belongs to
 * `example.com` (a leading `www.` is never part of a public suffix), any other subdomain to the
 * registrable domain the gateway names (`registrable_domain`, from the Public Suffix List on
 * the server, so the list is not shipped in the extension). A host without a robots.txt of its
 * own shows the parent's policy, marked as the parent's, when the parent has AI rules
 * (docs/policy.md section 11); otherwise the parent's is a note beside the host's own.
 */
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import { readSite } from '~~/shared/reading/read-site.js';
import type { Headline } from '~~/shared/reading/story.js';
import { hasNothingOwn, parentSite } from '~~/shared/reading/story-parent.js';
import { domainToUnicode } from './host-name.js';

export { parentSite };

/** Whether the badge needs the parent's answer too: the host has no robots.txt and no other AI rule. */
export const needsParent = (p: DomainPolicyFound): boolean => hasNothingOwn(p) && parentSite(p) !== null;

/** The headline the badge and popup show: the host's own, or its parent's marked "from example.com". */
export function siteHeadline(own: DomainPolicyFound, parent: DomainPolicyFound | null | undefined): Headline {
  const up = parent ? { domain: parent.domain, www: own.domain.startsWith('www.'), policy: parent } : null;
  return readSite({ policy: own, parent: up, display: domainToUnicode }).headline;
}
