/**
 * Requests Node's HTTP parser refuses before Express sees them (headers over the 16 KiB limit,
 * malformed request lines or headers) would get Node's bare `400`/`431` with no body. This
 * answers them with the seed's error object too, then closes the connection (RFC 9110 section
 * 15.5.1; the parser state is unusable after such an error). Bad chunking in a body arrives
 * here too, while the route may be reading it.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../../shared/values.js';

/**
 * The response Node is writing on this connection, if any. Node's own default for this event
 * makes the same check (lib/_http_server.js, socketOnError): once a response's head is on the
 * wire, a second answer would corrupt the stream, so the socket is only closed.
 */
type HttpSocket = Duplex & { _httpMessage?: ServerResponse | null };

/** A whole HTTP/1.1 answer with the seed's error object, for writing straight to a socket; the connection closes after it. */
export function rawErrorAnswer(
  status: number,
  reason: string,
  message: string,
  code: ErrorCode = 'invalid_params',
): string {
  const body = JSON.stringify({ error: code, message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export function jsonClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or a timed-out socket has nobody to answer.
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as HttpSocket)._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const text =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? rawErrorAnswer(431, 'Request Header Fields Too Large', 'The request line and headers may be at most 16 KiB.')
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawErrorAnswer(408, 'Request Timeout', 'The request was not received in time.')
          : rawErrorAnswer(400, 'Bad Request', 'The request is not valid HTTP.');
    socket.end(text);
  });
}
