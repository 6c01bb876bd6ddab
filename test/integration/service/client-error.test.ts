/**
 * Requests Node's parser refuses before Express runs (oversized headers, malformed HTTP) get
 * the seed's error object too (proxy/service/http/client-error.ts, wired in main.ts), on a
 * real server on port 0 spoken to over a raw socket.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonClientErrors } from '../../../proxy/service/http/client-error.js';
import { ErrorObjectSchema } from '../../../shared/schemas.js';

function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let got = '';
    socket.on('data', (d) => (got += String(d)));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
  });
}

function parse(answer: string): { status: number; headers: string; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n', 2) as [string, string];
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe('errors before Express', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('{}'));
    jsonClientErrors(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each([
    [
      'headers over 16 KiB',
      `GET /v1/domain/x.com HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a header line without a colon', 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['a request line that is not HTTP', 'FOO\r\n\r\n', 400],
    ['a bad Content-Length', 'POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 400],
  ])('%s → %i with the error object, connection closed', async (_name, request, status) => {
    const r = parse(await raw(port, request));
    expect(r.status).toBe(status);
    expect(r.headers).toContain('content-type: application/json');
    expect(r.headers).toContain('connection: close');
    expect(ErrorObjectSchema.parse(r.body)).toMatchObject({ error: 'invalid_params' });
  });

  it('leaves good requests alone', async () => {
    expect(await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
