/**
 * classify() over every real robots.txt file the tests can reach (test/helpers/robots-corpus.ts:
 * the public collections, the 204 shared January 2026 captures, the project's real files), each
 * as served and with its companions (test/helpers/evidence-companions.ts: robots.txt answered
 * 403, robots.txt that never answers, a www host borrowing from its parent, terms silent on AI,
 * terms banning AI use). Nothing may throw, and every record must pass the contract schemas.
 * What the records say is checked elsewhere; this is the floor under that check.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../../shared/schemas.js';
import { parseDomain } from '../../../../shared/domain.js';
import { companionsOf, homepageDisallowed, type CompanionKind } from '../../../helpers/evidence-companions.js';
import { robotsCorpus, type CorpusFile } from '../../../helpers/robots-corpus.js';

const corpus = robotsCorpus();
const CHUNK = 250;
const chunks: CorpusFile[][] = [];
for (let i = 0; i < corpus.files.length; i += CHUNK) chunks.push(corpus.files.slice(i, i + CHUNK));

const FullSchema = FullRecordSchema.omit({ id: true, audit_id: true });
const AnnouncedSchema = AnnouncedRecordSchema.omit({ audit_id: true });

/** Classifies one crawl and checks its three records; returns a failure line, or null. */
function check(label: string, evidence: Parameters<typeof classify>[0]): string | null {
  try {
    const c = classify(evidence);
    DomainPolicyFoundSchema.parse(c.summary);
    FullSchema.parse(c.full);
    AnnouncedSchema.parse(c.announced);
    if (c.full.domain !== evidence.domain) return `${label}: record for ${c.full.domain}`;
    return null;
  } catch (e) {
    return `${label}: ${(e as Error).message.slice(0, 300)}`;
  }
}

describe('the real robots.txt corpus', () => {
  // The public collections are data fetched from public repositories: they are placed under
  // ../shared/corpora/robots-collections by the steering repository, never committed here
  // (test/helpers/robots-corpus.ts). Without them the shared captures and the real files run.
  it('holds the shared captures and the real files, and 1,000 or more files with the public collections', () => {
    expect(corpus.files.length).toBeGreaterThanOrEqual(204 + 11);
    if (corpus.collections !== null) expect(corpus.files.length).toBeGreaterThanOrEqual(1000);
  });

  it('names every site as a domain the crawler accepts, or as an IP address (one protego capture)', () => {
    const ip = /^\d{1,3}(?:\.\d{1,3}){3}$/;
    expect(corpus.files.filter((f) => !parseDomain(f.site).ok && !ip.test(f.site)).map((f) => f.id)).toEqual([]);
  });

  it.each(chunks.map((c, i) => [`${i * CHUNK + 1}-${i * CHUNK + c.length}`, c] as const))(
    'files %s: every file and companion classifies into valid records',
    async (_range, files) => {
      const failures: string[] = [];
      const kinds: Partial<Record<CompanionKind | 'www-parent' | 'homepage-disallowed', number>> = {};
      const bump = (k: keyof typeof kinds) => void (kinds[k] = (kinds[k] ?? 0) + 1);
      for (const f of files) {
        const companions = await companionsOf(f.bytes, f.site, {
          fetchedAt: `${f.captured ?? '2026-01-15'}T12:00:00.000Z`,
        });
        if (homepageDisallowed(companions)) bump('homepage-disallowed');
        for (const c of companions) {
          bump(c.kind);
          const bad = check(`${f.id} ${c.kind}`, c.evidence);
          if (bad) failures.push(bad);
          if (c.parent) {
            bump('www-parent');
            const badParent = check(`${f.id} ${c.kind} parent ${c.parent.domain}`, c.parent.evidence);
            if (badParent) failures.push(badParent);
          }
        }
      }
      expect(failures).toEqual([]);
      // Every file gets the five companions that need no host name of its own.
      for (const k of ['served', 'robots-403', 'robots-hang', 'terms-silent', 'terms-ai-banned'] as const)
        expect(kinds[k], k).toBe(files.length);
    },
    600_000,
  );
});
