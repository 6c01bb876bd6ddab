/**
 * POST /v1/check (service and gateway) and `npm run check`: may this bot, or this use case, have
 * these URLs? The request's rules and the answer's shape, defined once. zod, so server side only,
 * as shared/params.ts; the judgement itself is shared/url-check (which the extension uses too).
 */
import { z } from 'zod';
import { botByToken, useCaseOf } from './bots.js';
import { parseDomain, type Domain } from './domain.js';
import type { ParamsCheck } from './params.js';
import { DecidingSignalSchema, TimestampSchema } from './schemas.js';
import { URL_REASONS, type UrlQuestion } from './url-check/judge.js';
import { USE_CASES, type UseCase } from './values.js';

/** URLs per request: a crawler's frontier batch; the answer stays a few hundred KiB. */
export const CHECK_MAX_URLS = 1000;
/** Longest URL taken (the sitemaps protocol's bound). */
export const CHECK_URL_MAX = 2048;
/** The body cap of this endpoint: 1,000 URLs of the longest length and the JSON around them. */
export const CHECK_BODY_LIMIT = '2200kb';

// ---------------------------------------------------------------- request

export const CheckRequestSchema = z.strictObject({
  bot: z
    .string()
    .optional()
    .describe(
      'An AI bot of the catalogue (robots.txt token, any case), or `*` for a crawler no robots.txt group names.',
    ),
  use: z
    .enum(USE_CASES)
    .optional()
    .describe("A use case; with `bot`, the usage signals for it count too. Default: the bot's own purpose."),
  urls: z
    .array(z.string().max(CHECK_URL_MAX))
    .min(1)
    .max(CHECK_MAX_URLS)
    .describe(`1 to ${CHECK_MAX_URLS} absolute http or https URLs, of any number of domains.`),
});

/** One URL of a request, parsed. */
export interface CheckUrl {
  /** As sent, echoed in the answer. */
  url: string;
  domain: Domain;
  /** Path and query, as a crawler requests them (WHATWG URL: dot segments resolved). */
  path: string;
  /** A port other than the scheme's: robots.txt is per origin (RFC 9309 section 2.3), the registry holds the default port's. */
  otherPort: boolean;
}

export interface CheckRequest {
  /** The catalogue token as its operator writes it, or `*`; null when only a use case is asked. */
  bot: string | null;
  /** The use case judged: the one asked, or the bot's own purpose (null for a bot of no use case). */
  use: UseCase | null;
  question: UrlQuestion;
  urls: CheckUrl[];
  /** Each URL's domain once, in first-seen order: what is read, queued and counted. */
  domains: Domain[];
}

const problem = (code: 'invalid_params' | 'invalid_domain', message: string): ParamsCheck<never> => ({
  ok: false,
  code,
  message,
});
const shown = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).slice(0, 100);

/** `urls[3]`, `bot`: where a zod issue points. */
const where = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');

function shapeProblem(issue: z.core.$ZodIssue, body: unknown): ParamsCheck<never> {
  const name = where(issue.path);
  if (issue.code === 'unrecognized_keys')
    return problem('invalid_params', `${issue.keys[0]}: unknown field; give bot, use and urls.`);
  if (name === '')
    return problem(
      'invalid_params',
      'Send a JSON object such as {"bot": "GPTBot", "use": "training", "urls": ["https://example.com/page"]}.',
    );
  if (name === 'use')
    return problem(
      'invalid_params',
      `use: expected one of ${USE_CASES.join(', ')}, got "${shown((body as { use: unknown }).use)}".`,
    );
  if (name === 'urls')
    return problem('invalid_params', `urls: give 1 to ${CHECK_MAX_URLS} URLs as an array of strings.`);
  if (name.startsWith('urls['))
    return problem('invalid_params', `${name}: expected a URL of at most ${CHECK_URL_MAX} characters.`);
  return problem('invalid_params', `${name}: expected a string.`);
}

/** The bot asked for: a catalogue AI bot or `*`, else a 400 that says why. */
function botOf(value: string): ParamsCheck<{ token: string; purpose: UseCase | null }> {
  const v = value.trim();
  if (v === '*') return { ok: true, value: { token: '*', purpose: null } };
  const bot = botByToken(v);
  if (!bot)
    return problem(
      'invalid_params',
      `bot: "${shown(v)}" is not an AI bot this service knows; give its robots.txt token (such as GPTBot), or * for a crawler no robots.txt group names.`,
    );
  if (!bot.is_ai_bot)
    return problem(
      'invalid_params',
      `bot: ${bot.token} is not an AI bot; this service answers for AI bots and for * (a crawler no group names).`,
    );
  return { ok: true, value: { token: bot.token, purpose: useCaseOf(bot.purpose) } };
}

