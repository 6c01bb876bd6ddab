/**
 * The evidence the crawler gathers for one domain (docs/policy.md section 1) and the only
 * input of classify(). Raw responses, not interpretations: whether a file counts as "found"
 * is decided by the analysis, so one rule lives in one place. Pure types, no node:*.
 */
import type { NotRead } from '../../shared/schemas.js';

/**
 * A document the crawl fetched but did not read: its reading ran past the analysis budget or
 * its reader failed (docs/policy.md section 1). classify() reads the evidence without it and
 * tells it in basis.not_read, adding the note itself.
 */
export type DocumentNotRead = Omit<NotRead, 'note'>;

/** One request's outcome. Expected absence is a value (CONVENTIONS 5), never an exception. */
export type FetchResult = FetchResponse | FetchRefused | FetchFailed;

/** Any HTTP answer, whatever its status. */
export interface FetchResponse {
  kind: 'response';
  /** URL first requested. */
  url: string;
  /** URL of the answer after redirects. */
  finalUrl: string;
  status: number;
  /** Response headers, lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Content-Type header without parameters, lower-case, or null. */
  contentType: string | null;
  /** Body decoded as UTF-8 (invalid bytes replaced), up to the size cap. */
  body: string;
  /** Bytes received (before decoding), at most the cap. */
  bytes: number;
  /** True when the body was cut at the size cap. */
  truncated: boolean;
  /** Number of redirects followed (0 to 5). */
  redirects: number;
  /** Milliseconds from the start of the request to the end of the body. */
  elapsedMs: number;
}

/** The target was never fetched: the SSRF guard refused it, or robots.txt asked crawlers not to. */
export interface FetchRefused {
  kind: 'refused';
  url: string;
  /** For people: "127.0.0.1 is a loopback address", "redirect to a private address". */
  reason: string;
  /**
   * Set when robots.txt, not the SSRF guard, kept the crawler away (RFC 9309; only pages are
   * asked, never the policy files): `disallowed` when the site's rules for the crawler's own
   * token, or `*`, disallow the path (the site's request); `unreachable` when robots.txt gave
   * a server error or no answer, which section 2.3.1.4 reads as a complete disallow.
   */
  robots?: 'disallowed' | 'unreachable';
  /**
   * For `disallowed`: the rule that decided, so a record can name the line (docs/policy.md
   * introduction). `robotsUrl` is the robots.txt it came from (after a redirect to another
   * host, that host's); `agent` is the group that applied, the crawler's own token or `*`.
   */
  rule?: RobotsRuleRef;
}

/** One robots.txt rule, where it was read. */
export interface RobotsRuleRef {
  robotsUrl: string;
  /** 1-based line of the rule in that file. */
  line: number;
  /** The rule's pattern, as written (`/`, `/legal/`). */
  pattern: string;
  agent: string;
}

/** No usable HTTP answer. */
export interface FetchFailed {
  kind: 'failed';
  url: string;
  reason: 'dns' | 'connect' | 'timeout' | 'tls' | 'too_many_redirects' | 'bad_redirect' | 'protocol' | 'aborted';
  message: string;
  elapsedMs: number;
  /**
   * `unreachable`: a page that was not requested because robots.txt gave no answer (RFC 9309
   * section 2.3.1.4); reason and message are robots.txt's own failure.
   */
  robots?: 'unreachable';
}

/** Everything gathered for one domain. */
export interface Evidence {
  /** The normalised domain that was crawled. */
  domain: string;
  /** When the crawl started, ISO 8601 UTC. */
  fetchedAt: string;
  /** Origin the files were requested from (`https://domain`, or `http://domain` after the fallback); null when neither answered. */
  origin: string | null;
  /** GET / with an HTML Accept header. */
  homepage: FetchResult;
  /** GET /robots.txt */
  robots: FetchResult;
  /** GET /llms.txt */
  llms: FetchResult;
  /** GET /ai.txt */
  aiTxt: FetchResult;
  /** GET /.well-known/tdmrep.json */
  tdmrep: FetchResult;
  /** GET /.well-known/agents.json */
  agents: FetchResult;
  /** GET / with `Accept: text/markdown` (markdown for agents); found when 2xx text/markdown. */
  markdown: FetchResult;
  /**
   * The terms-of-service page: the link chosen from the homepage, or the usual place (/terms,
   * /terms-of-service, /legal, /tos) that read as terms when the homepage links none (absolute
   * URL); null when neither.
   */
  tosUrl: string | null;
  /** The terms page itself, null when there was no link to follow (or while it is pending). */
  tos: FetchResult | null;
  /**
   * The terms are still being fetched (the homepage's terms link, or the usual places tried when
   * it links none, then `tosUrl` is null until one is found): set only on the early
   * evidence a crawl hands out before it ends (EvidenceSource `onEarly`), never on stored
   * evidence. The terms decide no verdict (docs/policy.md sections 5 and 6), so an early
   * record has its final stance, verdicts and bots; only the terms' own fields wait.
   */
  tosPending?: true;
  /**
   * The RSL licence the site names (docs/policy.md section 15): robots.txt's `License:` line,
   * else the homepage's `<link rel="license" type="application/rsl+xml">`, else its `Link`
   * header (analysis/signals/rsl-discovery.ts findLicence); null when it names none. Absent
   * from evidence stored before licences were fetched (the analysis then finds the reference
   * itself and tells the licence as not fetched).
   */
  rslRef?: { url: string; via: 'robots_txt' | 'link' | 'header'; line: number | null; agents?: string[] } | null;
  /** GET of `rslRef.url` (a policy file: never gated, same guard and caps as the others); null when there is none. */
  rsl?: FetchResult | null;
  /** Rank from RANKLIST_CSV, null without a list or when the domain is not on it. */
  rank: number | null;
  /**
   * Documents given up on (the crawler's robots.txt gate or its homepage scan, or classify()
   * itself ran past the budget on them), one entry per file, in the order given up. Absent
   * when every document was read. Stored with the evidence, so a record read again by newer
   * rules reads the same documents.
   */
  notRead?: DocumentNotRead[];
}

/** What gathers evidence: the real crawler, or anything a test puts in its place. */
export interface EvidenceSource {
  /**
   * `onEarly` is called at most once, before the crawl ends, when everything but the terms page
   * is in and that page is still being fetched (the polite crawler reads robots.txt, then the
   * homepage, then the terms it links to, so the terms come last): the caller may answer with
   * the early evidence meanwhile.
   */
  crawl(domain: string, signal?: AbortSignal, onEarly?: (early: Evidence) => void): Promise<Evidence>;
}
