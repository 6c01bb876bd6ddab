/**
 * The run's figures, counted in one pass over the rows (100,000 rows need no second pass and
 * are never held at once): status, stance and detail shares, verdicts, standards adopted, the
 * terms against robots.txt, and per AI bot how many sites name, block or partly block it.
 */
import { AI_BOTS, botByToken } from '../../../shared/bots.js';
import {
  STANCES,
  STANDARD_KEYS,
  TOS_STANCES,
  USE_CASES,
  VERDICTS,
  type Stance,
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
  /** Blocked, named or through `*`. */
  blocking: number;
  blockingByName: number;
  partlyBlocking: number;
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
  stance: Record<Stance, number>;
  detail: Record<string, number>;
  verdicts: Record<UseCase, Record<Verdict, number>>;
  standards: Record<StandardKey, number>;
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

const zeros = <K extends string>(keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const TRAINING: readonly RobotsTraining[] = ['restricts', 'does_not', 'unread'];

export function emptyTally(): Tally {
  const bots = new Map<string, BotTally>();
  for (const b of AI_BOTS) {
    bots.set(b.token, {
      token: b.token,
      operator: b.operator,
      purpose: b.purpose,
      key: b.key,
      known: true,
      obsolete: b.obsolete,
      naming: 0,
      blocking: 0,
      blockingByName: 0,
      partlyBlocking: 0,
      allowingByName: 0,
    });
  }
  return {
    rows: 0,
    status: { ok: 0, failed: 0, pending: 0 },
    checked: 0,
    robotsRead: 0,
    reused: 0,
    stance: zeros(STANCES),
    detail: {},
    verdicts: Object.fromEntries(USE_CASES.map((u) => [u, zeros(VERDICTS)])) as Tally['verdicts'],
    standards: zeros(STANDARD_KEYS),
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

function bot(t: Tally, token: string): BotTally {
  let b = t.bots.get(token);
  if (!b) {
    const known = botByToken(token);
    b = {
      token,
      operator: known?.operator ?? '',
      purpose: known?.purpose ?? 'other',
      key: known?.key ?? null,
      known: known !== undefined,
      obsolete: known?.obsolete ?? false,
      naming: 0,
      blocking: 0,
      blockingByName: 0,
      partlyBlocking: 0,
      allowingByName: 0,
    };
    t.bots.set(token, b);
  }
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
  if (r.stance === null) return;
  t.checked++;
  if (r.reused) t.reused++;
  t.stance[r.stance as Stance]++;
  bump(t.detail, r.detail!);
  for (const u of USE_CASES) t.verdicts[u][r[u] as Verdict]++;
  for (const s of r.standards) t.standards[s]++;
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
  for (const token of r.ai_bots_allowed) bot(t, token).allowingByName++;
}

/** Every catalogue AI bot and every AI-looking name a site used, most blocked first. */
export function botRows(t: Tally): BotTally[] {
  return [...t.bots.values()].sort(
    (a, b) => b.blocking - a.blocking || b.naming - a.naming || a.token.localeCompare(b.token),
  );
}
