/**
 * Request input → typed values, or the seed's 400 errors (CONVENTIONS 6: validate at the
 * boundary). The rules are defined once in shared/params.ts; this wraps their answers into
 * HttpError for the service's error handler.
 */
import type { SearchParams } from '../../../shared/api.js';
import type { Domain } from '../../../shared/domain.js';
import {
  checkBatchBody,
  checkDomain,
  checkPreviewSearch,
  searchQueryChecker,
  type PreviewSearchParams,
  type SearchBounds,
} from '../../../shared/params.js';
import { LIMITS } from '../../../shared/values.js';
import { checked as valueOf } from '../../lib/http/params.js';
import { PREVIEW_BATCH_MIN } from '../preview/schemas.js';

/** A domain from the request, or 400 invalid_domain; `name` (e.g. `domains[3]`) prefixes the message when given. */
export const domainParam = (value: unknown, name?: string): Domain => valueOf(checkDomain(value, name));

/** Seed "GET /v1/search" parameters; a caller with tighter bounds (the gateway) builds its own parser. */
export function searchParser(bounds?: SearchBounds): (query: unknown) => SearchParams {
  const check = searchQueryChecker(bounds);
  return (query) => valueOf(check(query));
}

export const searchParams = searchParser();

/** POST /v1/batch body: 2 to 25 entries, each a valid domain; duplicates collapsed, order kept. */
export const batchDomains = (body: unknown): Domain[] =>
  valueOf(checkBatchBody(body, LIMITS.batchMin, LIMITS.batchMax));

/** POST /preview/v1/policy/batch body: 1 to 100 entries. */
export const previewBatchDomains = (body: unknown): Domain[] =>
  valueOf(checkBatchBody(body, PREVIEW_BATCH_MIN, LIMITS.previewBatchMax));

/** GET /preview/v1/search: every bad, repeated or unknown parameter is 400 invalid_params naming it. */
export const previewSearchParams = (query: unknown): PreviewSearchParams => valueOf(checkPreviewSearch(query));
