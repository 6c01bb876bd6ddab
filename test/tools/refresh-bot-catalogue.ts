/**
 * Refreshes the bot catalogue (shared/bot-catalogue.ts) from a copy of the ai.robots.txt list
 * (docs/policy.md section 3; issue 10 item 9):
 *
 *   npx tsx test/tools/refresh-bot-catalogue.ts [path/to/robots.json] [--write]
 *
 * Every entry we have is kept as it is (our purposes, operators and sources win). A token of
 * the list the catalogue does not know is added from the list's own words, with `review: true`:
 * its purpose is guessed from the list's "function" and its operator read from "operator", and
 * a person checks both (the catalogue test fails while any entry awaits review). Tokens the list
 * no longer has are reported, not removed. Without `--write` it only reports.
 * Default path: ../shared/corpora/ai-robots-txt/robots.json (the copy the tests use).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATALOGUE } from '../../shared/bot-catalogue.js';
import type { CatalogueEntry } from '../../shared/bots.js';
import { agentToken } from '../../shared/robots/parse.js';
import type { BotPurpose } from '../../shared/values.js';

export const AIRT = 'https://github.com/ai-robots-txt/ai.robots.txt';
const FILE = fileURLToPath(new URL('../../shared/bot-catalogue.ts', import.meta.url));
const DEFAULT_LIST = fileURLToPath(new URL('../../../shared/corpora/ai-robots-txt/robots.json', import.meta.url));

interface ListEntry {
  operator?: string;
  function?: string;
  description?: string;
}

/** The list's "function" in our purposes (docs/policy.md section 3); a guess a person checks. */
export function guessPurpose(fn: string): BotPurpose {
  const f = fn.toLowerCase();
  if (/search/.test(f)) return 'search';
  if (/agent/.test(f)) return 'agent';
  if (/assistant|user|answer|prompt/.test(f)) return 'inference';
  return 'training';
}

/** `[Name](url)` → `Name`; "Unclear at this time." → null. */
export function operatorName(raw: string | undefined): string | null {
  if (!raw) return null;
  const link = /^\[([^\]]+)\]\(/.exec(raw.trim());
  const name = (link ? link[1]! : raw).trim();
  return /^(unclear|unknown|no information)/i.test(name) || /^https?:/.test(name) ? null : name.replace(/\.$/, '');
}

/** The list's description cut to its first sentence, without knownagents.com's "More info" tail. */
export function firstSentence(raw: string | undefined, token: string): string {
  const text = (raw ?? '')
    .replace(/\s*More info can be found at \S+/g, '')
    .replace(/\u2026/g, '')
    .trim();
  const sentence = /^(.*?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return sentence.length >= 12 && !/^description unavailable/i.test(sentence)
    ? sentence
    : `Listed by ai.robots.txt as ${token}; its use is not documented.`;
}

export interface Refresh {
  entries: CatalogueEntry[];
  added: CatalogueEntry[];
  /** Catalogue tokens taken from the list that the list no longer has. */
  gone: string[];
}

export function refresh(current: readonly CatalogueEntry[], list: Record<string, ListEntry>): Refresh {
  const known = new Set(current.map((e) => e.token.toLowerCase()));
  const listed = new Set<string>();
  const added: CatalogueEntry[] = [];
  for (const [raw, info] of Object.entries(list)) {
    // The list writes some tokens with a version (`MistralAI-User/1.0`); robots.txt matching cuts at `/`.
    const token = raw.split('/')[0]!.trim();
    listed.add(agentToken(token));
    if (known.has(token.toLowerCase())) continue;
    known.add(token.toLowerCase());
    added.push({
      token,
      operator: operatorName(info.operator) ?? 'Operator not published',
      purpose: guessPurpose(info.function ?? ''),
      description: firstSentence(info.description, token),
      source: AIRT,
      review: true,
    });
  }
  const gone = current
    .filter((e) => e.source === AIRT && e.ai !== false && !listed.has(agentToken(e.token)))
    .map((e) => e.token);
  return { entries: [...current, ...added], added, gone };
}

/** A value as the repository writes it: single-quoted strings. */
const literal = (v: string | boolean): string =>
  typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(v);

const FIELDS = [
  'token',
  'operator',
  'purpose',
  'control',
  'obsolete',
  'ai',
  'review',
  'description',
  'source',
] as const;

/** One entry per line, fields in a fixed order, defaults left out: diffs stay one line per change. */
export function render(entries: readonly CatalogueEntry[]): string {
  const lines = entries.map((e) => {
    const parts = FIELDS.filter((f) => e[f] !== undefined).map((f) => `${f}: ${literal(e[f]!)}`);
    return `  { ${parts.join(', ')} },`;
  });
  return `${HEADER}export const CATALOGUE: readonly CatalogueEntry[] = [\n${lines.join('\n')}\n];\n`;
}

const HEADER = `/**
 * The bot catalogue as data (docs/policy.md sections 3 and 10), one entry per robots.txt
 * token with its operator, purpose and a source (CONVENTIONS 4). Operators and functions follow
 * the ai.robots.txt list (../shared/corpora/ai-robots-txt/robots.json) unless an operator
 * documents its own crawler, in which case its page is the source. Edit entries by hand;
 * \`npx tsx test/tools/refresh-bot-catalogue.ts <robots.json> --write\` adds the tokens of a
 * newer list (marked \`review: true\` until a person has checked them) and keeps the rest.
 * Defaults (shared/bots.ts): not a key bot, not a control token, not obsolete, an AI bot.
 */
import type { CatalogueEntry } from './bots.js';

`;

function main(): void {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const path = args.find((a) => !a.startsWith('--')) ?? DEFAULT_LIST;
  const list = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ListEntry>;
  const r = refresh(CATALOGUE, list);
  console.log(
    `${Object.keys(list).length} tokens in ${path}; catalogue ${CATALOGUE.length} entries, ${r.added.length} new.`,
  );
  for (const e of r.added) console.log(`  new, to review: ${e.token} (${e.operator}; ${e.purpose})`);
  for (const t of r.gone) console.log(`  no longer listed (kept): ${t}`);
  if (write && r.added.length > 0) {
    writeFileSync(FILE, render(r.entries));
    console.log(`wrote ${FILE}: check each new entry's purpose and operator, then remove its review flag.`);
  } else if (r.added.length > 0) console.log('run again with --write to add them.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
