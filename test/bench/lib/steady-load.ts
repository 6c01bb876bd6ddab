/**
 * Latency at a truly steady request rate (open loop), for the benches' "p99 at a steady N req/s".
 *
 * Request i is due at start + i × (1000 / rate) ms, whatever happened to the requests before
 * it: at each timer wake every request whose time has come is handed to an undici Pool of
 * keep-alive connections to one origin, without waiting for earlier answers (open loop: a slow
 * server meets the same arrival rate, as it would from real clients).
 *
 * A request's latency runs from its *scheduled* time to the end of its body, so no delay is
 * hidden (coordinated omission): if the timer fired late, the generator's event loop was busy,
 * or the request waited in the pool's queue for a free connection, that time counts. To tell
 * the generator's own delays from the server's, the result also gives how late the generator
 * itself handed requests to the pool (its p99 of actual minus scheduled time): the server's
 * share of a p99 is at least p99 minus that.
 *
 * The first warm-up second (connections opened, JIT) is sent at the same rate but not counted.
 * Every answer must be 200; anything else, or a failed request, throws at the end.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface SteadyLoad {
  /** Latency percentiles and maximum, ms, from scheduled time to end of body. */
  p50: number;
  p99: number;
  max: number;
  /** Requests counted (the warm-up left out). */
  count: number;
  /** p99 of how late the generator handed a request to the pool, ms (its own share of the delays). */
  lateP99: number;
}

/** Nearest-rank percentile of an ascending array. */
const pct = (sorted: Float64Array, q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

export async function steadyLoad(opts: {
  url: string;
  rate: number;
  seconds: number;
  connections?: number;
  headers?: Record<string, string>;
}): Promise<SteadyLoad> {
  const { origin, pathname, search } = new URL(opts.url);
  const path = pathname + search;
  const pool = new Pool(origin, { connections: opts.connections ?? 10 });
  const interval = 1000 / opts.rate;
  const warm = Math.round(opts.rate); // one second
  const total = warm + Math.round(opts.rate * opts.seconds);
  const latency = new Float64Array(total - warm);
  const late = new Float64Array(total - warm);
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];

  const send = async (i: number, due: number): Promise<void> => {
    const sentAt = performance.now();
    try {
      const res = await pool.request({ path, method: 'GET', headers: opts.headers });
      await res.body.arrayBuffer();
      const end = performance.now();
      if (res.statusCode !== 200) failures.push(`status ${res.statusCode}`);
      else if (i >= warm) {
        latency[i - warm] = end - due;
        late[i - warm] = sentAt - due;
      }
    } catch (err) {
      failures.push(String(err));
    }
  };

  const start = performance.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const wake = () => {
      const now = performance.now();
      // Catch up with every request whose time has come (a late timer must not lower the rate).
      while (next < total && start + next * interval <= now) {
        inFlight.push(send(next, start + next * interval));
        next++;
      }
      if (next < total) setTimeout(wake, start + next * interval - performance.now());
      else resolve();
    };
    wake();
  });
  await Promise.all(inFlight);
  await pool.close();
  if (failures.length)
    throw new Error(
      `steady load saw ${failures.length} failed or non-200 answers at ${opts.url} (first: ${failures[0]})`,
    );

  latency.sort();
  late.sort();
  return {
    p50: pct(latency, 0.5),
    p99: pct(latency, 0.99),
    max: latency[latency.length - 1]!,
    count: latency.length,
    lateP99: pct(late, 0.99),
  };
}
