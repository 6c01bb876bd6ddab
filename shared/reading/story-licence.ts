/**
 * What an RSL licence says, in words (docs/policy.md section 15; the classification's section
 * 12): a use the licence prohibits is "Blocked by the site's RSL licence"; a use it grants only
 * for a payment reads "Licence required" with the payment's type, amount and currency ("0.001
 * USD per crawl"); a free or attribution grant is an explicit "Allowed" ("free of charge", "with
 * attribution"). The licence's values are read out beside the other usage signals ("RSL licence
 * (named in robots.txt, line 4): AI training prohibited, AI search allowed only for a payment
 * (0.001 USD per crawl)"), and a licence found
 * and not read is said so, never silence. The rows, the headline, the standards and the signals
 * of every face (popup, web page, audit, CLI) take these words from here through story.ts and
 * read-site.ts. Plain functions over records: no zod, no node:*, no browser API.
 */
import { USE_CASE_LABELS } from '../labels.js';
import { say } from '../say.js';
import type { Basis, DomainPolicyFound, FullRecord, LicenceUse } from '../schemas.js';
import { USE_CASES, type LicenceVerdictValue, type UseCase } from '../values.js';
import type { Claim, Told, UseClaim } from './claims.js';
import type { HostClaims } from './host-claims.js';

export type Licence = NonNullable<Basis['licence']>;

/** The site's licence as its answer (or full record) keeps it; null when it names none. */
export const licenceOf = (p: DomainPolicyFound, full?: FullRecord | null): Licence | null =>
  (p.basis ?? full?.basis)?.licence ?? null;

/** "0.001 USD", "10.00", null without an amount. */
function price(p: NonNullable<LicenceUse['payment']>): string | null {
  if (p.amount === null) return null;
  return p.currency ? say('licencePrice', '$1 $2', p.amount, p.currency) : p.amount;
}

/**
 * What a payment asks, in words: "0.001 USD per crawl", "payment per crawl", "10.00 USD for
 * training", "a subscription", "a purchase (25.00 EUR)"; RSL 1.0's `<payment type>` values, an
 * unknown type named as written.
 */
export function paymentWords(p: NonNullable<LicenceUse['payment']>): string {
  const amount = price(p);
  const withAmount = (what: string) => (amount ? say('licenceWithPrice', '$1 ($2)', what, amount) : what);
  switch (p.type) {
    case 'crawl':
      return amount ? say('licencePerCrawl', '$1 per crawl', amount) : say('licencePayPerCrawl', 'payment per crawl');
    case 'use':
    case 'inference':
      return amount ? say('licencePerUse', '$1 per use', amount) : say('licencePayPerUse', 'payment per use');
    case 'training':
      return amount
        ? say('licenceTrainingFee', '$1 for training', amount)
        : say('licenceTrainingLicence', 'a training licence');
    case 'subscription':
      return withAmount(say('licenceSubscription', 'a subscription'));
    case 'purchase':
      return withAmount(say('licencePurchase', 'a purchase'));
    case 'contribution':
      return withAmount(say('licenceContribution', 'a contribution'));
    default:
      return withAmount(say('licenceOtherPayment', 'a payment (\u2018$1\u2019)', p.type));
  }
}

/** "prohibited", "allowed only for a payment (0.001 USD per crawl)", "allowed free of charge", "allowed with attribution"; null when it says nothing. */
export function licenceUseWords(u: LicenceUse): string | null {
  switch (u.verdict) {
    case 'prohibited':
      return say('licenceProhibited', 'prohibited');
    case 'paid':
      return u.payment
        ? say('licenceOnlyPaid', 'allowed only for a payment ($1)', paymentWords(u.payment))
        : say('licenceOnlyPaidNoPrice', 'allowed only for a payment');
    case 'free':
      return say('licenceFreeLower', 'allowed free of charge');
    case 'attribution':
      return say('licenceAttributionLower', 'allowed with attribution');
    default:
      return null;
  }
}

/** Where the site names its licence: "robots.txt, line 4", "the homepage’s HTML", "the homepage’s Link header". */
export function licenceWhere(l: Licence): string {
  if (l.found_via === 'robots_txt')
    return l.line !== null ? say('licenceViaRobotsLine', 'robots.txt, line $1', l.line) : 'robots.txt';
  return l.found_via === 'link'
    ? say('licenceViaHtml', 'the homepage\u2019s HTML')
    : say('licenceViaHeader', 'the homepage\u2019s Link header');
}

