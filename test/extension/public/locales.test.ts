// @vitest-environment node
/**
 * `_locales/en/messages.json` is complete (issue 13): every `t(key, english, …)` call of the
 * extension and of the gateway's web app (web/), every `say(key, english, …)` call of shared/ (labels and story, which the CLI tells
 * in English) and every manifest text has its key there, with exactly that English, and nothing
 * else is there. `UPDATE_LOCALES=1` rewrites the file from the code. Other languages, when
 * added, must have the same keys and placeholders.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MANIFEST_MESSAGES } from '../../../extension/lib/manifest-messages.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const LOCALES = join(ROOT, 'extension/public/_locales');
const EN = join(LOCALES, 'en/messages.json');

interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

/** Where messages are said: the extension, shared/ (shared/say.ts), and the gateway's web app, which shows the extension's components. */
const SAYING = ['extension', 'shared', 'web'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'public' || n === 'assets' ? [] : sources(p);
    return /\.tsx?$/.test(n) ? [p] : [];
  });
}

/** Chrome/Firefox messages.json form: `$1` becomes the placeholder `$p1$` with content `$1`. */
function toMessage(english: string): Message {
  const n = [...english.matchAll(/\$([1-9])/g)].map((m) => m[1]!);
  const message = english.replace(/\$([1-9])/g, (_, d: string) => `$p${d}$`);
  return n.length
    ? { message, placeholders: Object.fromEntries([...new Set(n)].map((d) => [`p${d}`, { content: `$${d}` }])) }
    : { message };
}

/**
 * Every call of `t` or `say` in a file, read with TypeScript's parser: its key and English when
 * both are string literals, else null (a key or English that is not a literal would escape this
 * test, and _locales).
 */
function callsIn(file: string): Array<{ key: string; english: string } | null> {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Array<{ key: string; english: string } | null> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === 't' || node.expression.text === 'say')
    ) {
      const [key, english] = node.arguments;
      out.push(
        key && english && ts.isStringLiteral(key) && ts.isStringLiteralLike(english)
          ? { key: key.text, english: english.text }
          : null,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function extracted(): Record<string, Message> {
  const out: Record<string, Message> = {};
  const conflicts: string[] = [];
  const unreadable: string[] = [];
  const add = (key: string, english: string) => {
    const m = toMessage(english);
    if (out[key] && out[key].message !== m.message) conflicts.push(`${key}: "${out[key].message}" vs "${m.message}"`);
    out[key] = m;
  };
  for (const [k, v] of Object.entries(MANIFEST_MESSAGES)) add(k, v);
  for (const file of SAYING.flatMap((d) => sources(join(ROOT, d)))) {
    for (const c of callsIn(file)) {
      if (c) add(c.key, c.english);
      else unreadable.push(relative(ROOT, file));
    }
  }
  expect(conflicts, 'one key, one English text').toEqual([]);
  expect(unreadable, 'every t() and say() call names its key and English as literals').toEqual([]);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

describe('_locales', () => {
  it('English is complete: every message of the code and the manifest, nothing else', () => {
    const want = extracted();
    if (process.env.UPDATE_LOCALES === '1') writeFileSync(EN, JSON.stringify(want, null, 2) + '\n');
    expect(Object.keys(want).length).toBeGreaterThan(200);
    expect(JSON.parse(readFileSync(EN, 'utf8'))).toEqual(want);
  });

  it('every other language has the same keys and placeholders as English', () => {
    const en = JSON.parse(readFileSync(EN, 'utf8')) as Record<string, Message>;
    for (const lang of readdirSync(LOCALES).filter(
      (l) => l !== 'en' && existsSync(join(LOCALES, l, 'messages.json')),
    )) {
      const other = JSON.parse(readFileSync(join(LOCALES, lang, 'messages.json'), 'utf8')) as Record<string, Message>;
      expect(Object.keys(other).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [k, m] of Object.entries(en))
        expect(Object.keys(other[k]!.placeholders ?? {}).sort(), `${lang}.${k}`).toEqual(
          Object.keys(m.placeholders ?? {}).sort(),
        );
    }
  });
});
