/**
 * basis.content_signals: every Content-Signal and Content-Usage line or header with the values
 * it states, per group, so the telling can say what the site signalled ("AI training no, AI
 * answers no, search yes") rather than what the standard is (classification.md section 11).
 */
import { botByToken } from '../../../shared/bots.js';
import type { Basis } from '../../../shared/schemas.js';
import type { ContentSignals } from '../signals/content-signals.js';
import { clip } from './clip.js';

/** Entries listed: real files carry one or two; a hostile file could carry thousands. */
export const SAID_SIGNALS_SHOWN = 20;

export function saidSignals(signals: ContentSignals): NonNullable<Basis['content_signals']> {
  // The extraction lists robots.txt lines outside any group first, then by group; people read the file top down.
  const ordered = [...signals.entries].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return ordered.slice(0, SAID_SIGNALS_SHOWN).map((e) => ({
    vocabulary: e.vocabulary,
    agents: e.agents.map((t) => (t === '*' ? '*' : (botByToken(t)?.token ?? t))),
    line: e.line,
    path: e.path,
    training: e.prefs.training ?? null,
    search: e.prefs.search ?? null,
    inference: e.prefs.inference ?? null,
    text: clip(e.text) ?? '',
  }));
}
