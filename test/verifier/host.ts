/**
 * Everything the verifier reads from one host's files, computed once per host and call:
 * robots.txt's state and lines, per-bot facts, usage signals, the verdict per use
 * (docs/policy.md section 4) and the terms text. Independent of proxy/analysis: only the
 * Evidence type and the catalogue's data are shared.
 */
import type { Evidence } from '../../proxy/analysis/evidence.js';
import { AI_BOTS, KEY_BOTS, botByToken, useCaseOf, type Bot } from '../../shared/bots.js';
import type { UseCase } from '../../shared/values.js';
import { botFacts, type BotFacts } from './bot-roles.js';
import { nothingAnswered, okResponse, robotsFile, type RobotsFile } from './files.js';
import { pageText } from './html-text.js';
import { readRobots, type RobotsReading } from './robots-lines.js';
import { rslUses, type RslUse } from './rsl.js';
import { usagePieces, usageSignal, type Piece } from './signals.js';
import { firstAiBan } from './terms-lexicon.js';

export const USES: readonly UseCase[] = ['training', 'search', 'inference'];

export interface UseFacts {
  use: UseCase;
  /** R(u): blocked when every key bot is blocked, partial when an AI bot of the use restricts. */
  r: 'blocked' | 'partial' | 'allowed';
  /** S(u). */
  s: boolean | null;
  verdict: 'blocked' | 'partial' | 'allowed' | 'unknown';
  /** Why explicit, when it is: a signal yes, or a key bot's permission line. */
  explicitBy: string | null;
  /** AI bots of the use that restrict, for messages. */
  restricting: string[];
  /** The RSL licence grants the use only for a payment: the `<license>` that says so. */
  paid: RslUse | null;
}

export class Host {
  readonly robots: RobotsFile;
  readonly reading: RobotsReading | null;
  readonly nothing: boolean;
  private readonly facts = new Map<string, BotFacts>();
  private piecesCache: Piece[] | null = null;
  private useCache = new Map<UseCase, UseFacts>();
  private termsCache: string | null | undefined;
  private banCache: string | null | undefined;
  private readonly memos = new Map<string, unknown>();

  constructor(
    readonly name: string,
    readonly ev: Evidence,
  ) {
    this.robots = robotsFile(ev);
    this.reading = this.robots.body !== null ? readRobots(this.robots.body) : null;
    this.nothing = nothingAnswered(ev);
  }

  bot(token: string): BotFacts | null {
    if (this.reading === null) return null;
    const key = token.toLowerCase();
    let f = this.facts.get(key);
    if (!f) {
      f = botFacts(this.reading, token);
      this.facts.set(key, f);
    }
    return f;
  }

  get pieces(): Piece[] {
    this.piecesCache ??= usagePieces(this.ev, this.reading, this.rsl);
    return this.piecesCache;
  }

  /** What the site's RSL licence says of each use, read once per host. */
  get rsl(): Record<UseCase, RslUse | null> {
    return this.memo('rsl', () => rslUses(this.ev));
  }

  /** Restricts: blocked (by name or by `*`), or partial by rules that name it (docs/policy.md section 4). */
  restricts(token: string): boolean {
    const f = this.bot(token);
    return f !== null && (f.closed || f.partialByName.length > 0);
  }

  use(u: UseCase): UseFacts {
    let f = this.useCache.get(u);
    if (!f) {
      f = this.computeUse(u);
      this.useCache.set(u, f);
    }
    return f;
  }

  private computeUse(use: UseCase): UseFacts {
    const keys = KEY_BOTS[use];
    const restricting = aiBotsOf(use)
      .filter((b) => this.restricts(b.token))
      .map((b) => b.token);
    const allKeysBlocked = keys.every((k) => this.bot(k)?.closed === true);
    const r = allKeysBlocked ? 'blocked' : restricting.length > 0 ? 'partial' : 'allowed';
    const s = usageSignal(this.pieces, use);
    const l = this.rsl[use];
    const paid = l?.word === 'paid' ? l : null;
    // A licence required (section 15) restricts the use unless something blocks it.
    let verdict: UseFacts['verdict'] = paid && r !== 'blocked' ? 'partial' : r;
    if (s === false) verdict = 'blocked';
    else if (this.robots.state === 'unread' && s === null) verdict = paid ? 'partial' : 'unknown';
    else if (this.robots.state === 'unread') verdict = 'unknown';
    let explicitBy: string | null = null;
    if (verdict === 'allowed') {
      // A usage signal's search=yes allows search listings, not AI search: no explicit allow (section 16).
      const yes = this.pieces.find(
        (p) => p.use === use && p.value && !(use === 'search' && p.source === 'content_signals'),
      );
      const key = keys.find((k) => (this.bot(k)?.permissionLines.length ?? 0) > 0);
      if (yes) explicitBy = `${yes.source} says yes (${yes.text})`;
      else if (key) explicitBy = `${key} is allowed by line ${this.bot(key)!.permissionLines[0]!.line}`;
    }
    return { use, r, s, verdict, explicitBy, restricting, paid };
  }

  /** The terms page as text, when it answered 2xx; null otherwise. */
  get terms(): string | null {
    if (this.termsCache === undefined)
      this.termsCache = okResponse(this.ev.tos) ? pageText(this.ev.tos.body, this.ev.tos.contentType) : null;
    return this.termsCache;
  }

  /** Computed once per host: `key` names the value, `make` computes it. */
  memo<T>(key: string, make: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, make());
    return this.memos.get(key) as T;
  }

  /** A passage of the terms that bans AI use, by the verifier's lexicon, or null. */
  get termsAiBan(): string | null {
    if (this.banCache === undefined) this.banCache = this.terms === null ? null : firstAiBan(this.terms);
    return this.banCache;
  }

  /** Robots.txt line `n` as served, for quoting. */
  quote(n: number | null): string {
    if (n === null || this.reading === null) return '';
    const l = this.reading.lines[n - 1];
    return l === undefined
      ? `(no line ${n}: the file has ${this.reading.lines.length})`
      : `line ${n} "${l.raw.trim().slice(0, 120)}"`;
  }
}

/** AI bots that decide a use: catalogue AI bots of that use, retired tokens left out (docs/policy.md section 4). */
export function aiBotsOf(use: UseCase): Bot[] {
  return AI_BOTS.filter((b) => !b.obsolete && useCaseOf(b.purpose) === use);
}

/** Any AI bot (catalogue AI bot that decides a use) that restricts. */
export function restrictingAiBots(h: Host): string[] {
  return USES.flatMap((u) => h.use(u).restricting);
}

export { botByToken };
