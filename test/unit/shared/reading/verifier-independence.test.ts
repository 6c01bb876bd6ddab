/**
 * The second reader stays a second reader: test/verifier/ reaches none of the classifier's code
 * (proxy/analysis beyond the Evidence type, shared/robots, shared/story*, shared/reading beyond
 * the claim types, extension/, proxy/crawler), followed through every import it makes, so a
 * mistake of the first reader cannot be repeated by the second through shared code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sources } from '../../helpers/imports.js';

/** Modules outside test/verifier/ it may load: data tables and types. */
const ALLOWED = new Set([
  'shared/reading/claims.ts',
  'proxy/analysis/evidence.ts',
  'shared/bots.ts',
  'shared/bot-catalogue.ts',
  'shared/key-bots.ts',
  'shared/values.ts',
]);
/** Of those, the ones it may import for their types only. */
const TYPES_ONLY = new Set(['proxy/analysis/evidence.ts', 'shared/reading/claims.ts']);
const PACKAGES = new Set(['robots-parser']);

function resolveTs(from: string, spec: string): string {
  const target = relative(ROOT, resolve(dirname(join(ROOT, from)), spec)).replace(/\.js$/, '.ts');
  return existsSync(join(ROOT, target)) ? target : `${target} (missing)`;
}

/** Every module reached from test/verifier/, with the file that imports it and how. */
function reach(): Array<{ from: string; to: string; typeOnly: boolean }> {
  const out: Array<{ from: string; to: string; typeOnly: boolean }> = [];
  const todo = sources('test/verifier');
  const seen = new Set(todo);
  while (todo.length > 0) {
    const file = todo.pop()!;
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const spec of importsOf(text)) {
      if (!spec.startsWith('.')) {
        out.push({ from: file, to: spec, typeOnly: false });
        continue;
      }
      const to = resolveTs(file, spec);
      const escaped = spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const typeOnly =
        new RegExp(`import type [^;]*from '${escaped}'`).test(text) &&
        !new RegExp(`import (?!type)[^;]*from '${escaped}'`).test(text);
      out.push({ from: file, to, typeOnly });
      if (!seen.has(to) && !typeOnly) {
        seen.add(to);
        todo.push(to);
      }
    }
  }
  return out;
}

describe('test/verifier/ is written apart from the classifier', () => {
  const edges = reach();

  it('has sources', () => expect(sources('test/verifier').length).toBeGreaterThan(5));

  it('loads only its own modules, the catalogue, the value sets and robots-parser', () => {
    const bad = edges.filter((e) =>
      e.to.startsWith('test/verifier/')
        ? false
        : e.to.startsWith('shared/') || e.to.startsWith('proxy/')
          ? !ALLOWED.has(e.to)
          : !PACKAGES.has(e.to),
    );
    expect(bad).toEqual([]);
  });

  it('takes the Evidence and the claims for their types only', () => {
    const bad = edges.filter((e) => TYPES_ONLY.has(e.to) && !e.typeOnly);
    expect(bad).toEqual([]);
  });
});
