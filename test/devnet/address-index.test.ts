// The devnet's address-index RPCs as komodod shapes them (src/rpc/misc.cpp, -addressindex): getaddressutxos and
// getaddressbalance with the ccvout flag (confirmed CC outputs are index type 3), getaddressdeltas, getaddresstxids,
// getaddressmempool (its index files CC outputs under type 1), and JSON-RPC batches on the devnet's server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { decodeAddress, p2pkhAddress } from '../../src/address/address.js'
import { ccAddressOf } from '../../src/cc/address.js'
import { cc1of1 } from '../../src/cc/condition.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { hash160 } from '../../src/hash/index.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkhScript, p2pkScript } from '../../src/script/script.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { keySigner, signTransaction } from '../../src/tx/sign.js'
import {
  DEFAULT_TX_EXPIRY_DELTA,
  SAPLING_VERSION_GROUP_ID,
  type Transaction,
  type TxOutput,
} from '../../src/tx/types.js'
import type { ExactJson } from '../../src/rpc/json.js'
import { expectRefused } from './_helpers.js'

let dev: Devnet
const key = hexToBytes('00'.repeat(31) + '51')
const pk = keySigner(key).publicKey
const cond = cc1of1(0xe4, pk)
const ccAddr = ccAddressOf(cond)
const keyAddr = p2pkhAddress(pk)
const ids: Record<string, string> = {}

