/**
 * One log line per answer that is not a success (anything outside 2xx), at info: what was
 * asked, what was answered, how long it took and for whom. Successes are counted by the
 * metrics, not logged. Mount it first, so it sees every answer, the rejections of the
 * security middleware included:
 *
 *   app.use(requestLog(log));
 *
 * Only node:http's own request and response are used, so any Express app or plain
 * `(req, res, next)` chain can mount it. No header is logged (Authorization stays out), and
 * the query string is dropped: a path names the resource, a query may carry anything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.js';

type Next = (err?: unknown) => void;

export function requestLog(log: Logger): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      if (status >= 200 && status <= 299) return;
      const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      const path = url.split('?')[0]!.slice(0, 300);
      const ms = Math.round(performance.now() - started);
      // Express sets req.ip from `trust proxy`; a plain chain has the socket's address.
      const client = (req as IncomingMessage & { ip?: string }).ip ?? req.socket.remoteAddress;
      log.info(
        { method: req.method, path, status, ms, client },
        `${req.method} ${path} answered ${status} in ${ms} ms`,
      );
    });
    next();
  };
}
