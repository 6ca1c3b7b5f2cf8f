import { describe } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { buildOraclesCreate, buildOraclesData } from '../src/modules/oracles/build.js'
import { encodeOracleData } from '../src/oracles/format.js'
import { batonPubkey } from '../src/cc/address.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256 } from '../src/hash/index.js'
import { parseTransaction } from '../src/tx/codec.js'
import { verifyInput } from '../src/tx/sign.js'
import * as tiny from 'tiny-secp256k1'
import { tinySecp256k1Backend } from '../src/tx/sign.js'
import { useWasmBlake2b } from '../src/tx/blake2b.js'
import { OURS, bench } from './_opts.js'

// The publisher's hot path: build and sign one oraclesdata sample (2 normal inputs, baton, one subscription).
const priv = sha256(new TextEncoder().encode('1'))
const pubkey = getPublicKey(priv, true)
const coin = (b: string, sats: bigint) => ({ txid: b.repeat(32), vout: 0, satoshis: sats, script: p2pkScript(pubkey), height: 1 })
const create = buildOraclesCreate('BTCKMD', 'price feed', 'IhhL', { pubkey, utxos: [coin('11', 10_000_000n)], height: 10, privateKey: priv })
const baton = { txid: '22'.repeat(32), vout: 1, satoshis: 10000n, script: ccScript(cc1of1(0xec, batonPubkey(priv))), height: 11 }
const sub = { txid: '33'.repeat(32), vout: 0, satoshis: 100_000_000n, script: ccScript(cc1of1(0xec, pubkey)), height: 11 }
const H = '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7'
const record = encodeOracleData('IhhL', [16, H, H, 4212345678n])
const state = { oracle: create.tx, datafee: 20000n, baton, subscriptions: [sub], batonPubkey: batonPubkey(priv) }
const ctx = { pubkey, utxos: [coin('44', 15_000n), coin('55', 15_000n)], height: 12, privateKey: priv }
const unsignedCtx = { pubkey, utxos: ctx.utxos, height: 12 }

// Prove the fixture: the signed sample verifies on every input.
const proof = buildOraclesData(create.txid, record, ctx, state)
const prevouts = [ctx.utxos[0]!, baton, sub, ctx.utxos[1]!]
parseTransaction(proof.hex).vin.forEach((_, i) => {
  if (!verifyInput(proof.tx, i, { value: prevouts[i]!.satoshis, script: prevouts[i]!.script }).valid) throw new Error(`bench fixture: input ${i} does not verify`)
})

const tinyCtx = { ...ctx, backend: tinySecp256k1Backend(tiny as never) }
if (buildOraclesData(create.txid, record, tinyCtx, state).hex !== proof.hex) throw new Error('bench fixture: backends disagree')
describe('oraclesdata build+sign (4 inputs)', () => {
  bench(OURS, () => { buildOraclesData(create.txid, record, ctx, state) })
  bench('komodo-cc + tiny-secp256k1 backend', () => { buildOraclesData(create.txid, record, tinyCtx, state) })
})
describe('oraclesdata build without signing (sighashes only)', () => {
  bench(OURS, () => { buildOraclesData(create.txid, record, unsignedCtx, state) })
})

// the same with the opt-in WebAssembly BLAKE2b for the sighashes (the switch is global: back to pure JS after each)
if (!useWasmBlake2b(true) || buildOraclesData(create.txid, record, ctx, state).hex !== proof.hex) throw new Error('bench fixture: WASM BLAKE2b unavailable or builds different bytes')
useWasmBlake2b(false)
describe('oraclesdata build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, () => { useWasmBlake2b(true); buildOraclesData(create.txid, record, unsignedCtx, state); useWasmBlake2b(false) })
})
