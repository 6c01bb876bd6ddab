/**
 * Response times of a few requests sent over and over while something else runs (the
 * hostile-site test and benchmark: cached lookups and health checks while hostile sites are
 * read). One request at a time per probe, a short pause between rounds, as a client polling.
 */

/** The p-th percentile (0-100) of some durations, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export type Probe = () => Promise<Response>;

/**
 * Each probe's durations in ms, round after round until `until` settles (and at least
 * `minRounds` rounds). A probe that does not answer 200 throws: a slow answer is measured, a
 * wrong one is not.
 */
export async function timeWhile<K extends string>(
  probes: Record<K, Probe>,
  until: Promise<unknown>,
  opts: { pauseMs?: number; minRounds?: number } = {},
): Promise<Record<K, number[]>> {
  let done = false;
  void until.then(
    () => (done = true),
    () => (done = true),
  );
  const times = Object.fromEntries(Object.keys(probes).map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; !done || round < (opts.minRounds ?? 0); round++) {
    for (const [name, probe] of Object.entries(probes) as Array<[K, Probe]>) {
      const started = performance.now();
      const res = await probe();
      await res.arrayBuffer();
      times[name].push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, opts.pauseMs ?? 10));
  }
  await until;
  return times;
}
