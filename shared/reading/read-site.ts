/**
 * The one reading (docs/policy.md section 16): a single function of a host's answer (and, once
 * loaded, its full record; and, for a host that borrows, its site's answer) that decides what a
 * person is told: the stance as told and its badge, the headline, the three uses, what robots.txt
 * and the other files were, the standards and signals, the terms, the site facts, and the site a
 * subdomain belongs to. The popup and badge title, the web page (site page, recent lookups,
 * overview), the audit and the CLI render it; none words or counts a stance on its own. Every
 * sentence carries the claims it rests on (claims.ts), which test/verifier/ checks against the
 * files. What only the full record tells (notes, confidence, bots, details) is read-full.ts' and
 * read-bots.ts', loaded with it. Plain functions: no zod, no node:*, no browser API.
 */
import { TOLD_BADGE, type BadgeState } from '../labels.js';
import { say } from '../say.js';
import type { DomainPolicyFound, FullRecord } from '../schemas.js';
import { USE_CASES, type FetchState } from '../values.js';
import { visibleText } from '../visible-text.js';
import type { BorrowedClaim, Claim, NotReadClaim, PageFactClaim, Told, ToldStance } from './claims.js';
import { hostClaims, type HostClaims } from './host-claims.js';
import { borrowedClaim, inheritedHeadline, inheritedUses, parentApplies } from './story-parent.js';
import { robotsReading, type RobotsReading } from './story-robots.js';
import { licenceChip, licenceValues } from './story-licence.js';
import { signalValues } from './story-signals.js';
import { termsReading, type TermsReading } from './story-terms.js';
import {
  standardsFound,
  tellHeadline,
  tellUses,
  type Headline,
  type StandardReading,
  type UseReading,
} from './story.js';

export interface ParentInput {
  /** The site a subdomain belongs to (`example.com` for `www.example.com`, else the registrable domain). */
  domain: string;
  www: boolean;
  /** Its answer, null when it has none (not checked yet). */
  policy: DomainPolicyFound | null;
  full?: FullRecord | null;
}

export interface ReadingInput {
  policy: DomainPolicyFound;
  full?: FullRecord | null;
  parent?: ParentInput | null;
  /** A host name as people write it (Unicode for an IDN); the name as looked up by default. */
  display?: (ascii: string) => string;
}

/** One row of Site facts: a label, its value in words, and what the value rests on. */
export interface FactRow {
  key: 'rank' | 'cdn' | 'cms' | 'paywall' | 'terms';
  label: string;
  text: string;
  /** A link to show the value as (the terms page), when there is one. */
  href: string | null;
  claims: Claim[];
}

export interface Reading {
  /** The host looked up, as looked up. */
  host: string;
  /** The stance as told: what the badge shows and every face counts. */
  told: ToldStance;
  badge: BadgeState;
  headline: Headline;
  /** What robots.txt of the host itself was (never "missing" when it was not read). */
  robots: RobotsReading;
  /** The three uses, told the same on every face. */
  uses: UseReading[];
  standards: StandardReading[];
  /** What each usage signal said: "Content-Signal: AI training no, AI answers no, search yes". */
  signals: Told[];
  /** What the host's terms say. */
  terms: TermsReading;
  /** The answer whose files are told: the host's own, or its parent's when borrowed. */
  shown: DomainPolicyFound;
  /** Set when the parent's policy is the one told. */
  borrowed: BorrowedClaim | null;
  /** When borrowed: "news.example.com has no robots.txt of its own; these are the files of example.com." */
  from: Told | null;
  /** A note about the site a subdomain belongs to, when its policy is not the one told. */
  parent: Told | null;
  facts: FactRow[];
  /** The claims of the host (and of the parent when borrowed), for read-full.ts and the faces' own checks. */
  own: HostClaims;
  theirs: HostClaims | null;
}

const sameName = (s: string) => s;
const present = <T>(x: T | null): T[] => (x === null ? [] : [x]);

/** Why a page was not requested, in words ("not fetched: robots.txt asks crawlers to stay out"); null when it was. */
export function notFetchedWords(why: FetchState | null): string | null {
  if (why === 'disallowed') return say('notFetchedAsked', 'not fetched: robots.txt asks crawlers to stay out');
  if (why === 'robots_unreadable') return say('notFetchedUnread', 'not fetched: robots.txt could not be read');
  if (why === 'refused') return say('notFetchedRefused', 'not fetched: its address is not public');
  return null;
}

/** A size as people read it: "860 KB", "2.1 MB". */
function sizeWords(bytes: number): string {
  return bytes >= 1024 * 1024
    ? say('sizeMb', '$1 MB', (bytes / (1024 * 1024)).toFixed(1))
    : say('sizeKb', '$1 KB', Math.max(1, Math.round(bytes / 1024)));
}

