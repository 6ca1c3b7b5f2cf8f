// Shared benchmark helpers. `npm run bench:ci` sets BENCH_SHORT=1 for a short run on CI.
// Convention: each describe() is one row of the README Speed table; the bench named 'komodo-cc' is ours, every other
// bench in the same describe() is a peer measured in the same run. Use `bench` from this file, not vitest's: it runs
// the function BATCH times per sample so the timer's own cost (tens of ns per sample) does not flatten the ratios of
// fast operations; bench/run.mjs multiplies vitest's hz by BATCH.
import { bench as vitestBench } from 'vitest'

export const OURS = 'komodo-cc'
/** Calls per timed sample (bench/run.mjs relies on this value). */
export const BATCH = 20
export const opts = process.env.BENCH_SHORT
  ? { time: 150, warmupTime: 40, warmupIterations: 5, iterations: 10 }
  : { time: 1500, warmupTime: 300, warmupIterations: 20, iterations: 50 }

/** Registers a benchmark that runs `fn` BATCH times per sample. The third argument is accepted and ignored. */
export function bench(name: string, fn: () => unknown, _options?: unknown): void {
  vitestBench(
    name,
    () => {
      for (let i = 0; i < BATCH; i++) fn()
    },
    opts,
  )
}
