import { describe } from 'vitest'
import { createHash } from 'node:crypto'
import { getPublicKey } from '@noble/secp256k1'
import * as tiny from 'tiny-secp256k1'
import { buildTokenCreate, buildTokenTransfer } from '../src/modules/tokens/build.js'
import { buildDiceBet, buildDiceFund } from '../src/modules/dice/build.js'
import { diceHashEntropy } from '../src/modules/dice/entropy.js'
import { prepareFaucetSearch } from '../src/modules/faucet/build.js'
import { encodeDicePayload } from '../src/modules/dice/opret.js'
import { opretScript } from '../src/modules/opret.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256, sha256d } from '../src/hash/index.js'
import { serializeTransaction } from '../src/tx/codec.js'
import { tinySecp256k1Backend, verifyInput } from '../src/tx/sign.js'
import { useWasmBlake2b } from '../src/tx/blake2b.js'
import type { Transaction } from '../src/tx/types.js'
import type { BuildResult } from '../src/build/complete.js'
import type { Utxo } from '../src/build/types.js'
import { OURS, bench } from './_opts.js'

const key = (i: number) => sha256(new TextEncoder().encode(String(i)))
const priv = key(1)
const pubkey = getPublicKey(priv, true)
const pub2 = getPublicKey(key(2), true)
const coin = (b: string, sats: bigint, pk = pubkey): Utxo => ({ txid: b.repeat(32), vout: 0, satoshis: sats, script: p2pkScript(pk), height: 1 })
const out = (r: BuildResult, n: number): Utxo => ({ txid: r.txid, vout: n, satoshis: r.tx.vout[n]!.value, script: r.tx.vout[n]!.script })
function prove(r: BuildResult, prevouts: Utxo[], what: string): void {
  r.tx.vin.forEach((vin, i) => {
    const p = prevouts.find((u) => u.txid === vin.txid && u.vout === vin.vout)!
    if (!verifyInput(r.tx, i, { value: p.satoshis, script: p.script }).valid) throw new Error(`bench fixture ${what}: input ${i} does not verify`)
  })
}

// Token transfer: one fee coin and one token input (the wallet's usual case).
const create = buildTokenCreate('BENCH', '1', 'bench token', undefined, { pubkey, utxos: [coin('11', 1_000_000_000n)], height: 10, privateKey: priv })
const tokenState = { create: create.tx, tokens: [out(create, 1)] }
const tokenCtx = { pubkey, utxos: [coin('22', 1_000_000n)], height: 12, privateKey: priv }
prove(buildTokenTransfer(create.txid, pub2, 1000n, tokenCtx, tokenState), [...tokenCtx.utxos, out(create, 1)], 'tokentransfer')