const spend = (ins: [string, number][], outs: TxOutput[], signer: Uint8Array): string => {
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: ins.map(([txid, vout]) => ({ txid, vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout: outs,
    lockTime: 0,
    expiryHeight: dev.chain.height + 1 + DEFAULT_TX_EXPIRY_DELTA,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const prev = ins.map(([t, v]) => dev.chain.output(t, v)!)
  return bytesToHex(serializeTransaction(signTransaction(tx, prev, [signer])))
}
const obj = (v: ExactJson) => v as Record<string, ExactJson>
const list = (v: ExactJson) => v as Record<string, ExactJson>[]

beforeAll(async () => {
  dev = await startTestDevnet()
  const premine = dev.chain.blocks[0]!.txids[0]!
  const wallet = hexToBytes(dev.privateKey)
  // height 1: P2PK and P2PKH to the key, a CC output of the key, a P2PKH output to the CC address's hash
  ids.A = await dev.rpc.sendrawtransaction(
    spend(
      [[premine, 0]],
      [
        { value: 100_000_000n, script: p2pkScript(pk) },
        { value: 200_000_000n, script: p2pkhScript(hash160(pk)) },
        { value: 50_000_000n, script: ccScript(cond) },
        { value: 5_000_000n, script: p2pkhScript(decodeAddress(ccAddr).hash) },
        { value: 100_000_000_000n - 355_000_000n - 10_000n, script: p2pkScript(keySigner(wallet).publicKey) },
      ],
      wallet,
    ),
  )
  await dev.mine(1)
  // height 2: the key spends its P2PKH coin, paying itself and a second CC output
  ids.B = await dev.rpc.sendrawtransaction(
    spend(
      [[ids.A, 1]],
      [
        { value: 150_000_000n, script: p2pkScript(pk) },
        { value: 40_000_000n, script: ccScript(cond) },
      ],
      key,
    ),
  )
  await dev.mine(1)
  // mempool: the key spends its P2PK coin of height 1 into a CC output and a P2PKH output
  ids.M = await dev.rpc.sendrawtransaction(
    spend(
      [[ids.A, 0]],
      [
        { value: 30_000_000n, script: ccScript(cond) },
        { value: 69_990_000n, script: p2pkhScript(hash160(pk)) },
      ],
      key,
    ),
  )
}, 30_000)
afterAll(async () => {
  await dev.stop()
})

describe('getaddressutxos and getaddressbalance: the ccvout flag selects the CC index', () => {
  test('a CC address: its normal output without the flag, its CC outputs with it (any second parameter)', async () => {
    const plain = list(await dev.rpc.call('getaddressutxos', [{ addresses: [ccAddr] }]))
    expect(plain.map((u) => `${u.txid}:${u.outputIndex}`)).toEqual([`${ids.A}:3`])
    for (const flag of [true, false, 1]) {
      const cc = list(await dev.rpc.call('getaddressutxos', [{ addresses: [ccAddr] }, flag]))
      expect(cc.map((u) => `${u.txid}:${u.outputIndex}@${u.height}`)).toEqual([`${ids.A}:2@1`, `${ids.B}:1@2`])
      expect(Object.keys(cc[0]!)).toEqual(['address', 'txid', 'outputIndex', 'script', 'satoshis', 'height'])
    }
  })
  test("the key's address: P2PK and P2PKH without the flag, nothing with it", async () => {
    const plain = list(await dev.rpc.call('getaddressutxos', [{ addresses: [keyAddr] }]))
    // A:0 is spent in the mempool only: still listed (confirmed index)
    expect(plain.map((u) => `${u.txid}:${u.outputIndex}`)).toEqual([`${ids.A}:0`, `${ids.B}:0`])
    expect(await dev.rpc.call('getaddressutxos', [{ addresses: [keyAddr] }, true])).toEqual([])
  })
  test('getaddressbalance sums the index type asked', async () => {
    expect(await dev.rpc.call('getaddressbalance', [{ addresses: [ccAddr] }])).toEqual({
      balance: 5_000_000,
      received: 5_000_000,
    })
    expect(await dev.rpc.call('getaddressbalance', [{ addresses: [ccAddr] }, true])).toEqual({
      balance: 90_000_000,
      received: 90_000_000,
    })
    expect(await dev.rpc.call('getaddressbalance', [{ addresses: [keyAddr] }])).toEqual({
      balance: 250_000_000,
      received: 450_000_000,
    })
  })
})

describe('getaddressdeltas', () => {
  test("komodod's fields, in key order (height, position in block, index, outputs before spends); spends negative with their vin", async () => {
    const d = list(await dev.rpc.call('getaddressdeltas', [{ addresses: [keyAddr] }]))
    expect(Object.keys(d[0]!)).toEqual(['satoshis', 'txid', 'index', 'blockindex', 'height', 'address'])
    expect(d.map((x) => [x.txid, x.index, x.satoshis, x.blockindex, x.height])).toEqual([
      [ids.A, 0, 100_000_000, 1, 1],
      [ids.A, 1, 200_000_000, 1, 1],
      [ids.B, 0, 150_000_000, 1, 2], // B's output 0 …
      [ids.B, 0, -200_000_000, 1, 2], // … before B's input 0 (the spend of A:1)
    ])
    const cc = list(await dev.rpc.call('getaddressdeltas', [{ addresses: [ccAddr] }, true]))
    expect(cc.map((x) => [x.txid, x.index, x.satoshis])).toEqual([
      [ids.A, 2, 50_000_000],
      [ids.B, 1, 40_000_000],
    ])
  })
  test('start and end select heights; chainInfo adds the range; komodod refuses bad ranges', async () => {
    const d = list(await dev.rpc.call('getaddressdeltas', [{ addresses: [keyAddr], start: 2, end: 2 }]))
    expect(d.map((x) => x.height)).toEqual([2, 2])
    const info = obj(
      await dev.rpc.call('getaddressdeltas', [{ addresses: [keyAddr], start: 1, end: 2, chainInfo: true }]),
    )
    expect(Object.keys(info)).toEqual(['deltas', 'start', 'end'])
    expect(info.start).toEqual({ hash: dev.chain.blocks[1]!.hash, height: 1 })
    expect(info.end).toEqual({ hash: dev.chain.blocks[2]!.hash, height: 2 })
    const call = (o: object) => dev.rpc.call('getaddressdeltas', [{ addresses: [keyAddr], ...o }])
    await expectRefused(call({ start: 0, end: 2 }), -5, 'Start and end is expected to be greater than zero')
    await expectRefused(call({ start: 2, end: 1 }), -5, 'End value is expected to be greater than start')
    await expectRefused(call({ start: 1, end: 9, chainInfo: true }), -5, 'Start or end is outside chain range')
    await expectRefused(dev.rpc.call('getaddressdeltas', [keyAddr]), -1, 'getaddressdeltas')
  })
})

describe('getaddresstxids', () => {
  test('one address: each transaction once, in index order; several: by (height, txid)', async () => {
    expect(await dev.rpc.call('getaddresstxids', [{ addresses: [keyAddr] }])).toEqual([ids.A, ids.B])
    expect(await dev.rpc.call('getaddresstxids', [keyAddr])).toEqual([ids.A, ids.B])
    expect(await dev.rpc.call('getaddresstxids', [{ addresses: [ccAddr] }])).toEqual([ids.A])
    expect(await dev.rpc.call('getaddresstxids', [{ addresses: [ccAddr] }, true])).toEqual([ids.A, ids.B])
    const both = await dev.rpc.call('getaddresstxids', [{ addresses: [ccAddr, keyAddr] }])
    expect(both).toEqual([ids.A, ids.B])
    expect(await dev.rpc.call('getaddresstxids', [{ addresses: [keyAddr], start: 2, end: 2 }])).toEqual([ids.B])
    // a range with a zero bound is ignored (komodod reads all)
    expect(await dev.rpc.call('getaddresstxids', [{ addresses: [keyAddr], start: 0, end: 2 }])).toEqual([ids.A, ids.B])
  })
})

describe('getaddressmempool', () => {
  test("komodod's fields; outputs positive with their vout, spends negative with vin, prevtxid and prevout", async () => {
    const m = list(await dev.rpc.call('getaddressmempool', [{ addresses: [keyAddr] }]))
    const time = dev.chain.txs.get(ids.M!)!.time
    expect(m).toEqual([
      { address: keyAddr, txid: ids.M, index: 0, satoshis: -100_000_000, timestamp: time, prevtxid: ids.A, prevout: 0 },
      { address: keyAddr, txid: ids.M, index: 1, satoshis: 69_990_000, timestamp: time },
    ])
    expect(Object.keys(m[0]!)).toEqual(['address', 'txid', 'index', 'satoshis', 'timestamp', 'prevtxid', 'prevout'])
  })
  test('CC outputs are listed without the flag (komodod files them under type 1 in the mempool), nothing with it', async () => {
    const m = list(await dev.rpc.call('getaddressmempool', [{ addresses: [ccAddr] }]))
    expect(m.map((x) => [x.txid, x.index, x.satoshis])).toEqual([[ids.M, 0, 30_000_000]])
    expect(await dev.rpc.call('getaddressmempool', [{ addresses: [ccAddr] }, true])).toEqual([])
  })
  test('bad parameters are refused as komodod refuses them', async () => {
    await expectRefused(
      dev.rpc.call('getaddressmempool', [{ addresses: 'x' }]),
      -5,
      'Addresses is expected to be an array',
    )
    await expectRefused(dev.rpc.call('getaddressmempool', [{ addresses: ['nope'] }]), -5, 'Invalid addresses')
    await expectRefused(dev.rpc.call('getaddressmempool', [5]), -5, 'Invalid address')
    await expectRefused(dev.rpc.call('getaddressmempool', []), -1, 'getaddressmempool')
  })
})

describe('JSON-RPC batches on the devnet server', () => {
  test('an array body gets an array of replies, each with its own result or error', async () => {
    const r = await dev.rpc.batch([
      { method: 'getblockcount', params: [] },
      { method: 'nosuchmethod', params: [] },
      { method: 'getaddresstxids', params: [{ addresses: [keyAddr] }] },
      { method: 'getrawtransaction', params: ['00'.repeat(32), 0] },
    ])
    expect(r[0]).toEqual({ ok: true, result: 2 })
    expect(r[1]!.ok ? undefined : r[1]!.error.rpcCode).toBe(-32601)
    expect(r[2]).toEqual({ ok: true, result: [ids.A, ids.B] })
    expect(r[3]!.ok ? undefined : r[3]!.error.rpcCode).toBe(-5)
  })
})
