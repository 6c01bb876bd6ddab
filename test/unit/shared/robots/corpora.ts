/** Paths and loaders for the shared third-party corpora (../shared/corpora from the project root). */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPORA = fileURLToPath(new URL('../../../../../shared/corpora/', import.meta.url));

export interface ConformanceCase {
  name: string;
  robots?: string;
  robots_b64?: string;
  agent: string;
  url: string;
  allowed: boolean;
  google_specific?: boolean;
}

/** A conformance file's cases (the RFC file wraps them in `{ cases }`). */
export function loadCases(file: string): ConformanceCase[] {
  const data = JSON.parse(readFileSync(CORPORA + 'robots-conformance/' + file, 'utf8')) as
    ConformanceCase[] | { cases: ConformanceCase[] };
  return Array.isArray(data) ? data : data.cases;
}

/** The body as the crawler would hand it over: raw bytes decoded as UTF-8 with replacement. */
export function caseBody(c: ConformanceCase): string {
  if (c.robots_b64 !== undefined) return new TextDecoder('utf-8').decode(Buffer.from(c.robots_b64, 'base64'));
  return c.robots ?? '';
}

export const REAL_ROBOTS_DIR = CORPORA + 'real-robots/2026-01/';

export function realRobotsFiles(): { name: string; text: string }[] {
  return readdirSync(REAL_ROBOTS_DIR)
    .filter((f) => f.endsWith('.robots.txt'))
    .sort()
    .map((name) => ({ name, text: new TextDecoder('utf-8').decode(readFileSync(REAL_ROBOTS_DIR + name)) }));
}
