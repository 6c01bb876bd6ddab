/**
 * The node:http server both processes listen with: every request gets an answer, and every
 * refusal is the seed's error object.
 *
 * - Node's own check for a missing Host header answers a bare 400, so it is turned off here and
 *   the Host guard (host-guard.ts) answers instead; requests the parser refuses get the JSON
 *   answer of client-error.ts, and so does CONNECT.
 * - A request with an `Expect` other than 100-continue goes to the app (`checkExpectation`),
 *   whose strict-HTTP check (strict.ts) answers 417 with the error object and the security
 *   headers; without a listener Node would write a bare 417.
 * - A client that half-closes after sending (`nc -q`, some proxies, HTTP/1.0 clients) still
 *   gets its answer: by default Node aborts the request and ends the connection when the
 *   client's FIN arrives (lib/_http_server.js, socketOnEnd), so a held read or a slow batch
 *   was closed with 0 bytes. With `httpAllowHalfOpen` the answer is written, then the
 *   connection ends.
 * - Timeouts of its own (SERVER_TIMEOUTS): a connection that sends its headers slowly, or none,
 *   is answered 408 and closed after `headersMs`, looked at every second.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { jsonClientErrors, rawErrorAnswer } from './client-error.js';

/** How long a refused CONNECT's connection may stay idle before it is closed (well inside a shutdown's 10 s). */
export const CONNECT_LINGER_MS = 2_000;

export const SERVER_TIMEOUTS = {
  /** The request line and headers must arrive within this (slow-header clients hold a socket each). */
  headersMs: 10_000,
  /** The whole request, body included. */
  requestMs: 30_000,
  /** An idle keep-alive connection: a little longer than common clients' and load balancers' idle timeouts, so a reused socket is not cut mid-request. */
  keepAliveMs: 65_000,
  /** How often Node looks for connections past headersMs or requestMs (its default, 30 s, let them linger that much longer). */
  checkEveryMs: 1_000,
} as const;

export function createJsonServer(listener: RequestListener): Server {
  const server = createServer(
    {
      requireHostHeader: false,
      headersTimeout: SERVER_TIMEOUTS.headersMs,
      requestTimeout: SERVER_TIMEOUTS.requestMs,
      keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.checkEveryMs,
    },
    listener,
  );
  // Public on http.Server since Node 0.x though absent from its types and documentation: see the module comment.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('checkExpectation', listener);
  jsonClientErrors(server);
  // CONNECT asks for a tunnel (RFC 9110 section 9.3.6); Node closes the connection without a
  // word unless someone listens. Neither server is a proxy: say so with the error object.
  // A connection handed to this listener is no longer the server's: its timeouts and a shutdown's
  // closeAllConnections do not reach it, and a client still sending a body would keep it (and the
  // server's close) open. So whatever else comes is read and dropped, and the connection is let
  // go CONNECT_LINGER_MS after the answer at the latest.
  server.on('connect', (_req, duplex) => {
    const socket = duplex as Socket; // what node:http hands over is the connection's net.Socket
    // Handed over, the socket has no error listener of the server's: one here, or a reset would end the process.
    socket.on('error', () => socket.destroy());
    // A CONNECT pipelined behind an answer that closed the connection (Connection: close) finds it ended: nobody to
    // tell.
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.resume();
    socket.setTimeout(CONNECT_LINGER_MS, () => socket.destroy());
    socket.end(
      rawErrorAnswer(
        405,
        'Method Not Allowed',
        'This server is not a proxy: CONNECT is not supported.',
        'method_not_allowed',
      ),
    );
  });
  return server;
}
