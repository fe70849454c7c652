/** The value that `share` of the sorted values reach (nearest rank): 0.5 is the median, 0.95 the 95th percentile. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

/**
 * Runs `once` `warmUp` times unmeasured, then `runs` times, each timed by the wall clock and by the
 * CPU time this process spent (on a shared machine the wall time includes waiting for a core).
 * `check` sees each result outside the timing. Returns both timings sorted, in ms, and the last result.
 */
export function timeRuns<T>(warmUp: number, runs: number, once: () => T, check: (result: T) => void = () => {}): { wall: number[]; cpu: number[]; last: T | undefined } {
  for (let index = 0; index < warmUp; index++) once()
  let last: T | undefined
  const measured = Array.from({ length: runs }, () => {
    const cpu = process.cpuUsage()
    const started = performance.now()
    last = once()
    const wall = performance.now() - started
    const used = process.cpuUsage(cpu)
    check(last)
    return { wall, cpu: (used.user + used.system) / 1000 }
  })
  const sorted = (values: number[]) => values.sort((a, b) => a - b)
  return { wall: sorted(measured.map((run) => run.wall)), cpu: sorted(measured.map((run) => run.cpu)), last }
}

/** Runs the asynchronous `once` `warmUp` times unmeasured, then `runs` times; each run's wall time in ms, sorted. */
export async function timeAsyncRuns(warmUp: number, runs: number, once: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < warmUp; index++) await once()
  const times: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await once()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

/** The JSON line a document bench prints for scripts/bench.mjs: {"<name>MedianMs", "<name>P95Ms", "runs"}, to 0.1 ms. */
export function medianLine(name: string, sorted: readonly number[]): string {
  const round = (ms: number) => Math.round(ms * 10) / 10
  return JSON.stringify({ [`${name}MedianMs`]: round(percentile(sorted, 0.5)), [`${name}P95Ms`]: round(percentile(sorted, 0.95)), runs: sorted.length })
}

/** A timed call's figures as a bench prints them, to a hundredth of a ms: `<name>MedianMs`, `<name>P95Ms` and `<name>CpuMedianMs`. */
export function timingFigures(name: string, { wall, cpu }: { wall: readonly number[]; cpu: readonly number[] }): Record<string, number> {
  const round = (ms: number) => Math.round(ms * 100) / 100
  return { [`${name}MedianMs`]: round(percentile(wall, 0.5)), [`${name}P95Ms`]: round(percentile(wall, 0.95)), [`${name}CpuMedianMs`]: round(percentile(cpu, 0.5)) }
}
