/**
 * Raw HTTP/1.1 over a socket, for requests no browser or fetch() sends: half-closed
 * connections, two Host lines, odd request lines, Upgrade with a broken body. Reads until the
 * server closes, one whole answer arrived (unless `untilClose`), or `ms` pass.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

export interface RawResult {
  answers: RawAnswer[];
  /** The server ended the connection (before `ms`). */
  closed: boolean;
  /** Milliseconds from sending to the first whole answer (or to the end when there is none). */
  ms: number;
}

/** The answers in a byte stream, in order, each framed by Content-Length (1xx answers skipped). */
export function parseAnswers(data: Buffer): RawAnswer[] {
  const out: RawAnswer[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const lines = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1]);
    if (!status) break;
    const headers: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const c = l.indexOf(':');
      if (c > 0) headers[l.slice(0, c).trim().toLowerCase()] = l.slice(c + 1).trim();
    }
    const length = status < 200 ? 0 : Number(headers['content-length'] ?? 0);
    if (end + 4 + length > data.length) break;
    if (status >= 200) out.push({ status, headers, body: data.subarray(end + 4, end + 4 + length).toString('utf8') });
    at = end + 4 + length;
  }
  return out;
}

export function rawRequest(
  base: string,
  bytes: string | Buffer,
  opts: { halfClose?: boolean; ms?: number; untilClose?: boolean } = {},
): Promise<RawResult> {
  const { hostname, port } = new URL(base);
  const ms = opts.ms ?? 5_000;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const started = Date.now();
    let answeredAt: number | undefined;
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true }, () =>
      opts.halfClose ? socket.end(bytes) : socket.write(bytes),
    );
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const answers = parseAnswers(Buffer.concat(chunks));
      resolve({ answers, closed, ms: (answeredAt ?? Date.now()) - started });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (answeredAt === undefined && parseAnswers(Buffer.concat(chunks)).length > 0) {
        answeredAt = Date.now();
        if (!opts.untilClose) done(false);
      }
    });
    // The server's FIN ('end'): with allowHalfOpen our side stays open, so 'close' would not come.
    socket.on('end', () => done(true));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
  });
}
