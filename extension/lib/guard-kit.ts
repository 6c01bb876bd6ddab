/**
 * The pieces extension/lib/wire-guards.ts (generated from shared/schemas.ts) builds its guards
 * of: each mirrors what the zod schema of the same kind accepts (a zod object ignores keys it
 * does not name; an optional key may be absent or undefined; z.number() refuses NaN and
 * Infinity, .int() anything but a safe integer).
 */
export type Guard = (x: unknown) => boolean;
type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
export const str: Guard = (x) => typeof x === 'string';
export const bool: Guard = (x) => typeof x === 'boolean';
export const isNull: Guard = (x) => x === null;
export const is =
  (v: unknown): Guard =>
  (x) =>
    x === v;
export const one =
  (values: readonly unknown[]): Guard =>
  (x) =>
    values.includes(x);
export const nul =
  (g: Guard): Guard =>
  (x) =>
    x === null || g(x);
export const any =
  (...gs: Guard[]): Guard =>
  (x) =>
    gs.some((g) => g(x));
export const arr =
  (g: Guard): Guard =>
  (x) =>
    Array.isArray(x) && x.every(g);
export const tuple =
  (...gs: Guard[]): Guard =>
  (x) =>
    Array.isArray(x) && x.length === gs.length && gs.every((g, i) => g(x[i]));
export const rec =
  (g: Guard): Guard =>
  (x) =>
    isObj(x) && Object.values(x).every(g);
/** z.record(z.enum(keys), value): no other key, each value checked, and every key present unless `partial`. */
export const keyed =
  (keys: readonly string[], g: Guard, partial = false): Guard =>
  (x) =>
    isObj(x) && Object.entries(x).every(([k, v]) => keys.includes(k) && g(v)) && (partial || keys.every((k) => k in x));
/** Marks an optional key: absent or undefined passes. */
export const opt =
  (g: Guard): Guard =>
  (x) =>
    x === undefined || g(x);
export const obj =
  (fields: Record<string, Guard>): Guard =>
  (x) =>
    isObj(x) && Object.entries(fields).every(([k, g]) => g(x[k]));
export const text =
  (o: { min?: number; pattern?: RegExp }): Guard =>
  (x) =>
    typeof x === 'string' && x.length >= (o.min ?? 0) && (o.pattern === undefined || o.pattern.test(x));
export const num =
  (o: { int?: boolean; min?: number; max?: number; above?: number; below?: number }): Guard =>
  (x) =>
    typeof x === 'number' &&
    (o.int ? Number.isSafeInteger(x) : Number.isFinite(x)) &&
    (o.min === undefined || x >= o.min) &&
    (o.max === undefined || x <= o.max) &&
    (o.above === undefined || x > o.above) &&
    (o.below === undefined || x < o.below);
