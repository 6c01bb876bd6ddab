/**
 * The raw signals of a crawl (announced surface `GET /v1/signals/{domain}`): what each file's
 * server answered, the homepage's policy headers and meta tags and what the terms say (of AI use
 * and of automated access, each with its deciding clause and section), without
 * interpretation. Built once when a crawl is stored (indexPolicy), so reading it is one row.
 * Pure.
 */
import type { Evidence, FetchResult } from '../../analysis/evidence.js';
import type { FullRecordBody } from '../../../shared/schemas.js';
import type { SignalFile, SignalsResponse } from './schemas.js';

function file(r: FetchResult): SignalFile {
  switch (r.kind) {
    case 'response':
      return {
        url: r.url,
        final_url: r.finalUrl,
        outcome: 'response',
        status: r.status,
        content_type: r.contentType,
        size: r.bytes,
        truncated: r.truncated,
        body: r.body,
        error: null,
      };
    case 'refused':
      return { ...absent(r.url, 'refused'), error: r.reason };
    case 'failed':
      return { ...absent(r.url, 'failed'), error: `${r.reason}: ${r.message}` };
  }
}

const absent = (url: string, outcome: 'refused' | 'failed'): SignalFile => ({
  url,
  final_url: null,
  outcome,
  status: null,
  content_type: null,
  size: null,
  truncated: false,
  body: null,
  error: null,
});

export function buildSignals(
  evidence: Evidence,
  full: Pick<
    FullRecordBody,
    | 'headers'
    | 'meta_tags'
    | 'tos_url'
    | 'tos_excerpt'
    | 'tos_ai_stance'
    | 'tos_ai_section'
    | 'tos_automated_access'
    | 'tos_automated_access_excerpt'
    | 'tos_automated_access_section'
  >,
  auditId: string,
  crawledAt: string,
): SignalsResponse {
  const home = file(evidence.homepage);
  return {
    domain: evidence.domain,
    audit_id: auditId,
    crawled_at: crawledAt,
    origin: evidence.origin,
    files: {
      robots_txt: file(evidence.robots),
      llms_txt: file(evidence.llms),
      ai_txt: file(evidence.aiTxt),
      tdmrep: file(evidence.tdmrep),
      agents_json: file(evidence.agents),
    },
    // The homepage body (up to 1 MiB of HTML) is not a signal; its relevant headers and meta are.
    homepage: {
      url: home.url,
      final_url: home.final_url,
      outcome: home.outcome,
      status: home.status,
      headers: { ...full.headers },
      meta_tags: { ...full.meta_tags },
    },
    terms: {
      url: evidence.tosUrl ?? full.tos_url,
      status: evidence.tos?.kind === 'response' ? evidence.tos.status : null,
      excerpt: full.tos_excerpt,
      ai_stance: full.tos_ai_stance,
      ai_section: full.tos_ai_section ?? null,
      // A record from a foreign upstream may lack the automated-access fact: then it is unknown.
      automated_access: full.tos_automated_access ?? 'unknown',
      automated_access_excerpt: full.tos_automated_access_excerpt ?? null,
      automated_access_section: full.tos_automated_access_section ?? null,
    },
  };
}
