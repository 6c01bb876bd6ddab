/**
 * Everything the popup shows only once the full record is in (Bots, Details, conflicts and
 * notes), loaded lazily with it (lib/popup-data.ts), so the script of the first paint stays small
 * (test/bench/extension.bench.ts measures both): the bot catalogue and lists, the details model,
 * the notes in words, and the components that show them.
 */
import { issues, type Issue } from '~~/shared/story-notes.js';
import type { FullRecord } from '~~/shared/schemas.js';
import type { PopupModel } from '../lib/view-model.js';
import { detailsModel, type DetailsModel } from '../lib/view-details.js';

export { botLists } from '../lib/bot-groups.js';
export { BotSection } from './bot-section.js';
export { Explanations } from './explanations.js';
export { Issues } from './issues.js';

export interface FullModel {
  details: DetailsModel;
  issues: Issue[];
}

/** The parts of the one model (lib/view-model.ts) that rest on the full record. */
export function fullModel(model: PopupModel, full: FullRecord): FullModel {
  return {
    details: detailsModel(
      model.policy,
      full,
      model.uses,
      model.robots,
      model.shown ? { policy: model.shown, host: model.shownHost! } : undefined,
    ),
    issues: issues(full.conflicts, full.warnings, model.terms, full.explanations),
  };
}
