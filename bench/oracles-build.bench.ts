import { describe } from 'vitest'
import * as tiny from 'tiny-secp256k1'
import { tinySecp256k1Backend } from '../src/tx/sign.js'
import { blake2bBackend } from '../src/hash/blake2b.js'
import { oraclesData } from './fixtures.js'
import { OURS, bench } from './_opts.js'

// The publisher's hot path: build and sign one oraclesdata sample (2 normal inputs, baton, one subscription); the
// fixture (bench/fixtures.ts) proves that every input of the signed sample verifies.
const signed = oraclesData(),
  signedTiny = oraclesData({ backend: tinySecp256k1Backend(tiny as never) }),
  unsigned = oraclesData({ unsigned: true })
const held = oraclesData({ signer: true })
const proof = signed().hex
if (signedTiny().hex !== proof) throw new Error('bench fixture: backends disagree')
if (held().hex !== proof) throw new Error('bench fixture: a held signer builds different bytes')
describe('oraclesdata build+sign (4 inputs)', () => {
  bench(OURS, signed)
  bench('komodo-cc + tiny-secp256k1 backend', signedTiny)
  bench('komodo-cc, held signers (context.signer, batonSigner: no key derivation per build)', held)
})
describe('oraclesdata build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, unsigned)
})

// the same with the pure-JS BLAKE2b for the sighashes (context.blake2b = 'js': an option of the build)
const unsignedJs = oraclesData({ unsigned: true, blake2b: 'js' })
if (oraclesData({ blake2b: 'js' })().hex !== proof)
  throw new Error('bench fixture: pure-JS BLAKE2b builds different bytes')
if (blake2bBackend() !== 'wasm') throw new Error('bench fixture: the default is not the WASM BLAKE2b here')
describe('oraclesdata build without signing (sighashes only; pure-JS BLAKE2b)', () => {
  bench(OURS, unsignedJs)
})
