/**
 * The run's figures, counted in one pass over the rows (100,000 rows are never held at once):
 * status, the stance as told (the one reading, docs/policy.md section 16) and the API's details,
 * verdicts, standards adopted, the terms against robots.txt, and per AI bot how many sites name,
 * block, partly block, let in or allow it; tools with no AI use are counted apart, never as AI bots.
 */
import { AI_BOTS, botByToken } from '../../../shared/bots.js';
import { TOLD_STANCES, type ToldStance } from '../../../shared/reading/claims.js';
import {
  LICENCE_VERDICTS,
  STANDARD_KEYS,
  TOS_STANCES,
  USE_CASES,
  VERDICTS,
  type StandardKey,
  type TosStance,
  type UseCase,
  type Verdict,
} from '../../../shared/values.js';
import type { SiteRow } from '../site-row.js';

export interface BotTally {
  token: string;
  operator: string;
  purpose: string;
  /** The use case it decides as a key bot, else null. */
  key: UseCase | null;
  /** In the catalogue (false: an AI-looking name the catalogue lacks). */
  known: boolean;
  /** No longer used by its operator: blocking it blocks nothing real (docs/policy.md section 3). */
  obsolete: boolean;
  naming: number;
  /** `ai_bot`: a catalogue bot with an AI use; `tool`: no AI use (purpose `other`) or a name the catalogue lacks. */
  kind: 'ai_bot' | 'tool';
  /** Blocked, named or through `*`. */
  blocking: number;
  blockingByName: number;
  partlyBlocking: number;
  letInByName: number;
  namedWithoutRule: number;
  allowingByName: number;
}

/** Whether robots.txt restricts AI training (its verdict blocked or partly blocked), for the terms comparison. */
export type RobotsTraining = 'restricts' | 'does_not' | 'unread';

export interface Tally {
  rows: number;
  status: { ok: number; failed: number; pending: number };
  /** Rows with a record (ok or failed with an earlier or failed record): what shares are of. */
  checked: number;
  /** Rows whose robots.txt was read (status ok): what bot shares are of. */
  robotsRead: number;
  reused: number;
  /** Rows by the stance as told (a host with nothing of its own by its site's, when the run checked it). */
  told: Record<ToldStance, number>;
  /** Of them, told their site's stance. */
  borrowed: number;
  detail: Record<string, number>;
  verdicts: Record<UseCase, Record<Verdict, number>>;
  standards: Record<StandardKey, number>;
  /** Per use, what the sites' RSL licences say of it (sites.csv's rsl_* columns). */
  licences: Record<UseCase, Record<LicenceTally, number>>;
  robotsStatus: Record<string, number>;
  /** tos_ai_stance × robots.txt's training restriction. */
  terms: Record<TosStance, Record<RobotsTraining, number>>;
  /** tos_automated_access × the same; null counts rows whose record does not carry the fact. */
  automated: Record<TosStance | 'not_recorded', Record<RobotsTraining, number>>;
  conflicts: Record<string, number>;
  failures: Record<string, number>;
  firstCrawl: string | null;
  lastCrawl: string | null;
  bots: Map<string, BotTally>;
}

export const LICENCE_TALLY = [...LICENCE_VERDICTS, 'not_read'] as const;
export type LicenceTally = (typeof LICENCE_TALLY)[number];

const zeros = <K extends string>(keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const TRAINING: readonly RobotsTraining[] = ['restricts', 'does_not', 'unread'];

export function emptyTally(): Tally {
  const bots = new Map<string, BotTally>();
  for (const b of AI_BOTS) bots.set(b.token, botTally(b.token));
  return {
    rows: 0,
    status: { ok: 0, failed: 0, pending: 0 },
    checked: 0,
    robotsRead: 0,
    reused: 0,
    told: zeros(TOLD_STANCES),
    borrowed: 0,
    detail: {},
    verdicts: Object.fromEntries(USE_CASES.map((u) => [u, zeros(VERDICTS)])) as Tally['verdicts'],
    standards: zeros(STANDARD_KEYS),
    licences: Object.fromEntries(USE_CASES.map((u) => [u, zeros(LICENCE_TALLY)])) as Tally['licences'],
    robotsStatus: {},
    terms: Object.fromEntries(TOS_STANCES.map((t) => [t, zeros(TRAINING)])) as Tally['terms'],
    automated: Object.fromEntries(
      [...TOS_STANCES, 'not_recorded'].map((t) => [t, zeros(TRAINING)]),
    ) as Tally['automated'],
    conflicts: {},
    failures: {},
    firstCrawl: null,
    lastCrawl: null,
    bots,
  };
}

const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);

