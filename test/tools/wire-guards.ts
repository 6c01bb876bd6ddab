/**
 * Writes extension/lib/wire-guards.ts, the extension's checks of what the gateway sends,
 * from the zod schemas in shared/schemas.ts: one definition of each message shape, and no
 * zod in the extension's bundle (zod/mini would add about 10 KB gzip to a bundle already at
 * its 35 KB goal). The schemas are read through z.toJSONSchema (zod's public description of
 * them), each named schema becoming one guard, so a shape changed in shared/schemas.ts fails
 * test/unit/shared/wire-guards.test.ts until this is run again:
 *
 *   npx tsx test/tools/wire-guards.ts --write
 *
 * A guard accepts what the schema's safeParse accepts (the test holds them to it): unknown
 * keys are ignored (zod strips them), an optional key may be absent or undefined.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import * as S from '../../shared/schemas.js';
import * as V from '../../shared/values.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const GUARDS_FILE = join(ROOT, 'extension/lib/wire-guards.ts');

/** What the extension checks: guard name → the schema's name in shared/schemas.ts (without `Schema`). */
export const ROOTS = {
  isDomainPolicy: 'DomainPolicy',
  isUnknown: 'DomainPolicyUnknown',
  isFullRecord: 'FullRecord',
  isAnnouncedRecord: 'AnnouncedRecord',
  isHistory: 'HistoryResponse',
  isRecheckResult: 'RecheckResult',
  // The web page's charts (web/src/api.ts): the statistics as any service may send them.
  isStats: 'UpstreamStats',
} as const;

type Json = Record<string, unknown>;

/** Every schema shared/schemas.ts exports, by name (without `Schema`); of a schema's aliases, a root's name wins. */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const roots = new Set<string>(Object.values(ROOTS));
  for (const [key, value] of Object.entries(S)) {
    if (!key.endsWith('Schema') || !(value instanceof z.ZodType)) continue;
    const name = key.slice(0, -'Schema'.length);
    if (!names.has(value) || roots.has(name)) names.set(value, name);
  }
  return names;
}

/** The `as const` lists of shared/values.ts, by their JSON, so an enum reads `one(STANCES)`. */
const VALUE_LISTS = new Map<string, string>(
  Object.entries(V)
    .filter(([, v]) => Array.isArray(v) && v.every((x) => typeof x === 'string'))
    .map(([k, v]) => [JSON.stringify(v), k]),
);

const SAFE = Number.MAX_SAFE_INTEGER;

class Writer {
  readonly usedLists = new Set<string>();

  constructor(private readonly defs: Record<string, Json>) {}

  private depth = 0;

  /** The guard expression of one JSON Schema node. */
  expr(node: Json): string {
    const { description: _d, ...n } = node;
    if (typeof n.$ref === 'string') return this.refName(n.$ref);
    const union = (n.anyOf ?? n.oneOf) as Json[] | undefined;
    if (union) return this.union(union);
    if ('const' in n) return `is(${JSON.stringify(n.const)})`;
    if (Array.isArray(n.enum)) return this.oneOf(n.enum);
    if (Array.isArray(n.type)) return this.union(n.type.map((type) => ({ ...n, type })));
    switch (n.type) {
      case 'string':
        return this.string(n);
      case 'number':
      case 'integer':
        return this.number(n);
      case 'boolean':
        return 'bool';
      case 'null':
        return 'isNull';
      case 'array':
        return this.array(n);
      case 'object':
        return this.object(n);
    }
    throw new Error(`wire-guards: no guard for ${JSON.stringify(node)}`);
  }

