/**
 * Where the built web app is (scripts/server-build.mjs builds web/ into dist/web/): beside the
 * compiled gateway (dist/proxy/gateway → dist/web), or, run from the sources (tsx, the tests),
 * in the checkout's dist/web. A folder counts only with the build's stamp in it, so web/'s
 * sources (whose index.html is not servable) are never taken for it. Null when not built.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build's stamp file in dist/web (the hash of what it was built from). */
export const WEB_STAMP = '.source-hash';

export function builtWebDir(): string | null {
  for (const rel of ['../../web/', '../../dist/web/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(join(dir, 'index.html')) && existsSync(join(dir, WEB_STAMP))) return dir;
  }
  return null;
}
