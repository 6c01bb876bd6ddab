/** Request input → typed values, or the seed's 400 errors (CONVENTIONS 6: validate at the boundary). */
import { z } from 'zod';
import { parseDomain, type Domain } from '../../../shared/domain.js';
import { LIMITS, STANCES } from '../../../shared/values.js';
import { HttpError } from '../../lib/http-error.js';
import type { SearchParams } from '../api.js';

/** A domain from the request, or 400 invalid_domain; `name` (e.g. `domains[3]`) prefixes the message when given. */
export function domainParam(value: unknown, name?: string): Domain {
  const r = parseDomain(value);
  if (!r.ok) throw new HttpError(400, 'invalid_domain', name === undefined ? r.message : `${name}: ${r.message}`);
  return r.domain;
}

/** A query value that must be a whole number in [min, max]; absent → fallback. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${name} must be given once, as a whole number.` })
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number from ${min} to ${max}.` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be a whole number from ${min} to ${max}.` })
    .optional()
    .transform((n) => n ?? fallback);

/** How long a search text and how deep a page may be: the service's own bounds by default. */
export interface SearchBounds {
  maxQ: number;
  maxOffset: number;
}

const searchQuerySchema = ({ maxQ, maxOffset }: SearchBounds) =>
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

const SERVICE_SEARCH = searchQuerySchema({ maxQ: 253, maxOffset: 1_000_000 });

/** Seed "GET /v1/search" parameters; a caller with tighter bounds (the gateway) builds its own parser. */
export function searchParser(bounds?: SearchBounds): (query: unknown) => SearchParams {
  const schema = bounds === undefined ? SERVICE_SEARCH : searchQuerySchema(bounds);
  return (query) => {
    const r = schema.safeParse(query);
    if (!r.success) throw new HttpError(400, 'invalid_params', r.error.issues[0]?.message ?? 'Invalid search parameters.');
    return r.data;
  };
}

export const searchParams = searchParser();

/** POST /v1/batch body: 2 to 25 entries, each a valid domain; duplicates collapsed, order kept. */
export function batchDomains(body: unknown): Domain[] {
  const domains = (body as { domains?: unknown } | undefined)?.domains;
  if (!Array.isArray(domains) || domains.length < LIMITS.batchMin || domains.length > LIMITS.batchMax) {
    throw new HttpError(400, 'invalid_params', `domains must be an array of ${LIMITS.batchMin} to ${LIMITS.batchMax} domain names.`);
  }
  const out = new Set<Domain>();
  for (const entry of domains) {
    const r = parseDomain(entry);
    if (!r.ok) {
      const shown = typeof entry === 'string' ? entry.slice(0, 100) : JSON.stringify(entry)?.slice(0, 100);
      throw new HttpError(400, 'invalid_domain', `"${shown}" is not a valid domain: ${r.message}`);
    }
    out.add(r.domain);
  }
  return [...out];
}
