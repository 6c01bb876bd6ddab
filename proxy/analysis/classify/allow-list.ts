/**
 * basis.allow_list: when robots.txt's rules for every crawler (`User-agent: *`) close the whole
 * site, the crawlers it names and lets in anyway, so a person reads "robots.txt closes the site
 * to every crawler it does not name; it lets in Googlebot, Bingbot and 5 others, no AI bot",
 * never "every crawler" (docs/policy.md section 11, "allow-lists"). The stance stays what
 * sections 4 and 5 say (lobste.rs, which lets in six search engines and an archive, is
 * wildcard_block: no AI bot is named).
 */
import { isMalformedAgent, looksLikeAiBot } from '../../../shared/bots.js';
import type { Basis } from '../../../shared/schemas.js';
import type { BotReading, BotReadings } from './bot-readings.js';

/** Names listed (let in, and AI bots among them); the count says how many are let in all told. */
export const LET_IN_SHOWN = 20;

/** An agent the site names whose rules leave it some path (allowed or partly blocked). */
const letIn = (r: BotReading): boolean => r.named && r.status.status !== 'blocked' && !isMalformedAgent(r.token);
const isAi = (r: BotReading): boolean => (r.bot === null ? looksLikeAiBot(r.token) : r.bot.is_ai_bot);

/**
 * Null unless the `*` groups block the whole site. The names: known crawlers first, in
 * catalogue order (the search engines lead), with the catalogue's spelling, then the other
 * agents in file order as first written, AI bots last; `ai` lists the AI bots among them.
 */
export function allowListOf(readings: BotReadings): NonNullable<Basis['allow_list']> | null {
  if (readings.wildcard?.status !== 'blocked') return null;
  const known = [...readings.catalogue.values()].filter(letIn);
  const others = readings.unknown.filter(letIn);
  const all = [
    ...known.filter((r) => !isAi(r)),
    ...others.filter((r) => !isAi(r)),
    ...known.filter(isAi),
    ...others.filter(isAi),
  ];
  return {
    let_in: all.slice(0, LET_IN_SHOWN).map((r) => r.name),
    let_in_count: all.length,
    ai: all
      .filter(isAi)
      .slice(0, LET_IN_SHOWN)
      .map((r) => r.name),
  };
}