/** Why a fetched document was not read: "too long to read in the time allowed (860 KB, without sentence ends)". */
export function notReadWords(c: NotReadClaim): string {
  const what = c.note ? `${sizeWords(c.bytes)}, ${c.note}` : sizeWords(c.bytes);
  return c.reason === 'budget'
    ? say('notReadBudget', 'too long to read in the time allowed ($1)', what)
    : say('notReadFailed', 'its reader failed on it ($1)', what);
}

/**
 * A note about the site a subdomain belongs to. For `www.`: "www.example.com is the www address
 * of example.com; each host name has its own robots.txt. example.com: blocks all AI." For a
 * subdomain with its own robots.txt whose parent says otherwise: "example.com, the site
 * news.example.com belongs to: blocks all AI." Null when the parent's policy is the one shown
 * (told in the headline) or says the same.
 */
function parentNote(
  own: DomainPolicyFound,
  host: string,
  parent: ParentInput,
  display: (s: string) => string,
): Told | null {
  const name = display(parent.domain);
  const theirs = parent.policy ? readSite({ policy: parent.policy, full: parent.full ?? null, display }) : null;
  const claims = theirs ? theirs.headline.claims : [];
  if (parent.www) {
    const said = theirs
      ? say('parentPolicy', '$1: $2.', name, theirs.headline.phrase)
      : say('parentUnchecked', '$1 has not been checked yet.', name);
    return {
      text: say(
        'parentWww',
        '$1 is the www address of $2; each host name has its own robots.txt. $3',
        host,
        name,
        said,
      ),
      claims,
    };
  }
  if (!parent.policy || !theirs)
    return own.stance === 'no_policy'
      ? {
          text: say(
            'parentSubUnchecked',
            '$1 has no AI rules of its own; $2, the site it belongs to, has not been checked yet.',
            host,
            name,
          ),
          claims: [],
        }
      : null;
  const same =
    parent.policy.stance === own.stance && USE_CASES.every((u) => parent.policy!.use_cases[u] === own.use_cases[u]);
  if (same) return null;
  return { text: say('parentDiffers', '$1, the site $2 belongs to: $3.', name, host, theirs.headline.phrase), claims };
}

/** The terms row of Site facts: never "none found" when they are still on their way or were not looked for. */
function termsRow(p: DomainPolicyFound, h: HostClaims): FactRow {
  const label = say('factTerms', 'Terms of service');
  const fetch = h.fetches.find((f) => f.file === 'terms');
  const claims: Claim[] = fetch ? [fetch] : [];
  const href = p.site.tos_url && /^https?:\/\//.test(p.site.tos_url) ? p.site.tos_url : null;
  const unread = h.notRead.find((n) => n.file === 'terms');
  if (unread) {
    const text = say('termsNotRead', 'Found, not read: $1', notReadWords(unread));
    return { key: 'terms', label, text, href, claims: [...claims, unread] };
  }
  if (p.site.has_tos) return { key: 'terms', label, text: say('found', 'Found'), href, claims };
  const state = fetch?.state ?? null;
  const skipped = notFetchedWords(state === 'answered' || state === 'no_link' ? null : state);
  const text = skipped
    ? skipped.charAt(0).toUpperCase() + skipped.slice(1)
    : state === 'pending'
      ? say('termsBeingRead', 'Being read\u2026')
      : state === 'answered'
        ? say('termsLinkedNotRead', 'Linked, not read')
        : state === 'no_answer'
          ? say('termsNoAnswer', 'Linked, no answer')
          : state === 'not_looked'
            ? say('termsNotLooked', 'Not looked for: the homepage could not be read')
            : say(
                'termsNoneLinked',
                'None linked from the homepage, none at /terms, /terms-of-service, /legal or /tos',
              );
  return { key: 'terms', label, text, href: null, claims };
}

/** "Not known (not fetched: robots.txt asks crawlers to stay out)": a homepage fact of a homepage not read (section 16). */
function notKnown(c: PageFactClaim, h: HostClaims): string {
  const unread = h.notRead.find((n) => n.file === 'homepage');
  const why =
    notFetchedWords(c.because) ??
    (unread
      ? say('factHomepageNotRead', 'the homepage was $1', notReadWords(unread))
      : say('factNoAnswer', 'the homepage did not answer'));
  return say('factNotKnown', 'Not known ($1)', why);
}

