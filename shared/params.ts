/**
 * Request parameters of the read endpoints, defined once for the service's
 * reference and announced surfaces and the gateway: the search query of each surface, the batch
 * body and the domain in a path. zod schemas (CONVENTIONS 6: validate at the trust boundary),
 * and `check*()` helpers that answer a plain result with the seed's error code. shared/ imports
 * no proxy code, so each server wraps a failure into its own HttpError.
 * Server side only, as shared/schemas.ts: the extension never imports zod.
 */
import { z } from 'zod';
import type { SearchParams } from './api.js';
import { parseDomain, searchTextToAscii, type Domain } from './domain.js';
import {
  ANNOUNCED_STANCES,
  LIMITS,
  SIGNAL_KEYS,
  STANCES,
  fromAnnouncedStance,
  type SignalKey,
  type Stance,
} from './values.js';

/** A failed check: the seed's error code and a message for people that names the parameter. */
export interface ParamsProblem {
  ok: false;
  code: 'invalid_params' | 'invalid_domain';
  message: string;
}
export type ParamsCheck<T> = { ok: true; value: T } | ParamsProblem;

const problem = (code: ParamsProblem['code'], message: string): ParamsProblem => ({ ok: false, code, message });

/** The first issue's message (every schema here words its own messages). */
function fromZod<T>(r: z.ZodSafeParseResult<T>, fallback: string): ParamsCheck<T> {
  return r.success ? { ok: true, value: r.data } : problem('invalid_params', r.error.issues[0]?.message ?? fallback);
}

// ---------------------------------------------------------------- domain in a path or a list

/** A domain from a path segment or a list entry; `name` (e.g. `domains[3]`) prefixes the message. */
export function checkDomain(value: unknown, name?: string): ParamsCheck<Domain> {
  const r = parseDomain(value);
  if (r.ok) return { ok: true, value: r.domain };
  return problem('invalid_domain', name === undefined ? r.message : `${name}: ${r.message}`);
}

// ---------------------------------------------------------------- batch body

/**
 * A list entry as a message shows it. Never serialised: an entry nested thousands of arrays deep
 * fits in a 64 KiB body and would overflow the stack of JSON.stringify.
 */
function shownEntry(entry: unknown): string {
  if (typeof entry === 'string') return `"${entry.slice(0, 100)}"`;
  if (Array.isArray(entry)) return 'a list';
  if (entry !== null && typeof entry === 'object') return 'an object';
  return String(entry);
}

/**
 * `{"domains": [...]}` with `min` to `max` entries, each a valid domain: duplicates (after
 * normalisation) collapsed, first-seen order kept. Reference surface 2 to 25, announced 1 to 100,
 * the gateway its own bound.
 */
export function checkBatchBody(body: unknown, min: number, max: number): ParamsCheck<Domain[]> {
  const list = (body as { domains?: unknown } | null | undefined)?.domains;
  if (!Array.isArray(list))
    return problem('invalid_params', 'domains: send a JSON object {"domains": ["example.com", ...]}.');
  if (list.length < min || list.length > max)
    return problem('invalid_params', `domains: give ${min} to ${max} domain names (got ${list.length}).`);
  const out = new Set<Domain>();
  for (const [i, entry] of list.entries()) {
    const r = parseDomain(entry);
    if (!r.ok) {
      return problem('invalid_domain', `domains[${i}]: ${shownEntry(entry)} is not a valid domain: ${r.message}`);
    }
    out.add(r.domain);
  }
  return { ok: true, value: [...out] };
}

// ---------------------------------------------------------------- reference search (seed GET /v1/search)

/** How long a search text and how deep a page may be: the service's own bounds by default. */
export interface SearchBounds {
  maxQ: number;
  maxOffset: number;
}
export const SERVICE_SEARCH_BOUNDS: SearchBounds = { maxQ: 253, maxOffset: 1_000_000 };

/** A query value that must be a whole number in [min, max]; absent → fallback. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${name} must be given once, as a whole number.` })
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number from ${min} to ${max}.` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be a whole number from ${min} to ${max}.` })
    .optional()
    .transform((n) => n ?? fallback);

/** Seed "GET /v1/search": q (2+ characters after trimming), stance, limit 1 to 100 (20), offset (0). */
export const searchQuerySchema = ({ maxQ, maxOffset }: SearchBounds = SERVICE_SEARCH_BOUNDS) =>
  z.object({
    q: z
      .string({ error: 'q is required: the text to look for in domain names.' })
      .trim()
      .min(LIMITS.searchQMin, { error: `q must be at least ${LIMITS.searchQMin} characters.` })
      .max(maxQ, { error: `q may be at most ${maxQ} characters.` }),
    stance: z.enum(STANCES, { error: `stance must be one of ${STANCES.join(', ')}.` }).optional(),
    limit: wholeNumber('limit', 1, LIMITS.searchLimitMax, LIMITS.searchLimitDefault),
    offset: wholeNumber('offset', 0, maxOffset, 0),
  });

