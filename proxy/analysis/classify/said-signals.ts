/**
 * basis.content_signals: every Content-Signal and Content-Usage line or header with the values
 * it states, per group, so the telling can say what the site signalled ("AI training no, AI
 * answers no, search yes") rather than what the standard is (docs/policy.md section 11).
 */
import { botByToken } from '../../../shared/bots.js';
import type { Basis } from '../../../shared/schemas.js';
import type { ContentSignals } from '../signals/content-signals.js';
import { clip } from './clip.js';

/** Entries listed, and agents per entry: real files carry one or two lines for a few crawlers; a hostile file could carry thousands. */
export const SAID_SIGNALS_SHOWN = 20;
export const SAID_AGENTS_SHOWN = 100;

export function saidSignals(signals: ContentSignals): NonNullable<Basis['content_signals']> {
  // The extraction lists robots.txt lines outside any group first, then by group; people read the file top down.
  const at = (line: number | null): number => line ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...signals.entries].sort((a, b) => at(a.line) - at(b.line));
  return ordered.slice(0, SAID_SIGNALS_SHOWN).map((e) => ({
    vocabulary: e.vocabulary,
    agents: e.agents.slice(0, SAID_AGENTS_SHOWN).map((t) => (t === '*' ? '*' : (botByToken(t)?.token ?? t))),
    line: e.line,
    path: e.path,
    training: e.prefs.training ?? null,
    search: e.prefs.search ?? null,
    inference: e.prefs.inference ?? null,
    text: clip(e.text) ?? '',
  }));
}
