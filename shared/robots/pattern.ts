/**
 * Rule patterns (RFC 9309 section 2.2.3): `*` matches any sequence of characters, a `$` at the
 * end anchors the match at the end of the path; everything else is literal and compared in
 * canonical form (see canonical.ts). A pattern is compiled once into its literal segments and
 * matched greedily: the first segment must be a prefix, each middle segment is found at its
 * leftmost position after the previous one, and the last one (when anchored) must be a suffix.
 * For `*`-only globs leftmost placement is optimal, so matching is one left-to-right scan of
 * the path per segment: no backtracking, no regular expressions.
 */
import { canonicalize } from './canonical.js';

export interface CompiledPattern {
  /** Canonical literal segments between `*`s; at least one (possibly empty). */
  segments: string[];
  /** Pattern ended with `$`. */
  anchored: boolean;
  /** Specificity: length in octets of the canonical pattern (RFC 9309 section 2.2.2). */
  length: number;
  /** Empty pattern: matches nothing (an empty `Disallow:` has no effect). */
  empty: boolean;
}

/** ASCII characters that make a pattern more than a plain, already canonical prefix (1); so does any non-ASCII one. */
const SPECIAL = new Uint8Array(128);
for (let c = 0; c < 128; c++)
  SPECIAL[c] = c <= 0x20 || c === 0x7f || '*$%"<>`{}'.includes(String.fromCharCode(c)) ? 1 : 0;

/** Is `raw` a plain prefix, already canonical: no `*`, `$`, `%`, control, space, `" < > \` { }` or non-ASCII character? */
function isPlain(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 128 || SPECIAL[c] === 1) return false;
  }
  return true;
}

/**
 * Past this length a pattern is split by the engine's split, which sizes the array once: a
 * growing array of tens of thousands of literals (a hostile rule of as many stars) is copied
 * at each growth outside the young generation (3.5 times the time at twice the size).
 * Shorter ones, all real rules, are cut by `literals`, twice as fast on them.
 */
const LONG_PATTERN = 4096;

/** `raw[0, end)` cut at every `*`. */
function literals(raw: string, end: number): string[] {
  const out: string[] = [];
  let from = 0;
  for (let star = raw.indexOf('*'); star >= 0; star = raw.indexOf('*', from)) {
    out.push(raw.slice(from, star));
    from = star + 1;
  }
  out.push(raw.slice(from, end));
  return out;
}

export function compilePattern(raw: string): CompiledPattern {
  // Most real rules are plain prefixes (`/wp-admin/`): no split, no canonicalisation.
  if (isPlain(raw)) return { segments: [raw], anchored: false, length: raw.length, empty: raw.length === 0 };
  const anchored = raw.endsWith('$');
  const end = anchored ? raw.length - 1 : raw.length;
  // Split on raw `*` before canonicalising, so an escaped `%2A` stays a literal star; the
  // literals are then canonicalised in place and their length summed in the same loop.
  const segments = raw.length > LONG_PATTERN ? raw.slice(0, end).split('*') : literals(raw, end);
  let length = segments.length - 1 + (anchored ? 1 : 0);
  for (let i = 0; i < segments.length; i++) {
    const s = canonicalize(segments[i]!);
    segments[i] = s;
    length += s.length;
  }
  return { segments, anchored, length, empty: raw.length === 0 };
}

/** Does the canonical `path` match the compiled pattern? */
export function patternMatches(p: CompiledPattern, path: string): boolean {
  if (p.empty) return false;
  const seg = p.segments;
  const last = seg.length - 1;
  if (last === 0) return p.anchored ? path === seg[0] : path.startsWith(seg[0]!);
  if (!path.startsWith(seg[0]!)) return false;
  let pos = seg[0]!.length;
  for (let i = 1; i < last; i++) {
    const s = seg[i]!;
    if (s.length === 0) continue;
    const at = path.indexOf(s, pos);
    if (at < 0) return false;
    pos = at + s.length;
  }
  const tail = seg[last]!;
  if (p.anchored) return path.length - tail.length >= pos && path.endsWith(tail);
  return tail.length === 0 || path.indexOf(tail, pos) >= 0;
}

/**
 * Index of the deciding rule for a canonical path: the matching pattern with the most octets;
 * on equal length an allow beats a disallow, otherwise the earlier line stays
 * (RFC 9309 section 2.2.2). -1 when nothing matches. `isAllow[i]` gives rule i's type.
 */
export function bestMatch(compiled: readonly CompiledPattern[], isAllow: readonly boolean[], path: string): number {
  let best = -1;
  let bestLength = -1;
  for (let i = 0; i < compiled.length; i++) {
    const p = compiled[i]!;
    if (p.length < bestLength) continue;
    if (p.length === bestLength && (!isAllow[i] || isAllow[best]!)) continue;
    if (patternMatches(p, path)) {
      best = i;
      bestLength = p.length;
    }
  }
  return best;
}

/**
 * The most general paths a pattern matches: its literal segments joined by `fresh` (a
 * character no pattern of the rule set contains) at every `*`, with `fresh` appended when the
 * pattern is not anchored. A pattern starting with `*` has two: the star covering `/` and
 * `fresh` (`/~/a~` for `*` then `/a`), and, when the first literal starts with `/`, the star
 * matching nothing (`/a~`). Empty when the pattern can match no path (empty, or starting with
 * neither `/` nor `*`: every path starts with `/`).
 *
 * Why these are enough (witness.ts relies on it): a pattern whose literals do not contain
 * `fresh` can only match such a path by placing its literals inside this pattern's own
 * segments, in order (or on the leading `/`, which every path has), so it also matches every
 * other path this pattern matches the same way. Hence a rule that decides any path at all
 * decides one of its most general paths.
 */
export function generalPaths(p: CompiledPattern, fresh: string): string[] {
  if (p.empty) return [];
  const seg = p.segments;
  if (seg[0] !== '') return seg[0]!.startsWith('/') ? [joined(seg, 0, p.anchored, fresh)] : [];
  // A leading `*` (or several): the first literal after it.
  let k = 1;
  while (k < seg.length && seg[k] === '') k++;
  const covering = '/' + fresh + (k < seg.length ? joined(seg, k, p.anchored, fresh) : p.anchored ? '' : fresh);
  return k < seg.length && seg[k]!.startsWith('/') ? [covering, joined(seg, k, p.anchored, fresh)] : [covering];
}

/** Segments from `from` on joined by `fresh`, plus `fresh` at the end when not anchored. */
function joined(seg: readonly string[], from: number, anchored: boolean, fresh: string): string {
  let out = seg[from]!;
  for (let i = from + 1; i < seg.length; i++) out += fresh + seg[i]!;
  return anchored ? out : out + fresh;
}