  private refName(ref: string): string {
    const name = ref.replace(/^#\/\$defs\//, '');
    if (!this.defs[name]) throw new Error(`wire-guards: unknown $ref ${ref}`);
    return name;
  }

  private union(options: Json[]): string {
    const nullable = options.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
    if (nullable >= 0 && options.length === 2) return `nul(${this.expr(options[1 - nullable]!)})`;
    return `any(${options.map((o) => this.expr(o)).join(', ')})`;
  }

  private oneOf(values: unknown[]): string {
    return `one(${this.list(values)})`;
  }

  /** A list of values: the shared/values.ts list it is, by name, else written out. */
  private list(values: unknown[]): string {
    const list = VALUE_LISTS.get(JSON.stringify(values));
    if (list) this.usedLists.add(list);
    return list ?? `[${values.map((v) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v))).join(', ')}]`;
  }

  private string(n: Json): string {
    const known = new Set(['type', 'format', 'pattern', 'minLength']);
    for (const k of Object.keys(n)) if (!known.has(k)) throw new Error(`wire-guards: string keyword ${k}`);
    const parts: string[] = [];
    if (typeof n.minLength === 'number') parts.push(`min: ${n.minLength}`);
    if (typeof n.pattern === 'string') parts.push(`pattern: /${n.pattern.replace(/\//g, '\\/')}/`);
    return parts.length ? `text({ ${parts.join(', ')} })` : 'str';
  }

  private number(n: Json): string {
    const known = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
    for (const k of Object.keys(n)) if (!known.has(k)) throw new Error(`wire-guards: number keyword ${k}`);
    const int = n.type === 'integer';
    const parts: string[] = int ? ['int: true'] : [];
    // An integer's safe range is what `int` checks already.
    if (typeof n.minimum === 'number' && !(int && n.minimum === -SAFE)) parts.push(`min: ${n.minimum}`);
    if (typeof n.maximum === 'number' && !(int && n.maximum === SAFE)) parts.push(`max: ${n.maximum}`);
    if (typeof n.exclusiveMinimum === 'number') parts.push(`above: ${n.exclusiveMinimum}`);
    if (typeof n.exclusiveMaximum === 'number') parts.push(`below: ${n.exclusiveMaximum}`);
    return parts.length ? `num({ ${parts.join(', ')} })` : 'num({})';
  }

  private array(n: Json): string {
    if (Array.isArray(n.prefixItems)) {
      const items = n.prefixItems as Json[];
      if ((n.items !== undefined && n.items !== false) || n.minItems !== items.length || n.maxItems !== items.length)
        throw new Error(`wire-guards: only fixed tuples: ${JSON.stringify(n)}`);
      return `tuple(${items.map((i) => this.expr(i)).join(', ')})`;
    }
    const known = new Set(['type', 'items']);
    for (const k of Object.keys(n)) if (!known.has(k)) throw new Error(`wire-guards: array keyword ${k}`);
    return `arr(${this.expr(n.items as Json)})`;
  }

  private object(n: Json): string {
    const props = n.properties as Record<string, Json> | undefined;
    if (!props) {
      const keys = n.propertyNames as Json | undefined;
      const values = this.expr(n.additionalProperties as Json);
      // z.record(z.enum(keys), value): only those keys, every one of them unless it is a z.partialRecord.
      if (keys && keys.type === 'string' && Array.isArray(keys.enum) && Object.keys(keys).length === 2) {
        const all = JSON.stringify(n.required ?? []) === JSON.stringify(keys.enum);
        if (!all && n.required !== undefined) throw new Error(`wire-guards: record required ${JSON.stringify(n)}`);
        return `keyed(${this.list(keys.enum)}, ${values}${all ? '' : ', true'})`;
      }
      // z.record(z.string(), value): every key is a string; the values are checked.
      if (keys && (keys.type !== 'string' || Object.keys(keys).length > 1))
        throw new Error(`wire-guards: record keys ${JSON.stringify(keys)}`);
      return `rec(${values})`;
    }
    const required = new Set((n.required as string[] | undefined) ?? []);
    this.depth++;
    const fields = Object.entries(props).map(
      ([k, v]) => `${k}: ${required.has(k) ? '' : 'opt('}${this.expr(v)}${required.has(k) ? '' : ')'}`,
    );
    this.depth--;
    const line = `obj({ ${fields.join(', ')} })`;
    if (line.length + 2 * this.depth <= 100 && !line.includes('\n')) return line;
    // One field a line, indented, so a long shape reads as the schema does.
    const pad = '  '.repeat(this.depth + 1);
    return `obj({\n${fields.map((f) => `${pad}${f},\n`).join('')}${'  '.repeat(this.depth)}})`;
  }
}

/** The named schemas `name` refers to, dependencies first. */
function order(defs: Record<string, Json>, roots: string[]): string[] {
  const out: string[] = [];
  const visit = (name: string) => {
    if (out.includes(name)) return;
    const refs = new Set<string>();
    const walk = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        for (const [k, v] of Object.entries(x))
          if (k === '$ref' && typeof v === 'string') refs.add(v.replace(/^#\/\$defs\//, ''));
          else walk(v);
      }
    };
    walk(defs[name]);
    for (const r of refs) visit(r);
    out.push(name);
  };
  roots.forEach(visit);
  return out;
}

const HEADER = `/**
 * GENERATED by test/tools/wire-guards.ts from the zod schemas of shared/schemas.ts: do not
 * edit; change the schema and run \`npx tsx test/tools/wire-guards.ts --write\`. The extension's
 * checks of what the gateway sends (extension/lib/guards.ts uses them), without zod in its
 * bundle: each guard accepts what the schema's safeParse accepts.
 */`;

/** The text of extension/lib/wire-guards.ts. */
export function generate(): string {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of namedSchemas()) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'input', uri: (id) => `#/$defs/${id}` }) as {
    schemas: Record<string, Json>;
  };
  const defs: Record<string, Json> = {};
  for (const [id, { $schema: _s, $id: _i, ...rest }] of Object.entries(out.schemas)) defs[id] = rest;
  const w = new Writer(defs);
  const names = order(defs, Object.values(ROOTS));
  const consts = names.map((name) => `const ${name}: Guard = ${w.expr(defs[name]!)};`);
  const types = [...new Set(Object.values(ROOTS))].sort();
  const exports = Object.entries(ROOTS).map(
    ([guard, name]) => `export const ${guard} = (x: unknown): x is ${name} => ${name}(x);`,
  );
  const lists = [...w.usedLists].sort();
  return [
    HEADER,
    `import type { ${types.join(', ')} } from '../../shared/schemas.js';`,
    `import { ${lists.join(', ')} } from '../../shared/values.js';`,
    `import { any, arr, bool, is, isNull, keyed, nul, num, obj, one, opt, rec, str, text, tuple, type Guard } from './guard-kit.js';`,
    '',
    ...consts,
    '',
    ...exports,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const text = generate();
  if (process.argv.includes('--write')) {
    writeFileSync(GUARDS_FILE, text);
    console.log(`wrote ${GUARDS_FILE}`);
  } else {
    const same = readFileSync(GUARDS_FILE, 'utf8') === text;
    console.log(
      same ? 'extension/lib/wire-guards.ts is up to date' : 'extension/lib/wire-guards.ts differs: run with --write',
    );
    process.exitCode = same ? 0 : 1;
  }
}
