// Shared benchmark options. `npm run bench:ci` sets BENCH_SHORT=1 for a short run on CI.
// Convention: each describe() is one row of the Speed table; the bench named 'komodo-cc' is ours,
// every other bench in the same describe() is a peer measured in the same run.
export const OURS = 'komodo-cc'
export const opts = process.env.BENCH_SHORT
  ? { time: 120, warmupTime: 30, warmupIterations: 5, iterations: 10 }
  : { time: 1000, warmupTime: 200, warmupIterations: 20, iterations: 50 }
