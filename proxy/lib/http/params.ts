/**
 * The request-parameter rules live once in shared/params.ts and answer a plain
 * result; both servers turn a failure into the seed's 400 error object here.
 */
import type { ParamsCheck } from '../../../shared/params.js';
import { HttpError } from '../http-error.js';

/** The checked value, or a 400 HttpError with the rule's code (`invalid_params`, `invalid_domain`) and message. */
export function checked<T>(r: ParamsCheck<T>): T {
  if (!r.ok) throw new HttpError(400, r.code, r.message);
  return r.value;
}
