/**
 * The bot lists of the records. Choices where the seed and docs/policy.md leave room:
 * - `bots.blocked` (section 5): catalogue AI bots whose status is blocked, named ones first,
 *   then those blocked through `*`, each in catalogue order. Obsolete tokens appear only when
 *   the file names them: blocked through `*` they would list crawlers that no longer exist.
 *   Between the two, AI-looking agents the catalogue does not know that the file names and
 *   blocks (section 10: reported, never deciding a use case; shared/bots.ts looksLikeAiBot).
 * - `bots.allowed`: catalogue AI bots allowed by a rule of a group naming them (a bot named
 *   without any rule is not listed: nothing allowed it, docs/policy.md section 16).
 * - `ai_bots` (full record): every catalogue AI bot in either list, plus named AI bots with
 *   status partial whose rules close some path `*` leaves open; a `partial` inherited from
 *   `*`, or from a named group closing nothing beyond `*`, is housekeeping and is left out, as
 *   in R(u).
 *   So `ai_bots_blocked_count` = |bots.blocked| and `ai_bots_allowed_count` = |bots.allowed|.
 * - `all_bots`: every agent the file names (catalogue token spelling when known, else the
 *   first spelling in the file), `*` itself, and every AI bot of `ai_bots`; their path lists
 *   within ALL_BOTS_PATH_BUDGET. AI-looking unknown agents have `is_ai_bot` true.
 * - `unknown_ai_bots`: those AI-looking unknown agents, in file order ("other bots this site
 *   names" in the Bots view).
 */
import { looksLikeAiBot } from '../../../shared/bots.js';
import type { BotEntry } from '../../../shared/schemas.js';
import type { BotStatus as BotStatusValue } from '../../../shared/values.js';
import type { BotStatus } from '../../../shared/robots/index.js';
import { namedAllowed, type BotReading, type BotReadings } from './bot-readings.js';

export interface BotLists {
  blocked: BotReading[];
  allowed: BotReading[];
  /** ai_bots, in the order: blocked, allowed, named partial. */
  ai: BotReading[];
  /** Named agents the catalogue does not know that look like AI bots, in file order. */
  unknownAi: BotReading[];
}

export function botLists(readings: BotReadings): BotLists {
  const ai = [...readings.catalogue.values()].filter((r) => r.bot?.is_ai_bot);
  const unknownAi = readings.unknown.filter((r) => looksLikeAiBot(r.token));
  const namedBlocked = ai.filter((r) => r.named && r.status.status === 'blocked');
  const wildBlocked = ai.filter((r) => !r.named && r.status.status === 'blocked' && !r.bot?.obsolete);
  const blocked = [...namedBlocked, ...unknownAi.filter((r) => r.status.status === 'blocked'), ...wildBlocked];
  const allowed = ai.filter(namedAllowed);
  const partial = ai.filter((r) => r.named && r.status.status === 'partial' && r.closesBeyondWildcard);
  return { blocked, allowed, ai: [...blocked, ...allowed, ...partial], unknownAi };
}

/**
 * Path text all_bots lists in total. Agents named together share one group's paths, and a
 * hostile file can name thousands of agents over thousands of rules (agents × rules entries);
 * past this budget, twice the largest robots.txt read, later lists stop short. No real file
 * comes near it, and it keeps a full record well inside what its readers accept (4 MiB).
 */
export const ALL_BOTS_PATH_BUDGET = 1024 * 1024;

export function aiBotsMap(lists: BotLists): Record<string, BotStatusValue> {
  return Object.fromEntries(lists.ai.map((r) => [r.name, r.status.status]));
}

export function allBotsMap(readings: BotReadings, lists: BotLists): Record<string, BotEntry> {
  let budget = ALL_BOTS_PATH_BUDGET;
  const take = (paths: readonly string[]): string[] => {
    const out: string[] = [];
    for (const p of paths) {
      if (p.length > budget) break;
      budget -= p.length;
      out.push(p);
    }
    return out;
  };
  const entry = (s: BotStatus, isAi: boolean): BotEntry => ({
    status: s.status,
    is_ai_bot: isAi,
    allowed_paths: take(s.allowedPaths),
    disallowed_paths: take(s.disallowedPaths),
  });
  const out: Record<string, BotEntry> = {};
  if (readings.wildcard) out['*'] = entry(readings.wildcard, false);
  for (const r of readings.catalogue.values()) if (r.named) out[r.name] = entry(r.status, r.bot?.is_ai_bot ?? false);
  const unknownAi = new Set(lists.unknownAi);
  for (const r of readings.unknown) out[r.name] ??= entry(r.status, unknownAi.has(r));
  for (const r of lists.ai) out[r.name] ??= entry(r.status, true);
  return out;
}
