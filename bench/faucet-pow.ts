// Time to a valid faucetget (issue 22): 50 seeded runs (25 with BENCH_SHORT) of the default fast search, each a
// different claimant and height so each run is a fresh search, with the WebAssembly BLAKE2b (the default) and with
// pure JS; median and 95th percentile. The re-signing search (exactSignatures) is too slow to run 50 times here: its
// row gives its measured attempts/s and the times that rate implies for the same attempt counts (the runs' own
// median and 95th-percentile attempts). The limit: node:crypto double SHA-256 of a transaction of the same size.
// Run by bench/run.mjs (tsx); prints one JSON object: { runs, rows: [...] }.
import { createHash } from 'node:crypto'
import * as tiny from 'tiny-secp256k1'
import { buildFaucetGet, prepareFaucetSearch } from '../src/modules/faucet/build.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { serializeTransaction } from '../src/tx/codec.js'
import { nobleSecp256k1, tinySecp256k1Backend, verifyInput } from '../src/tx/sign.js'
import { blake2bBackend } from '../src/hash/blake2b.js'
import { sha256 } from '../src/hash/index.js'

const short = process.env.BENCH_SHORT !== undefined
const RUNS = short ? 25 : 50
const utxo = {
  txid: 'ab'.repeat(32),
  vout: 0,
  satoshis: 1_000_000_000n,
  script: ccScript(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12')),
  height: 5,
}
const pubkeyOf = (i: number) => nobleSecp256k1.getPublicKey(sha256(new TextEncoder().encode(`faucet claimant ${i}`)))

const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}
const round = (x: number, d = 0) => Number(x.toFixed(d))

function seededRuns(mode: 'auto' | 'js'): { ms: number[]; attempts: number[] } {
  if ((blake2bBackend(mode) === 'wasm') !== (mode === 'auto')) throw new Error(`BLAKE2b ${mode} unavailable`)
  const ms: number[] = []
  const attempts: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const ctx = { pubkey: pubkeyOf(i), utxos: [], height: 1000 + i, blake2b: mode }
    const t0 = performance.now()
    const r = buildFaucetGet({}, ctx, { faucetUtxos: [utxo] })
    ms.push(performance.now() - t0)
    attempts.push(r.attempts)
    if (
      !verifyInput(r.tx, 0, { value: utxo.satoshis, script: utxo.script }).valid ||
      !r.txid.startsWith('00') ||
      !r.txid.endsWith('00')
    )
      throw new Error('invalid faucetget')
  }
  return { ms, attempts }
}

/** Attempts per second of a prepared search over `ms` milliseconds. */
function rate(tryOne: (n: number) => unknown, ms: number): number {
  let n = 0
  const t0 = performance.now()
  while (performance.now() - t0 < ms) for (let k = 0; k < 64; k++) tryOne(n++)
  return n / ((performance.now() - t0) / 1000)
}

const ctx0 = { pubkey: pubkeyOf(0), utxos: [], height: 1000 }
const fast = seededRuns('auto')
const fastJs = seededRuns('js')
const fastSearch = prepareFaucetSearch(ctx0, { faucetUtxos: [utxo] })
const fastRate = rate((n) => fastSearch.hashAt(n), short ? 300 : 1500)
const fastSearchJs = prepareFaucetSearch({ ...ctx0, blake2b: 'js' }, { faucetUtxos: [utxo] })
const fastJsRate = rate((n) => fastSearchJs.hashAt(n), short ? 300 : 1500)
const exactNoble = prepareFaucetSearch(ctx0, { faucetUtxos: [utxo] }, nobleSecp256k1, { exactSignatures: true })
const exactTiny = prepareFaucetSearch(ctx0, { faucetUtxos: [utxo] }, tinySecp256k1Backend(tiny as never), {
  exactSignatures: true,
})
const nobleRate = rate((n) => exactNoble.hashAt(n), short ? 300 : 1500)
const tinyRate = rate((n) => exactTiny.hashAt(n), short ? 300 : 1500)
const raw = serializeTransaction(buildFaucetGet({}, ctx0, { faucetUtxos: [utxo] }).tx)
const nativeRate = rate(
  () => createHash('sha256').update(createHash('sha256').update(raw).digest()).digest(),
  short ? 300 : 1500,
)

const medA = quantile(fast.attempts, 0.5),
  p95A = quantile(fast.attempts, 0.95)
const row = (search: string, attemptsPerSec: number, measured?: { ms: number[] }) => ({
  search,
  attemptsPerSec: round(attemptsPerSec),
  medianMs: measured ? round(quantile(measured.ms, 0.5)) : round((medA / attemptsPerSec) * 1000),
  p95Ms: measured ? round(quantile(measured.ms, 0.95)) : round((p95A / attemptsPerSec) * 1000),
  timed: measured !== undefined,
})
console.log(
  JSON.stringify({
    runs: RUNS,
    medianAttempts: medA,
    p95Attempts: p95A,
    rows: [
      row('fast (fixed nonce, WASM BLAKE2b: the default)', fastRate, fast),
      row('fast (fixed nonce, pure-JS BLAKE2b)', fastJsRate, fastJs),
      row('re-signing every attempt (exactSignatures), @noble/secp256k1', nobleRate),
      row('re-signing every attempt (exactSignatures), tiny-secp256k1', tinyRate),
      row('node:crypto sha256d of the same transaction (native estimate)', nativeRate),
    ],
  }),
)
