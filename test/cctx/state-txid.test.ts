// stateTx remembers the txid of a state transaction per parsed object (re-checked against its serialization) and
// per hex string; mutating the object between builds must be seen.
import { describe, expect, test } from 'vitest'
import * as utxolib from '@bitgo/utxo-lib'
import { stateTx } from '../../src/cctx/common.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { Transaction } from '../../src/tx/types.js'

// independent txid: @bitgo/utxo-lib over the same bytes
const peerTxid = (tx: Transaction) =>
  utxolib.bitgo.ZcashTransaction.fromBuffer<bigint>(
    Buffer.from(serializeTransaction(tx)),
    false,
    'bigint',
    utxolib.networks.zcash,
  ).getId()

const make = (): Transaction => ({
  overwintered: true,
  version: 4,
  versionGroupId: 0x892f2085,
  vin: [{ txid: '44'.repeat(32), vout: 2, scriptSig: new Uint8Array([0x51]), sequence: 0xffffffff }],
  vout: [{ value: 10000n, script: new Uint8Array([0x6a, 0x02, 0xec, 0x43]) }],
  lockTime: 0,
  expiryHeight: 0,
  valueBalance: 0n,
  shieldedSpends: [],
  shieldedOutputs: [],
  joinSplits: [],
})
const code = (c: string) => expect.objectContaining({ code: c })

describe('stateTx txid memo', () => {
  test('a parsed object: accepted repeatedly, refused once mutated, accepted under its new txid', () => {
    const tx = make()
    const id1 = peerTxid(tx)
    expect(stateTx(tx, id1, 'state.oracle')).toBe(tx)
    expect(stateTx(tx, id1.toUpperCase(), 'state.oracle')).toBe(tx)
    tx.vout[0]!.script[3] = 0x44 // in place
    const id2 = peerTxid(tx)
    expect(id2).not.toBe(id1)
    expect(() => stateTx(tx, id1, 'state.oracle')).toThrow(code('BUILD_STATE'))
    expect(stateTx(tx, id2, 'state.oracle')).toBe(tx)
    tx.vin[0]!.scriptSig = new Uint8Array([0x52]) // scriptSigs are part of the txid
    expect(() => stateTx(tx, id2, 'state.oracle')).toThrow(code('BUILD_STATE'))
    expect(stateTx(tx, peerTxid(tx), 'state.oracle')).toBe(tx)
  })
  test('hex strings and bytes', () => {
    const tx = make()
    const hex = bytesToHex(serializeTransaction(tx))
    const id = peerTxid(tx)
    for (let i = 0; i < 3; i++) {
      expect(serializeTransaction(stateTx(hex, id, 'state.oracle'))).toEqual(serializeTransaction(tx))
      expect(() => stateTx(hex, '00'.repeat(32), 'state.oracle')).toThrow(code('BUILD_STATE'))
    }
    const bytes = serializeTransaction(tx)
    expect(parseTransaction(bytes).vin[0]!.vout).toBe(2)
    expect(stateTx(bytes, id, 'state.oracle').vout.length).toBe(1)
    bytes[bytes.length - 5]! ^= 1 // the bytes path is never cached
    expect(() => stateTx(bytes, id, 'state.oracle')).toThrow(code('BUILD_STATE'))
    expect(() => stateTx(hex.slice(0, -2), id, 'state.oracle')).toThrow(code('READ_PAST_END'))
  })
})

describe('txidOfParsed', () => {
  test('equals the peer txid before and after an in-place change', async () => {
    const { txidOfParsed } = await import('../../src/cctx/common.js')
    const tx = make()
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    tx.vin[0]!.sequence = 7
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    tx.vout.push({ value: 1n, script: new Uint8Array([0x51]) })
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
  })
  test('a transaction that grows past the reused scratch, shrinks, or becomes invalid between calls', async () => {
    const { txidOfParsed } = await import('../../src/cctx/common.js')
    const tx = make()
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    tx.vout[0]!.script = new Uint8Array(5000).fill(0x51) // far larger than the scratch so far
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    tx.vout[0]!.script = new Uint8Array(4999).fill(0x51) // one byte shorter, same prefix
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
    tx.vin[0]!.vout = -1
    expect(() => txidOfParsed(tx)).toThrow(code('INT_RANGE'))
    tx.vin[0]!.vout = 3
    expect(txidOfParsed(tx)).toBe(peerTxid(tx))
  })
})
