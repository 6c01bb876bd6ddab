/**
 * The verifier cannot be fooled by a claim changed in one field: every one-field change of every
 * true claim of the real-file sites (helpers/claim-mutations.ts: each other value of a closed
 * set, a flipped boolean, a line moved, an element added or dropped, a quoted text changed) is
 * caught, unless it is itself a true claim written down by hand in the site's `alsoTrue`. A
 * property test (fast-check) then changes fields to random values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../../shared/reading/claims.js';
import { formatFailures, verifyClaims } from '../../../verifier/index.js';
import { mutationsOf } from './helpers/claim-mutations.js';
import { verifierSites, type Site } from './helpers/verifier-sites.js';

const SITES = verifierSites();

/** JSON with sorted keys, so two equal claims compare equal whatever their key order. */
function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

const trueOf = (site: Site): Set<string> => new Set([...site.claims, ...site.alsoTrue].map(canon));

/** Whether the claim at `index`, replaced by `changed`, is caught. */
function caught(site: Site, index: number, changed: Claim): boolean {
  const claims = site.claims.map((c, i) => (i === index ? changed : c));
  return verifyClaims(claims, site.files).some((f) => f.index === index);
}

describe.each(SITES)('$name', (site) => {
  it('passes the other true claims written down', () => {
    expect(formatFailures(verifyClaims([...site.claims, ...site.alsoTrue], site.files))).toBe('');
  });

  it('catches every one-field change that makes a claim false', () => {
    const known = trueOf(site);
    const missed: string[] = [];
    let tried = 0;
    site.claims.forEach((claim, i) => {
      for (const m of mutationsOf(claim, Object.keys(site.files))) {
        if (known.has(canon(m.claim))) continue;
        // claims.ts: an answer's status may go unstated (`http` null), which leaves the claim true.
        if (m.claim.kind === 'fetch' && m.claim.state === 'answered' && m.claim.http === null) continue;
        tried++;
        if (!caught(site, i, m.claim)) missed.push(`${m.field}: ${JSON.stringify(m.claim)}`);
      }
    });
    expect(missed).toEqual([]);
    expect(tried).toBeGreaterThan(10);
  }, 60_000);
});

describe('totals', () => {
  it('counts the mutations tried and caught', () => {
    let tried = 0;
    let equivalent = 0;
    for (const site of SITES) {
      const known = trueOf(site);
      for (const claim of site.claims)
        for (const m of mutationsOf(claim, Object.keys(site.files))) {
          if (known.has(canon(m.claim))) equivalent++;
          else tried++;
        }
    }
    // Printed for the record (docs and the report quote it); every tried one is caught above.
    console.log(`verifier mutations: ${tried} false claims tried, all caught; ${equivalent} changes left a claim true`);
    expect(tried).toBeGreaterThan(1000);
  });
});

/** A random value for a field, of its own type but from a wider range than the fixed menu. */
function randomValue(field: string, value: unknown): fc.Arbitrary<unknown> | null {
  if (typeof value === 'boolean') return fc.constant(!value);
  if (field === 'line' || field === 'http' || field === 'waited_s') return fc.integer({ min: 1, max: 600 });
  if (field === 'percent') return fc.integer({ min: 0, max: 100 });
  if (field === 'lines') return fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 4 });
  if (typeof value === 'string' && ['bot', 'excerpt', 'text', 'section', 'path'].includes(field))
    return fc.string({ minLength: 1, maxLength: 12 }).map((s) => `${value} ${s}`);
  return null;
}

describe('random one-field changes (fast-check)', () => {
  const field = (c: Claim, f: string): unknown => (c as unknown as Record<string, unknown>)[f];
  const picks = SITES.flatMap((site) =>
    site.claims.flatMap((claim, index) =>
      Object.keys(claim).flatMap((f) => {
        const arb = randomValue(f, field(claim, f));
        return arb === null ? [] : [{ site, index, f, arb }];
      }),
    ),
  );

  it('are caught unless they leave the claim true', () => {
    let changed = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...picks).chain((p) => p.arb.map((value) => ({ ...p, value }))),
        ({ site, index, f, value }) => {
          const claim = site.claims[index]!;
          const mutated = { ...claim, [f]: value };
          if (canon(mutated) === canon(claim) || trueOf(site).has(canon(mutated))) return true;
          changed++;
          return caught(site, index, mutated);
        },
      ),
      { numRuns: 500, seed: 20260115 },
    );
    expect(changed).toBeGreaterThan(400);
  }, 60_000);
});
