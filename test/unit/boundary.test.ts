/**
 * The boundary between the browser and the server (issue 15 item 1): nothing the extension or
 * shared/ imports may lie under proxy/. Every import, export-from, dynamic import and
 * `import type` is read with TypeScript's own scanner, and every specifier is resolved, the
 * tsconfig path aliases (`~~`, `@@`, `~`, `@`, from WXT's generated .wxt/tsconfig.json) included.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sources } from './helpers/imports.js';

const WXT_TSCONFIG = join(ROOT, '.wxt/tsconfig.json');

/** The alias table: `~~/*` → `<root>/*` and so on, read from the config TypeScript uses. */
function aliases(): { prefix: string; exact: boolean; target: string }[] {
  const config = ts.readConfigFile(WXT_TSCONFIG, (p) => readFileSync(p, 'utf8')).config as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(config.compilerOptions.paths).map(([key, [target]]) => ({
    prefix: key.replace(/\*$/, ''),
    exact: !key.endsWith('*'),
    target: resolve(dirname(WXT_TSCONFIG), target!.replace(/\*$/, '')),
  }));
}

/** Where a specifier points, as a path from the root; null for a package. */
function resolveSpecifier(file: string, spec: string, table: ReturnType<typeof aliases>): string | null {
  if (spec.startsWith('.')) return relative(ROOT, resolve(dirname(join(ROOT, file)), spec));
  // Longest alias first: `~~/x` is not `~` + `~/x`.
  for (const a of [...table].sort((x, y) => y.prefix.length - x.prefix.length)) {
    if (a.exact ? spec === a.prefix : spec.startsWith(a.prefix))
      return relative(ROOT, join(a.target, a.exact ? '' : spec.slice(a.prefix.length)));
  }
  return null;
}

describe('the browser side imports nothing from proxy/', () => {
  it('finds the alias table WXT generates', () => {
    expect(existsSync(WXT_TSCONFIG), 'run `npx wxt prepare` (npm install does)').toBe(true);
    expect(
      aliases()
        .map((a) => a.prefix)
        .sort(),
    ).toEqual(expect.arrayContaining(['~~/', '@@/', '~/', '@/']));
  });

  it('resolves aliases and relative paths the way the bundler does', () => {
    const table = aliases();
    expect(resolveSpecifier('extension/lib/x.ts', '~~/proxy/analysis/robots/parse.js', table)).toBe(
      'proxy/analysis/robots/parse.js',
    );
    expect(resolveSpecifier('extension/lib/x.ts', '@@/proxy/lib/env.js', table)).toBe('proxy/lib/env.js');
    expect(resolveSpecifier('extension/lib/x.ts', '~/lib/badge.js', table)).toBe('extension/lib/badge.js');
    expect(resolveSpecifier('extension/lib/x.ts', '../../proxy/service/api.js', table)).toBe('proxy/service/api.js');
    expect(resolveSpecifier('extension/lib/x.ts', 'preact', table)).toBeNull();
    expect(
      importsOf("import type { A } from '~~/proxy/a.js';\nexport * from './b.js';\nconst c = import('../c.js');"),
    ).toEqual(['~~/proxy/a.js', './b.js', '../c.js']);
  });

  describe.each(['extension', 'shared'])('%s/', (dir) => {
    const table = aliases();
    const files = sources(dir);
    it('has sources', () => expect(files.length).toBeGreaterThan(3));
    it.each(files)('%s', (file) => {
      for (const spec of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
        const target = resolveSpecifier(file, spec, table);
        expect(
          target === null || !(target === 'proxy' || target.startsWith('proxy/')),
          `${file} imports ${spec} (${target})`,
        ).toBe(true);
      }
    });
  });
});

/**
 * The walls between the server's parts (issue 23 item 5): the lookup service never reaches into
 * the gateway that embeds it; the upstream client reads wire shapes from shared/, not from the
 * service's HTTP layer or its announced surface (proxy/service/preview/); the gateway's config loader reads only its own settings (the embedded
 * service's are read by the service's loader, proxy/gateway/program-config.ts).
 */
describe('the server parts keep their walls', () => {
  /** Root-relative targets of `file`'s relative imports (server code uses no aliases). */
  const targets = (file: string): string[] =>
    importsOf(readFileSync(join(ROOT, file), 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(ROOT, resolve(dirname(join(ROOT, file)), spec)));
  const under = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);

  it('reads relative imports, `import type` included', () => {
    expect(targets('proxy/gateway/program-config.ts')).toContain('proxy/service/config.js');
  });

  const arrows = [
    { from: 'proxy/service', files: sources('proxy/service'), forbidden: 'proxy/gateway' },
    { from: 'proxy/upstream', files: sources('proxy/upstream'), forbidden: 'proxy/service/http' },
    { from: 'proxy/upstream', files: sources('proxy/upstream'), forbidden: 'proxy/service/preview' },
    { from: 'proxy/gateway/config.ts', files: ['proxy/gateway/config.ts'], forbidden: 'proxy/service/config' },
  ];
  describe.each(arrows)('$from does not import $forbidden', ({ files, forbidden }) => {
    it('has sources', () => expect(files.length).toBeGreaterThan(0));
    it.each(files.map((f) => [f]))('%s', (file) => {
      for (const target of targets(file)) {
        expect(under(target.replace(/\.(js|ts)$/, ''), forbidden), `${file} imports ${target}`).toBe(false);
      }
    });
  });
});

/**
 * The gateway's web page renders the one reading (shared/reading/) with the extension's
 * components, and never the extension's browser state: nothing it imports, however indirectly,
 * reaches WXT's browser API or the extension's storage (docs/policy.md section 16).
 */
describe('the web page imports no browser extension API or storage', () => {
  const table = aliases();
  /** Every source file web/src/main.tsx reaches, with the packages each imports. */
  function reach(start: string): { files: Set<string>; packages: Map<string, string> } {
    const files = new Set<string>();
    const packages = new Map<string, string>();
    const todo = [start];
    while (todo.length > 0) {
      const file = todo.pop()!;
      if (files.has(file)) continue;
      files.add(file);
      const text = readFileSync(join(ROOT, file), 'utf8');
      // `import type` is erased from the bundle: only value imports reach the page.
      const typeOnly = new Set([...text.matchAll(/^import type [^;]*? from '([^']+)'/gms)].map((m) => m[1]));
      for (const spec of importsOf(text)) {
        if (typeOnly.has(spec)) continue;
        const target = resolveSpecifier(file, spec, table);
        if (target === null) {
          packages.set(spec, file);
          continue;
        }
        const source = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target].find(
          (f) => existsSync(join(ROOT, f)) && /\.tsx?$/.test(f),
        );
        if (source) todo.push(source);
      }
    }
    return { files, packages };
  }
  const { files, packages } = reach('web/src/main.tsx');

  it('reaches the reading and the components', () => {
    expect(files).toContain('shared/reading/read-site.ts');
    expect(files).toContain('extension/components/verdict-list.tsx');
  });
  it('no wxt/browser, no extension storage', () => {
    expect(packages.get('wxt/browser'), 'imported by').toBeUndefined();
    expect([...files].filter((f) => /session-store|browser-language|settings\.ts$/.test(f))).toEqual([]);
  });
});
