/**
 * The gateway's own web page (web/, served by routes/web.ts) calling the gateway, and why that
 * opens nothing to other sites' pages.
 *
 * The access guard (security.ts step 4) wants the header `X-AI-Policy-Lens: 1` on every request:
 * a page of another site cannot send it without a CORS preflight, which cors refuses, so it
 * cannot make a local gateway spend its upstream key (a "drive-by" request). That is also why a
 * browser opening `/` got 403: a navigation sends no such header.
 *
 * - The page itself (HTML, scripts, styles) is static: serving it needs no header, and it looks
 *   nothing up. It runs only on the gateway's own origin (Host guard) and cannot be framed
 *   (frame-ancestors 'none'). A link to `/site/{domain}` from anywhere makes that page look the
 *   domain up once, as a person clicking it wants, within the per-client limits.
 * - Its reads are same-origin: they carry the custom header like the extension's, with no
 *   preflight and no Origin (a browser sends Origin on a same-origin GET only rarely, and
 *   then it is the gateway's own), so they pass the guards unchanged.
 * - Its POST ("Check again") carries `Origin`, the gateway's own. cors would refuse that origin
 *   (it is no extension's), so a request is recognised as the page's own, and cors left out for
 *   it, when its Origin is exactly this server's origin, scheme and Host, the Host having passed
 *   the Host guard (so a rebinding page's name never matches), and the browser's
 *   `Sec-Fetch-Site`, which no page can set, says `same-origin` where it is sent. It still needs
 *   the custom header, passes identity, rate limit and access guard like any request. Another
 *   site's page has another Origin and still meets cors.
 */
import type { Request, RequestHandler } from 'express';

/** Whether `req` comes from a page of this very origin (see the module comment). Only after the Host guard. */
export function fromOwnPage(req: Request): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || req.headers.host === undefined) return false;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  return origin === `${req.protocol}://${req.headers.host}`;
}

/** Runs `cors` for every request but the gateway's own page's (fromOwnPage), which needs no CORS. */
export function corsUnlessOwnPage(cors: RequestHandler): RequestHandler {
  return (req, res, next) => (fromOwnPage(req) ? next() : cors(req, res, next));
}
