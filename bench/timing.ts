/** One warm-up call, then `runs` timed calls: the rows the last call answered, the median and the fastest time (ms). */
export async function time(
  runs: number,
  fn: () => Promise<number>,
): Promise<{ rows: number; median: number; fastest: number }> {
  let rows = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rows = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { rows, median: times[Math.floor(times.length / 2)]!, fastest: times[0]! };
}