/** Site facts: the rank, what the homepage showed (only when it was read), and the terms. */
function factRows(p: DomainPolicyFound, h: HostClaims): FactRow[] {
  const rows: FactRow[] = [];
  const fact = (f: PageFactClaim['fact']) => h.facts.find((c) => c.fact === f);
  if (typeof p.site.ranklist_rank === 'number')
    rows.push({
      key: 'rank',
      label: say('factRank', 'Popularity rank'),
      text: `#${p.site.ranklist_rank.toLocaleString()}`,
      href: null,
      claims: [],
    });
  // A fact is shown as seen unless the homepage was not read (then it is not known, section 16).
  const seen = (c: PageFactClaim | undefined) => c === undefined || c.known;
  const cdn = fact('cdn');
  if (seen(cdn) && p.site.cdn)
    rows.push({
      key: 'cdn',
      label: say('factCdn', 'CDN'),
      text: p.site.behind_cdnvendor ? say('factCdnProxied', '$1 (proxied)', p.site.cdn) : visibleText(p.site.cdn),
      href: null,
      claims: cdn ? [cdn] : [],
    });
  const cms = fact('cms');
  if (seen(cms) && p.site.cms)
    rows.push({
      key: 'cms',
      label: say('factCms', 'CMS'),
      text: visibleText(p.site.cms),
      href: null,
      claims: cms ? [cms] : [],
    });
  const paywall = fact('paywall');
  rows.push({
    key: 'paywall',
    label: say('factPaywall', 'Paywall'),
    text:
      paywall && !paywall.known
        ? notKnown(paywall, h)
        : p.site.has_paywall
          ? say('yes', 'Yes')
          : say('factNoneSeen', 'None seen'),
    href: null,
    claims: paywall ? [paywall] : [],
  });
  rows.push(termsRow(p, h));
  return rows;
}

/** The reading of one host (docs/policy.md section 16). */
export function readSite(input: ReadingInput): Reading {
  const { policy: own, full = null } = input;
  const display = input.display ?? sameName;
  const host = display(own.domain);
  const ownClaims = hostClaims(own, full);
  const robots = robotsReading(own, full);
  const terms = termsReading(own, full);
  const parent = input.parent?.policy;
  if (parentApplies(own, parent)) {
    const parentFull = input.parent?.full ?? null;
    const parentHost = display(parent.domain);
    const theirClaims = hostClaims(parent, parentFull);
    const theirRobots = robotsReading(parent, parentFull);
    const theirTerms = termsReading(parent, parentFull);
    const theirs = tellUses(theirClaims, theirRobots, theirTerms);
    const borrowed = borrowedClaim(own, parent);
    const head = inheritedHeadline(
      host,
      parentHost,
      tellHeadline(parent, theirClaims, theirRobots, theirTerms, theirs),
      borrowed,
    );
    return {
      host: own.domain,
      told: theirClaims.headline.told,
      badge: TOLD_BADGE[theirClaims.headline.told],
      headline: head,
      robots,
      uses: inheritedUses(theirs, parent, parentHost).map((u) => ({ ...u, claims: [borrowed, ...u.claims] })),
      standards: standardsFound(parent, parentFull, theirs, theirClaims).map((s) => licenceChip(s, theirClaims)),
      signals: [
        ...signalValues(parent, parentFull).map((s) => ({ text: s.words, claims: [borrowed] })),
        ...present(licenceValues(parent, theirClaims, parentFull)).map((s) => ({
          ...s,
          claims: [borrowed, ...s.claims],
        })),
      ],
      terms,
      shown: parent,
      borrowed,
      from: {
        text: say('standardsFrom', '$1 has no robots.txt of its own; these are the files of $2.', host, parentHost),
        claims: [borrowed],
      },
      parent: null,
      facts: factRows(own, ownClaims),
      own: ownClaims,
      theirs: theirClaims,
    };
  }
  const uses = tellUses(ownClaims, robots, terms);
  const head = tellHeadline(own, ownClaims, robots, terms, uses);
  return {
    host: own.domain,
    told: ownClaims.headline.told,
    badge: head.badge,
    headline: head,
    robots,
    uses,
    standards: standardsFound(own, full, uses, ownClaims).map((s) => licenceChip(s, ownClaims)),
    signals: [
      ...signalValues(own, full).map((s) => ({
        text: s.words,
        claims: ownClaims.signals.filter((c) => c.line === s.line),
      })),
      ...present(licenceValues(own, ownClaims, full)),
    ],
    terms,
    shown: own,
    borrowed: null,
    from: null,
    parent: input.parent ? parentNote(own, host, input.parent, display) : null,
    facts: factRows(own, ownClaims),
    own: ownClaims,
    theirs: null,
  };
}

/** The stance as told, from the answer (and its site's, for a host that borrows): what every face counts. */
export function toldStance(policy: DomainPolicyFound, parent?: DomainPolicyFound | null): ToldStance {
  return readSite({ policy, parent: parent ? { domain: parent.domain, www: false, policy: parent } : null }).told;
}
