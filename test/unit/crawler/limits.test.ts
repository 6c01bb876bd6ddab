/** The crawl limits docs/security.md states are the ones the crawler uses (CRAWL_LIMITS). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_ROBOTS_BYTES } from '../../../shared/robots/index.js';
import { CRAWL_LIMITS } from '../../../proxy/crawler/limits.js';

const README = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
/** `| name | value | ... |` rows of the crawler limits table in docs/security.md. */
const row = (name: string): string => {
  const m = new RegExp(`^\\s*\\| ${name} \\| ([^|]+) \\|`, 'm').exec(README);
  if (!m) throw new Error(`docs/security.md has no "${name}" row`);
  return m[1]!.trim();
};
const seconds = (ms: number) => `${ms / 1000} s`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);

describe('docs/security.md crawler limits', () => {
  it('match CRAWL_LIMITS', () => {
    expect(row('connect')).toBe(seconds(CRAWL_LIMITS.connectMs));
    expect(row('request')).toBe(seconds(CRAWL_LIMITS.requestMs));
    expect(row('whole domain')).toBe(seconds(CRAWL_LIMITS.domainMs));
    expect(row('redirects')).toBe(String(CRAWL_LIMITS.maxRedirects));
    expect(row('robots.txt size')).toBe(size(CRAWL_LIMITS.caps.robots));
    expect(row('HTML size')).toBe(size(CRAWL_LIMITS.caps.html));
    expect(row('other files')).toBe(size(CRAWL_LIMITS.caps.other));
    expect(row('RSL licence size')).toBe(size(CRAWL_LIMITS.caps.rsl));
  });

  it('cut robots.txt where the parser does (one constant)', () => {
    expect(CRAWL_LIMITS.caps.robots).toBe(MAX_ROBOTS_BYTES);
  });
});
