/**
 * basis.not_read: the documents the crawl fetched but did not read (evidence.notRead: their
 * reading ran past the analysis budget, or their reader failed; docs/policy.md section 1),
 * each with a few words on what made it long where one linear pass can tell ("without
 * sentence ends", "20,000 user-agent lines"), so a person can be told why.
 */
import type { NotRead } from '../../../shared/schemas.js';
import type { FetchedFile } from '../../../shared/values.js';
import type { Evidence, FetchResult } from '../evidence.js';

/** Fewer sentence ends than one per this many characters: a text "without sentence ends". */
const CHARS_PER_SENTENCE_END = 1000;
/** More than this many lines of one kind is worth naming. */
const MANY = 1000;

const count = (n: number) => n.toLocaleString('en-US');

/** The fetched answer behind each file name of basis.fetches. */
export function documentOf(evidence: Evidence, file: FetchedFile): FetchResult | null {
  switch (file) {
    case 'robots_txt':
      return evidence.robots;
    case 'llms_txt':
      return evidence.llms;
    case 'ai_txt':
      return evidence.aiTxt;
    case 'tdmrep':
      return evidence.tdmrep;
    case 'agents_json':
      return evidence.agents;
    case 'homepage':
      return evidence.homepage;
    case 'terms':
      return evidence.tos;
    case 'rsl':
      return evidence.rsl ?? null;
  }
}

/** Prose (a page, the terms) with almost no `.`, `!`, `?` (or their CJK forms): one pass over the text. */
function sentenceNote(body: string): string | undefined {
  let ends = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3002 || c === 0xff01 || c === 0xff1f) ends++;
  }
  return body.length >= CHARS_PER_SENTENCE_END && ends * CHARS_PER_SENTENCE_END < body.length
    ? 'without sentence ends'
    : undefined;
}

/** robots.txt: many groups, many wildcard rules, or many lines, counted line by line. */
function robotsNote(body: string): string | undefined {
  let agents = 0;
  let wildcards = 0;
  let lines = 0;
  for (const raw of body.split(/\r\n|\r|\n/)) {
    lines++;
    const line = raw.trimStart().toLowerCase();
    if (line.startsWith('user-agent')) agents++;
    else if ((line.startsWith('disallow') || line.startsWith('allow')) && line.indexOf('*') !== line.lastIndexOf('*'))
      wildcards++;
  }
  if (agents > MANY) return `${count(agents)} user-agent lines`;
  if (wildcards > MANY) return `${count(wildcards)} rules with several wildcards`;
  return lines > MANY ? `${count(lines)} lines` : undefined;
}

function noteOf(file: FetchedFile, doc: FetchResult | null): string | undefined {
  if (doc === null || doc.kind !== 'response') return undefined;
  if (file === 'robots_txt') return robotsNote(doc.body);
  if (file === 'homepage' || file === 'terms' || file === 'llms_txt') return sentenceNote(doc.body);
  return undefined;
}

/** basis.not_read, or undefined when every fetched document was read. */
export function notReadOf(evidence: Evidence): NotRead[] | undefined {
  const list = evidence.notRead;
  if (list === undefined || list.length === 0) return undefined;
  return list.map((n) => {
    const note = noteOf(n.file, documentOf(evidence, n.file));
    return { file: n.file, reason: n.reason, bytes: n.bytes, budget_ms: n.budget_ms, ...(note ? { note } : {}) };
  });
}
