/**
 * Shape checks for what the gateway sends, at the trust boundary (CONVENTIONS 6). Hand-written
 * and shallow on purpose: zod stays out of the extension bundle (LIBRARIES: "schemas in the
 * extension"), and the UI only reads fields checked here or tolerates their absence.
 */
import type { RecheckResult } from '~~/shared/api.js';
import type { AnnouncedRecord, DomainPolicy, DomainPolicyUnknown, FullRecord, HistoryResponse } from '~~/shared/schemas.js';
import { DETAILS, PURPOSES, STANCES, USE_CASES, VERDICTS } from '~~/shared/values.js';

/** GET /status of the gateway (our endpoint beyond the seed). */
export interface GatewayStatus {
  mode: string;
  version: string;
  features: { preview: boolean };
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const oneOf = (set: readonly string[], x: unknown) => isStr(x) && set.includes(x);
const strArray = (x: unknown) => Array.isArray(x) && x.every(isStr);
const useCases = (x: unknown) => isObj(x) && USE_CASES.every((k) => oneOf(VERDICTS, x[k]));

export function isUnknown(x: unknown): x is DomainPolicyUnknown {
  return isObj(x) && isStr(x.domain) && x.found === false;
}

export function isDomainPolicy(x: unknown): x is DomainPolicy {
  if (isUnknown(x)) return true;
  return (
    isObj(x) &&
    isStr(x.domain) &&
    x.found === true &&
    oneOf(STANCES, x.stance) &&
    oneOf(DETAILS, x.detail) &&
    useCases(x.use_cases) &&
    isObj(x.bots) &&
    strArray(x.bots.blocked) &&
    strArray(x.bots.allowed) &&
    isObj(x.signals) &&
    isObj(x.site) &&
    isStr(x.last_updated)
  );
}

export function isFullRecord(x: unknown): x is FullRecord {
  return (
    isObj(x) &&
    isStr(x.domain) &&
    oneOf(STANCES, x.ai_stance) &&
    isObj(x.all_bots) &&
    Object.values(x.all_bots).every(isObj) &&
    isObj(x.ai_bots) &&
    (x.robots_txt === null || isStr(x.robots_txt)) &&
    Array.isArray(x.explanations) &&
    x.explanations.every(isObj) &&
    Array.isArray(x.conflicts) &&
    Array.isArray(x.warnings)
  );
}

const purposeVerdict = (x: unknown) => isObj(x) && (x.allowed === null || typeof x.allowed === 'boolean') && strArray(x.source);

export function isAnnouncedRecord(x: unknown): x is AnnouncedRecord {
  return isObj(x) && isStr(x.domain) && isObj(x.purposes) && PURPOSES.every((k) => purposeVerdict((x.purposes as Obj)[k]));
}

export function isHistory(x: unknown): x is HistoryResponse {
  return isObj(x) && isStr(x.domain) && Array.isArray(x.entries) && (x.entries as unknown[]).every((e) => isObj(e) && strArray(e.changes));
}

export function isRecheckResult(x: unknown): x is RecheckResult {
  return isObj(x) && isStr(x.domain) && typeof x.accepted === 'boolean' && typeof x.retry_after === 'number' && x.retry_after >= 0;
}

export function isGatewayStatus(x: unknown): x is GatewayStatus {
  return isObj(x) && isStr(x.mode) && isStr(x.version) && isObj(x.features) && typeof x.features.preview === 'boolean';
}
