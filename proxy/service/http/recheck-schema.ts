/** POST /v1/domain/{domain}/recheck's answer (ours: "Check again"): defined once, in shared/schemas.ts. */
export { RecheckResultSchema } from '../../../shared/schemas.js';
