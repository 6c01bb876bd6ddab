/**
 * Page-level AI directives: `<meta name="robots">` (and bot-named robots metas) and the
 * `X-Robots-Tag` header, looking for the `noai` / `noimageai` tokens (docs/policy.md
 * section 1, "page meta"; section 4 counts `noai` as a training "no"). `noai` and `noimageai`
 * are the DeviantArt/Raptive convention, not part of Google's vocabulary, so they are read
 * wherever robots directives may appear.
 */
import type { HtmlScan, MetaTag } from '../html/scan.js';

export interface RobotsDirectives {
  source: 'meta' | 'x_robots_tag';
  /** Lower-case agent the directives are for; `*` when not scoped. */
  agent: string;
  /** Lower-case directive tokens, parameters kept (`max-snippet:50`). */
  directives: string[];
  /** What was read, for explanations. */
  text: string;
}

export interface PageMeta {
  directives: RobotsDirectives[];
  /** `noai` for every agent (unscoped meta robots or X-Robots-Tag). */
  noai: boolean;
  noimageai: boolean;
  /** Agents a scoped `noai` names (`googlebot: noai`, `<meta name="gptbot" content="noai">`). */
  noaiAgents: string[];
  /** `<meta name="generator">` values, in page order. */
  generators: string[];
  /** The directive that decided `noai`, or null. */
  decidingText: string | null;
}

/**
 * Directives whose name is followed by a colon and a value; in X-Robots-Tag such a token is a
 * parameter, not a user-agent prefix (Google Search Central, "Robots meta tag, data-nosnippet
 * and X-Robots-Tag specifications").
 */
const PARAM_DIRECTIVES = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
  'indexifembedded',
]);

/**
 * Meta names that carry robots directives: `robots` and names of crawlers (`googlebot`,
 * `gptbot`, `google-extended`). Two linear tests, not one pattern with a word between two
 * `[a-z0-9._-]*` runs: that one backtracks quadratically on a long name (`botbot…!`).
 */
const NAME_CHARS = /^[a-z0-9._-]+$/;
const CRAWLER_WORD = /bot|crawler|spider|slurp|-extended|-user|anthropic-ai/;
const isRobotsMeta = (name: string): boolean => name === 'robots' || (NAME_CHARS.test(name) && CRAWLER_WORD.test(name));

/** `name : value` → `name:value` at the first colon (indexOf and trims: a `\s*:\s*` search is quadratic on long blank runs). */
function tightColon(token: string): string {
  const colon = token.indexOf(':');
  return colon < 0 ? token : `${token.slice(0, colon).trimEnd()}:${token.slice(colon + 1).trimStart()}`;
}

const splitTokens = (value: string): string[] =>
  value
    .toLowerCase()
    .split(',')
    .map((t) => tightColon(t.trim()))
    .filter((t) => t !== '');

/**
 * Parses one X-Robots-Tag value (repeated headers arrive joined with ", "). A token
 * `name: directive` whose name is not a parameter directive starts a scope for that agent,
 * which lasts until the next prefix, as Google documents for `googlebot: noindex, nofollow`.
 */
export function parseXRobotsTag(value: string): RobotsDirectives[] {
  const groups: RobotsDirectives[] = [];
  let current: RobotsDirectives | null = null;
  for (const raw of value.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const colon = part.indexOf(':');
    const head = colon > 0 ? part.slice(0, colon).trim().toLowerCase() : '';
    let agent: string | null = null;
    let directive = part;
    if (colon > 0 && !PARAM_DIRECTIVES.has(head) && /^[a-z0-9._ -]+$/.test(head)) {
      agent = head;
      directive = part.slice(colon + 1);
    }
    if (agent !== null || current === null) {
      current = { source: 'x_robots_tag', agent: agent ?? '*', directives: [], text: '' };
      groups.push(current);
    }
    current.directives.push(...splitTokens(directive));
    current.text = current.text === '' ? part : `${current.text}, ${part}`;
  }
  return groups.filter((g) => g.directives.length > 0);
}

/** Robots directives from `<meta name="robots">` and crawler-named metas. */
export function metaRobotsDirectives(metas: readonly MetaTag[]): RobotsDirectives[] {
  const out: RobotsDirectives[] = [];
  for (const m of metas) {
    if (m.name === null || m.content === null || !isRobotsMeta(m.name)) continue;
    const directives = splitTokens(m.content);
    if (directives.length === 0) continue;
    out.push({
      source: 'meta',
      agent: m.name === 'robots' ? '*' : m.name,
      directives,
      text: `<meta name="${m.name}" content="${m.content}">`,
    });
  }
  return out;
}

/** Page meta of a homepage: its scanned HTML (or null) and its response headers. */
export function pageMeta(scan: HtmlScan | null, headers: Readonly<Record<string, string>>): PageMeta {
  const directives = [...(scan === null ? [] : metaRobotsDirectives(scan.metas))];
  const xrt = headers['x-robots-tag'];
  if (xrt !== undefined) directives.push(...parseXRobotsTag(xrt));
  const global = directives.filter((d) => d.agent === '*');
  const hasToken = (d: RobotsDirectives, token: string): boolean => d.directives.includes(token);
  const decider = global.find((d) => hasToken(d, 'noai'));
  const noaiAgents = [...new Set(directives.filter((d) => d.agent !== '*' && hasToken(d, 'noai')).map((d) => d.agent))];
  const generators =
    scan === null ? [] : scan.metas.filter((m) => m.name === 'generator' && m.content).map((m) => m.content as string);
  return {
    directives,
    noai: decider !== undefined,
    noimageai: global.some((d) => hasToken(d, 'noimageai')),
    noaiAgents,
    generators,
    decidingText: decider?.text ?? null,
  };
}
