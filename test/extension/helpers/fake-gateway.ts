/**
 * A real HTTP server on 127.0.0.1 (port 0) that answers like the gateway's read endpoints, from
 * a table the test controls: the extension's network code is exercised for real (headers,
 * status codes, bodies, timeouts), without the crawler. The end-to-end suite uses the real gateway.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status?: number;
  body?: unknown;
  /** Sent as is (not JSON). */
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface SeenRequest {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
}

export interface FakeGateway {
  url: string;
  /** Path → reply (or a function of the request count for that path and the request, which may hold the answer). */
  routes: Map<string, Reply | ((n: number, req: IncomingMessage) => Reply | Promise<Reply>)>;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const routes: FakeGateway['routes'] = new Map();
  const seen: SeenRequest[] = [];
  const counts = new Map<string, number>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'x-ai-policy-lens, authorization, prefer',
      'access-control-expose-headers': 'preference-applied, retry-after',
    };
    if (req.method === 'OPTIONS') {
      // A CORS preflight (happy-dom's fetch sends them; extension pages with host permission do not).
      res.writeHead(204, cors).end();
      return;
    }
    seen.push({ path, method: req.method ?? 'GET', headers: req.headers });
    // Like the gateway: refuse requests without the extension's marker header.
    if (req.headers['x-ai-policy-lens'] !== '1') {
      res
        .writeHead(403, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify({ error: 'forbidden', message: 'Missing X-AI-Policy-Lens header.' }));
      return;
    }
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    const route = routes.get(path);
    const r: Reply =
      typeof route === 'function'
        ? await route(n, req)
        : (route ?? { status: 404, body: { error: 'not_found', message: 'No such path.' } });
    const send = () => {
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...cors, ...r.headers });
      res.end(r.raw ?? JSON.stringify(r.body));
    };
    if (r.delayMs) setTimeout(send, r.delayMs);
    else send();
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago: nothing listens there. */
export async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
