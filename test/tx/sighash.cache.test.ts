// sighash() must never return a stale digest (it once remembered per-transaction digests per transaction object; it
// now keeps nothing): these tests mutate the transaction between calls in every way a digest depends on and check
// against @bitgo/utxo-lib each time.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import * as utxolib from '@bitgo/utxo-lib'
import { serializeTransaction } from '../../src/tx/codec.js'
import { sighash } from '../../src/tx/sighash.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { Transaction } from '../../src/tx/types.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })
const input = fc.record({
  txid: bytes(32).map(bytesToHex),
  vout: fc.nat({ max: 0xffffffff }),
  scriptSig: fc.uint8Array({ maxLength: 10 }),
  sequence: fc.nat({ max: 0xffffffff }),
})
const output = fc.record({
  value: fc.bigInt({ min: 0n, max: 2n ** 50n }),
  script: fc.uint8Array({ minLength: 1, maxLength: 60 }),
})
const txArb = fc
  .record({
    vin: fc.array(input, { minLength: 1, maxLength: 3 }),
    vout: fc.array(output, { minLength: 1, maxLength: 3 }),
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

function peerSighash(tx: Transaction, i: number, scriptCode: Uint8Array, value: bigint, hashType: number): string {
  const peer = utxolib.bitgo.ZcashTransaction.fromBuffer<bigint>(
    Buffer.from(serializeTransaction(tx)),
    false,
    'bigint',
    utxolib.networks.zcash,
  )
  peer.consensusBranchId = 0x76b809bb
  return bytesToHex(peer.hashForSignatureByNetwork(i, Buffer.from(scriptCode), value, hashType))
}

// every in-place change a caller could make to a transaction the digests (or the remembered BLAKE2b midstate) cover
const mutations: ((tx: Transaction, k: number) => void)[] = [
  (tx, k) => {
    tx.vin[k % tx.vin.length]!.sequence = (tx.vin[k % tx.vin.length]!.sequence + 1) >>> 0
  },
  (tx, k) => {
    tx.vin[k % tx.vin.length]!.vout = (tx.vin[k % tx.vin.length]!.vout ^ 1) >>> 0
  },
  (tx, k) => {
    const t = tx.vin[k % tx.vin.length]!.txid
    tx.vin[k % tx.vin.length]!.txid = (t[0] === 'a' ? 'b' : 'a') + t.slice(1)
  },
  (tx) => {
    tx.vin.push({ ...tx.vin[0]!, vout: (tx.vin[0]!.vout + 1) >>> 0 })
  },
  (tx) => {
    if (tx.vin.length > 1) tx.vin.pop()
    else tx.vin[0]!.sequence = (tx.vin[0]!.sequence ^ 2) >>> 0
  },
  (tx, k) => {
    tx.vout[k % tx.vout.length]!.value += 1n
  },
  (tx, k) => {
    const s = tx.vout[k % tx.vout.length]!.script
    s[s.length - 1] = s[s.length - 1]! ^ 0xff
  }, // in place
  (tx, k) => {
    tx.vout[k % tx.vout.length]!.script = new Uint8Array([...tx.vout[k % tx.vout.length]!.script, 0x51])
  },
  (tx) => {
    tx.vout.push({ value: 5n, script: new Uint8Array([0x51]) })
  },
  (tx) => {
    tx.vin[0] = { ...tx.vin[0]! }
  }, // same content, new object: must still be right
  (tx) => {
    tx.lockTime = (tx.lockTime + 1) >>> 0
  },
  (tx) => {
    tx.expiryHeight = (tx.expiryHeight + 1) % 499999999
  },
  (tx) => {
    tx.vin[0]!.scriptSig = new Uint8Array([1, 2, 3])
  }, // not hashed: same digest either way
]

describe('sighash() per-transaction digest cache', () => {
  test('stays correct when the transaction is mutated between calls', () => {
    fc.assert(
      fc.property(
        txArb,
        fc.array(fc.tuple(fc.nat({ max: mutations.length - 1 }), fc.nat(), fc.constantFrom(1, 2, 3, 0x81, 0x83)), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.uint8Array({ maxLength: 40 }),
        (tx, steps, scriptCode) => {
          const value = 1000n
          expect(bytesToHex(sighash(tx, 0, { scriptCode, value }))).toBe(peerSighash(tx, 0, scriptCode, value, 1))
          for (const [m, k, hashType] of steps) {
            mutations[m]!(tx, k)
            const i = k % tx.vin.length
            expect(bytesToHex(sighash(tx, i, { scriptCode, value, hashType }))).toBe(
              peerSighash(tx, i, scriptCode, value, hashType),
            )
            expect(bytesToHex(sighash(tx, i, { scriptCode, value, hashType }))).toBe(
              peerSighash(tx, i, scriptCode, value, hashType),
            ) // from the cache
          }
        },
      ),
      { numRuns: Math.max(10, numRuns >> 2) },
    )
  })

  test('a view into a caller buffer overwritten after the first call', () => {
    const buf = new Uint8Array(40).fill(0x6a)
    const tx: Transaction = {
      overwintered: true,
      version: 4,
      versionGroupId: 0x892f2085,
      vin: [{ txid: '11'.repeat(32), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
      vout: [{ value: 7n, script: buf.subarray(5, 30) }],
      lockTime: 0,
      expiryHeight: 0,
      valueBalance: 0n,
      shieldedSpends: [],
      shieldedOutputs: [],
      joinSplits: [],
    }
    const opts = { scriptCode: new Uint8Array([0x51]), value: 1n }
    const before = bytesToHex(sighash(tx, 0, opts))
    buf.fill(0x00)
    const after = bytesToHex(sighash(tx, 0, opts))
    expect(after).not.toBe(before)
    expect(after).toBe(peerSighash(tx, 0, opts.scriptCode, 1n, 1))
  })

  test('switching version 4 → 3 in place is not served from the v4 cache', () => {
    const tx: Transaction = {
      overwintered: true,
      version: 4,
      versionGroupId: 0x892f2085,
      vin: [{ txid: '22'.repeat(32), vout: 1, scriptSig: new Uint8Array(0), sequence: 0 }],
      vout: [{ value: 9n, script: new Uint8Array([0x51]) }],
      lockTime: 0,
      expiryHeight: 0,
      valueBalance: 0n,
      shieldedSpends: [],
      shieldedOutputs: [],
      joinSplits: [],
    }
    const opts = { scriptCode: new Uint8Array([0x51]), value: 1n }
    const v4 = bytesToHex(sighash(tx, 0, opts))
    tx.version = 3
    tx.versionGroupId = 0x03c48270
    const v3 = bytesToHex(sighash(tx, 0, opts))
    expect(v3).not.toBe(v4)
    const fresh = structuredClone(tx)
    expect(bytesToHex(sighash(fresh, 0, opts))).toBe(v3)
  })

  test('bad fields after a cached call still throw coded errors', () => {
    const tx: Transaction = {
      overwintered: true,
      version: 4,
      versionGroupId: 0x892f2085,
      vin: [{ txid: '33'.repeat(32), vout: 1, scriptSig: new Uint8Array(0), sequence: 0 }],
      vout: [{ value: 9n, script: new Uint8Array([0x51]) }],
      lockTime: 0,
      expiryHeight: 0,
      valueBalance: 0n,
      shieldedSpends: [],
      shieldedOutputs: [],
      joinSplits: [],
    }
    const opts = { scriptCode: new Uint8Array([0x51]), value: 1n }
    sighash(tx, 0, opts)
    expect(() => sighash(tx, 1, opts)).toThrow(expect.objectContaining({ code: 'SIGHASH_INVALID' }))
    tx.vin[0]!.txid = 'zz'.repeat(32)
    expect(() => sighash(tx, 0, opts)).toThrow(expect.objectContaining({ code: 'HEX_INVALID' }))
  })
})
