/**
 * Strict HTTP/1.1 message rules, for both servers, checked before anything else reads the
 * request (mounted after the security headers, so every refusal carries them):
 *
 * - Only HTTP/1.x: Node's parser accepts a request line saying `HTTP/2.0`, which is no HTTP/2
 *   (that has no request line); 505 HTTP Version Not Supported (RFC 9110 section 15.6.6).
 * - Exactly one Host: RFC 9112 section 3.2 requires a 400 for more than one Host field line
 *   (Node keeps the first and drops the rest, so two could name different servers).
 * - `Expect` other than 100-continue: 417 (RFC 9110 section 10.1.1); server.ts hands these
 *   requests to the app, so the answer is the error object rather than Node's bare 417.
 * - `Upgrade`: neither server switches protocols, and RFC 9110 section 7.8 lets a server
 *   ignore the header, so such a request is answered as any other, then the connection closes
 *   (Node's parser treats what follows an upgrade request as another protocol's bytes). Its
 *   body cannot be read when chunked (the parser stops at the headers; the request would wait
 *   for a body that never comes until the request timeout), so that one is refused 400 at once.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.js';

const CLOSE = { headers: { Connection: 'close' } };
const CONTINUE = /^\s*100-continue\s*$/i;

/** Host field lines in the raw headers (names and values alternate). */
function hostLines(raw: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') n++;
  return n;
}

export const strictHttp: RequestHandler = (req, res, next) => {
  if (req.httpVersionMajor !== 1) {
    throw new HttpError(505, 'invalid_params', `HTTP/${req.httpVersion} is not supported here; send HTTP/1.1.`, CLOSE);
  }
  if (hostLines(req.rawHeaders) > 1)
    throw new HttpError(400, 'invalid_params', 'Send one Host header, not several.', CLOSE);
  const expect = req.headers.expect;
  if (expect !== undefined && !CONTINUE.test(expect)) {
    throw new HttpError(
      417,
      'invalid_params',
      'The only expectation this server meets is Expect: 100-continue.',
      CLOSE,
    );
  }
  if (req.headers.upgrade !== undefined) {
    if (req.headers['transfer-encoding'] !== undefined) {
      throw new HttpError(
        400,
        'invalid_params',
        'A request asking for Upgrade cannot have a chunked body here; send it without Upgrade or with Content-Length.',
        CLOSE,
      );
    }
    res.setHeader('Connection', 'close');
  }
  next();
};
