/**
 * Everything the popup shows only once the full record is in (Bots, Details, conflicts and
 * notes), loaded lazily with it (lib/popup-data.ts), so the script of the first paint stays small
 * (test/bench/extension.bench.ts measures both): the bot catalogue and lists, the details model,
 * the notes in words, and the components that show them.
 */
import { readIssues, type Issue } from '~~/shared/reading/read-full.js';
import type { FullRecord } from '~~/shared/schemas.js';
import type { PopupModel } from '../lib/view-model.js';
import { detailsModel, type DetailsModel } from '../lib/view-details.js';

export { readBots } from '~~/shared/reading/read-bots.js';
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
    details: detailsModel(model, full),
    issues: readIssues(model.reading, full),
  };
}
