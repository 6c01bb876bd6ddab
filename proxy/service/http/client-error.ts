/** The JSON answer to requests Node's parser refuses, shared with the gateway (proxy/lib/http). */
export { jsonClientErrors } from '../../lib/http/client-error.js';
