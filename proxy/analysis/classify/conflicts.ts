/**
 * Conflicts between sources and warnings (docs/policy.md section 6). Each finding carries
 * the explanation that names where it came from.
 */
import { botByToken } from '../../../shared/bots.js';
import type { WarningCode } from '../../../shared/labels.js';
import type { Explanation } from '../../../shared/schemas.js';
import type { Conflict, Note, RobotsOutcome, Stance, TosStance, UseCase } from '../../../shared/values.js';
import { USE_CASES } from '../../../shared/values.js';
import type { RobotsTxt } from '../../../shared/robots/index.js';
import { namedAllowed, restricts, type BotReadings } from './bot-readings.js';
import { clip } from './clip.js';
import { KNOWN_FIELDS } from './ignored-lines.js';
import { USE_WORDS } from './use-words.js';
import type { UseCaseVerdict } from './verdicts.js';

export interface Finding<T extends string> {
  id: T;
  explanation: Explanation;
}

export interface ConflictFacts {
  verdicts: Record<UseCase, UseCaseVerdict>;
  robotsOutcome: RobotsOutcome;
  tosStance: TosStance;
  tosExcerpt: string | null;
  /** What the terms say of automated access (robots, scrapers), apart from AI use (section 11). */
  tosAccess: TosStance;
  tosAccessExcerpt: string | null;
  llmsFound: boolean;
  stance: Stance;
}

const robotsOf = (f: ConflictFacts) => (u: UseCase) => f.verdicts[u].robots.value;
/** "every R(u) allowed" needs a robots.txt we could read (or its proven absence): when it was refused, R(u) says nothing. */
const robotsLetsAiIn = (f: ConflictFacts): boolean =>
  (f.robotsOutcome === 'ok' || f.robotsOutcome === 'missing') && USE_CASES.every((u) => robotsOf(f)(u) === 'allowed');

export function findConflicts(f: ConflictFacts): Finding<Conflict>[] {
  const out: Finding<Conflict>[] = [];
  const r = robotsOf(f);
  const restricted = USE_CASES.filter((u) => r(u) !== 'allowed');
  const tos = (id: Conflict, reason: string): Finding<Conflict> => ({
    id,
    explanation: { subject: id, value: 'conflict', source: 'tos', line: null, evidence: clip(f.tosExcerpt), reason },
  });

  if (restricted.length > 0 && (f.tosStance === 'permits' || f.tosStance === 'silent')) {
    // With silent terms this is a note, not a disagreement (docs/policy.md section 9).
    const uses = restricted.map((u) => USE_WORDS[u].replace(/ \(.*\)$/, '')).join(', ');
    out.push(
      tos(
        'robots_blocks_ai_but_tos_allows_or_silent',
        f.tosStance === 'silent'
          ? `robots.txt restricts ${uses}; the terms of service say nothing about using the content for AI.`
          : `robots.txt restricts ${uses}, but the terms of service permit AI use.`,
      ),
    );
  }
  if (f.tosStance === 'prohibits' && robotsLetsAiIn(f)) {
    out.push(
      tos(
        'tos_prohibits_ai_but_robots_allows',
        'The terms of service prohibit AI use, but robots.txt restricts no AI bot.',
      ),
    );
  }
  for (const u of USE_CASES) {
    const v = f.verdicts[u];
    const piece = v.signal?.pieces[0];
    if (v.signal?.value === true && r(u) !== 'allowed' && piece) {
      out.push({
        id: 'signal_allows_but_robots_blocks',
        explanation: {
          subject: 'signal_allows_but_robots_blocks',
          value: u,
          source: piece.origin,
          line: piece.line,
          evidence: clip(piece.text),
          reason: `A usage signal allows ${USE_WORDS[u]}, but robots.txt ${r(u) === 'blocked' ? 'blocks' : 'partly blocks'} the bots for it.`,
        },
      });
    }
    // "a key bot of u is named allowed": explicitKeys also holds a key bot whose group only says
    // yes in a content signal, whatever its rules (a `partial` one is no robots.txt allowance).
    const key = v.robots.explicitKeys.find(namedAllowed);
    if (v.signal?.value === false && key && piece) {
      out.push({
        id: 'signal_blocks_but_robots_allows_explicitly',
        explanation: {
          subject: 'signal_blocks_but_robots_allows_explicitly',
          value: u,
          source: piece.origin,
          line: piece.line,
          evidence: clip(piece.text),
          reason: `A usage signal refuses ${USE_WORDS[u]}, but robots.txt lets ${key.name} in by name.`,
        },
      });
    }
  }
  if (f.llmsFound && f.stance === 'blocks_all_ai') {
    out.push({
      id: 'llms_txt_but_blocks_all_ai',
      explanation: {
        subject: 'llms_txt_but_blocks_all_ai',
        value: 'conflict',
        source: 'llms_txt',
        line: null,
        evidence: null,
        reason: 'The site offers an llms.txt for language models but blocks all AI bots.',
      },
    });
  }
  // One finding per id: the first explanation is kept (the records list each conflict once).
  return out.filter((c, i) => out.findIndex((d) => d.id === c.id) === i);
}

