/**
 * POST /v1/check in the OpenAPI document (ours, beyond the seed): its body, answer, statuses
 * and every choice made for it. Merged by build.ts like the announced surface's paths.
 */
import type { z } from 'zod';
import {
  CHECK_MAX_URLS,
  CHECK_URL_MAX,
  CheckRequestSchema,
  CheckResponseSchema,
  CheckResultSchema,
} from '../../../shared/check-api.js';
import { DEFAULT_QUEUE_LIMITS } from '../api.js';
import { MAX_WAIT_S } from '../../lib/http/prefer.js';
import { RATE_LIMIT_HEADERS, jsonResponse, ref } from './components.js';

export const CHECK_COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  CheckRequest: CheckRequestSchema,
  CheckResult: CheckResultSchema,
  CheckResponse: CheckResponseSchema,
};

type Obj = Record<string, unknown>;
const answer = (description: string, schema: Obj, extra: string[] = []): Obj =>
  jsonResponse(description, schema, [...RATE_LIMIT_HEADERS, ...extra]);
const failure = (description: string, extra: string[] = []): Obj => answer(description, ref('ErrorObject'), extra);

const DESCRIPTION = `Ours: may this bot, or this use case, have these URLs, and which line or field says so? For AI builders deciding per URL what their crawler may fetch and use.

Body: \`bot\` (an AI bot of the catalogue, robots.txt token in any case, or \`*\` for a crawler no robots.txt group names; a token the catalogue does not know, or a known bot that is not an AI bot, is 400), \`use\` (\`training\`, \`search\` or \`inference\`), or both; and 1 to ${CHECK_MAX_URLS} absolute http or https URLs (at most ${CHECK_URL_MAX} characters each) of any number of domains.

Each URL is judged from its domain's record, by the same function the browser extension's "This page" uses (shared/url-check), for the path and query a crawler would request (dot segments resolved):
- with \`bot\`: robots.txt's rules for it (the groups naming it, merged; else the \`*\` groups; RFC 9309: longest match, allow on a tie, \`*\` and \`$\`, percent-encoding normalised, /robots.txt always allowed);
- with \`use\` too (default: the bot's own purpose; agents count as inference): the usage signals for that use that speak for the path, most restrictive first: Content-Signal / Content-Usage lines of robots.txt (the \`*\` group's, or outside any group, or the homepage's header: for every bot; a named group's: for its bots; a leading path scopes a line), TDMRep (the homepage's \`tdm-reservation\` header or meta tag, else tdmrep.json's first rule whose location matches the path: 1 is no, 0 is yes; training only), the homepage's \`noai\` tags and ai.txt's rules for \`*\` (a disallowed path is a training no). A no blocks whatever robots.txt says; a yes makes an allowed answer explicit;
- with \`use\` alone: its key bots (docs/policy.md section 3), as for the site's verdict: \`blocked\` when every key bot is refused the URL, \`partial\` when some are (\`bots\` names each), \`allowed\` otherwise.

\`unknown\` says why in \`reason\`: \`not_in_registry\` (the domain is queued as batch work within the key's budget of new domains a minute, CRAWL_NEW_PER_MINUTE, default ${DEFAULT_QUEUE_LIMITS.newPerClientPerMinute}, and only while the queue is below 90 % of its cap: \`queued\` says whether it was; ask again later), \`robots_unreadable\` (robots.txt answered 401/403/429, a challenge page, a server error or nothing, and no usage signal decided), \`rules_truncated\` (the site's rules are too many to keep, over 1,000 rules or 32 KiB of patterns), \`no_url_rules\` (a record stored before per-URL signals were kept, of a site that has such signals; its next check brings them), \`other_port\` (a port other than the scheme's: robots.txt is per origin and the registry holds the default port's).

\`Prefer: wait=N\` (RFC 7240, at most ${MAX_WAIT_S} s) holds the answer while domains it queued are analysed, answered the moment they all are (or after N seconds), with \`Preference-Applied: wait=N\`; every answer says \`Vary: Prefer\`.

Limits: the request counts once per distinct domain among its URLs (1,000 URLs of one site count as one lookup), admitted while every window has room for one; the body is read before it is counted, and a refused body counts once.`;

export const CHECK_PATHS: Obj = {
  '/v1/check': {
    post: {
      summary: 'May this bot, or this use, have these URLs (ours)?',
      description: DESCRIPTION,
      tags: ['reference'],
      security: [{ bearer: [] }],
      parameters: [
        {
          name: 'Prefer',
          in: 'header',
          required: false,
          description: `RFC 7240 \`wait=N\`: hold the answer up to N seconds (at most ${MAX_WAIT_S}) while domains not in the registry are analysed.`,
          schema: { type: 'string', examples: ['wait=10'] },
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: ref('CheckRequest') } } },
      responses: {
        '200': answer(
          'One result per URL, in request order. After a wait asked with `Prefer`, also `Preference-Applied: wait=N`.',
          ref('CheckResponse'),
        ),
        '400': failure(
          "`invalid_params`: the body is not a JSON object, a field is unknown, neither `bot` nor `use` is given, `bot` is not an AI bot of the catalogue (nor `*`), `use` is not a use case, `urls` is not an array of 1 to 1,000 strings, or an entry is not an absolute http or https URL of at most 2,048 characters (or carries a user name or password). `invalid_domain`: an entry's host is not a valid domain (an IP address, a single label). The message names the field or entry (`urls[3]: ...`).",
        ),
        '401': jsonResponse(
          '`unauthorized`: the API key is missing or unknown. No rate-limit headers (no key).',
          ref('ErrorObject'),
          ['WWW-Authenticate'],
        ),
        '413': failure(
          "`payload_too_large`: the body is larger than 2,200 KiB (this endpoint's own cap: 1,000 URLs of the longest length).",
        ),
        '415': failure('`unsupported_media_type`: the body is not `application/json`.'),
        '429': failure('`rate_limit_exceeded` with `retry_after` and `limit_type`: a window of the key is full.', [
          'Retry-After',
        ]),
        '500': failure('`internal_error`: the server failed; details are logged, never sent.'),
      },
    },
  },
};
