// Module payload decoders (the most frequent payload of each hot module) and the transaction inspector.
import { describe } from 'vitest'
import docs from '../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import { script as bscript } from 'bitcoinjs-lib'
import * as utxolib from '@bitgo/utxo-lib'
import { OURS, bench, opts } from './_opts.js'
import { hexToBytes } from '../src/bytes/hex.js'
import { decodeOraclesOpret, encodeOraclesOpret } from '../src/modules/oracles/opret.js'
import { decodeTokensOpret } from '../src/modules/tokens/opret.js'
import { decodeDiceOpret } from '../src/modules/dice/opret.js'
import { inspectTransaction } from '../src/inspect/index.js'
import { parseTransaction, serializeTransaction } from '../src/tx/codec.js'
import { cc1of1, encodeCondition } from '../src/cc/condition.js'

const PUB = '024026d4ad4ecfc1f705a9b42ca64af6d2ad947509c085534a30b8861d756c6ff0'
const ORACLE = '9e2b634427c209afb844d05e20f10f9ea799b3a1e8763cb5ba89084e20ab7e40'
const BATON = 'b0bbe39a33e794ecff5af817440c0cd7d92479cca74f3c763f88111383015d73'
const RECORD = 'ffffffff' + '00000000ffffffff'.repeat(8) // an 'Ihh' merkle-root sample (68 bytes)

// oraclesdata opret (spec 6.3 layout), token transfer (spec 6.3 vector), dice addfunds/bet form (developer docs)
const ORACLES_D = encodeOraclesOpret({ funcid: 'D', oracletxid: ORACLE, batontxid: BATON, pubkey: PUB, data: RECORD })
const TOKEN_T = hexToBytes(
  '6a45f27400112233445566778899aabbccddeeff00112233445566778899aabbccddeeff012102c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5',
)
const DICE_B = hexToBytes(
  '6a4c6ae6424b4d444469636500f74cae60f1901161cbe475ff00f1024bb3d64be778b714bfbeb75afa20fffcebd22d4e75f4939198938b49036f71c3a0e00d20ca05237147aaed0d85cd50ff29' +
    '00'.repeat(32),
)

// A plain peer: bitcoinjs-lib's script decompiler for the push, then Buffer reads of the same fields.
function plainOraclesD(script: Uint8Array) {
  const chunks = bscript.decompile(Buffer.from(script))
  const p = chunks?.[1]
  if (!Buffer.isBuffer(p) || p[0] !== 0xec || p[1] !== 0x44) throw new Error('not an oracles D')
  const oracletxid = Buffer.from(p.subarray(2, 34)).reverse().toString('hex')
  const batontxid = Buffer.from(p.subarray(34, 66)).reverse().toString('hex')
  const pkLen = p[66]!
  const pubkey = p.subarray(67, 67 + pkLen).toString('hex')
  const dl = p[67 + pkLen]!
  const data = p.subarray(68 + pkLen, 68 + pkLen + dl).toString('hex')
  if (68 + pkLen + dl !== p.length) throw new Error('trailing bytes')
  return { oracletxid, batontxid, pubkey, data }
}

// An oraclesdata transaction: a documented Sapling envelope (oraclessubscribe, gateways tutorial) with the
// 'D' layout of spec 5.8: publisher CC change, baton, datafee, change, opret.
const BASE = docs.cases.find((c) => c.id === 'tut-gateways-oraclessubscribe-02')!.hex
function ccScript(ev: number, pk: string): Uint8Array {
  const c = encodeCondition(cc1of1(ev, pk))
  return new Uint8Array([c.length, ...c, 0xcc])
}
const tx = parseTransaction(BASE)
tx.vout = [
  { value: 99990000n, script: ccScript(0xec, PUB) },
  { value: 10000n, script: ccScript(0xec, '031df7f6218960fb6ec9abd5edc09cbfd37b3dcb712bfd02b9ff1c054de79d7aac') },
  { value: 10000n, script: new Uint8Array([0x21, ...hexToBytes(PUB), 0xac]) },
  { value: 9999899960000n, script: new Uint8Array([0x21, ...hexToBytes(PUB), 0xac]) },
  { value: 0n, script: ORACLES_D },
]
const RAW_D = serializeTransaction(tx)

// Prove the fixtures before timing them.
{
  const d = decodeOraclesOpret(ORACLES_D)
  const plain = plainOraclesD(ORACLES_D)
  if (
    d.funcid !== 'D' ||
    d.data !== RECORD ||
    plain.data !== RECORD ||
    plain.oracletxid !== ORACLE ||
    d.batontxid !== plain.batontxid
  )
    throw new Error('oracles D fixture')
  if (decodeTokensOpret(TOKEN_T).funcid !== 't' || decodeDiceOpret(DICE_B).funcid !== 'B')
    throw new Error('token / dice fixture')
  const r = inspectTransaction(RAW_D, { oracleFormat: 'Ihh' })
  if (
    r.method !== 'oraclesdata' ||
    r.outputs[0]!.cc?.pubkey !== PUB ||
    (r.reading.sample as string[])[0] !== '4294967295'
  )
    throw new Error('inspect fixture')
}

describe('payload decode oraclesdata', () => {
  bench(
    OURS,
    () => {
      decodeOraclesOpret(ORACLES_D)
    },
    opts,
  )
  bench(
    'bitcoinjs-lib decompile + Buffer',
    () => {
      plainOraclesD(ORACLES_D)
    },
    opts,
  )
})
describe('payload decode token transfer', () => {
  bench(
    OURS,
    () => {
      decodeTokensOpret(TOKEN_T)
    },
    opts,
  )
})
describe('payload decode dice bet', () => {
  bench(
    OURS,
    () => {
      decodeDiceOpret(DICE_B)
    },
    opts,
  )
})
// Peer: @bitgo/utxo-lib's Zcash transaction parser and txid only (no opret decode, no CC identification) —
// a lower bound of what an inspection has to do.
const RAW_D_BUF = Buffer.from(RAW_D)
if (
  utxolib.bitgo.createTransactionFromBuffer(RAW_D_BUF, utxolib.networks.zcash, { amountType: 'bigint' }).getId() !==
  inspectTransaction(RAW_D).txid
)
  throw new Error('utxo-lib peer fixture')
describe('inspectTransaction oraclesdata', () => {
  bench(
    OURS,
    () => {
      inspectTransaction(RAW_D)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib parse + txid only',
    () => {
      utxolib.bitgo.createTransactionFromBuffer(RAW_D_BUF, utxolib.networks.zcash, { amountType: 'bigint' }).getId()
    },
    opts,
  )
})
describe('inspectTransaction oraclesdata + JSON (every address)', () => {
  bench(
    OURS,
    () => {
      JSON.stringify(inspectTransaction(RAW_D), (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
    },
    opts,
  )
})
