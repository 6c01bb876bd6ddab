/** The batch result builder lives in shared/batch-result.ts (one builder for service and gateway); kept here for the gateway's imports. */
export { toBatchItem, toBatchResult } from '../../shared/batch-result.js';
