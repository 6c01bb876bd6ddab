/**
 * `fn`, run at most once per `ms` of `now()` time; calls in between are dropped. For log lines
 * that every request would repeat while something is away (Redis, a refused key).
 */
export function onceEvery<A extends unknown[]>(
  ms: number,
  fn: (...args: A) => void,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}