/** "AI training, AI search and AI answers". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return say('listAnd', '$1 and $2', items.slice(0, -1).join(', '), items[items.length - 1]!);
}

/** The first reason a licence was not read, in the reader's words ("its line 7: not well-formed XML: unclosed tag: license"). */
function notReadWhy(l: Licence): string {
  const first = l.warnings[0];
  if (first !== undefined) {
    // The reader's "line 7: …" is a line of the licence, not of the file that names it.
    const at = /^line (\d+): (.*)$/s.exec(first);
    return at ? say('licenceWhyAtLine', 'its line $1: $2', at[1]!, at[2]!) : first;
  }
  if (l.http_status !== null && (l.http_status < 200 || l.http_status > 299))
    return say('licenceHttp', 'HTTP $1', l.http_status);
  return l.state === 'not_fetched' ? say('licenceNoAnswer', 'no answer') : say('licenceNotRsl', 'not an RSL document');
}

/**
 * The licence's values, read out as the usage signals are (section 11, "say what was
 * signalled"): "RSL licence (named in robots.txt, line 4): AI training prohibited, AI answers
 * allowed with attribution." with the paths that have terms of their own; or, for a licence found
 * and not read, "The RSL licence the site names (robots.txt, line 3) could not be read (its line 7:
 * not well-formed XML…), so it decides nothing." Null when the site names none.
 */
export function licenceValues(p: DomainPolicyFound, h: HostClaims, full?: FullRecord | null): Told | null {
  const l = licenceOf(p, full);
  if (!l) return null;
  const found = h.found.filter((f) => f.standard === 'rsl');
  if (l.state !== 'read')
    return {
      text:
        l.state === 'not_fetched'
          ? say(
              'licenceNotFetched',
              'The RSL licence the site names ($1) was not fetched ($2), so it decides nothing.',
              licenceWhere(l),
              notReadWhy(l),
            )
          : say(
              'licenceUnreadable',
              'The RSL licence the site names ($1) could not be read ($2), so it decides nothing.',
              licenceWhere(l),
              notReadWhy(l),
            ),
      claims: found,
    };
  // Uses the licence says the same of are told together: "AI training and AI answers prohibited".
  const byWords = new Map<string, string[]>();
  for (const u of USE_CASES) {
    const w = licenceUseWords(l.uses[u]);
    if (w) byWords.set(w, [...(byWords.get(w) ?? []), USE_CASE_LABELS[u].label]);
  }
  const said = [...byWords].map(([w, uses]) => say('useVerdict', '$1 $2', listOf(uses), w));
  const scoped = (p.path_signals?.rsl ?? []).map((s) => s.path).filter((path) => path !== '/' && path !== '/*');
  const paths =
    scoped.length === 0
      ? null
      : scoped.length > 3
        ? say('andMore', '$1 and more', scoped.slice(0, 3).join(', '))
        : listOf(scoped);
  const head = say('licenceNamedIn', 'RSL licence (named in $1)', licenceWhere(l));
  const body =
    said.length > 0
      ? say('licenceSays', '$1: $2.', head, said.join(', '))
      : say('licenceSaysNothing', '$1: nothing about AI use of the whole site.', head);
  const claims: Claim[] = [...found, ...USE_CASES.map((u) => h.uses[u]).filter((c) => byLicence(c))];
  return {
    text: paths
      ? say('twoSentences', '$1 $2', body, say('licenceOtherTerms', 'It sets other terms for pages under $1.', paths))
      : body,
    claims,
  };
}

/** The use's verdict was decided by the licence first. */
const byLicence = (c: UseClaim): boolean => c.by[0]?.source === 'rsl';

/** How a licence changes one use's reading: words, what decided, the explanation. */
export interface LicenceRow {
  /** "Licence required" in place of "Partly blocked"; null keeps the verdict's words. */
  words: string | null;
  /** Put before "by the site's RSL licence (line 7)": "0.001 USD per crawl", "with attribution". */
  lead: string | null;
  /** The sentence after the use's definition, in place of the verdict's. */
  explanation: string;
}

/**
 * A use the licence decided (its first decider is the licence), in words; null when the licence
 * did not decide it (robots.txt or a signal decided; the licence is then read out with the signals).
 */
