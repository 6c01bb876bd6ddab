/**
 * Requests that never reach Express (issue 12 item 4), sent over a raw socket to a real
 * gateway: each gets the seed's error object as JSON, never Node's empty 400/431.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorObjectSchema } from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { startTestGateway, type TestGateway } from './helpers.js';

const KEY = 'sk-malformed-test-0123456789abcdef01';
let up: FaultUpstream;
let gw: TestGateway;
let port: number;

beforeAll(async () => {
  up = await startFaultUpstream({ apiKey: KEY });
  gw = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY });
  port = Number(new URL(gw.url).port);
});
afterAll(async () => {
  await gw.close();
  await up.close();
});

/** Whether `got` holds a whole answer: the head and Content-Length bytes of body. */
const complete = (got: string) => {
  const split = got.indexOf('\r\n\r\n');
  const length = /content-length: (\d+)/i.exec(got.slice(0, split))?.[1];
  return split >= 0 && length !== undefined && Buffer.byteLength(got.slice(split + 4)) >= Number(length);
};

/** Writes `text` and reads until one whole answer arrived, the server closes, or `ms` pass. */
function raw(text: string, ms = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let got = '';
    const done = () => (clearTimeout(t), socket.destroy(), resolve(got));
    const t = setTimeout(done, ms);
    socket.on('data', (d) => ((got += String(d)), complete(got) && done()));
    socket.on('close', done);
    socket.on('error', (e) => (clearTimeout(t), reject(e)));
  });
}

function firstAnswer(answer: string): { status: number; head: string; body: unknown } {
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split).toLowerCase();
  const length = Number(/content-length: (\d+)/.exec(head)?.[1]);
  const body = answer.slice(split + 4, split + 4 + length);
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
}

const HOST = () => `Host: 127.0.0.1:${port}\r\n`;

describe('malformed requests get the error object', () => {
  it.each<[string, number, () => string]>([
    ['a request line that is not HTTP', 400, () => 'HELLO\r\n\r\n'],
    ['a header line without a colon', 400, () => `GET /healthz HTTP/1.1\r\n${HOST()}Bad Header\r\n\r\n`],
    ['a 100 KB header', 431, () => `GET /v1/domain/a.test HTTP/1.1\r\n${HOST()}X-Big: ${'a'.repeat(100_000)}\r\n\r\n`],
    ['a negative Content-Length', 400, () => `POST /v1/batch HTTP/1.1\r\n${HOST()}Content-Length: -1\r\n\r\n`],
    [
      'bad chunking in a batch body',
      400,
      () =>
        `POST /v1/batch HTTP/1.1\r\n${HOST()}X-AI-Policy-Lens: 1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{"domains":[]}\r\n0\r\n\r\n`,
    ],
    ['HTTP/1.1 without Host', 400, () => 'GET /healthz HTTP/1.1\r\n\r\n'],
    ['HTTP/1.0 without Host', 400, () => 'GET /status HTTP/1.0\r\nX-AI-Policy-Lens: 1\r\n\r\n'],
  ])('%s → JSON %i', async (_name, status, text) => {
    const r = firstAnswer(await raw(text()));
    expect(r.status).toBe(status);
    expect(r.head).toContain('content-type: application/json');
    expect(ErrorObjectSchema.parse(r.body).error).toBe('invalid_params');
  });

  it('still serves well-formed requests afterwards', async () => {
    const r = await fetch(`${gw.url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok' });
  });
});
