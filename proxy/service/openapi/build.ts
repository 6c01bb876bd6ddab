/**
 * Builds the OpenAPI 3.1 document served at /openapi.json. The committed file
 * (proxy/service/openapi.json) is this function's output, written by `write.ts`; a test checks
 * they are equal, that every route the app serves is documented, and that real responses
 * validate against the documented schemas.
 */
import { ERROR_CODES, LIMITS } from '../../../shared/values.js';
import { SERVICE_VERSION } from '../version.js';
import { COMPONENT_SCHEMAS, HEADERS, schemaComponents } from './components.js';
import { PREVIEW_COMPONENT_SCHEMAS, previewOpenApi } from './preview-paths.js';
import { REFERENCE_PATHS } from './paths.js';
import { CHECK_COMPONENT_SCHEMAS, CHECK_PATHS } from './check-path.js';

const DESCRIPTION = `The AI-Policy Lookup Service: what machine-readable AI-access policy a domain publishes.
Beta: endpoints and response shapes may change.

Every endpoint except signup, /health and /openapi.json needs \`Authorization: Bearer <API_KEY>\`.
Limits per key, counted across /v1 and /preview/v1: ${LIMITS.perMinute} a minute (window on the UTC minute), ${LIMITS.perDay.toLocaleString('en')} a day (midnight UTC), ${LIMITS.perMonth.toLocaleString('en')} a month (1st, UTC).

Every error is \`{error, message}\`, plus \`retry_after\` and \`limit_type\` for 429. Codes: ${ERROR_CODES.join(', ')}.
Ours where the seed says "not shown": 201 for signup, 200 for every other success;
\`invalid_email\` (400) and \`rate_limit_exceeded\` with \`limit_type: day\` (429) for signup failures;
\`invalid_params\` (400) for a batch outside ${LIMITS.batchMin}-${LIMITS.batchMax} entries; \`not_found\` (404), \`method_not_allowed\` (405),
\`payload_too_large\` (413, bodies over 64 KiB; 2,200 KiB for /v1/check), \`unsupported_media_type\` (415) for requests no endpoint takes;
unknown domains answer exactly \`{domain, found: false, queued: true}\` on every lookup endpoint,
or \`queue_full\` (503, with \`retry_after\`) when the crawl queue holds its cap;
\`storage_unavailable\` (503, with \`retry_after\`) on any path while the service's database does not answer;
monthly headers X-RateLimit-Limit-Month and X-RateLimit-Remaining-Month; site facts that are unknown are null.`;

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'AI-Policy Lookup Service', version: SERVICE_VERSION, description: DESCRIPTION },
    servers: [{ url: 'http://127.0.0.1:8788', description: 'npm run service (HOST, PORT)' }],
    tags: [
      { name: 'reference', description: 'The reference surface of the seed interface.' },
      { name: 'preview', description: 'The announced launch surface, served under /preview/v1.' },
      { name: 'operations', description: 'Ours: health and this document.' },
    ],
    paths: { ...REFERENCE_PATHS, ...CHECK_PATHS, ...previewOpenApi.paths },
    components: {
      // One registry for both surfaces, so shared shapes are one component referenced by both.
      schemas: schemaComponents({ ...COMPONENT_SCHEMAS, ...CHECK_COMPONENT_SCHEMAS, ...PREVIEW_COMPONENT_SCHEMAS }),
      headers: HEADERS,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key from POST /v1/auth/signup.' },
      },
    },
  };
}

/** The committed file's exact text. */
export const serializeOpenApi = (): string => JSON.stringify(buildOpenApiDocument(), null, 2) + '\n';
