/**
 * The service's answers while its database does not answer (store/availability.ts): 503
 * `storage_unavailable` naming the database and the cause, with `retry_after`, at once and
 * without touching the database while it is known to be down, and instead of a 500 for a
 * request that met the outage first. Nothing is logged per request: the availability watch
 * logs the outage once, and its end once.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from '../../lib/http-error.js';
import { OUTAGE_RETRY_S, type StoreAvailability } from '../store/availability.js';

export function storeUnavailable(database: string, cause: string): HttpError {
  return new HttpError(
    503,
    'storage_unavailable',
    `The service's database (${database}) is not answering: ${cause}. Ask again in ${OUTAGE_RETRY_S} seconds.`,
    {
      retryAfter: OUTAGE_RETRY_S,
    },
  );
}

/** Before the routes that need the database: while it is down, 503 at once. */
export function storeGate(availability: StoreAvailability | undefined): RequestHandler {
  return (_req, _res, next) => {
    const down = availability?.outage;
    if (down) throw storeUnavailable(down.database, down.cause);
    next();
  };
}

/** Before the error handler: an error saying the database cannot be reached becomes the 503. */
export function storeErrors(availability: StoreAvailability | undefined): ErrorRequestHandler {
  return (err: unknown, _req, _res, next) => {
    const cause = availability?.report(err) ?? null;
    next(cause === null ? err : storeUnavailable(availability!.database, cause));
  };
}
