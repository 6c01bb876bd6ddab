/**
 * The documents keep their promises about the repository (issue 24): README.md, docs/*.md and
 * the gateway's README have no broken relative link or anchor, name no `npm run X` (or `npm X`)
 * that package.json does not define, and name no backticked repository path that does not
 * exist. The checks are plain functions, tested first on small texts so that they can fail.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'proxy/gateway/README.md',
];
const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);

/** npm's own commands that the documents may name (anything else must be a script). */
const NPM_BUILTINS = new Set([
  'install',
  'i',
  'ci',
  'prune',
  'run',
  'exec',
  'view',
  'pack',
  'uninstall',
  'update',
  'ls',
  'help',
  'init',
  'audit-fix',
]);
/** Top-level entries of the repository that a backticked path may start with. */
const TOP = [
  'README.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.server.json',
  'wxt.config.ts',
  'extension',
  'web',
  'shared',
  'proxy',
  'test',
  'scripts',
  'deploy',
  'docs',
];

/** The text without fenced code blocks and inline code spans (links there are not links). */
function withoutCode(md: string): string {
  return md.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function anchorsOf(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of md.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Relative link targets (`[t](x)`, `![a](x)`) of a document, code excluded; web and mail links left out. */
function relativeLinks(md: string): string[] {
  const out: string[] = [];
  for (const m of withoutCode(md).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    out.push(target);
  }
  return out;
}

/** What is wrong with each relative link of `md`, a document at `file` (relative to `root`). */
function brokenLinks(root: string, file: string, md: string): string[] {
  const problems: string[] = [];
  for (const target of relativeLinks(md)) {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : relative(root, join(root, dirname(file), decodeURIComponent(path)));
    const full = join(root, resolved);
    if (resolved.startsWith('..') || !existsSync(full)) {
      problems.push(`${file}: ${target} (no such file: ${resolved})`);
      continue;
    }
    if (anchor !== undefined && statSync(full).isFile() && resolved.endsWith('.md')) {
      const text = resolved === file ? md : readFileSync(full, 'utf8');
      if (!anchorsOf(text).has(anchor)) problems.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return problems;
}

/** `npm run X` and `npm X` that package.json does not define (npm's own commands aside). */
function unknownCommands(md: string, scripts: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of md.matchAll(/\bnpm\s+(run\s+)?([a-z][\w:-]*)/g)) {
    const name = m[2]!;
    if (m[1] || ['start', 'test', 'stop', 'restart'].includes(name)) {
      if (!scripts.includes(name)) out.push(m[0]);
    } else if (!NPM_BUILTINS.has(name)) {
      out.push(m[0]);
    }
  }
  return out;
}

/**
 * Backticked repository paths (`proxy/gateway/app.ts`, `shared/robots/`) that do not exist.
 * Only paths starting at a top-level entry of the repository are checked; globs, placeholders
 * (`{domain}`, `<x>`) and hidden segments (made at run time, like `.diff/`) are left out.
 */
function missingPaths(root: string, md: string): string[] {
  const out: string[] = [];
  for (const m of md.matchAll(/`([^`\s]+)`/g)) {
    const path = m[1]!.replace(/[.,;:]$/, '').replace(/\/$/, '');
    if (!TOP.some((t) => path === t || path.startsWith(`${t}/`))) continue;
    if (/[*{}<>$…]/.test(path) || path.split('/').some((s) => s.startsWith('.'))) continue;
    if (!existsSync(join(root, path))) out.push(path);
  }
  return out;
}

describe('the checks themselves', () => {
  it('find a broken link and a missing anchor, and accept good ones', () => {
    const md =
      '# Title\n\n## Per-URL answers: `POST /v1/check`\n\n[ok](#title) [ok2](#per-url-answers-post-v1check) [bad](#nope) [file](package.json) [gone](no-such.md) [web](https://example.com)\n';
    expect(brokenLinks(ROOT, 'README.md', md)).toEqual([
      'README.md: #nope (no heading #nope in README.md)',
      'README.md: no-such.md (no such file: no-such.md)',
    ]);
  });

  it('resolve links relative to the document, and check anchors in the target', () => {
    expect(
      brokenLinks(
        ROOT,
        'docs/x.md',
        '[a](../package.json) [b](policy.md#1-evidence-gathered-for-a-domain) [c](policy.md#99-nothing)',
      ),
    ).toEqual(['docs/x.md: policy.md#99-nothing (no heading #99-nothing in docs/policy.md)']);
  });

  it('skip links inside code', () => {
    expect(relativeLinks('`[a](gone.md)`\n```\n[b](gone.md)\n```\n[c](here.md)')).toEqual(['here.md']);
  });

  it('number repeated headings as GitHub does', () => {
    expect([...anchorsOf('## Gateway\n## Gateway\n### 1. Evidence: `a/b`')]).toEqual([
      'gateway',
      'gateway-1',
      '1-evidence-ab',
    ]);
  });

  it('name commands package.json does not define', () => {
    expect(
      unknownCommands('npm install && npm start; npm run build; npm run nothing; npm build; npm ci', [
        'start',
        'build',
      ]),
    ).toEqual(['npm run nothing', 'npm build']);
  });

  it('name backticked paths that do not exist', () => {
    expect(
      missingPaths(
        ROOT,
        '`proxy/gateway/app.ts` `proxy/gateway/nope.ts` `shared/robots/` `test/e2e/screenshots/.diff/` `proxy/*.ts` `dist/x.js`',
      ),
    ).toEqual(['proxy/gateway/nope.ts']);
  });
});

describe.each(DOCS)('%s', (file) => {
  const md = readFileSync(join(ROOT, file), 'utf8');

  it('has no broken relative link or anchor', () => {
    expect(brokenLinks(ROOT, file, md)).toEqual([]);
  });

  it('names only npm commands package.json defines', () => {
    expect(unknownCommands(md, SCRIPTS)).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    expect(missingPaths(ROOT, md)).toEqual([]);
  });
});

describe('sizes (issue 24)', () => {
  it('the README is under 200 lines, each document under about 400', () => {
    const lines = (f: string) => readFileSync(join(ROOT, f), 'utf8').split('\n').length;
    expect(lines('README.md')).toBeLessThan(200);
    expect(DOCS.filter((d) => d.startsWith('docs/') && lines(d) > 420)).toEqual([]);
  });

  it('the README links every document in docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const linked = new Set(relativeLinks(readme).map((t) => t.split('#')[0]));
    expect(DOCS.filter((d) => d.startsWith('docs/') && !linked.has(d))).toEqual([]);
  });
});
