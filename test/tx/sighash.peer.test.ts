import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import * as utxolib from '@bitgo/utxo-lib'
import { serializeTransaction } from '../../src/tx/codec.js'
import { createSighasher, sighash } from '../../src/tx/sighash.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { Transaction } from '../../src/tx/types.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })
const input = fc.record({
  txid: bytes(32).map(bytesToHex),
  vout: fc.nat({ max: 0xffffffff }),
  scriptSig: fc.uint8Array({ maxLength: 40 }),
  sequence: fc.nat({ max: 0xffffffff }),
})
const output = fc.record({ value: fc.bigInt({ min: 0n, max: 2n ** 50n }), script: fc.uint8Array({ maxLength: 90 }) })
const txArb = fc
  .record({
    vin: fc.array(input, { minLength: 1, maxLength: 4 }),
    vout: fc.array(output, { maxLength: 4 }),
    lockTime: fc.nat({ max: 0xffffffff }),
    expiryHeight: fc.nat({ max: 499999999 }),
  })
  .map((t): Transaction => ({
    overwintered: true,
    version: 4,
    versionGroupId: 0x892f2085,
    ...t,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }))

describe('ZIP-243 sighash equals @bitgo/utxo-lib (an independent implementation) on random transparent v4 transactions', () => {
  test('every input, every hash type, cached and one-shot', () => {
    fc.assert(
      fc.property(
        txArb,
        fc.uint8Array({ maxLength: 120 }),
        fc.bigInt({ min: 0n, max: 2n ** 50n }),
        (tx, scriptCode, value) => {
          const peer = utxolib.bitgo.ZcashTransaction.fromBuffer<bigint>(
            Buffer.from(serializeTransaction(tx)),
            false,
            'bigint',
            utxolib.networks.zcash,
          )
          peer.consensusBranchId = 0x76b809bb
          const h = createSighasher(tx)
          for (let i = 0; i < tx.vin.length; i++) {
            for (const hashType of [1, 2, 3, 0x81, 0x82, 0x83]) {
              const want = bytesToHex(peer.hashForSignatureByNetwork(i, Buffer.from(scriptCode), value, hashType))
              expect(bytesToHex(h(i, { scriptCode, value, hashType }))).toBe(want)
              if (hashType === 1) expect(bytesToHex(sighash(tx, i, { scriptCode, value, hashType }))).toBe(want)
            }
          }
        },
      ),
      { numRuns: Math.max(10, numRuns >> 3) },
    )
  })
})
