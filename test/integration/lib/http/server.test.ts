/**
 * createJsonServer's CONNECT answer (proxy/lib/http/server.ts), found by the fuzz suite: a
 * CONNECT with a large body left its connection open for good, so the server never finished
 * closing. Real server on port 0, a raw socket that sends the body and never closes its side.
 */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CONNECT_LINGER_MS, createJsonServer } from '../../../../proxy/lib/http/server.js';
import { ErrorObjectSchema } from '../../../../shared/schemas.js';

describe('CONNECT', () => {
  it('answers 405 with the error object, drops a large body and lets the connection go, so the server can close', async () => {
    const server = createJsonServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const body = 'x'.repeat(200_000);
    socket.write(
      `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    // The answer comes at once; the client never ends its side: only the server can close this connection.
    await new Promise<void>((r) => {
      const check = () => (answer.includes('}') ? r() : setTimeout(check, 10));
      check();
    });
    const started = Date.now();
    const serverClosed = new Promise<number>((r) => server.close(() => r(Date.now())));
    server.closeAllConnections();
    // Before the fix it never closed: the connection, no longer the server's, stayed open.
    expect((await serverClosed) - started).toBeLessThan(CONNECT_LINGER_MS + 3_000);
    const [head, json] = answer.split('\r\n\r\n', 2) as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 405 /);
    expect(ErrorObjectSchema.parse(JSON.parse(json))).toMatchObject({ error: 'method_not_allowed' });
    socket.destroy();
  }, 15_000);
});
