/**
 * The second reader (test/verifier/) on real files: every claim written by hand from reading a
 * file passes, and every claim made false by one change is caught, with a reason that quotes
 * the file (docs/policy.md sections 1 to 13; shared/reading/claims.ts gives each claim's meaning).
 */
import { describe, expect, it } from 'vitest';
import { formatFailures, verifyClaims } from '../../../verifier/index.js';
import { verifierSites } from './helpers/verifier-sites.js';

const SITES = verifierSites();

describe.each(SITES)('$name', (site) => {
  it('passes every true claim', () => {
    expect(formatFailures(verifyClaims(site.claims, site.files))).toBe('');
  });

  it.each(site.mutations)('catches: $what', ({ claim }) => {
    const failures = verifyClaims([...site.claims, claim], site.files).filter((f) => f.index === site.claims.length);
    expect(failures.length, JSON.stringify(claim)).toBeGreaterThan(0);
    expect(failures.every((f) => f.why.length > 0)).toBe(true);
  });
});

describe('what the verifier needs', () => {
  it('fails a claim about a host whose files it was not given', () => {
    const [f] = verifyClaims([{ kind: 'nothing_answered', of: 'absent.example' }], {});
    expect(f).toMatchObject({ host: 'absent.example', why: 'no files given for this host' });
  });

  it('covers every kind of claim in these sites', () => {
    const kinds = new Set(SITES.flatMap((s) => s.claims.map((c) => c.kind)));
    expect([...kinds].sort()).toEqual(
      [
        'borrowed',
        'bot',
        'confidence',
        'conflict',
        'fetch',
        'found',
        'headline',
        'line_ignored',
        'nothing_answered',
        'page_fact',
        'robots_file',
        'signal',
        'terms',
        'terms_mention',
        'use',
        'wildcard_closes',
      ].sort(),
    );
  });
});
