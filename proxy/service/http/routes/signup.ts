/**
 * POST /v1/auth/signup (seed "Authentication"): an e-mail in, a key out, shown once.
 * Our choices where the seed says "not shown": 201 Created, 400 invalid_email, and the 4th
 * signup from one client address in a UTC day is 429 rate_limit_exceeded, limit_type "day".
 */
import { Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { LIMITS } from '../../../../shared/values.js';
import type { SignupResponse } from '../../../../shared/schemas.js';
import type { Clock } from '../../../lib/clock.js';
import type { LimitType } from '../../../../shared/values.js';
import { HttpError } from '../../../lib/http-error.js';
import type { ApiKeys } from '../../auth/api-keys.js';
import { secondsUntil, windowAt } from '../../limits/windows.js';
import { parseEmail } from '../email.js';
import { methodNotAllowed } from '../errors.js';
import { jsonBody, requireJson } from '../security.js';

export function signupRouter(keys: ApiKeys, limits: Readonly<Record<LimitType, number>>, clock: Clock): Router {
  const router = Router();
  router
    .route('/signup')
    .post(requireJson, jsonBody(), async (req, res) => {
      const now = clock.now();
      // req.ip honours TRUST_PROXY as a hop count (express `trust proxy`). One IPv6 client
      // holds a whole /56 (LIBRARIES "inbound limits"), so the limit counts per /56, not per address.
      const ip = ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      const day = windowAt('day', now);
      if ((await keys.signupsFrom(ip, day.start)) >= LIMITS.signupsPerDay) {
        throw new HttpError(
          429,
          'rate_limit_exceeded',
          `At most ${LIMITS.signupsPerDay} signups a day from one address.`,
          {
            retryAfter: secondsUntil(day.reset, now),
            limitType: 'day',
          },
        );
      }
      const parsed = parseEmail((req.body as { email?: unknown } | undefined)?.email);
      if (!parsed.ok) throw new HttpError(400, 'invalid_email', parsed.message);
      const body: SignupResponse = {
        api_key: await keys.create(parsed.email, ip, now),
        email: parsed.email,
        limits: { per_minute: limits.minute, per_day: limits.day, per_month: limits.month },
        message: 'Store this API key securely: it is shown only once and cannot be recovered.',
      };
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json(body);
    })
    .all(methodNotAllowed('POST'));
  return router;
}
