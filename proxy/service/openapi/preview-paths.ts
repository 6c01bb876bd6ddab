/**
 * The announced surface's part of the OpenAPI 3.1 document: every path under /preview/v1 with
 * its parameters, statuses and error codes, and every choice made where the seed says
 * "not shown". Component schemas are generated from the zod schemas the code and tests use.
 *
 * Merged by build.ts: `previewOpenApi.paths` into `paths` and `PREVIEW_COMPONENT_SCHEMAS` into
 * the schemas given to schemaComponents(). Paths refer to the service's own components
 * `ErrorObject`, `DomainPolicyUnknown` and the rate-limit headers.
 */
import type { z } from 'zod';
import { PREVIEW_MAX_OFFSET as MAX_OFFSET } from '../../../shared/params.js';
import * as S from '../../../shared/schemas.js';
import { ANNOUNCED_STANCES, LIMITS, SIGNAL_KEYS } from '../../../shared/values.js';
import { DEFAULT_QUEUE_LIMITS } from '../api.js';
import * as P from '../preview/schemas.js';
import { FRESH_DAYS, STALE_DAYS, STANCE_CHANGE_DAYS, TOP_BOTS } from '../preview/stats.js';
import { QUEUE_FULL_NOTE, RATE_LIMIT_HEADERS, jsonResponse, ref } from './components.js';

export const PREVIEW_COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  PurposeVerdict: S.PurposeVerdictSchema,
  AnnouncedRecord: S.AnnouncedRecordSchema,
  ScoreResponse: S.ScoreResponseSchema,
  HistoryEntry: S.HistoryEntrySchema,
  HistoryResponse: S.HistoryResponseSchema,
  SignalFile: P.SignalFileSchema,
  SignalsResponse: P.SignalsResponseSchema,
  PreviewSearchItem: P.PreviewSearchItemSchema,
  PreviewSearchResult: P.PreviewSearchResultSchema,
  PreviewBatchRequest: P.PreviewBatchRequestSchema,
  PreviewBatchResult: P.PreviewBatchResultSchema,
  StatsResponse: S.StatsResponseSchema,
};

type Obj = Record<string, unknown>;
const answer = (description: string, schema: Obj, extra: string[] = []): Obj =>
  jsonResponse(description, schema, [...RATE_LIMIT_HEADERS, ...extra]);
const failure = (description: string, extra: string[] = []) => answer(description, ref('ErrorObject'), extra);
const orUnknown = (name: string): Obj => ({ oneOf: [ref(name), ref('DomainPolicyUnknown')] });

/** What every keyed path can answer besides its own statuses. */
const common: Obj = {
  '401': jsonResponse(
    '`unauthorized`: no valid `Authorization: Bearer <key>` (no rate-limit headers).',
    ref('ErrorObject'),
    ['WWW-Authenticate'],
  ),
  '405': failure('`method_not_allowed`: the path takes another method; Allow lists it.', ['Allow']),
  '429': failure(
    '`rate_limit_exceeded`: the per-key limits are shared with /v1 (one count per request across both surfaces).',
    ['Retry-After'],
  ),
  '500': failure('`internal_error`: details are logged, never sent.'),
};
/** Every path that names a domain may queue it: a bad name, or a full queue. */
const badDomain = {
  '400': failure('`invalid_domain`: not a bare host name such as example.com.'),
  '503': failure(QUEUE_FULL_NOTE, ['Retry-After']),
};
const badParams = (what: string) => ({
  '400': failure(`\`invalid_params\`: ${what}; the message names the parameter.`),
});

const domainParam: Obj = {
  name: 'domain',
  in: 'path',
  required: true,
  description:
    'A host name (lower-cased, trailing dot dropped, IDN to punycode); schemes, ports, paths and IP literals are `invalid_domain`.',
  schema: { type: 'string', maxLength: 1024 },
};
const unknownNote =
  'A domain not in the registry answers 200 `{domain, found: false, queued: true}` and is queued for analysis, as on /v1.';