/** A parser for query objects (as Express or URLSearchParams give them) within `bounds`. */
export function searchQueryChecker(bounds?: SearchBounds): (query: unknown) => ParamsCheck<SearchParams> {
  const schema = searchQuerySchema(bounds);
  return (query) => fromZod(schema.safeParse(query), 'Invalid search parameters.');
}

// ---------------------------------------------------------------- announced search (GET /preview/v1/search)

/** Announced-surface search parameters, validated; bot tokens, CDN and CMS lower-case, q in punycode. */
export interface PreviewSearchParams {
  stance?: Stance;
  blocks?: string;
  allows?: string;
  standard?: SignalKey;
  min_score?: number;
  max_score?: number;
  cdn?: string;
  cms?: string;
  q?: string;
  limit: number;
  offset: number;
}

export const PREVIEW_SEARCH_PARAMS = [
  'stance',
  'blocks',
  'allows',
  'standard',
  'min_score',
  'max_score',
  'cdn',
  'cms',
  'q',
  'limit',
  'offset',
] as const;
/** Deep pages cost the rows skipped; past this offset, narrow the filters instead. */
export const PREVIEW_MAX_OFFSET = 10_000;

const BOT_TOKEN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+-]{0,63}$/;
const DOMAIN_PART = /^[a-z0-9.-]{2,253}$/;

/** One value of the query, given once; every message starts with the parameter's name. */
const single = (name: string) =>
  z.string({ error: `${name}: give the parameter once, as a single value.` }).transform((v) => v.trim());
const got = (v: unknown) => `got "${String(v).slice(0, 80)}"`;
const previewInt = (name: string, min: number, max: number) =>
  single(name)
    .refine((v) => /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max, {
      error: (iss) => `${name}: expected a whole number from ${min} to ${max}, ${got(String(iss.input).trim())}.`,
    })
    .transform(Number);
const previewPattern = (name: string, re: RegExp, what: string) =>
  single(name).refine((v) => re.test(v), {
    error: (iss) => `${name}: expected ${what}, ${got(String(iss.input).trim())}.`,
  });

export const previewSearchSchema = z
  .strictObject(
    {
      stance: single('stance')
        // allows_all is the reference surface's name for open: accepted as a synonym.
        .transform((v) => (v === 'allows_all' ? 'open' : v))
        .refine((v) => (ANNOUNCED_STANCES as readonly string[]).includes(v), {
          error: (iss) =>
            `stance: expected one of ${ANNOUNCED_STANCES.join(', ')} (allows_all is accepted for open), ${got(String(iss.input).trim())}.`,
        })
        .transform((v) => fromAnnouncedStance(v as (typeof ANNOUNCED_STANCES)[number]))
        .optional(),
      blocks: previewPattern('blocks', BOT_TOKEN, 'a bot token such as GPTBot')
        .transform((v) => v.toLowerCase())
        .optional(),
      allows: previewPattern('allows', BOT_TOKEN, 'a bot token such as GPTBot')
        .transform((v) => v.toLowerCase())
        .optional(),
      standard: single('standard')
        .refine((v) => (SIGNAL_KEYS as readonly string[]).includes(v), {
          error: (iss) => `standard: expected one of ${SIGNAL_KEYS.join(', ')}, ${got(String(iss.input).trim())}.`,
        })
        .transform((v) => v as SignalKey)
        .optional(),
      min_score: previewInt('min_score', 0, 100).optional(),
      max_score: previewInt('max_score', 0, 100).optional(),
      // CDN and CMS names are matched case-insensitively: stored and queried lower-case.
      cdn: previewPattern('cdn', NAME, 'a name of up to 64 letters, digits, spaces or . _ + -')
        .transform((v) => v.toLowerCase())
        .optional(),
      cms: previewPattern('cms', NAME, 'a name of up to 64 letters, digits, spaces or . _ + -')
        .transform((v) => v.toLowerCase())
        .optional(),
      // Names are stored lower-case and in punycode: `Bücher` must find xn--bcher-kva.de.
      q: single('q')
        .transform(searchTextToAscii)
        .refine((v) => DOMAIN_PART.test(v), {
          error: (iss) => `q: expected part of a domain name: 2 to 253 of a-z 0-9 . -, ${got(iss.input)}.`,
        })
        .optional(),
      limit: previewInt('limit', 1, LIMITS.searchLimitMax).default(LIMITS.searchLimitDefault),
      offset: previewInt('offset', 0, PREVIEW_MAX_OFFSET).default(0),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `${iss.keys[0]}: unknown parameter; known: ${PREVIEW_SEARCH_PARAMS.join(', ')}.`
          : undefined,
    },
  )
  .refine((p) => p.min_score === undefined || p.max_score === undefined || p.min_score <= p.max_score, {
    path: ['min_score'],
    error: (iss) => {
      const p = iss.input as { min_score: number; max_score: number };
      return `min_score: must not exceed max_score (${p.min_score} > ${p.max_score}).`;
    },
  });

export function checkPreviewSearch(query: unknown): ParamsCheck<PreviewSearchParams> {
  return fromZod(previewSearchSchema.safeParse(query), 'Invalid search parameters.');
}
