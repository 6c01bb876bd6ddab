/**
 * Every real robots.txt body the tests can reach, with where each came from: the public
 * collections (../shared/corpora/robots-collections, SOURCES.md there), the 204 January 2026
 * captures (../shared/corpora/real-robots/2026-01, lower-cased by their scraper) and the real
 * files kept in the project (test/fixtures/real-files). Bodies are bytes as the collection
 * stored them: the crawler's own decoding (BOM dropped, invalid UTF-8 replaced) is applied by
 * whoever serves them (test/helpers/evidence-companions.ts), not here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPORA = join(ROOT, '..', 'shared', 'corpora');
const REAL_2026 = join(CORPORA, 'real-robots', '2026-01');
const REAL_FILES = join(ROOT, 'test', 'fixtures', 'real-files');
const CORPUS_FILE = 'robots-corpus.jsonl.br';

/** Where a file was taken from: the public collections, the shared 2026-01 captures, or the project's own real files. */
export type CorpusOrigin = 'collections' | 'shared-2026-01' | 'real-files';

export interface CorpusFile {
  /** Unique: `<source>:<site>:<captured>` (`protego:www.bbc.com:2019-07-20`). */
  id: string;
  /** The host whose /robots.txt this was, as the collection names it. */
  site: string;
  /** Capture day (YYYY-MM-DD; the collection's commit day where it records no other), null when unknown. */
  captured: string | null;
  /** Every capture day at which this same body was seen for this site (the monthly collections). */
  seen: string[];
  /** `owner/repository@commit`. */
  source: string;
  /** Path of the file in that repository. */
  path: string;
  /** SPDX identifier of the source's licence, or a sentence where it states none. */
  licence: string;
  /** The body's bytes, unaltered. */
  bytes: Buffer;
  /** The scraper lower-cased the body (the-great-gpt-firewall): path rules with capitals read differently. */
  lowercased: boolean;
  origin: CorpusOrigin;
}

/** One line of robots-corpus.jsonl (test/tools/build-robots-corpus.ts writes it): `body` when the bytes are UTF-8 (and round-trip), else `body_b64`. */
export interface CorpusLine {
  id: string;
  site: string;
  captured: string;
  seen: string[];
  source: string;
  path: string;
  licence: string;
  lowercased?: boolean;
  bytes: number;
  sha256: string;
  body?: string;
  body_b64?: string;
}

/**
 * The folder holding robots-corpus.jsonl.br: ROBOTS_CORPUS_DIR when set (a copy not yet placed
 * in shared/), else ../shared/corpora/robots-collections; null when neither has the file.
 */
export function collectionsDir(): string | null {
  const dir = process.env['ROBOTS_CORPUS_DIR'] ?? join(CORPORA, 'robots-collections');
  return existsSync(join(dir, CORPUS_FILE)) ? dir : null;
}

function collectionFiles(dir: string): CorpusFile[] {
  const text = brotliDecompressSync(readFileSync(join(dir, CORPUS_FILE))).toString('utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const r = JSON.parse(l) as CorpusLine;
      const bytes = r.body_b64 !== undefined ? Buffer.from(r.body_b64, 'base64') : Buffer.from(r.body ?? '', 'utf8');
      if (bytes.length !== r.bytes) throw new Error(`${r.id}: ${bytes.length} bytes decoded, the line says ${r.bytes}`);
      return {
        id: r.id,
        site: r.site,
        captured: r.captured,
        seen: r.seen,
        source: r.source,
        path: r.path,
        licence: r.licence,
        bytes,
        lowercased: r.lowercased === true,
        origin: 'collections' as const,
      };
    });
}

/** ../shared/corpora/SOURCES.md: samber/the-great-gpt-firewall @9629e95b, MIT, captured 2026-01-01. */
const GFW = 'samber/the-great-gpt-firewall@9629e95b1ee067e7f0d7a362cebf6766e5631e39';

function shared2026(): CorpusFile[] {
  return readdirSync(REAL_2026)
    .filter((f) => f.endsWith('.robots.txt'))
    .sort()
    .map((f) => {
      const site = f.replace(/\.robots\.txt$/, '');
      return {
        id: `gpt-firewall:${site}:2026-01-01`,
        site,
        captured: '2026-01-01',
        seen: ['2026-01-01'],
        source: GFW,
        path: `2026/2026-01-robots.txt/${f}`,
        licence: 'MIT',
        bytes: readFileSync(join(REAL_2026, f)),
        lowercased: true,
        origin: 'shared-2026-01' as const,
      };
    });
}

/** test/fixtures/real-files/SOURCES.md: egonkm/Robots.txt @602c5446, which states no licence. */
function projectFiles(): CorpusFile[] {
  return readdirSync(REAL_FILES)
    .filter((f) => /\.robots\.(txt|html)$/.test(f))
    .sort()
    .map((f) => {
      const site = f.replace(/\.robots\.(txt|html)$/, '');
      return {
        id: `real-files:${site}`,
        site,
        captured: null,
        seen: [],
        source: 'egonkm/Robots.txt@602c5446',
        path: `robots/${site}`,
        licence: 'none stated (kept small, for testing only: test/fixtures/real-files/SOURCES.md)',
        bytes: readFileSync(join(REAL_FILES, f)),
        lowercased: false,
        origin: 'real-files' as const,
      };
    });
}

export interface RobotsCorpus {
  files: CorpusFile[];
  /** The collections' folder, or null when it is not there (then `files` holds the other two origins only). */
  collections: string | null;
}

/** Every file, collections first, each origin in its own stable order. */
export function robotsCorpus(): RobotsCorpus {
  const dir = collectionsDir();
  const files = [...(dir ? collectionFiles(dir) : []), ...shared2026(), ...projectFiles()];
  const ids = new Set<string>();
  for (const f of files) {
    if (ids.has(f.id)) throw new Error(`two corpus files share the id ${f.id}`);
    ids.add(f.id);
  }
  return { files, collections: dir };
}