const op = (summary: string, description: string, responses: Obj, extra: Obj = {}): Obj => ({
  summary,
  description,
  tags: ['preview'],
  security: [{ bearer: [] }],
  ...extra,
  responses: { ...responses, ...common },
});

const query = (name: string, description: string, schema: Obj): Obj => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

export const previewOpenApi: { paths: Obj } = {
  paths: {
    '/preview/v1/policy/{domain}': {
      get: op(
        'Announced-surface policy record of one domain.',
        `${unknownNote} \`stance\` uses the announced vocabulary (\`open\` for allows_all); \`score\` is 0 to 100 (round(100 × openness)); \`audit_id\` names the stored crawl that produced the record.`,
        { '200': answer('The record, or the unknown shape.', orUnknown('AnnouncedRecord')), ...badDomain },
        { parameters: [domainParam] },
      ),
    },
    '/preview/v1/policy/{domain}/score': {
      get: op(
        'Only the score of one domain.',
        `Ours: \`{domain, score, last_crawled}\`. ${unknownNote}`,
        { '200': answer('The score, or the unknown shape.', orUnknown('ScoreResponse')), ...badDomain },
        { parameters: [domainParam] },
      ),
    },
    '/preview/v1/policy/batch': {
      post: op(
        `Announced records of ${P.PREVIEW_BATCH_MIN} to ${LIMITS.previewBatchMax} domains.`,
        `Ours: a batch of one is accepted (the seed says only "up to ${LIMITS.previewBatchMax}"); duplicates (after normalisation) are answered once, in request order; unknown domains are listed in \`not_found\` by their normalised name and queued as batch work, behind interactive lookups, as many as the key's budget of new domains a minute allows (CRAWL_NEW_PER_MINUTE, default ${DEFAULT_QUEUE_LIMITS.newPerClientPerMinute}; the rest are listed but not queued: ask again later) and only while the queue is below 90 % of its cap. One request counts once against the limits.`,
        {
          '200': answer('Found records and the names not found.', ref('PreviewBatchResult')),
          '400': failure(
            `\`invalid_params\`: the body is not JSON or \`domains\` is not an array of ${P.PREVIEW_BATCH_MIN} to ${LIMITS.previewBatchMax} entries; \`invalid_domain\`: an entry is not a host name (the message names it, e.g. \`domains[3]\`).`,
          ),
          '413': failure('`payload_too_large`: the body is larger than 64 KiB.'),
          '415': failure('`unsupported_media_type`: the body is not `application/json`.'),
        },
        { requestBody: { required: true, content: { 'application/json': { schema: ref('PreviewBatchRequest') } } } },
      ),
    },
    '/preview/v1/signals/{domain}': {
      get: op(
        'Raw signal data of the latest crawl, without interpretation.',
        `Ours: each file (robots.txt, llms.txt, ai.txt, /.well-known/tdmrep.json, /.well-known/agents.json) as the server answered it — URL, final URL, status, content type, size and body, capped as crawled (robots.txt 500 KiB, others 256 KiB) with \`truncated\` — or why there was no answer; the homepage's policy headers and meta tags (not its body); the terms-of-service URL, status, the excerpt that decided \`tos_ai_stance\`, that stance and its section, and apart from it what the terms say of robots, scrapers and other automated access (\`automated_access\`, with its excerpt and section; absent from signals stored before it existed). ${unknownNote} 404 \`not_found\` when the registry holds the domain but its raw signals were stored before this surface existed (they appear after the next crawl).`,
        {
          '200': answer('The raw signals, or the unknown shape.', orUnknown('SignalsResponse')),
          ...badDomain,
          '404': failure('`not_found`: no raw signals stored yet for a known domain.'),
        },
        { parameters: [domainParam] },
      ),
    },
    '/preview/v1/search': {
      get: op(
        'Search domains by policy characteristics.',
        `All filters are optional and combine with AND; results are ordered by rank (unranked last), then by name. Every bad value, a repeated parameter or an unknown parameter is 400 \`invalid_params\` naming it. Each query walks an index in result order, so a page costs the rows skipped; offsets stop at ${MAX_OFFSET.toLocaleString('en')}.`,
        {
          '200': answer(
            'One page of results; `has_more` says whether another page exists.',
            ref('PreviewSearchResult'),
          ),
          ...badParams('a parameter is unknown, repeated or out of range'),
        },
        {
          parameters: [
            query('stance', 'Announced stance; `allows_all` is accepted as a synonym of `open`.', {
              type: 'string',
              enum: [...ANNOUNCED_STANCES, 'allows_all'],
            }),
            query(
              'blocks',
              'A catalogue AI bot token the site blocks (named or via `*`), case-insensitive, e.g. GPTBot.',
              { type: 'string', maxLength: 64 },
            ),
            query('allows', 'A catalogue AI bot token the site names with status allowed, case-insensitive.', {
              type: 'string',
              maxLength: 64,
            }),
            query('standard', 'A standard the site publishes.', { type: 'string', enum: [...SIGNAL_KEYS] }),
            query('min_score', 'Lowest score, inclusive.', { type: 'integer', minimum: 0, maximum: 100 }),
            query('max_score', 'Highest score, inclusive; not below min_score.', {
              type: 'integer',
              minimum: 0,
              maximum: 100,
            }),
            query('cdn', 'CDN name, case-insensitive exact match.', { type: 'string', maxLength: 64 }),
            query('cms', 'CMS name, case-insensitive exact match.', { type: 'string', maxLength: 64 }),
            query(
              'q',
              'Part of the domain name (a-z, 0-9, `.`, `-`), 2 to 253 characters; 3 or more use a trigram index.',
              { type: 'string', minLength: 2, maxLength: 253 },
            ),
            query('limit', 'Page size.', {
              type: 'integer',
              minimum: 1,
              maximum: LIMITS.searchLimitMax,
              default: LIMITS.searchLimitDefault,
            }),
            query('offset', 'Results to skip.', { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 }),
          ],
        },
      ),
    },
    '/preview/v1/stats': {
      get: op(
        'Aggregate statistics across the registry.',
        `Ours: total domains; domains by announced stance with the split by detail; each standard's domains and share (0 to 1, four decimals); the ${TOP_BOTS} most blocked catalogue AI bots; scores in ten buckets (0-9 ... 90-100); conflicts by identifier; freshness of the last crawl at the time of the request (fresh under ${FRESH_DAYS} days, aging ${FRESH_DAYS} to ${STALE_DAYS} days, stale over ${STALE_DAYS} days); each key bot of the three use cases with the domains blocking it; for each terms-of-service stance, the domains whose robots.txt blocks at least one AI bot, blocks none, or could not be read; stance changes (a history entry whose stance differs from the domain's entry before it) in the last ${STANCE_CHANGE_DAYS} UTC days, per day and per change. Counters are maintained as crawls are stored, so the cost does not grow with the registry, except freshness's index range counts and the period's stance changes (an index of the changes alone).`,
        { '200': answer('The statistics.', ref('StatsResponse')) },
      ),
    },
    '/preview/v1/domain/{domain}/history': {
      get: op(
        'How a domain’s policy changed across stored crawls (ours, beyond the seed).',
        `Newest first: the first crawl and every crawl whose policy differed from the one before, with sentences saying what changed (stance, detail, use-case verdicts, bots that started or stopped being blocked or explicitly allowed, standards appearing or disappearing, conflicts, score). Site facts (rank, CDN, CMS) are not policy changes. \`crawls\` counts every stored crawl. ${unknownNote}`,
        { '200': answer('The history, or the unknown shape.', orUnknown('HistoryResponse')), ...badDomain },
        { parameters: [domainParam] },
      ),
    },
  },
};
