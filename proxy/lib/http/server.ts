/**
 * The node:http server both processes listen with: every refusal is the seed's error object.
 * Node's own check for a missing Host header answers a bare 400, so it is turned off here and
 * the Host guard (host-guard.ts) answers instead; requests the parser refuses get the JSON
 * answer of client-error.ts.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { jsonClientErrors } from './client-error.js';

export function createJsonServer(listener: RequestListener): Server {
  const server = createServer({ requireHostHeader: false }, listener);
  jsonClientErrors(server);
  return server;
}
