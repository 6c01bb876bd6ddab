/**
 * The paths of the OpenAPI document: every endpoint the service app serves, with each status
 * code, header and error code, and every choice we made where the seed says "not shown".
 */
import { LIMITS, STANCES } from '../../../shared/values.js';
import { RECHECK_INTERVAL_MS } from '../pending/recheck.js';
import { DEFAULT_QUEUE_LIMITS } from '../api.js';
import { MAX_WAIT_S } from '../../lib/http/prefer.js';
import { QUEUE_FULL_NOTE, RATE_LIMIT_HEADERS, jsonResponse, ref } from './components.js';
import { OUTAGE_RETRY_S } from '../store/availability.js';

type Obj = Record<string, unknown>;

const json = (schema: Obj) => ({ 'application/json': { schema } });

/** A JSON response; keyed responses carry the rate-limit headers. */
const resp = (description: string, schema: Obj, keyed: boolean, extra: string[] = []): Obj =>
  jsonResponse(description, schema, [...(keyed ? RATE_LIMIT_HEADERS : []), ...extra]);
const err = (description: string, keyed: boolean, extra: string[] = []): Obj =>
  resp(description, ref('ErrorObject'), keyed, extra);

/** Errors every keyed endpoint can give. */
const keyedErrors = (): Obj => ({
  '401': err(
    '`unauthorized`: the Authorization header is missing, not `Bearer <key>`, or the key is unknown. No rate-limit headers (no key).',
    false,
    ['WWW-Authenticate'],
  ),
  '429': err(
    '`rate_limit_exceeded` with `retry_after` (seconds) and `limit_type` (`minute`, `day` or `month`; when several windows are full, the one that resets last). A refused request does not count.',
    true,
    ['Retry-After'],
  ),
  '500': err('`internal_error`: the server failed; details are logged, never sent.', true),
});
const bodyErrors = (keyed: boolean): Obj => ({
  '413': err('`payload_too_large`: the body is larger than 64 KiB.', keyed),
  '415': err('`unsupported_media_type`: the body is not `application/json` (or not UTF-8).', keyed),
});

const domainParam: Obj = {
  name: 'domain',
  in: 'path',
  required: true,
  description:
    'A host name such as example.com: lower-cased, a trailing dot dropped, IDN converted to punycode. Schemes, ports, paths, IP literals and single labels are `invalid_domain`.',
  schema: { type: 'string', maxLength: 1024 },
};
const invalidDomain = (keyed: boolean): Obj => ({
  '400': err(
    '`invalid_domain`: the domain is malformed, or its percent-encoding in the path cannot be decoded.',
    keyed,
  ),
});
/** Paths that may queue a domain. */
const queueFull: Obj = { '503': err(QUEUE_FULL_NOTE, true, ['Retry-After']) };
const preferParam: Obj = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: `Ours, RFC 7240: \`wait=N\` makes the lookup of a domain not yet analysed wait up to N seconds (at most ${MAX_WAIT_S}) for its first analysis, answered the moment it is stored; the answer then carries \`Preference-Applied: wait=N\`. Without it, an unknown domain is answered at once.`,
  schema: { type: 'string', examples: ['wait=5'] },
};
const unknownNote =
  'A domain not in the registry is not an error: 200 with exactly `{domain, found: false, queued: true}` (our choice: nothing more), and the domain is queued once for analysis.';

