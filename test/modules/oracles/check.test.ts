import { describe, expect, test } from 'vitest'
import raw from '../../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import { checkOraclesDataTx } from '../../../src/modules/oracles/check.js'
import { parseTransaction, serializeTransaction } from '../../../src/tx/codec.js'
import { opReturnScript, p2pkScript } from '../../../src/script/script.js'
import { ByteWriter } from '../../../src/bytes/writer.js'
import { hexToBytes } from '../../../src/bytes/hex.js'
import type { Transaction } from '../../../src/tx/types.js'

const code = (c: string) => expect.objectContaining({ code: c })
const PK = hexToBytes('03fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abc')

// an oraclesdata-shaped v4 transaction: 'D' opret = ec 44 | oracletxid | batontxid | pubkey | record
function dataTx(recordSize: number, scriptSigSize = 72): Transaction {
  const payload = new ByteWriter()
    .u8(0xec)
    .u8(0x44)
    .bytes(new Uint8Array(64))
    .varBytes(PK)
    .varBytes(new Uint8Array(recordSize))
    .finish()
  return {
    overwintered: true,
    version: 4,
    versionGroupId: 0x892f2085,
    vin: [{ txid: '11'.repeat(32), vout: 0, scriptSig: new Uint8Array(scriptSigSize), sequence: 0xffffffff }],
    vout: [
      { value: 10000n, script: p2pkScript(PK) },
      { value: 0n, script: opReturnScript(payload) },
    ],
    lockTime: 0,
    expiryHeight: 100,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
}

describe('checkOraclesDataTx: serialized size ≤ 10000 and record ≤ 8192', () => {
  test('returns the size; the limit is inclusive', () => {
    // pad the input's scriptSig so that a 8000-byte record makes the transaction exactly 10000 bytes
    let pad = 72 + 10000 - serializeTransaction(dataTx(8000)).length
    while (serializeTransaction(dataTx(8000, pad)).length > 10000) pad--
    expect(serializeTransaction(dataTx(8000, pad)).length).toBe(10000)
    expect(checkOraclesDataTx(dataTx(8000, pad))).toBe(10000)
    expect(() => checkOraclesDataTx(dataTx(8001, pad))).toThrow(code('ORACLE_TX_TOO_BIG'))
  })
  test('record at 8192 is fine when the transaction is small enough; 8193 is not', () => {
    expect(checkOraclesDataTx(dataTx(8192))).toBeLessThanOrEqual(10000)
    expect(() => checkOraclesDataTx(dataTx(8193))).toThrow(code('ORACLE_DATA_TOO_BIG'))
  })
  test('a large transaction with a small record is ORACLE_TX_TOO_BIG', () => {
    const tx = dataTx(100)
    tx.vin = Array.from({ length: 80 }, (_, i) => ({
      txid: (i + 16).toString(16).padStart(64, '0'),
      vout: 0,
      scriptSig: new Uint8Array(120),
      sequence: 0xffffffff,
    }))
    expect(() => checkOraclesDataTx(tx)).toThrow(code('ORACLE_TX_TOO_BIG'))
  })
  test('a real oracles transaction passes', () => {
    const c = raw.cases.find((x) => x.id === 'oracles-oraclesfund-01')!
    expect(checkOraclesDataTx(parseTransaction(c.hex))).toBe(c.hex.length / 2)
  })
})
