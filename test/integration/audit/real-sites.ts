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
      '/': { ...html('<!doctype html><html><head><title>A site</title></head><body><h1>Welcome</h1></body></html>'), delayMs },
    },
    fallback: { ...text('Not found', {}, 404), delayMs },
  };
}
