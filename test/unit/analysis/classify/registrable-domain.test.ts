/** The found answer names the site a subdomain belongs to (registrable_domain), for the extension's "part of" line (issue 11 part 2). */
import { describe, expect, it } from 'vitest';
import { registrableOf } from '../../../../proxy/analysis/classify/summary-record.js';

describe('registrable_domain', () => {
  it.each([
    ['cooking.example.com', 'example.com'],
    ['www.bbc.co.uk', 'bbc.co.uk'],
    ['news.blocks-all.test', 'blocks-all.test'],
    // A private suffix: its subdomains belong to different owners.
    ['someone.github.io', null],
    ['example.com', null],
    ['bbc.co.uk', null],
  ])('%s → %s', (domain, want) => expect(registrableOf(domain)).toBe(want));
});
