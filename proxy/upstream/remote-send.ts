/**
 * Sends one request to the upstream over undici and reads its whole body, refusing one larger
 * than the limit (TooLarge: not an outage, so neither retried nor reported as "unreachable").
 * Knows nothing of statuses or shapes (remote-answer.ts reads them).
 */
import { request, type Agent, type Dispatcher } from 'undici';

export interface SendInit {
  method: 'GET' | 'POST';
  /** The `Authorization` header's value (the key: never logged, never in a message). */
  auth: string;
  body?: unknown;
  /** RFC 7240 `Prefer: wait=N`, in seconds. */
  waitS?: number;
  signal: AbortSignal;
}

/** An answer as received: status, headers and the body as text. */
export interface Sent {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  text: string;
}

/** An upstream body past the limit. */
export class TooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly status: number,
  ) {
    super(`upstream body larger than ${limit} bytes`);
  }
}

export async function send(agent: Agent, url: string, init: SendInit, maxBodyBytes: number): Promise<Sent> {
  const res = await request(url, {
    method: init.method,
    dispatcher: agent,
    signal: init.signal,
    headers: {
      authorization: init.auth,
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.waitS ? { prefer: `wait=${init.waitS}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.statusCode, headers: res.headers, text: await readBody(res, maxBodyBytes) };
}

async function readBody(res: Dispatcher.ResponseData, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.body.destroy();
      throw new TooLarge(max, res.statusCode);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
