/**
 * llms.txt (llmstxt.org): a markdown file at `/llms.txt` describing the site for language
 * models. docs/policy.md section 1 counts it found when the answer is 2xx, not HTML, not
 * JSON and non-empty. Real captures show what else servers answer with 200 at that path, and
 * each is told apart here so that none counts as found:
 * - `empty`: nothing but white space;
 * - `html`: an HTML page (catch-all route, JavaScript redirect, soft 404);
 * - `json`: an API error object (`{"errorCode": ...}`);
 * - `error_page`: a short text error ("not found", "404 Not Found");
 * - `robots_txt`: robots.txt lines served for every `*.txt`;
 * - `placeholder`: a short token with no text for readers (domain-verification strings, "ok").
 */
import type { FetchResult } from '../evidence.js';
import { isHtmlBody, parseJson, trimmedBody } from './response.js';

export type LlmsTxtKind =
  'llms_txt' | 'empty' | 'html' | 'json' | 'error_page' | 'robots_txt' | 'placeholder' | 'http_error' | 'unreachable';

export interface LlmsTxtResult {
  found: boolean;
  kind: LlmsTxtKind;
  /** HTTP status, null without an answer. */
  status: number | null;
  /** Characters in the body. */
  length: number;
  /** First markdown H1 (`# Title`), the file's name for people; null when none. */
  title: string | null;
  /** Count of markdown links `[text](url)` (llms.txt's file lists), capped scan. */
  links: number;
}

const SCAN_CAP = 64 * 1024;
const ERROR_PAGE_MAX = 256;
/** Bodies larger than this are not parsed as JSON: error objects are small, and a huge `[[[[` would only cost time. */
const JSON_CAP = 256 * 1024;
const PLACEHOLDER_MAX_WORDS = 8;

/** Phrases of an error answered as text. Bounded alternatives, no nested quantifiers. */
const ERROR_TEXT =
  /\b(?:404|403|500|not found|forbidden|access denied|unauthori[sz]ed|bad request|internal server error|service unavailable|no such file|does not exist)\b/i;
/** Fields a robots.txt line may start with (RFC 9309 section 2.2 and common extensions). */
const ROBOTS_FIELD =
  /^(?:user-agent|allow|disallow|crawl-delay|sitemap|host|clean-param|content-signal|content-usage)\s*:/i;
/** Markdown structure at the start of a line: heading, block quote, list item, or a link anywhere. */
const MARKDOWN_LINE = /^(?:#{1,6}\s|>|[-*+]\s|\d{1,3}[.)]\s)/;

/**
 * Markdown links `[text](url)` in the lines: a `](` after a `[` with a `)` later on the same
 * line. One pass per line, so hostile input stays linear.
 */
function countLinks(lines: readonly string[]): number {
  let count = 0;
  for (const line of lines) {
    const lastClose = line.lastIndexOf(')');
    let open = false;
    for (let i = 0; i < line.length - 1; i++) {
      const c = line.charCodeAt(i);
      if (c === 0x5b) open = true;
      else if (open && c === 0x5d && line.charCodeAt(i + 1) === 0x28 && lastClose > i + 2) {
        count++;
        open = false;
      }
    }
  }
  return count;
}

function meaningfulLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Classifies a GET /llms.txt (or /llms-full.txt) answer. Never throws. */
export function analyzeLlmsTxt(result: FetchResult | null): LlmsTxtResult {
  const base = { found: false, status: null, length: 0, title: null, links: 0 };
  if (result === null || result.kind !== 'response') return { ...base, kind: 'unreachable' };
  const status = result.status;
  const length = result.body.length;
  const at = { ...base, status, length };
  if (status < 200 || status > 299) return { ...at, kind: 'http_error' };
  const text = trimmedBody(result.body);
  if (text === '') return { ...at, kind: 'empty' };
  if (isHtmlBody(result)) return { ...at, kind: 'html' };
  if (text.startsWith('{') || text.startsWith('[')) {
    const parsed = parseJson(text.length > JSON_CAP ? '' : text);
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) return { ...at, kind: 'json' };
  }
  const head = text.slice(0, SCAN_CAP);
  const lines = meaningfulLines(head);
  if (text.length <= ERROR_PAGE_MAX && ERROR_TEXT.test(text)) return { ...at, kind: 'error_page' };
  const content = lines.filter((l) => !l.startsWith('#'));
  if (content.length > 0 && content.every((l) => ROBOTS_FIELD.test(l))) return { ...at, kind: 'robots_txt' };

  const markdown = lines.some((l) => MARKDOWN_LINE.test(l));
  const links = countLinks(lines);
  const words = head.split(/\s+/).filter((w) => w !== '').length;
  if (!markdown && links === 0 && words < PLACEHOLDER_MAX_WORDS) return { ...at, kind: 'placeholder' };

  const h1 = lines.find((l) => /^#\s/.test(l));
  return {
    ...at,
    found: true,
    kind: 'llms_txt',
    title: h1 === undefined ? null : h1.replace(/^#\s+/, '').slice(0, 200),
    links,
  };
}
