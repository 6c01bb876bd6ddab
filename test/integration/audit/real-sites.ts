/**
 * Fixture sites for the audit tests and benchmark: each serves a real robots.txt body from the
 * corpora (`../shared/corpora/real-robots/2026-01`, January 2026, MIT; see SOURCES.md there)
 * under a `.test` name (`cnn.com` is `cnn-com.test`), with a small homepage; every other path
 * is a 404. One fixture farm serves them all on 127.0.0.1, reached through CRAWL_OVERRIDES.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { html, text, type FixtureSite } from '../../fixtures/farm.js';

export const REAL_ROBOTS_DIR = new URL('../../../../shared/corpora/real-robots/2026-01/', import.meta.url).pathname;

export interface RealSite {
  /** The fixture's name: the real host with dots as dashes, under `.test`. */
  domain: string;
  /** The corpus file it serves. */
  file: string;
  robots: string;
}

/** The corpus's sites in file-name order, `count` of them (all by default). */
export function realSites(count = Infinity): RealSite[] {
  return readdirSync(REAL_ROBOTS_DIR)
    .filter((f) => f.endsWith('.robots.txt'))
    .sort()
    .slice(0, count)
    .map((file) => ({
      domain: `${file.replace(/\.robots\.txt$/, '').replace(/\./g, '-')}.test`,
      file,
      robots: readFileSync(join(REAL_ROBOTS_DIR, file), 'utf8'),
    }));
}

/** A site serving its real robots.txt and a homepage, each after `delayMs`. */
export function realSite(robots: string, delayMs = 0): FixtureSite {
  return {
    routes: {
      '/robots.txt': { ...text(robots), delayMs },
      '/': {
        ...html('<!doctype html><html><head><title>A site</title></head><body><h1>Welcome</h1></body></html>'),
        delayMs,
      },
    },
    fallback: { ...text('Not found', {}, 404), delayMs },
  };
}

/**
 * The groups of a robots.txt as a person reads them: consecutive User-agent lines (the name cut
 * at `/`, lower case) and the Allow/Disallow lines after them, without spaces. Independent of
 * shared/robots on purpose.
 */
export function groupsByHand(body: string): Array<{ agents: string[]; rules: string[] }> {
  const out: Array<{ agents: string[]; rules: string[] }> = [];
  let group: { agents: string[]; rules: string[] } | undefined;
  let afterAgent = false;
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const m = /^\s*([a-z-]+)\s*:\s*(.*?)\s*$/i.exec(raw.replace(/#.*/, ''));
    if (!m) continue;
    const field = m[1]!.toLowerCase();
    if (field === 'user-agent') {
      if (!afterAgent || !group) out.push((group = { agents: [], rules: [] }));
      group.agents.push(m[2]!.split('/')[0]!.trim().toLowerCase());
      afterAgent = true;
    } else {
      afterAgent = false;
      if (group && (field === 'allow' || field === 'disallow'))
        group.rules.push(`${field}:${m[2]!.replace(/\s+/g, '')}`);
    }
  }
  return out;
}

/** Sites whose robots.txt names `token` in a User-agent line, and those of them with `Disallow: /` (or `/*`, `*`) for it: by hand. */
export function namedAndBlockedByHand(
  bodies: readonly string[],
  token: string,
): { naming: number; blockedByName: number } {
  let naming = 0;
  let blockedByName = 0;
  for (const body of bodies) {
    const groups = groupsByHand(body).filter((g) => g.agents.includes(token.toLowerCase()));
    if (groups.length > 0) naming++;
    if (groups.some((g) => g.rules.some((r) => /^disallow:(\/|\/\*|\*)$/.test(r)))) blockedByName++;
  }
  return { naming, blockedByName };
}
