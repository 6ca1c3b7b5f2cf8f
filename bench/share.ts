// The builders' non-signing share, measured in place: each build+sign runs with its secp256k1 backend wrapped in a
// timer, so the time inside the backend's sign() and the time around it come from the same calls. (Timing an
// unsigned build apart and dividing by a separately timed build+sign undercounts: between two noble signatures
// the builder's code and data are cold, and the same work takes up to twice as long as in a loop of its own.)
// Run by bench/run.mjs (tsx); prints one JSON object: { rows: [...] }. BENCH_SHORT=1 for CI's short run.
import * as tiny from 'tiny-secp256k1'
import { nobleSecp256k1, tinySecp256k1Backend, type Secp256k1Backend } from '../src/tx/sign.js'
import { blake2bBackend } from '../src/hash/blake2b.js'
import { HOT_BUILDS } from './fixtures.js'
import type { BuildResult } from '../src/cctx/complete.js'

const short = process.env.BENCH_SHORT !== undefined
const ROUNDS = short ? 3 : 9
const ROUND_MS = short ? 80 : 500

let inSign = 0
/** `b` with its sign() timed into `inSign` (performance.now() twice per signature, counted as outside time). */
function timed(b: Secp256k1Backend): Secp256k1Backend {
  return {
    name: b.name,
    sign(digest, key) {
      const t0 = performance.now()
      const s = b.sign(digest, key)
      inSign += performance.now() - t0
      return s
    },
    verify: b.verify,
    getPublicKey: b.getPublicKey,
  }
}

type Config = { builder: string; backend: string; wasm: boolean; build: () => BuildResult; signed: boolean }
const backends = { '@noble/secp256k1': nobleSecp256k1, 'tiny-secp256k1': tinySecp256k1Backend(tiny as never) }
const configs: Config[] = []
for (const [builder, make] of Object.entries(HOT_BUILDS)) {
  for (const wasm of [false, true]) {
    for (const [backend, b] of Object.entries(backends))
      configs.push({
        builder,
        backend,
        wasm,
        build: make({ backend: timed(b), blake2b: wasm ? 'wasm' : 'js' }),
        signed: true,
      })
    configs.push({
      builder,
      backend: '(unsigned, alone)',
      wasm,
      build: make({ unsigned: true, blake2b: wasm ? 'wasm' : 'js' }),
      signed: false,
    })
  }
}

type Sample = { perBuildUs: number; signUs: number }
const samples = new Map<Config, Sample[]>(configs.map((c) => [c, []]))
function round(c: Config, ms: number): Sample {
  if (c.wasm && blake2bBackend('wasm') !== 'wasm') throw new Error('WASM BLAKE2b unavailable')
  inSign = 0
  let n = 0
  const t0 = performance.now()
  let t = t0
  while (t - t0 < ms) {
    c.build()
    n++
    t = performance.now()
  }
  return { perBuildUs: ((t - t0) * 1000) / n, signUs: (inSign * 1000) / n }
}
for (const c of configs) round(c, ROUND_MS / 2) // warm-up
// rounds rotate through the configurations so that a slow stretch of a noisy host hits all of them alike
for (let r = 0; r < ROUNDS; r++) for (const c of configs) samples.get(c)!.push(round(c, ROUND_MS))

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]!
}
const rows = configs.map((c) => {
  const s = samples.get(c)!
  const perBuildUs = median(s.map((x) => x.perBuildUs))
  const signUs = median(s.map((x) => x.signUs))
  const share = c.signed ? median(s.map((x) => 1 - x.signUs / x.perBuildUs)) : null
  return {
    builder: c.builder,
    backend: c.backend,
    blake2b: c.wasm ? 'WASM' : 'pure JS',
    buildsPerSec: Math.round(1e6 / perBuildUs),
    perBuildUs: Number(perBuildUs.toFixed(1)),
    signUs: c.signed ? Number(signUs.toFixed(1)) : null,
    outsideUs: c.signed ? Number((perBuildUs - signUs).toFixed(1)) : Number(perBuildUs.toFixed(1)),
    share: share === null ? null : Number((share * 100).toFixed(1)),
  }
})
console.log(JSON.stringify({ rounds: ROUNDS, roundMs: ROUND_MS, rows }))