export function licenceRow(c: UseClaim, h: HostClaims): LicenceRow | null {
  const l = h.licence;
  if (!l || l.state !== 'read' || !byLicence(c)) return null;
  const u = l.uses[c.use];
  switch (u.verdict) {
    case 'prohibited':
      return {
        words: null,
        lead: null,
        explanation: say('licenceProhibitsInfo', 'The site\u2019s RSL licence prohibits this use.'),
      };
    case 'paid': {
      if (c.verdict !== 'partial') return null;
      const pay = u.payment ? paymentWords(u.payment) : null;
      return {
        words: say('verdictLicenceRequired', 'Licence required'),
        lead: pay,
        explanation: pay
          ? say('licencePaidInfo', 'The site\u2019s RSL licence allows this use only for a payment: $1.', pay)
          : say('licencePaidNoPriceInfo', 'The site\u2019s RSL licence allows this use only for a payment.'),
      };
    }
    case 'free':
      return {
        words: null,
        lead: say('licenceFree', 'free of charge'),
        explanation: say('licenceFreeInfo', 'The site\u2019s RSL licence allows this use free of charge.'),
      };
    case 'attribution':
      return {
        words: null,
        lead: say('licenceAttribution', 'with attribution'),
        explanation: say(
          'licenceAttributionInfo',
          'The site\u2019s RSL licence allows this use free of charge, with attribution.',
        ),
      };
    default:
      return null;
  }
}

/**
 * Every use the site restricts is restricted only by a licence that asks a payment (RSL's
 * pay-per-crawl for the whole site): the headline says so, with the price, rather than "restricts
 * every AI use, some in part". Null otherwise.
 */
export function licenceHeadline(
  h: HostClaims,
  rows: ReadonlyArray<{ use: UseCase; verdict: string; words: string }>,
): { phrase: string; explanation: string } | null {
  const l = h.licence;
  if (!l || l.state !== 'read') return null;
  const restricted = rows.filter((r) => r.verdict === 'blocked' || r.verdict === 'partial');
  if (restricted.length === 0) return null;
  const paid = restricted.filter((r) => byLicence(h.uses[r.use]) && l.uses[r.use].verdict === 'paid');
  if (paid.length !== restricted.length) return null;
  const payments = [...new Set(paid.map((r) => l.uses[r.use].payment).map((p) => (p ? paymentWords(p) : null)))].filter(
    (x): x is string => x !== null,
  );
  const pay = payments.length > 0 ? payments.join('; ') : null;
  const every = paid.length === USE_CASES.length;
  const uses = paid.map((r) => USE_CASE_LABELS[r.use].label).join(', ');
  const phrase = every
    ? pay
      ? say('phraseLicenceEvery', 'a licence is required for every AI use ($1)', pay)
      : say('phraseLicenceEveryNoPrice', 'a licence is required for every AI use')
    : pay
      ? say('phraseLicenceSome', 'a licence is required for $1 ($2)', uses, pay)
      : say('phraseLicenceSomeNoPrice', 'a licence is required for $1', uses);
  const explanation = every
    ? pay
      ? say('licenceEveryInfo', 'The site\u2019s RSL licence allows AI use only for a payment: $1.', pay)
      : say('licenceEveryNoPriceInfo', 'The site\u2019s RSL licence allows AI use only for a payment.')
    : pay
      ? say('licenceSomeInfo', 'The site\u2019s RSL licence allows $1 only for a payment: $2.', uses, pay)
      : say('licenceSomeNoPriceInfo', 'The site\u2019s RSL licence allows $1 only for a payment.', uses);
  return { phrase, explanation };
}

/**
 * The headline's sentence for a site whose only restriction could have been its licence, and
 * the licence was not read: "none restricts AI use" would claim what is not known.
 */
export function licenceNotReadInfo(h: HostClaims): string | null {
  if (!h.licence || h.licence.state === 'read') return null;
  return say(
    'licenceNotReadHeadInfo',
    'robots.txt has no AI rules; the site\u2019s RSL licence could not be read, and nothing else found restricts AI use.',
  );
}

/** The licence's chip among the standards found: "RSL licence (not read)" when it was found and not read. */
export function licenceChip<T extends { key: string; label: string; explanation: string }>(s: T, h: HostClaims): T {
  if (s.key !== 'rsl' || !h.licence || h.licence.state === 'read') return s;
  return {
    ...s,
    label: say('licenceChipNotRead', '$1 (not read)', s.label),
    explanation: say(
      'twoSentences',
      '$1 $2',
      s.explanation,
      say('licenceChipNotReadInfo', 'The site names one, but it could not be read, so it decides nothing.'),
    ),
  };
}

/** What a licence says of a use, as a heading (the audit report's table of licences). */
export function licenceVerdictLabel(v: LicenceVerdictValue | 'not_read'): string {
  switch (v) {
    case 'prohibited':
      return say('licenceLabelProhibited', 'Prohibited');
    case 'paid':
      return say('verdictLicenceRequired', 'Licence required');
    case 'free':
      return say('licenceLabelFree', 'Allowed free of charge');
    case 'attribution':
      return say('licenceLabelAttribution', 'Allowed with attribution');
    case 'not_read':
      return say('licenceLabelNotRead', 'Licence found, not read');
  }
}
