/** The seed's error object for every failure: one handler, shared with the gateway (proxy/lib/http/errors.ts). */
export { errorHandler, methodNotAllowed, notFound } from '../../lib/http/errors.js';
