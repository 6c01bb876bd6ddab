/**
 * The node:http server both processes listen with: every refusal is the seed's error object.
 * Node's own check for a missing Host header answers a bare 400, so it is turned off here and
 * the Host guard (host-guard.ts) answers instead; requests the parser refuses get the JSON
 * answer of client-error.ts, and so does CONNECT.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { jsonClientErrors, rawErrorAnswer } from './client-error.js';

/** How long a refused CONNECT's connection may stay idle before it is closed (well inside a shutdown's 10 s). */
export const CONNECT_LINGER_MS = 2_000;

export function createJsonServer(listener: RequestListener): Server {
  const server = createServer({ requireHostHeader: false }, listener);
  jsonClientErrors(server);
  // CONNECT asks for a tunnel (RFC 9110 section 9.3.6); Node closes the connection without a
  // word unless someone listens. Neither server is a proxy: say so with the error object.
  // A connection handed to this listener is no longer the server's: its timeouts and a shutdown's
  // closeAllConnections do not reach it, and a client still sending a body would keep it (and the
  // server's close) open. So whatever else comes is read and dropped, and the connection is let
  // go CONNECT_LINGER_MS after the answer at the latest.
  server.on('connect', (_req, duplex) => {
    const socket = duplex as Socket; // what node:http hands over is the connection's net.Socket
    socket.resume();
    socket.setTimeout(CONNECT_LINGER_MS, () => socket.destroy());
    socket.end(rawErrorAnswer(405, 'Method Not Allowed', 'This server is not a proxy: CONNECT is not supported.', 'method_not_allowed'));
  });
  return server;
}
