import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../../proxy/lib/http-error.js';
import { readAnswer, type AnswerReader, type AttemptOutcome } from '../../../proxy/upstream/remote-answer.js';
import { retryable, withRetries } from '../../../proxy/upstream/retry.js';

const KEY = 'sk-test-0123456789';

/** A reader that records what it is told. */
function reader(maxQueueMs = 5_000) {
  const seen = { outcomes: [] as [AttemptOutcome, number | null][], paused: [] as number[], refused: 0 };
  const r: AnswerReader = {
    path: '/v1/domain/example.com',
    report: (o, s) => void seen.outcomes.push([o, s]),
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    pause: (s) => void seen.paused.push(s),
    maxQueueMs,
    keyRefused: () => void seen.refused++,
    apiKey: KEY,
  };
  return { r, seen };
}

const sent = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});
const Shape = z.object({ ok: z.literal(true) });

const thrown = (f: () => unknown): HttpError => {
  try {
    f();
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('did not throw');
};

/** How many attempts withRetries makes (3 at most) when every one fails with `e`. */
async function attemptsFor(e: HttpError): Promise<number> {
  let calls = 0;
  await expect(
    withRetries(3, { baseMs: 1, capMs: 1 }, undefined, async () => {
      calls++;
      throw e;
    }),
  ).rejects.toBe(e);
  return calls;
}

describe('readAnswer', () => {
  it('gives a valid 2xx body as its value, and a malformed one as 502 upstream_error', () => {
    const { r, seen } = reader();
    expect(readAnswer(sent(200, { ok: true }), Shape, r)).toEqual({ ok: true });
    const e = thrown(() => readAnswer(sent(200, { ok: 'yes' }), Shape, r));
    expect([e.status, e.code]).toEqual([502, 'upstream_error']);
    expect(seen.outcomes).toEqual([
      ['ok', 200],
      ['malformed', 200],
    ]);
  });

  it('pauses the pacer for a 429 retry_after (body, else header) and retries only a wait that fits the queue', async () => {
    const a = reader(5_000);
    const fits = thrown(() =>
      readAnswer(sent(429, { error: 'rate_limited', message: 'slow down', retry_after: 3 }), Shape, a.r),
    );
    expect([fits.status, fits.code, fits.retryAfter]).toEqual([503, 'upstream_unavailable', 3]);
    const b = reader(5_000);
    const long = thrown(() => readAnswer(sent(429, 'not json', { 'retry-after': '30' }), Shape, b.r));
    expect(long.retryAfter).toBe(30);
    expect([a.seen.paused, b.seen.paused]).toEqual([[3], [30]]);
    expect(await attemptsFor(fits)).toBe(3);
    expect(await attemptsFor(long)).toBe(1);
  });

  it('makes a refused key 502 naming UPSTREAM_API_KEY, and scrubs the key from an upstream message', () => {
    const { r, seen } = reader();
    const refused = thrown(() =>
      readAnswer(sent(401, { error: 'invalid_api_key', message: `bad key ${KEY}` }), Shape, r),
    );
    expect([refused.status, refused.code]).toEqual([502, 'upstream_error']);
    expect(refused.message).toContain('UPSTREAM_API_KEY');
    expect(refused.message).not.toContain(KEY);
    expect(seen.refused).toBe(1);
    const bad = thrown(() =>
      readAnswer(sent(400, { error: 'invalid_domain', message: `no such domain (key ${KEY})` }), Shape, r),
    );
    expect([bad.status, bad.code]).toEqual([400, 'invalid_domain']);
    expect(bad.message).not.toContain(KEY);
    expect(bad.message).toContain('[redacted]');
  });

  it('keeps a 5xx as 502 upstream_error, tried again', async () => {
    const { r } = reader();
    const e = thrown(() => readAnswer(sent(503, ''), Shape, r));
    expect([e.status, e.code]).toEqual([502, 'upstream_error']);
    expect(await attemptsFor(e)).toBe(3);
  });
});

describe('withRetries', () => {
  it('returns the first success, and never repeats an error not marked retryable', async () => {
    let calls = 0;
    expect(
      await withRetries(3, { baseMs: 1, capMs: 1 }, undefined, async () =>
        ++calls < 2 ? Promise.reject(retryable(new HttpError(503, 'upstream_unavailable', 'x'))) : 'ok',
      ),
    ).toBe('ok');
    expect(calls).toBe(2);
    expect(await attemptsFor(new HttpError(404, 'not_found', 'x'))).toBe(1);
  });
});
