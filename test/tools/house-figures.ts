/**
 * The figures a maintainer checks the structure by: files and lines per folder, the longest
 * functions, and import cycles among the product's own modules (tests and fixtures left out).
 * Run: `npx tsx test/tools/house-figures.ts [--top N]`. Reads the sources with TypeScript's own
 * parser; runs nothing of the product.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCE_DIRS = ['extension', 'proxy', 'shared', 'web', 'scripts'];
const SKIP = new Set(['node_modules', '.output', '.wxt', 'dist', 'public']);
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 10;

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (/\.(?:ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = SOURCE_DIRS.flatMap((d) => {
  try {
    return sourceFiles(join(ROOT, d));
  } catch {
    return [];
  }
});

interface Fn {
  where: string;
  name: string;
  lines: number;
}
const fns: Fn[] = [];
const perFolder = new Map<string, { files: number; lines: number }>();
const imports = new Map<string, Set<string>>();

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const rel = relative(ROOT, file);
  const folder = dirname(rel);
  const entry = perFolder.get(folder) ?? { files: 0, lines: 0 };
  entry.files += 1;
  entry.lines += text.split('\n').length;
  perFolder.set(folder, entry);
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const deps = new Set<string>();
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node, owner: string): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const spec = node.moduleSpecifier.text;
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      if (spec.startsWith('.') && !typeOnly)
        deps.add(relative(ROOT, resolve(dirname(file), spec)).replace(/\.(?:js|ts|tsx)$/, ''));
    }
    let name = owner;
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const named = (node as ts.FunctionDeclaration).name;
      const parent = node.parent;
      name =
        named && ts.isIdentifier(named)
          ? named.text
          : parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)
            ? parent.name.text
            : `${owner}/(anonymous)`;
      const start = lineOf(node.getStart(sf));
      const lines = lineOf(node.getEnd()) - start + 1;
      fns.push({ where: `${rel}:${start}`, name, lines });
    }
    ts.forEachChild(node, (child) => visit(child, name));
  };
  visit(sf, '(module)');
  imports.set(rel.replace(/\.(?:ts|tsx|mts|mjs)$/, ''), deps);
}

// Import cycles: strongly connected components of more than one module (Tarjan), value imports only.
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

const total = [...perFolder.values()].reduce((a, b) => ({ files: a.files + b.files, lines: a.lines + b.lines }), {
  files: 0,
  lines: 0,
});
console.log(`Sources: ${total.files} files, ${total.lines} lines (${SOURCE_DIRS.join(', ')}; tests left out)\n`);
console.log('Files and lines per folder:');
for (const [folder, e] of [...perFolder].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(`  ${folder.padEnd(40)} ${String(e.files).padStart(4)} files ${String(e.lines).padStart(6)} lines`);
console.log(`\nThe ${top} longest functions:`);
for (const f of fns.sort((a, b) => b.lines - a.lines).slice(0, top))
  console.log(`  ${String(f.lines).padStart(4)} lines  ${f.name}  (${f.where})`);
console.log(`Functions over 80 lines: ${fns.filter((f) => f.lines > 80).length}`);
const found = cycles(imports);
console.log(`\nImport cycles (value imports): ${found.length}`);
for (const c of found) console.log(`  ${c.join(' <-> ')}`);
