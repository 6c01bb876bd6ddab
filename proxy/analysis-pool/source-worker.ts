/**
 * A worker script for the analysis pool when the sources run (the tests, the benchmarks, tsx):
 * a worker thread cannot load TypeScript by itself, and tsx's loader in each thread takes
 * seconds to load the analysis module by module. So the .ts entry is bundled once, with
 * esbuild (a dev dependency, like tsx), into one JavaScript file under node_modules/.cache/,
 * kept while none of the files it was built from changed (their contents hashed). The built
 * servers never come here: dist/ has worker.js, compiled with the rest (scripts/server-build.mjs).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'ai-policy-lens');

interface Manifest {
  /** The files the bundle was built from, relative to the repository. */
  inputs: string[];
  hash: string;
}

function hashOf(inputs: readonly string[]): string | null {
  const h = createHash('sha256');
  for (const f of inputs) {
    const path = join(ROOT, f);
    if (!existsSync(path)) return null;
    h.update(f).update('\0').update(readFileSync(path)).update('\0');
  }
  return h.digest('hex');
}

function readManifest(path: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Written beside, then renamed into place: test processes building at once never read half a file. */
function writeAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/** The bundled worker for a .ts entry: the cached one when its sources are unchanged, else built now. */
export async function bundledWorker(entry: URL): Promise<URL> {
  const source = fileURLToPath(entry);
  const name = `${basename(source, '.ts')}-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`;
  const out = join(CACHE, `${name}.mjs`);
  const manifestPath = join(CACHE, `${name}.json`);
  const manifest = readManifest(manifestPath);
  if (manifest && existsSync(out) && hashOf(manifest.inputs) === manifest.hash) return pathToFileURL(out);

  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    write: false,
    metafile: true,
    outfile: out,
    logLevel: 'silent',
  });
  // Inputs are relative to esbuild's working directory; stored relative to the repository.
  const inputs = Object.keys(result.metafile.inputs)
    .map((f) => relative(ROOT, resolve(process.cwd(), f)))
    .sort();
  mkdirSync(dirname(out), { recursive: true });
  writeAtomic(out, result.outputFiles[0]!.text);
  writeAtomic(manifestPath, JSON.stringify({ inputs, hash: hashOf(inputs) ?? '' } satisfies Manifest));
  return pathToFileURL(out);
}