/**
 * Notes (docs/policy.md section 11): terms that forbid robots or scrapers (or allow them only
 * with permission) without naming AI, beside a robots.txt that lets every AI bot in. No conflict:
 * the terms speak of automated access, robots.txt of named crawlers. Not noted when the terms
 * also prohibit AI use, which is the conflict tos_prohibits_ai_but_robots_allows.
 */
export function findNotes(f: ConflictFacts): Finding<Note>[] {
  const bans = f.tosAccess === 'prohibits' || f.tosAccess === 'restricts';
  if (!bans || f.tosStance === 'prohibits' || !robotsLetsAiIn(f)) return [];
  const id: Note = 'tos_bans_automated_access_but_robots_allows';
  const words = f.tosAccess === 'prohibits' ? 'forbid' : 'restrict';
  return [
    {
      id,
      explanation: {
        subject: id,
        value: 'note',
        source: 'tos',
        line: null,
        evidence: clip(f.tosAccessExcerpt),
        reason: `The terms of service ${words} robots and scrapers without naming AI; robots.txt restricts no AI bot.`,
      },
    },
  ];
}

/** Retired tokens and the current bot that does their job (shared/bots.ts descriptions). */
const SUCCESSOR: Readonly<Record<string, string>> = { 'anthropic-ai': 'claudebot', 'claude-web': 'claude-user' };

/** Fields some crawler documents (RFC 9309, Yandex, content signals, RSL `License`); others are unknown. */
const MAX_LISTED = 5;

export function findWarnings(
  robots: RobotsTxt | null,
  readings: BotReadings,
  fetchTruncated: boolean,
): Finding<WarningCode>[] {
  if (robots === null) return [];
  const out: Finding<WarningCode>[] = [];
  const warn = (id: WarningCode, line: number | null, evidence: string | null, reason: string): void => {
    out.push({
      id,
      explanation: { subject: id, value: 'warning', source: 'robots_txt', line, evidence: clip(evidence), reason },
    });
  };

  // A group naming only retired tokens restricts nothing real, unless the successor is restricted anyway.
  for (const g of robots.groups) {
    const tokens = g.agents.map((a) => a.token);
    if (tokens.length === 0 || !tokens.every((t) => botByToken(t)?.obsolete)) continue;
    if (!g.rules.some((rule) => rule.type === 'disallow' && rule.pattern !== '')) continue;
    const unguarded = tokens.filter((t) => {
      const next = readings.catalogue.get(SUCCESSOR[t] ?? '');
      return next === undefined || !restricts(next);
    });
    if (unguarded.length === 0) continue;
    const names = unguarded.map((t) => botByToken(t)!.token);
    const successors = unguarded
      .map((t) => readings.catalogue.get(SUCCESSOR[t] ?? '')?.name)
      .filter((n): n is string => n !== undefined);
    warn(
      'obsolete_tokens_only',
      g.line,
      g.agents.map((a) => `User-agent: ${a.value}`).join(' '),
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer used; this group blocks no real crawler${successors.length ? ` (name ${successors.join(', ')} instead)` : ''}.`,
    );
  }

  const outside = robots.outside.filter((r) => r.name === 'content-signal' || r.name === 'content-usage');
  if (outside.length > 0) {
    const first = outside[0]!;
    warn(
      'content_signals_outside_group',
      first.line,
      `${first.name}: ${first.value}`,
      'A content signal stands outside any user-agent group; it is read as applying to all bots.',
    );
  }

  if (robots.truncated || fetchTruncated) {
    warn(
      'robots_txt_truncated',
      null,
      null,
      'robots.txt is larger than 500 KiB; only the first 500 KiB were read (RFC 9309 section 2.5).',
    );
  }

  const unknown = [...robots.outside, ...robots.groups.flatMap((g) => g.records)]
    .filter((r) => !KNOWN_FIELDS.has(r.name))
    .sort((a, b) => a.line - b.line);
  if (unknown.length > 0) {
    const listed = unknown
      .slice(0, MAX_LISTED)
      .map((r) => `${r.name} (line ${r.line})`)
      .join(', ');
    warn(
      'unknown_directives',
      unknown[0]!.line,
      `${unknown[0]!.name}: ${unknown[0]!.value}`,
      `robots.txt has ${unknown.length} line(s) no crawler documents, ignored: ${listed}${unknown.length > MAX_LISTED ? ', …' : ''}.`,
    );
  }
  return out;
}
