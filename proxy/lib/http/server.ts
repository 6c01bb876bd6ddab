/**
 * The node:http server both processes listen with: every refusal is the seed's error object.
 * Node's own check for a missing Host header answers a bare 400, so it is turned off here and
 * the Host guard (host-guard.ts) answers instead; requests the parser refuses get the JSON
 * answer of client-error.ts, and so does CONNECT.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { jsonClientErrors, rawErrorAnswer } from './client-error.js';

export function createJsonServer(listener: RequestListener): Server {
  const server = createServer({ requireHostHeader: false }, listener);
  jsonClientErrors(server);
  // CONNECT asks for a tunnel (RFC 9110 section 9.3.6); Node closes the connection without a
  // word unless someone listens. Neither server is a proxy: say so with the error object.
  server.on('connect', (_req, socket) => {
    socket.end(rawErrorAnswer(405, 'Method Not Allowed', 'This server is not a proxy: CONNECT is not supported.', 'method_not_allowed'));
  });
  return server;
}
