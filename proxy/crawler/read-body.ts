/**
 * Reads a response body up to a byte cap and stops: never buffers more than the cap (plus one
 * network chunk), and decodes gzip, deflate and brotli (RFC 9110 8.4.1) with the cap applied to
 * the decoded bytes too, so a compression bomb stops at the cap.
 */
import type { Readable, Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface CappedBody {
  /** Decoded bytes, at most `cap`. */
  data: Buffer;
  /** Bytes received from the network (before decoding), at most `cap`. */
  bytes: number;
  truncated: boolean;
}

/** A decoder for one content-coding, or null for identity; undefined when the coding is unknown. */
function decoderFor(encoding: string): Transform | null | undefined {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    // Lenient flushing: a body cut by the server (or by us) still yields what it carried.
    case 'gzip':
    case 'x-gzip':
      return createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
    case 'deflate':
      return createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    case 'br':
      return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
    default:
      return undefined;
  }
}

/**
 * Reads `body` up to `cap` bytes. An unknown content-coding (or a stacked one) is kept as
 * received rather than guessed at. Rejects when the stream fails (abort, reset, corrupt data).
 */
export async function readCapped(
  body: Readable,
  contentEncoding: string | undefined,
  cap: number,
): Promise<CappedBody> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  const decoder = decoderFor(encoding) ?? null;
  const parts: Buffer[] = [];
  let size = 0;
  let raw = 0;
  let truncated = false;
  const take = (chunk: Buffer): boolean => {
    const room = cap - size;
    if (chunk.length > room) {
      parts.push(chunk.subarray(0, room));
      size = cap;
      truncated = true;
      return false;
    }
    parts.push(chunk);
    size += chunk.length;
    return true;
  };

  try {
    if (!decoder) {
      for await (const chunk of body as AsyncIterable<Buffer>) if (!take(chunk)) break;
      return { data: Buffer.concat(parts, size), bytes: size, truncated };
    }
    // Fed by hand rather than piped, so input past the cap is never written to the decoder.
    let ended = false;
    const finish = () => {
      if (!ended) decoder.end();
      ended = true;
    };
    body.on('data', (chunk: Buffer) => {
      if (ended) return;
      const room = cap - raw;
      raw += chunk.length;
      if (chunk.length > room) {
        // Compressed input beyond the cap is not read either (it would decode past it anyway).
        truncated = true;
        if (room > 0) decoder.write(chunk.subarray(0, room));
        body.pause();
        finish();
      } else if (!decoder.write(chunk)) {
        body.pause();
        decoder.once('drain', () => body.resume());
      }
    });
    body.on('end', finish);
    body.on('error', (e) => decoder.destroy(e));
    for await (const chunk of decoder as AsyncIterable<Buffer>) if (!take(chunk)) break;
    return { data: Buffer.concat(parts, size), bytes: Math.min(raw, cap), truncated };
  } finally {
    discard(body);
    decoder?.destroy();
  }
}

/**
 * Stops reading a body and closes its connection. undici's body reports an early destroy as an
 * AbortError event; nobody waits for it any more, so it is absorbed here, not left uncaught.
 */
export function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}
