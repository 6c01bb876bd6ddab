/**
 * The OpenAPI document's components, generated from the zod schemas the code validates with
 * (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses), so the document cannot drift
 * from the shapes served. Nested registered schemas become $refs.
 */
import { z } from 'zod';
import * as S from '../../../shared/schemas.js';
import { LIMITS } from '../../../shared/values.js';
import { HealthResponseSchema, HealthUnavailableSchema } from '../http/health-schema.js';
import { RecheckResultSchema } from '../http/recheck-schema.js';
import { QUEUE_FULL_RETRY_S } from '../admission.js';
import { OUTAGE_RETRY_S } from '../store/availability.js';

/** Component name → schema, in document order. */
export const COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  ErrorObject: S.ErrorObjectSchema,
  SignupRequest: S.SignupRequestSchema,
  SignupResponse: S.SignupResponseSchema,
  Limits: S.LimitsSchema,
  UseCases: S.UseCasesSchema,
  Bots: S.BotsSchema,
  Signals: S.SignalsSchema,
  Site: S.SiteSchema,
  DomainPolicyFound: S.DomainPolicyFoundSchema,
  DomainPolicyUnknown: S.DomainPolicyUnknownSchema,
  DomainPolicy: S.DomainPolicySchema,
  Explanation: S.ExplanationSchema,
  BotEntry: S.BotEntrySchema,
  CrawlRules: S.CrawlRulesSchema,
  UsagePrefs: S.UsagePrefsSchema,
  LicenceUse: S.LicenceUseSchema,
  FullRecord: S.FullRecordSchema,
  SearchResultItem: S.SearchResultItemSchema,
  SearchResult: S.SearchResultSchema,
  BatchRequest: S.BatchRequestSchema,
  BatchItem: S.BatchItemSchema,
  BatchResult: S.BatchResultSchema,
  HealthResponse: HealthResponseSchema,
  HealthUnavailable: HealthUnavailableSchema,
  RecheckResult: RecheckResultSchema,
};

/** Generates `components.schemas` for the given named schemas. */
export function schemaComponents(named: Record<string, z.ZodType>): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  const schemas: Record<string, unknown> = {};
  for (const id of Object.keys(named)) {
    const { $schema: _s, $id: _i, ...rest } = out.schemas[id]!;
    schemas[id] = rest;
  }
  return schemas;
}

/** Every keyed path's answer while the service's database does not answer. */
export const STORAGE_NOTE = `the service's database does not answer (the message names it and the cause); \`retry_after\` is ${OUTAGE_RETRY_S} seconds.`;

const intHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** Rate-limit headers: the seed's four, and our monthly pair where the seed says "not shown". */
export const HEADERS = {
  'X-RateLimit-Limit-Minute': intHeader(
    `Per-minute limit of the key (${LIMITS.perMinute}); the window resets every 60 seconds, on the UTC minute.`,
  ),
  'X-RateLimit-Remaining-Minute': intHeader('Requests left in the current minute.'),
  'X-RateLimit-Limit-Day': intHeader(`Daily limit of the key (${LIMITS.perDay}); resets at midnight UTC.`),
  'X-RateLimit-Remaining-Day': intHeader('Requests left today (UTC).'),
  'X-RateLimit-Limit-Month': intHeader(
    `Ours: monthly limit of the key (${LIMITS.perMonth}); resets on the 1st of each month, UTC.`,
  ),
  'X-RateLimit-Remaining-Month': intHeader('Ours: requests left this month (UTC).'),
  'Retry-After': intHeader('Seconds until the limit that refused the request resets (RFC 9110 section 10.2.3).'),
  Allow: { description: 'Methods the path accepts (RFC 9110 section 10.2.1).', schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'Always `Bearer` (RFC 6750 section 3).', schema: { type: 'string' } },
} as const;

/** What a path that queues a domain answers when the crawl queue is full (or, as every keyed path, when the database does not answer). */
export const QUEUE_FULL_NOTE = `\`queue_full\` (ours): the crawl queue holds its cap of new work (CRAWL_QUEUE_MAX); \`retry_after\` is ${QUEUE_FULL_RETRY_S} seconds. Or \`storage_unavailable\`: ${STORAGE_NOTE}`;

export const RATE_LIMIT_HEADERS = Object.keys(HEADERS).filter((h) => h.startsWith('X-RateLimit-'));

// Builders both surfaces' paths use (openapi/paths.ts, preview/openapi.ts).
type Obj = Record<string, unknown>;
export const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
export const headerRefs = (names: readonly string[]): Obj =>
  Object.fromEntries(names.map((h) => [h, { $ref: `#/components/headers/${h}` }]));
/** A JSON response with the named component headers. */
export const jsonResponse = (description: string, schema: Obj, headers: readonly string[]): Obj => ({
  description,
  headers: headerRefs(headers),
  content: { 'application/json': { schema } },
});
