import { describe } from 'vitest'
import { createHash } from 'node:crypto'
import * as tiny from 'tiny-secp256k1'
import { diceHashEntropy } from '../src/modules/dice/entropy.js'
import { prepareFaucetSearch } from '../src/modules/faucet/build.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { sha256d } from '../src/hash/index.js'
import { serializeTransaction } from '../src/tx/codec.js'
import { tinySecp256k1Backend } from '../src/tx/sign.js'
import { blake2bBackend } from '../src/hash/blake2b.js'
import { bettorKey, coin, diceBet, fund, out, priv, prove, pub2, pubkey, tokenTransfer } from './fixtures.js'
import { OURS, bench } from './_opts.js'

const tinyBackend = tinySecp256k1Backend(tiny as never)

// the default must be the WebAssembly BLAKE2b here, and both must build the same bytes
// (the pure-JS rows pass context.blake2b = 'js': the BLAKE2b is an option of the build, not a process-wide switch)
for (const [what, build, js] of [
  ['tokentransfer', tokenTransfer(), tokenTransfer({ blake2b: 'js' })],
  ['dicebet', diceBet(), diceBet({ blake2b: 'js' })],
] as const) {
  if (blake2bBackend() !== 'wasm') throw new Error('WASM BLAKE2b unavailable: the default rows would not measure it')
  if (js().hex !== build().hex) throw new Error(`${what}: WASM and pure-JS BLAKE2b build different bytes`)
}
const transfer = tokenTransfer(),
  transferTiny = tokenTransfer({ backend: tinyBackend }),
  transferUnsigned = tokenTransfer({ unsigned: true }),
  transferUnsignedJs = tokenTransfer({ unsigned: true, blake2b: 'js' })
const transferHeld = tokenTransfer({ signer: true })
if (transferHeld().hex !== transfer().hex)
  throw new Error('bench fixture tokentransfer: a held signer builds different bytes')
describe('tokentransfer build+sign (2 inputs)', () => {
  bench(OURS, transfer)
  bench('komodo-cc + tiny-secp256k1 backend', transferTiny)
  bench('komodo-cc, held signer (context.signer: no key derivation per build)', transferHeld)
})
describe('tokentransfer build without signing (sighashes only; pure-JS BLAKE2b)', () => {
  bench(OURS, () => {
    transferUnsignedJs()
  })
})
describe('tokentransfer build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, transferUnsigned)
})
const betNoble = diceBet(),
  betTiny = diceBet({ backend: tinyBackend }),
  betUnsigned = diceBet({ unsigned: true }),
  betUnsignedJs = diceBet({ unsigned: true, blake2b: 'js' })
const betHeld = diceBet({ signer: true })
if (betHeld().hex !== betNoble().hex) throw new Error('bench fixture dicebet: a held signer builds different bytes')
describe('dicebet build+sign (2 inputs, 101 plan transactions scanned)', () => {
  bench(OURS, betNoble)
  bench('komodo-cc + tiny-secp256k1 backend', betTiny)
  bench('komodo-cc, held signer (context.signer: no key derivation per build)', betHeld)
})
describe('dicebet build without signing (sighashes only; pure-JS BLAKE2b)', () => {
  bench(OURS, () => {
    betUnsignedJs()
  })
})
describe('dicebet build without signing (sighashes only; WASM BLAKE2b)', () => {
  bench(OURS, betUnsigned)
})
describe('dice entropy derivation (DiceHashEntropy: 2 X25519 + 3 SHA-256)', () => {
  bench(OURS, () => {
    diceHashEntropy({ txid: fund.txid, vout: 1 }, true, bettorKey)
  })
})