// Dice bet: a plan with 100 entropy transactions (synthetic 'E' transactions: only their outputs and opret matter).
const house = { pubkey, utxos: [coin('33', 100_000_000_000n)], height: 20, privateKey: priv }
const fund = buildDiceFund('BENCH', '100', '0.1', '10', 100, 10, house)
const diceScript = fund.tx.vout[0]!.script
const entropyTx = (i: number): Transaction => ({
  ...fund.tx,
  vin: [{ txid: (i + 256).toString(16).padStart(64, '0'), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
  vout: [
    { value: 1_000_000_000n, script: diceScript },
    { value: 10000n, script: p2pkScript(pubkey) },
    { value: 0n, script: opretScript(encodeDicePayload({ funcid: 'E', sbits: 0x48434e4542n, name: null, fundingtxid: fund.txid, hash: sha256(new Uint8Array([i])).reduce((s, b) => s + b.toString(16).padStart(2, '0'), ''), proof: '00'.repeat(32) })) },
  ],
})
const planTxs = [fund.tx, ...Array.from({ length: 100 }, (_, i) => entropyTx(i))]
const bettorKey = key(2)
const betCtx = { pubkey: pub2, utxos: [coin('44', 10_000_000_000n, pub2)], height: 30, privateKey: bettorKey }
const bettorEntropy = diceHashEntropy({ txid: '00'.repeat(32), vout: 0 }, true, bettorKey).entropy
const betState = { funding: fund.tx, planTxs, bettorEntropy }
const bet = buildDiceBet('BENCH', fund.txid, '1', 2, betCtx, betState)
prove(bet, [...betCtx.utxos, { txid: bet.tx.vin[0]!.txid, vout: 0, satoshis: 1_000_000_000n, script: diceScript }], 'dicebet')

const tinyBackend = tinySecp256k1Backend(tiny as never)

/** `build()` with the opt-in WebAssembly BLAKE2b for its sighashes, then back to pure JS (the switch is global). */
function withWasmBlake2b<T>(build: () => T): T {
  useWasmBlake2b(true)
  const r = build()
  useWasmBlake2b(false)
  return r
}
// the WASM rows must build the same bytes
for (const [what, build] of [
  ['tokentransfer', () => buildTokenTransfer(create.txid, pub2, 1000n, tokenCtx, tokenState)],
  ['dicebet', () => buildDiceBet('BENCH', fund.txid, '1', 2, betCtx, betState)],
] as const) {
  if (!useWasmBlake2b(true)) throw new Error('WASM BLAKE2b unavailable')
  useWasmBlake2b(false)
  if (withWasmBlake2b(build).hex !== build().hex) throw new Error(`${what}: WASM BLAKE2b builds different bytes`)
}
describe('tokentransfer build+sign (2 inputs)', () => {
  bench(OURS, () => { buildTokenTransfer(create.txid, pub2, 1000n, tokenCtx, tokenState) })
  bench('komodo-cc + tiny-secp256k1 backend', () => { buildTokenTransfer(create.txid, pub2, 1000n, { ...tokenCtx, backend: tinyBackend }, tokenState) })
})
describe('tokentransfer build without signing (sighashes only)', () => {
  bench(OURS, () => { buildTokenTransfer(create.txid, pub2, 1000n, { ...tokenCtx, privateKey: undefined }, tokenState) })
})
describe('tokentransfer build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, () => { withWasmBlake2b(() => buildTokenTransfer(create.txid, pub2, 1000n, { ...tokenCtx, privateKey: undefined }, tokenState)) })
})
describe('dicebet build+sign (2 inputs, 101 plan transactions scanned)', () => {
  bench(OURS, () => { buildDiceBet('BENCH', fund.txid, '1', 2, betCtx, betState) })
  bench('komodo-cc + tiny-secp256k1 backend', () => { buildDiceBet('BENCH', fund.txid, '1', 2, { ...betCtx, backend: tinyBackend }, betState) })
})
describe('dicebet build without signing (sighashes only)', () => {
  bench(OURS, () => { buildDiceBet('BENCH', fund.txid, '1', 2, { ...betCtx, privateKey: undefined }, betState) })
})
describe('dicebet build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, () => { withWasmBlake2b(() => buildDiceBet('BENCH', fund.txid, '1', 2, { ...betCtx, privateKey: undefined }, betState)) })
})
describe('dice entropy derivation (DiceHashEntropy: 2 X25519 + 3 SHA-256)', () => {
  bench(OURS, () => { diceHashEntropy({ txid: fund.txid, vout: 1 }, true, bettorKey) })
})