/** One URL to judge (an entry of `urls`, named `name` in messages): an absolute http(s) URL whose host is a domain. */
export function checkUrl(value: string, name: string): ParamsCheck<CheckUrl> {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return problem('invalid_params', `${name}: "${shown(value)}" is not an absolute URL.`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return problem('invalid_params', `${name}: "${shown(value)}" is not an http or https URL.`);
  if (u.username !== '' || u.password !== '')
    return problem('invalid_params', `${name}: send the URL without a user name or password.`);
  const d = parseDomain(u.hostname);
  if (!d.ok)
    return problem('invalid_domain', `${name}: the host of "${shown(value)}" is not a valid domain: ${d.message}`);
  return { ok: true, value: { url: value, domain: d.domain, path: u.pathname + u.search, otherPort: u.port !== '' } };
}

/** The question: a bot, a use case, or both (the use defaults to the bot's own purpose). */
export function checkQuestion(
  bot: string | undefined,
  use: string | undefined,
): ParamsCheck<Pick<CheckRequest, 'bot' | 'use' | 'question'>> {
  if (bot === undefined && use === undefined)
    return problem('invalid_params', 'Give bot, use or both: which crawler, or which use of the pages, to judge.');
  if (use !== undefined && !(USE_CASES as readonly string[]).includes(use))
    return problem('invalid_params', `use: expected one of ${USE_CASES.join(', ')}, got "${shown(use)}".`);
  const asked = bot === undefined ? null : botOf(bot);
  if (asked && !asked.ok) return asked;
  const b = asked?.value ?? null;
  const judged = (use as UseCase | undefined) ?? b?.purpose ?? null;
  return {
    ok: true,
    value: { bot: b?.token ?? null, use: judged, question: { token: b ? b.token.toLowerCase() : null, use: judged } },
  };
}

/** The request body, checked: every problem is a 400 whose message names the field or entry. */
export function checkCheckBody(body: unknown): ParamsCheck<CheckRequest> {
  const r = CheckRequestSchema.safeParse(body);
  if (!r.success) return shapeProblem(r.error.issues[0]!, body);
  const q = checkQuestion(r.data.bot, r.data.use);
  if (!q.ok) return q;
  const urls: CheckUrl[] = [];
  const domains = new Set<Domain>();
  for (let i = 0; i < r.data.urls.length; i++) {
    const one = checkUrl(r.data.urls[i]!, `urls[${i}]`);
    if (!one.ok) return one;
    urls.push(one.value);
    domains.add(one.value.domain);
  }
  return { ok: true, value: { ...q.value, urls, domains: [...domains] } };
}

// ---------------------------------------------------------------- answer

/** Why an answer is `unknown`, beside the judgement's own reasons (shared/url-check/judge.ts). */
export const CHECK_REASONS = [...URL_REASONS, 'not_in_registry', 'other_port', 'source_unavailable'] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

export const CheckResultSchema = z.object({
  url: z.string().describe('As sent.'),
  domain: z.string().describe('Its host, normalised as lookups normalise it.'),
  verdict: z
    .enum(['allowed', 'blocked', 'partial', 'unknown'])
    .describe('`partial` only for a use case asked without a bot: some of its key bots are refused this URL, not all.'),
  decided_by: DecidingSignalSchema.nullable().describe(
    'The robots.txt line, TDMRep rule, ai.txt rule, Content-Signal / Content-Usage line or tag that decided; null when nothing speaks for the URL (allowed) or the verdict is unknown.',
  ),
  explicit: z
    .boolean()
    .describe('`allowed` said in so many words: a usage signal yes, or an Allow line of a group naming the bot.'),
  reason: z.enum(CHECK_REASONS).nullable().describe('Why the verdict is unknown; null otherwise.'),
  bots: z
    .record(z.string(), z.enum(['allowed', 'blocked']))
    .optional()
    .describe("A use case without a bot: each key bot's answer for this URL."),
  found: z
    .boolean()
    .describe(
      'The domain is in the registry (false too when the gateway could not ask its source: `source_unavailable`).',
    ),
  queued: z
    .boolean()
    .optional()
    .describe(
      'Present when the domain is not in the registry (`not_in_registry`): whether the domain was queued for analysis (not when the key has queued its budget of new domains this minute).',
    ),
  last_updated: TimestampSchema.nullable().describe(
    'The crawl the answer comes from; null when the domain is not in the registry.',
  ),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckResponseSchema = z.object({
  bot: z.string().nullable().describe('The bot judged, as its operator writes its token, or `*`.'),
  use: z
    .enum(USE_CASES)
    .nullable()
    .describe(
      "The use case judged: the one asked, or the bot's own purpose; null for a bot of no use case (robots.txt alone then).",
    ),
  results: z.array(CheckResultSchema).describe('One per URL, in request order.'),
});
export type CheckResponse = z.infer<typeof CheckResponseSchema>;
