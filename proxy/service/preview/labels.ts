/** How each standard is named for people in history sentences (seed "signals" keys). */
import type { SignalKey } from '../../../shared/values.js';

export const SIGNAL_LABELS: Readonly<Record<SignalKey, string>> = {
  robots_txt: 'robots.txt',
  llms_txt: 'llms.txt',
  ai_txt: 'ai.txt',
  tdmrep: 'TDMRep',
  content_signals: 'content signals',
  agents_json: 'agents.json',
};