// faucetget: one nonce attempt = rebuild opret, re-sign the faucet input, patch, sha256d. The limit is hashing alone.
const faucetUtxo = { txid: 'ab'.repeat(32), vout: 0, satoshis: 1_000_000_000n, script: ccScript(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12')), height: 5 }
const faucetCtx = { pubkey, utxos: [], height: 1000 }
const searchNoble = prepareFaucetSearch(faucetCtx, { faucetUtxos: [faucetUtxo] })
const searchTiny = prepareFaucetSearch(faucetCtx, { faucetUtxos: [faucetUtxo] }, tinySecp256k1Backend(tiny as never))
if (searchNoble.tryRange(62000, 1) !== 62000 || searchTiny.tryRange(62000, 1) !== 62000) throw new Error('bench fixture: faucet nonce 62000 does not verify')
const faucetRaw = serializeTransaction(searchNoble.finish(62000, 1).tx)
if (sha256d(faucetRaw)[0] !== 0) throw new Error('bench fixture: faucet tx')
describe('faucetget nonce search (attempts/s)', () => {
  bench(OURS, () => { searchNoble.tryRange(0, 1) })
  bench('komodo-cc + tiny-secp256k1', () => { searchTiny.tryRange(0, 1) })
  bench('node:crypto sha256d of the same transaction (the limit)', () => { createHash('sha256').update(createHash('sha256').update(faucetRaw).digest()).digest() })
})

// ---- rewards and gateways rows -------------------------------------------------------------------------------------
import { buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from '../src/modules/rewards/build.js'
import { buildGatewaysPartialSign, buildGatewaysWithdraw } from '../src/modules/gateways/build.js'
import { encodeGatewaysOpret } from '../src/modules/gateways/opret.js'

// rewardsunlock: the lock plus one plan funding output, both signed with the public rewards key.
const rwPlan = buildRewardsCreateFunding('BENCH', '1000', '5', 1, 10, '10', { pubkey, utxos: [coin('55', 200_000_000_000n)], height: 40, privateKey: priv })
const rwLock = buildRewardsLock('BENCH', rwPlan.txid, '200', { pubkey, utxos: [coin('56', 30_000_000_000n)], height: 41, privateKey: priv }, { plan: rwPlan.tx, funding: 100_000_000_000n })
const rwState = { plan: rwPlan.tx, locks: [{ tx: rwLock.tx, blockTime: 1_700_000_000 }], funding: [out(rwPlan, 0)], tipTime: 1_700_000_000 + 5 * 86400 }
const rwCtx = { pubkey, utxos: [], height: 50 }
prove(buildRewardsUnlock('BENCH', rwPlan.txid, rwLock.txid, rwCtx, rwState), [out(rwLock, 0), out(rwPlan, 0)], 'rewardsunlock')
describe('rewardsunlock build+sign (2 CC inputs)', () => {
  bench(OURS, () => { buildRewardsUnlock('BENCH', rwPlan.txid, rwLock.txid, rwCtx, rwState) })
})

// gatewayspartialsign: a signer's fee coin and the withdraw marker (gateways key).
const gwBind = { txid: '66'.repeat(32), vout: [{ value: 0n, script: encodeGatewaysOpret({ funcid: 'B', tokenid: '77'.repeat(32), voutPubkeys: ['03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'], coin: 'KMD', totalsupply: 100_000_000n, oracletxid: '55'.repeat(32), M: 1, N: 1, pubkeys: ['02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5'], taddr: 0, prefix: 60, prefix2: 85, wiftype: 188 }) }] }
const gwWithdraw = buildGatewaysWithdraw(gwBind.txid, 'KMD', pub2, 1000n, { pubkey, utxos: [coin('57', 1_000_000n)], height: 60, privateKey: priv }, { bind: gwBind, tokens: [{ txid: '58'.repeat(32), vout: 0, satoshis: 5000n, script: ccScript(cc1of1(0xf2, pubkey)) }] })
const gwCtx = { pubkey, utxos: [coin('59', 50_000n)], height: 61, privateKey: priv }
const gwPayout = '01000000' + '00'.repeat(60)
prove(buildGatewaysPartialSign(gwWithdraw.txid, 'KMD', gwPayout, gwCtx, { last: gwWithdraw.tx, bind: gwBind }), [...gwCtx.utxos, out(gwWithdraw, 0)], 'gatewayspartialsign')
describe('gatewayspartialsign build+sign (2 inputs)', () => {
  bench(OURS, () => { buildGatewaysPartialSign(gwWithdraw.txid, 'KMD', gwPayout, gwCtx, { last: gwWithdraw.tx, bind: gwBind }) })
})
