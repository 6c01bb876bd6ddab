/**
 * Shape checks for what the gateway sends, at the trust boundary (CONVENTIONS 6). The seed's
 * shapes and ours are checked by guards generated from shared/schemas.ts (wire-guards.ts, one
 * definition of each message), so zod stays out of the extension bundle (LIBRARIES: "schemas
 * in the extension"). The gateway's own /status is checked here.
 */
export {
  isAnnouncedRecord,
  isDomainPolicy,
  isFullRecord,
  isHistory,
  isRecheckResult,
  isUnknown,
} from './wire-guards.js';

/** GET /status of the gateway (our endpoint beyond the seed): the fields the extension reads. */
export interface GatewayStatus {
  mode: string;
  version: string;
  features: { preview: boolean };
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function isGatewayStatus(x: unknown): x is GatewayStatus {
  return (
    isObj(x) &&
    typeof x.mode === 'string' &&
    typeof x.version === 'string' &&
    isObj(x.features) &&
    typeof x.features.preview === 'boolean'
  );
}
