/**
 * `/.well-known/agents.json`. Two shapes are published under that name:
 * - `wildcard`: Wildcard's agents.json specification (github.com/wild-card-ai/agents-json):
 *   `{ "agentsJson": "0.1.0", "info": {...}, "sources": [...], "flows": [...] }`, OpenAPI-based
 *   flows an agent may run;
 * - `site_manifest`: the site capability/policy manifest (github.com/LeonTing1010/agents-json,
 *   draft-car-agents-txt-wellknown): `{ "version", "name", "description", "data": [...],
 *   "actions": [...], "policies": { "automation_allowed", "rate_limit", ... } }`, and the
 *   variant listing agents in an `"agents": [...]` array.
 * docs/policy.md section 1: found = 2xx and a valid JSON object, whatever the shape.
 */
import type { FetchResult } from '../evidence.js';
import { parseJson, successfulResponse } from './response.js';

export type AgentsJsonShape = 'wildcard' | 'site_manifest' | 'agents_list' | 'other';

export interface AgentsJsonSummary {
  /** `agentsJson` or `version`, when a string. */
  version: string | null;
  /** `info.title` or `name`. */
  title: string | null;
  /** Wildcard: flows; manifest: actions; list: agents. */
  entries: number;
  /** Wildcard: sources; manifest: data endpoints. */
  sources: number;
  /** Manifest `policies.automation_allowed`, when a boolean. */
  automationAllowed: boolean | null;
}

export interface AgentsJsonResult {
  found: boolean;
  shape: AgentsJsonShape | null;
  summary: AgentsJsonSummary | null;
  /** Why it is not found, for people. */
  problem: string | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null);
const count = (v: unknown): number => (Array.isArray(v) ? v.length : isObj(v) ? Object.keys(v).length : 0);

/** Which published shape an agents.json object has. */
export function agentsJsonShape(o: Obj): AgentsJsonShape {
  if ('agentsJson' in o || ('flows' in o && 'sources' in o)) return 'wildcard';
  if (Array.isArray(o['agents'])) return 'agents_list';
  if (
    ['policies', 'actions', 'data', 'capabilities', 'endpoints'].some((k) => k in o) ||
    (str(o['name']) !== null && str(o['version']) !== null)
  )
    return 'site_manifest';
  return 'other';
}

function summarise(o: Obj, shape: AgentsJsonShape): AgentsJsonSummary {
  const info = isObj(o['info']) ? o['info'] : {};
  const policies = isObj(o['policies']) ? o['policies'] : {};
  const allowed = policies['automation_allowed'];
  switch (shape) {
    case 'wildcard':
      return {
        version: str(o['agentsJson']),
        title: str(info['title']),
        entries: count(o['flows']),
        sources: count(o['sources']),
        automationAllowed: null,
      };
    case 'agents_list':
      return {
        version: str(o['version']),
        title: str(o['name']),
        entries: count(o['agents']),
        sources: 0,
        automationAllowed: typeof allowed === 'boolean' ? allowed : null,
      };
    default:
      return {
        version: str(o['version']),
        title: str(o['name']) ?? str(info['title']),
        entries: count(o['actions'] ?? o['capabilities']),
        sources: count(o['data'] ?? o['endpoints']),
        automationAllowed: typeof allowed === 'boolean' ? allowed : null,
      };
  }
}

/** Reads GET /.well-known/agents.json. Never throws. */
export function analyzeAgentsJson(result: FetchResult | null): AgentsJsonResult {
  const r = successfulResponse(result);
  if (r === null) return { found: false, shape: null, summary: null, problem: 'no 2xx answer' };
  const parsed = parseJson(r.body);
  if (!parsed.ok) return { found: false, shape: null, summary: null, problem: 'not valid JSON' };
  if (!isObj(parsed.value)) return { found: false, shape: null, summary: null, problem: 'not a JSON object' };
  const shape = agentsJsonShape(parsed.value);
  return { found: true, shape, summary: summarise(parsed.value, shape), problem: null };
}
