/**
 * What robots.txt does to each AI bot, as claims (claims.ts BotClaim), from the full record's
 * `bot_roles`: the bots a group names with their role and lines, then the bots only the `*` groups
 * speak for (the summary's `bots.blocked` minus the named ones), blocked by the `*` line. Loaded
 * with the full record: the catalogue it reads is large.
 */
import { botByToken } from '../bots.js';
import type { DomainPolicyFound, FullRecord } from '../schemas.js';
import type { BotClaim } from './claims.js';

export function botClaims(p: DomainPolicyFound, full: FullRecord): BotClaim[] {
  const roles = full.bot_roles ?? [];
  const of = p.domain;
  const out: BotClaim[] = [];
  const named = new Set<string>();
  let wildcard: (typeof roles)[number] | null = null;
  for (const r of roles) {
    if (r.bot === '*') {
      wildcard = r;
      continue;
    }
    named.add(r.bot.toLowerCase());
    out.push({ kind: 'bot', of, ...r });
  }
  if (wildcard)
    for (const token of p.bots.blocked) {
      if (named.has(token.toLowerCase())) continue;
      out.push({
        kind: 'bot',
        of,
        bot: token,
        purpose: botByToken(token)?.purpose ?? 'unknown',
        role: 'blocked',
        by: 'wildcard',
        lines: wildcard.lines,
        paths: wildcard.paths,
      });
    }
  return out;
}