export const REFERENCE_PATHS: Obj = {
  '/health': {
    get: {
      summary: 'Service health (ours; no key needed).',
      tags: ['operations'],
      responses: {
        '200': resp('Status, version, queue figures; the database answers.', ref('HealthResponse'), false),
        '503': resp(
          `The database does not answer: \`storage_unavailable\` naming it and the cause, with \`dependencies.database: down\`; \`retry_after\` is ${OUTAGE_RETRY_S} seconds.`,
          ref('HealthUnavailable'),
          false,
        ),
      },
    },
  },
  '/openapi.json': {
    get: {
      summary: 'This document (no key needed).',
      tags: ['operations'],
      responses: {
        '200': {
          description: 'The OpenAPI 3.1 document.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  },
  '/v1/auth/signup': {
    post: {
      summary: 'Obtain an API key (no key needed).',
      description:
        'Our choices where the seed says "not shown": 201 Created; the key is `apl_` + 43 base64url characters (256 random bits), stored only as a SHA-256 hash; at most 3 keys per client address per UTC day, an IPv6 client counted per /56 prefix (TRUST_PROXY sets how many proxy hops to trust for the address). Signup responses carry no rate-limit headers: there is no key yet.',
      tags: ['reference'],
      requestBody: { required: true, content: json(ref('SignupRequest')) },
      responses: {
        '201': resp('The new key, shown once, with its limits.', ref('SignupResponse'), false),
        '400': err(
          '`invalid_email`: the e-mail address is missing or malformed; `invalid_params`: the body is not a valid JSON object.',
          false,
        ),
        ...bodyErrors(false),
        '429': err(
          `\`rate_limit_exceeded\`, \`limit_type\` \`day\`: a ${LIMITS.signupsPerDay + 1}th signup from one address in a UTC day; \`retry_after\` runs to the next midnight UTC.`,
          false,
          ['Retry-After'],
        ),
        '500': err('`internal_error`.', false),
      },
    },
  },
  '/v1/domain/{domain}': {
    get: {
      summary: 'Policy summary of one domain.',
      description: `${unknownNote} A record older than REFRESH_DAYS is served and re-crawled in the background. When the latest check failed (timeout, server error, connection failure) and an earlier good crawl exists, that crawl stays the answer, \`last_updated\` keeps its time and \`basis.last_check\` says when the check failed, why and when it is retried (after 10 minutes, 1 hour, 6 hours, then on the normal refresh). The answer depends on \`Prefer\` (\`Vary: Prefer\`).`,
      tags: ['reference'],
      security: [{ bearer: [] }],
      parameters: [domainParam, preferParam],
      responses: {
        '200': resp(
          'The domain policy, or the unknown shape. After a wait asked with `Prefer`, also `Preference-Applied: wait=N` (RFC 7240 section 3).',
          ref('DomainPolicy'),
          true,
        ),
        ...invalidDomain(true),
        ...queueFull,
        ...keyedErrors(),
      },
    },
  },
  '/v1/domain/{domain}/recheck': {
    post: {
      summary: 'Check a domain again now (ours).',
      description: `Queues a new check of the domain now, ahead of batch and refresh work ("Check again"). Refused, with \`accepted: false\` and \`retry_after\`, when the domain was checked or queued for a check less than ${RECHECK_INTERVAL_MS / 1000} seconds ago, or when the key has queued its budget of new domains this minute (CRAWL_NEW_PER_MINUTE). A refusal is 200, not 429: the key's limits are not what refused it. No body is needed.`,
      tags: ['reference'],
      security: [{ bearer: [] }],
      parameters: [domainParam],
      responses: {
        '202': resp('A new check is queued (or running now).', ref('RecheckResult'), true),
        '200': resp(
          'Refused: `accepted` is false; try again after `retry_after` seconds (also in Retry-After).',
          ref('RecheckResult'),
          true,
          ['Retry-After'],
        ),
        ...invalidDomain(true),
        ...queueFull,
        ...keyedErrors(),
      },
    },
  },
  '/v1/domain/{domain}/full': {
    get: {
      summary: 'Full raw crawl record of one domain.',
      description: `${unknownNote} (The seed does not show this answer for /full; we answer as the single lookup does.)`,
      tags: ['reference'],
      security: [{ bearer: [] }],
      parameters: [domainParam],
      responses: {
        '200': resp(
          'The full record, or the unknown shape.',
          { oneOf: [ref('FullRecord'), ref('DomainPolicyUnknown')] },
          true,
        ),
        ...invalidDomain(true),
        ...queueFull,
        ...keyedErrors(),
      },
    },
  },
  '/v1/search': {
    get: {
      summary: 'Search domains by name.',
      description: 'Domains whose name contains `q` (case-insensitive), ordered by rank (unranked last), then by name.',
      tags: ['reference'],
      security: [{ bearer: [] }],
      parameters: [
        {
          name: 'q',
          in: 'query',
          required: true,
          description: `Text to find in domain names, ${LIMITS.searchQMin} to 253 characters after trimming.`,
          schema: { type: 'string', minLength: LIMITS.searchQMin, maxLength: 253 },
        },
        { name: 'stance', in: 'query', required: false, schema: { type: 'string', enum: [...STANCES] } },
        {
          name: 'limit',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: LIMITS.searchLimitMax, default: LIMITS.searchLimitDefault },
        },
        {
          name: 'offset',
          in: 'query',
          required: false,
          description: 'Ours: at most 1,000,000.',
          schema: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
        },
      ],
      responses: {
        '200': resp('One page of results; `has_more` when further results exist.', ref('SearchResult'), true),
        '400': err(
          '`invalid_params`: q missing or too short, an unknown stance, limit or offset not a whole number in range, or a parameter given twice.',
          true,
        ),
        ...keyedErrors(),
      },
    },
  },
  '/v1/batch': batchPath('Policy summaries of several domains.'),
  '/v1/compare': batchPath('Alias of /v1/batch, identical behaviour (kept for backward compatibility).'),
};

function batchPath(summary: string): Obj {
  return {
    post: {
      summary,
      description: `${LIMITS.batchMin} to ${LIMITS.batchMax} entries; duplicates (after normalisation) are answered once, in first-seen order. Unknown domains are listed in \`not_found\`; they are queued as batch work, behind interactive lookups, as many as the key's budget of new domains a minute allows (CRAWL_NEW_PER_MINUTE, default ${DEFAULT_QUEUE_LIMITS.newPerClientPerMinute}) and only while the queue is below 90 % of its cap: the rest are listed but not queued, so ask for them again later. Split larger sets into chunks of ${LIMITS.batchMax}.`,
      tags: ['reference'],
      security: [{ bearer: [] }],
      requestBody: { required: true, content: json(ref('BatchRequest')) },
      responses: {
        '200': resp('Found domains in `domains`, the rest in `not_found`.', ref('BatchResult'), true),
        '400': err(
          `\`invalid_params\` (our code for the seed's "not shown"): \`domains\` missing, not an array, or outside ${LIMITS.batchMin} to ${LIMITS.batchMax} entries, or the body is not valid JSON. \`invalid_domain\`: an entry is not a valid domain; the message names it.`,
          true,
        ),
        ...bodyErrors(true),
        ...keyedErrors(),
      },
    },
  };
}