/** A bot's empty counts, with what the catalogue says of it. */
function botTally(token: string): BotTally {
  const known = botByToken(token);
  return {
    token,
    operator: known?.operator ?? '',
    purpose: known?.purpose ?? 'other',
    key: known?.key ?? null,
    known: known !== undefined,
    obsolete: known?.obsolete ?? false,
    kind: known !== undefined && known.is_ai_bot && known.purpose !== 'other' ? 'ai_bot' : 'tool',
    naming: 0,
    blocking: 0,
    blockingByName: 0,
    partlyBlocking: 0,
    letInByName: 0,
    namedWithoutRule: 0,
    allowingByName: 0,
  };
}

function bot(t: Tally, token: string): BotTally {
  let b = t.bots.get(token);
  if (!b) t.bots.set(token, (b = botTally(token)));
  return b;
}

function robotsTraining(r: SiteRow): RobotsTraining {
  if (r.robots_txt_status !== 'ok') return 'unread';
  return r.training === 'blocked' || r.training === 'partial' ? 'restricts' : 'does_not';
}

export function addRow(t: Tally, r: SiteRow): void {
  t.rows++;
  t.status[r.status]++;
  if (r.failure !== null) bump(t.failures, r.failure);
  // A row an older version saved has no told stance: it is left out of the figures (run the audit again to read it anew).
  if (r.stance === null || r.told == null) return;
  t.checked++;
  if (r.reused) t.reused++;
  t.told[r.told]++;
  if (r.told_from !== null) t.borrowed++;
  bump(t.detail, r.detail!);
  for (const u of USE_CASES) t.verdicts[u][r[u] as Verdict]++;
  for (const s of r.standards) t.standards[s]++;
  for (const u of USE_CASES) {
    const l = r[`rsl_${u}`];
    if (l) t.licences[u][l]++;
  }
  bump(t.robotsStatus, r.robots_txt_status ?? 'unknown');
  const training = robotsTraining(r);
  if (r.tos_ai_stance) t.terms[r.tos_ai_stance][training]++;
  t.automated[r.tos_automated_access ?? 'not_recorded'][training]++;
  for (const c of r.conflicts) bump(t.conflicts, c);
  if (r.crawled_at !== null) {
    if (t.firstCrawl === null || r.crawled_at < t.firstCrawl) t.firstCrawl = r.crawled_at;
    if (t.lastCrawl === null || r.crawled_at > t.lastCrawl) t.lastCrawl = r.crawled_at;
  }
  if (r.robots_txt_status !== 'ok') return;
  t.robotsRead++;
  const named = new Set(r.ai_bots_named);
  for (const token of named) bot(t, token).naming++;
  for (const token of r.ai_bots_blocked) {
    const b = bot(t, token);
    b.blocking++;
    if (named.has(token)) b.blockingByName++;
  }
  for (const token of r.ai_bots_partial) bot(t, token).partlyBlocking++;
  for (const token of r.ai_bots_let_in) bot(t, token).letInByName++;
  for (const token of r.ai_bots_no_rule) bot(t, token).namedWithoutRule++;
  for (const token of r.ai_bots_allowed) bot(t, token).allowingByName++;
  for (const token of r.tools_blocked) {
    const b = bot(t, token);
    b.naming++;
    b.blockingByName++;
  }
}

/** Every catalogue AI bot (AI bots first, most blocked first), then the tools and other names sites blocked. */
export function botRows(t: Tally): BotTally[] {
  return [...t.bots.values()].sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'ai_bot' ? -1 : 1) ||
      b.blocking - a.blocking ||
      b.naming - a.naming ||
      a.token.localeCompare(b.token),
  );
}
