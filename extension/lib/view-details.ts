/**
 * The Details view's model: what was read (robots.txt, the homepage, never "no answer" for a
 * page the crawler did not request), each verdict with the lines that decided it and the
 * crawlers of their group, the raw robots.txt, and the record's scores in words, all from the one
 * reading (shared/reading/). The only view where identifiers appear, as code beside the words
 * (docs/policy.md section 9).
 */
import { readConfidence } from '~~/shared/reading/read-full.js';
import { notFetchedWords } from '~~/shared/reading/read-site.js';
import { deciderPhrase, namedGroupOf, type Tone } from '~~/shared/reading/story.js';
import { opennessWords } from '~~/shared/reading/story-notes.js';
import type { FullRecord } from '~~/shared/schemas.js';
import type { UseCase } from '~~/shared/values.js';
import { t } from './i18n.js';
import type { PopupModel } from './view-model.js';

export interface DetailUse {
  use: UseCase;
  words: string;
  tone: Tone;
  /** Each deciding signal: in words, the crawlers of its robots.txt group (null for `*`), and the line as published. */
  signals: Array<{ phrase: string; group: string[] | null; evidence: string | null }>;
}

export interface DetailsModel {
  /** `blocks_training / blocks_training`: shown as code beside the words. */
  identifiers: string;
  uses: DetailUse[];
  robotsLines: string[] | null;
  /** The homepage: `HTTP 200` (as code), or in words when it was not fetched or gave no answer. */
  homepage: { http: number } | { words: string };
  /** "How sure this reading is: 40 % (robots.txt could not be read)." */
  confidence: string;
  openness: string | null;
}

/** Enough lines for any real policy; a 500 KiB file would only slow the popup. */
const MAX_LINES = 400;
function robotsLines(text: string | null): string[] | null {
  if (text === null) return null;
  const all = text.split(/\r\n|\r|\n/);
  return all.length > MAX_LINES
    ? [...all.slice(0, MAX_LINES), t('moreLines', '\u2026 $1 more lines', all.length - MAX_LINES)]
    : all;
}

function homepage(model: PopupModel, full: FullRecord): DetailsModel['homepage'] {
  if (full.homepage_status !== null) return { http: full.homepage_status };
  const state = model.reading.own.fetches.find((f) => f.file === 'homepage')?.state ?? null;
  return { words: notFetchedWords(state) ?? t('noAnswer', 'no answer') };
}

export function detailsModel(model: PopupModel, full: FullRecord): DetailsModel {
  const { reading, uses, robots } = model;
  const from = reading.borrowed ? { policy: reading.shown, host: model.shownHost! } : undefined;
  const rules = reading.shown.path_rules;
  const unknown = robots.state === 'unread' || uses.some((u) => u.verdict === 'unknown');
  return {
    identifiers: full.ai_stance === full.policy_detail ? full.ai_stance : `${full.ai_stance} / ${full.policy_detail}`,
    uses: uses.map((r) => ({
      use: r.use,
      words: r.words,
      tone: r.tone,
      signals: r.deciders.map((d) => ({
        phrase: deciderPhrase(d, rules, 'homepage', from?.host),
        group: namedGroupOf(d, rules),
        evidence: d.evidence,
      })),
    })),
    robotsLines: robotsLines(full.robots_txt),
    homepage: homepage(model, full),
    confidence: readConfidence(reading.own)?.text ?? '',
    openness: from
      ? null
      : unknown
        ? t('noOpenness', 'No openness score: the site\u2019s rules could not be read.')
        : opennessWords(Math.round(full.ai_openness_score * 100), uses, reading.terms),
  };
}
