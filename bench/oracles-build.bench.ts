import { describe } from 'vitest'
import * as tiny from 'tiny-secp256k1'
import { tinySecp256k1Backend } from '../src/tx/sign.js'
import { useWasmBlake2b } from '../src/tx/blake2b.js'
import { oraclesData } from './fixtures.js'
import { OURS, bench } from './_opts.js'

// The publisher's hot path: build and sign one oraclesdata sample (2 normal inputs, baton, one subscription); the
// fixture (bench/fixtures.ts) proves that every input of the signed sample verifies.
const signed = oraclesData(), signedTiny = oraclesData({ backend: tinySecp256k1Backend(tiny as never) }), unsigned = oraclesData({ unsigned: true })
const proof = signed().hex
if (signedTiny().hex !== proof) throw new Error('bench fixture: backends disagree')
describe('oraclesdata build+sign (4 inputs)', () => {
  bench(OURS, signed)
  bench('komodo-cc + tiny-secp256k1 backend', signedTiny)
})
describe('oraclesdata build without signing (sighashes only)', () => {
  bench(OURS, unsigned)
})

// the same with the opt-in WebAssembly BLAKE2b for the sighashes (the switch is global: back to pure JS after each)
if (!useWasmBlake2b(true) || signed().hex !== proof) throw new Error('bench fixture: WASM BLAKE2b unavailable or builds different bytes')
useWasmBlake2b(false)
describe('oraclesdata build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, () => { useWasmBlake2b(true); unsigned(); useWasmBlake2b(false) })
})
