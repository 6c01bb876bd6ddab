/**
 * The key bots that decide each use case (docs/policy.md section 3 table), stored here once:
 * the catalogue's entries take their `key` from this table (shared/bots.ts). A small module of
 * its own so the extension's background judges "This page" without loading
 * the whole bot catalogue, which only the popup's Bots view needs.
 * Plain data, no zod and no node:*: the extension imports this module.
 */
import type { UseCase } from './values.js';

export const KEY_BOTS: Readonly<Record<UseCase, readonly string[]>> = {
  training: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot'],
  search: ['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot'],
  inference: ['ChatGPT-User', 'Claude-User', 'Perplexity-User'],
};

const KEY_OF: ReadonlyMap<string, UseCase> = new Map(
  (Object.entries(KEY_BOTS) as Array<[UseCase, readonly string[]]>).flatMap(([u, tokens]) =>
    tokens.map((t) => [t.toLowerCase(), u] as const),
  ),
);

/** The use case a token is a key bot of, compared case-insensitively, or null. */
export const keyOf = (token: string): UseCase | null => KEY_OF.get(token.toLowerCase()) ?? null;
