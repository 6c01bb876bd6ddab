/**
 * The web app (web/, built into dist/web by scripts/server-build.mjs): the page for `/`,
 * `/site/{domain}` and `/overview`, and its hashed scripts, styles and icon under `/assets/`.
 * Mounted before the access guard, since a browser's navigation sends no custom header; what is
 * served here is static and looks nothing up (own-page.ts says why that opens no hole).
 *
 * The page gets a Content-Security-Policy of its own, from helmet as every answer's: scripts,
 * styles, images and requests from this origin only, no inline script or eval, no plugins, no
 * framing, forms to this origin. Assets are immutable (their names change with their content);
 * the page itself is revalidated on every visit.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import helmet from 'helmet';
import { HttpError } from '../../lib/http-error.js';

/** The addresses the page answers for (routes.ts in the web app tells them apart). */
const PAGE = /^\/(?:overview\/?|site\/[^/]+\/?)?$/;

/** A path this router answers: the page's addresses and its assets (counted by the rate limit, never refused by the access guard). */
export const isWebPath = (path: string): boolean => PAGE.test(path) || path.startsWith('/assets/');

export const PAGE_CSP = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // The icon; Vite may inline a small image as a data: URL.
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
};

const NOT_BUILT =
  "This gateway's web page is not built: run npm run build:server (npm start builds it when it is missing).";

interface Page {
  body: Buffer;
  etag: string;
}

/** index.html, read once it exists (a build after the start is picked up on the next request). */
function pageReader(dir: string | null): () => Page | null {
  let page: Page | null = null;
  return () => {
    if (page || dir === null) return page;
    try {
      const body = readFileSync(join(dir, 'index.html'));
      page = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    } catch {
      return null;
    }
    return page;
  };
}

export function webRouter(dir: string | null): Router {
  const router = Router();
  const read = pageReader(dir);
  const csp = helmet.contentSecurityPolicy({ useDefaults: false, directives: PAGE_CSP });
  const sendPage: RequestHandler = (req, res) => {
    const page = read();
    if (!page) throw new HttpError(404, 'not_found', NOT_BUILT);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', page.etag);
    if (req.headers['if-none-match'] === page.etag) return void res.status(304).end();
    res.setHeader('Content-Length', String(page.body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : page.body);
  };
  router.use((req, res, next) => {
    if (!PAGE.test(req.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      throw new HttpError(405, 'method_not_allowed', 'This page answers GET only.');
    }
    csp(req, res, (err?: unknown) => (err ? next(err) : sendPage(req, res, next)));
  });
  if (dir !== null) {
    router.use(
      '/assets',
      csp,
      express.static(join(dir, 'assets'), {
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        immutable: true,
        maxAge: '365d',
        fallthrough: true,
      }),
    );
  }
  router.use('/assets', (req) => {
    throw new HttpError(
      404,
      'not_found',
      dir === null ? NOT_BUILT : `There is no file at ${req.originalUrl.slice(0, 200)}.`,
    );
  });
  return router;
}