// faucetget: one nonce attempt. The default fast search: patch the nonce, hashOutputs, each input's sighash, s from
// the fixed nonce, sha256d. The re-signing search (exactSignatures): rebuild the opret, RFC 6979-sign every input,
// patch, sha256d. The limit is hashing alone (node:crypto).
const faucetUtxo = {
  txid: 'ab'.repeat(32),
  vout: 0,
  satoshis: 1_000_000_000n,
  script: ccScript(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12')),
  height: 5,
}
const faucetCtx = { pubkey, utxos: [], height: 1000 }
const searchFast = prepareFaucetSearch(faucetCtx, { faucetUtxos: [faucetUtxo] })
const searchFastJs = prepareFaucetSearch({ ...faucetCtx, blake2b: 'js' }, { faucetUtxos: [faucetUtxo] })
const searchNoble = prepareFaucetSearch(faucetCtx, { faucetUtxos: [faucetUtxo] }, undefined, { exactSignatures: true })
const searchTiny = prepareFaucetSearch(faucetCtx, { faucetUtxos: [faucetUtxo] }, tinySecp256k1Backend(tiny as never), {
  exactSignatures: true,
})
if (searchNoble.tryRange(62000, 1) !== 62000 || searchTiny.tryRange(62000, 1) !== 62000)
  throw new Error('bench fixture: faucet nonce 62000 does not verify')
const fastNonce = searchFast.tryRange(0, 1 << 22)
if (fastNonce === null) throw new Error('bench fixture: the fast search found nothing')
const faucetRaw = serializeTransaction(searchFast.finish(fastNonce, fastNonce + 1).tx) // finish() verifies every input
if (sha256d(faucetRaw)[0] !== 0) throw new Error('bench fixture: faucet tx')
describe('faucetget nonce search (attempts/s)', () => {
  bench(OURS, () => {
    searchFast.tryRange(1, 1)
  })
  bench('komodo-cc fast search, pure-JS BLAKE2b', () => {
    searchFastJs.tryRange(1, 1)
  })
  bench('komodo-cc re-signing every attempt (exactSignatures)', () => {
    searchNoble.tryRange(0, 1)
  })
  bench('komodo-cc re-signing, tiny-secp256k1 (exactSignatures)', () => {
    searchTiny.tryRange(0, 1)
  })
  bench('node:crypto sha256d of the same transaction (the limit)', () => {
    createHash('sha256').update(createHash('sha256').update(faucetRaw).digest()).digest()
  })
})

// ---- rewards and gateways rows -------------------------------------------------------------------------------------
import { buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from '../src/modules/rewards/build.js'
import { buildGatewaysPartialSign, buildGatewaysWithdraw } from '../src/modules/gateways/build.js'
import { encodeGatewaysOpret } from '../src/modules/gateways/opret.js'

// rewardsunlock: the lock plus one plan funding output, both signed with the public rewards key.
const rwPlan = buildRewardsCreateFunding(
  { name: 'BENCH', amount: '1000', APR: '5', mindays: 1, maxdays: 10, mindeposit: '10' },
  { pubkey, utxos: [coin('55', 200_000_000_000n)], height: 40, privateKey: priv },
)
const rwLock = buildRewardsLock(
  { name: 'BENCH', fundingtxid: rwPlan.txid, amount: '200' },
  { pubkey, utxos: [coin('56', 30_000_000_000n)], height: 41, privateKey: priv },
  { plan: rwPlan.tx, funding: 100_000_000_000n },
)
const rwState = {
  plan: rwPlan.tx,
  locks: [{ tx: rwLock.tx, blockTime: 1_700_000_000 }],
  funding: [out(rwPlan, 0)],
  tipTime: 1_700_000_000 + 5 * 86400,
}
const rwCtx = { pubkey, utxos: [], height: 50 }
prove(
  buildRewardsUnlock({ name: 'BENCH', fundingtxid: rwPlan.txid, txid: rwLock.txid }, rwCtx, rwState),
  [out(rwLock, 0), out(rwPlan, 0)],
  'rewardsunlock',
)
describe('rewardsunlock build+sign (2 CC inputs)', () => {
  bench(OURS, () => {
    buildRewardsUnlock({ name: 'BENCH', fundingtxid: rwPlan.txid, txid: rwLock.txid }, rwCtx, rwState)
  })
})

// gatewayspartialsign: a signer's fee coin and the withdraw marker (gateways key).
const gwBind = {
  txid: '66'.repeat(32),
  vout: [
    {
      value: 0n,
      script: encodeGatewaysOpret({
        funcid: 'B',
        tokenid: '77'.repeat(32),
        voutPubkeys: ['03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'],
        coin: 'KMD',
        totalsupply: 100_000_000n,
        oracletxid: '55'.repeat(32),
        M: 1,
        N: 1,
        pubkeys: ['02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5'],
        taddr: 0,
        prefix: 60,
        prefix2: 85,
        wiftype: 188,
      }),
    },
  ],
}
const gwWithdraw = buildGatewaysWithdraw(
  { bindtxid: gwBind.txid, coin: 'KMD', withdrawpub: pub2, amount: 1000n },
  { pubkey, utxos: [coin('57', 1_000_000n)], height: 60, privateKey: priv },
  {
    bind: gwBind,
    tokens: [{ txid: '58'.repeat(32), vout: 0, satoshis: 5000n, script: ccScript(cc1of1(0xf2, pubkey)) }],
  },
)
const gwCtx = { pubkey, utxos: [coin('59', 50_000n)], height: 61, privateKey: priv }
const gwPayout = '01000000' + '00'.repeat(60)
prove(
  buildGatewaysPartialSign({ txidaddr: gwWithdraw.txid, refcoin: 'KMD', hex: gwPayout }, gwCtx, {
    last: gwWithdraw.tx,
    bind: gwBind,
  }),
  [...gwCtx.utxos, out(gwWithdraw, 0)],
  'gatewayspartialsign',
)
describe('gatewayspartialsign build+sign (2 inputs)', () => {
  bench(OURS, () => {
    buildGatewaysPartialSign({ txidaddr: gwWithdraw.txid, refcoin: 'KMD', hex: gwPayout }, gwCtx, {
      last: gwWithdraw.tx,
      bind: gwBind,
    })
  })
})
