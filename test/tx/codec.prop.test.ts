import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { createHash } from 'node:crypto'
import {
  parseTransaction,
  serializeTransaction,
  serializeTransactionInto,
  transactionSize,
  txid,
} from '../../src/tx/codec.js'
import { decodeRawTransaction } from '../../src/tx/decode.js'
import { sighash } from '../../src/tx/sighash.js'
import { KomodoCcError } from '../../src/errors.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { Transaction } from '../../src/tx/types.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const code = (c: string) => expect.objectContaining({ code: c })
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })
const u32 = fc.nat({ max: 0xffffffff })
const i64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
const script = fc.uint8Array({ maxLength: 300 })
const input = fc.record({ txid: bytes(32).map(bytesToHex), vout: u32, scriptSig: script, sequence: u32 })
const output = fc.record({ value: i64, script })
const spend = fc.record({
  cv: bytes(32),
  anchor: bytes(32),
  nullifier: bytes(32),
  rk: bytes(32),
  zkproof: bytes(192),
  spendAuthSig: bytes(64),
})
const sout = fc.record({
  cv: bytes(32),
  cmu: bytes(32),
  ephemeralKey: bytes(32),
  encCiphertext: bytes(580),
  outCiphertext: bytes(80),
  zkproof: bytes(192),
})
const joinSplit = (proof: number) =>
  fc.record({
    vpubOld: i64,
    vpubNew: i64,
    anchor: bytes(32),
    nullifiers: fc.tuple(bytes(32), bytes(32)),
    commitments: fc.tuple(bytes(32), bytes(32)),
    ephemeralKey: bytes(32),
    randomSeed: bytes(32),
    macs: fc.tuple(bytes(32), bytes(32)),
    proof: bytes(proof),
    ciphertexts: fc.tuple(bytes(601), bytes(601)),
  })

const txArb: fc.Arbitrary<Transaction> = fc.oneof(
  // Sapling v4
  fc
    .record({
      vin: fc.array(input, { maxLength: 4 }),
      vout: fc.array(output, { maxLength: 4 }),
      lockTime: u32,
      expiryHeight: u32,
      valueBalance: i64,
      shieldedSpends: fc.array(spend, { maxLength: 2 }),
      shieldedOutputs: fc.array(sout, { maxLength: 1 }),
      joinSplits: fc.array(joinSplit(192), { maxLength: 1 }),
      joinSplitPubKey: bytes(32),
      joinSplitSig: bytes(64),
      bindingSig: bytes(64),
    })
    .map((t) => {
      const tx: Transaction = {
        overwintered: true,
        version: 4,
        versionGroupId: 0x892f2085,
        vin: t.vin,
        vout: t.vout,
        lockTime: t.lockTime,
        expiryHeight: t.expiryHeight,
        valueBalance: t.valueBalance,
        shieldedSpends: t.shieldedSpends,
        shieldedOutputs: t.shieldedOutputs,
        joinSplits: t.joinSplits,
      }
      if (t.joinSplits.length) {
        tx.joinSplitPubKey = t.joinSplitPubKey
        tx.joinSplitSig = t.joinSplitSig
      }
      if (t.shieldedSpends.length || t.shieldedOutputs.length) tx.bindingSig = t.bindingSig
      return tx
    }),
  // Overwinter v3 and legacy v1/v2
  fc
    .record({
      v: fc.constantFrom(1, 2, 3),
      vin: fc.array(input, { maxLength: 4 }),
      vout: fc.array(output, { maxLength: 4 }),
      lockTime: u32,
      expiryHeight: u32,
      js: fc.array(joinSplit(296), { maxLength: 1 }),
      pk: bytes(32),
      sig: bytes(64),
    })
    .map((t) => {
      const tx: Transaction = {
        overwintered: t.v === 3,
        version: t.v,
        versionGroupId: t.v === 3 ? 0x03c48270 : 0,
        vin: t.vin,
        vout: t.vout,
        lockTime: t.lockTime,
        expiryHeight: t.v === 3 ? t.expiryHeight : 0,
        valueBalance: 0n,
        shieldedSpends: [],
        shieldedOutputs: [],
        joinSplits: t.v >= 2 ? t.js : [],
      }
      if (tx.joinSplits.length) {
        tx.joinSplitPubKey = t.pk
        tx.joinSplitSig = t.sig
      }
      return tx
    }),
)

describe('transaction codec properties', () => {
  test('random transactions round-trip (model → bytes → model → same bytes), size and txid agree', () => {
    fc.assert(
      fc.property(txArb, (tx) => {
        const b = serializeTransaction(tx)
        expect(transactionSize(tx)).toBe(b.length)
        const back = parseTransaction(b)
        expect(back).toEqual(tx)
        expect(bytesToHex(serializeTransaction(back))).toBe(bytesToHex(b))
        expect(txid(back)).toBe(txid(tx))
      }),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })

  test('random bytes never throw anything but KomodoCcError', () => {
    const prefixes = ['', '04000080' + '85202f89', '03000080' + '7082c403', '01000000', '02000000']
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 400 }), (p, tail) => {
        const hex = p + bytesToHex(tail)
        for (const f of [() => parseTransaction(hex), () => decodeRawTransaction(hex)]) {
          try {
            f()
          } catch (e) {
            expect(e).toBeInstanceOf(KomodoCcError)
          }
        }
      }),
      { numRuns },
    )
  })

  test('every truncation of a valid transaction is READ_PAST_END; trailing bytes are TRAILING_BYTES', () => {
    fc.assert(
      fc.property(txArb, fc.nat(), (tx, cut) => {
        const b = serializeTransaction(tx)
        const k = cut % b.length
        expect(() => parseTransaction(b.subarray(0, k))).toThrow(code('READ_PAST_END'))
        expect(() => parseTransaction(new Uint8Array([...b, 0]))).toThrow(code('TRAILING_BYTES'))
      }),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })

  test('sighash of random v4 transactions never throws for a valid index', () => {
    fc.assert(
      fc.property(
        txArb.filter((t) => t.vin.length > 0 && t.overwintered),
        fc.nat(),
        (tx, i) => {
          expect(sighash(tx, i % tx.vin.length, { scriptCode: new Uint8Array([0x51]), value: 1n })).toHaveLength(32)
        },
      ),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })
})

describe('strictness', () => {
  const v4 = '0400008085202f89' + '00' + '00' + '00000000' + '00000000' + '0000000000000000' + '00' + '00' + '00'
  test('a minimal transparent v4 transaction parses; bad flags are TX_VERSION', () => {
    expect(parseTransaction(v4).version).toBe(4)
    expect(() => parseTransaction('0400008070' + v4.slice(10))).toThrow(code('TX_VERSION'))
    expect(() => parseTransaction('05000080' + v4.slice(8))).toThrow(code('TX_VERSION'))
    expect(() => parseTransaction('0300008085202f89' + v4.slice(16))).toThrow(code('TX_VERSION'))
  })
  test('non-minimal counts, huge counts, trailing bytes, bad hex, wrong types', () => {
    expect(() => parseTransaction('0400008085202f89' + 'fd0000' + v4.slice(18))).toThrow(
      code('COMPACTSIZE_NON_MINIMAL'),
    )
    expect(() => parseTransaction('01000000' + 'fe00000001')).toThrow(code('READ_PAST_END'))
    expect(() => parseTransaction(v4 + '00')).toThrow(code('TRAILING_BYTES'))
    expect(() => parseTransaction(v4.slice(0, -1))).toThrow(code('HEX_INVALID'))
    expect(() => parseTransaction(42 as never)).toThrow(code('BYTES_TYPE'))
  })
  test('the writer refuses models it could not read back', () => {
    const tx = parseTransaction(v4)
    expect(() => serializeTransaction({ ...tx, lockTime: -1 })).toThrow(code('INT_RANGE'))
    expect(() => serializeTransaction({ ...tx, vout: [{ value: 2n ** 63n, script: new Uint8Array() }] })).toThrow(
      code('INT_RANGE'),
    )
    expect(() =>
      serializeTransaction({ ...tx, vin: [{ txid: 'zz', vout: 0, scriptSig: new Uint8Array(), sequence: 0 }] }),
    ).toThrow(code('BYTES_LENGTH'))
    expect(() => serializeTransaction({ ...tx, bindingSig: new Uint8Array(64) })).toThrow(code('TX_INVALID'))
    expect(() => serializeTransaction({ ...tx, versionGroupId: 1 })).toThrow(code('TX_VERSION'))
    expect(() =>
      serializeTransaction({
        ...tx,
        overwintered: false,
        version: 1,
        versionGroupId: 0,
        expiryHeight: 0,
        valueBalance: 1n,
      }),
    ).toThrow(code('TX_INVALID'))
    expect(() => serializeTransaction(null as never)).toThrow(code('TX_INVALID'))
  })
})

describe('serializeTransactionInto, txid scratch and parse of views', () => {
  const base = (): Transaction => ({
    overwintered: true,
    version: 4,
    versionGroupId: 0x892f2085,
    lockTime: 0,
    expiryHeight: 0,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
    vin: [{ txid: '11'.repeat(31) + 'ab', vout: 1, scriptSig: new Uint8Array([1, 2, 3]), sequence: 0xffffffff }],
    vout: [{ value: 5000n, script: new Uint8Array([0x51]) }],
  })
  const sha256d = (b: Uint8Array) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest()

  test('txid equals an independent sha256d of the bytes, reversed, across sizes (the shared scratch is never stale)', () => {
    fc.assert(
      fc.property(fc.array(txArb, { minLength: 1, maxLength: 4 }), (txs) => {
        for (const tx of txs) {
          const b = serializeTransaction(tx)
          expect(txid(tx)).toBe(bytesToHex(Uint8Array.from(sha256d(b)).reverse()))
        }
      }),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })

  test('a transaction over the 100,000-byte scratch gets its own buffer; the next small one still hashes right', () => {
    const big = {
      ...base(),
      vout: Array.from({ length: 12 }, (_, i) => ({ value: BigInt(i), script: new Uint8Array(9000).fill(i) })),
    }
    const small = base()
    for (const tx of [small, big, small]) {
      const b = serializeTransaction(tx)
      expect(txid(tx)).toBe(bytesToHex(Uint8Array.from(sha256d(b)).reverse()))
    }
    expect(serializeTransaction(big).length).toBeGreaterThan(100_000)
  })

  test('writes the same bytes at any offset and leaves every other byte of the buffer as it was', () => {
    fc.assert(
      fc.property(
        txArb,
        fc.nat({ max: 40 }),
        fc.nat({ max: 40 }),
        fc.integer({ min: 0, max: 255 }),
        (tx, before, after, fill) => {
          const want = serializeTransaction(tx)
          const out = new Uint8Array(before + want.length + after).fill(fill)
          const end = serializeTransactionInto(tx, out, before)
          expect(end).toBe(before + want.length)
          expect(bytesToHex(out.subarray(before, end))).toBe(bytesToHex(want))
          expect(out.subarray(0, before).every((x) => x === fill)).toBe(true)
          expect(out.subarray(end).every((x) => x === fill)).toBe(true)
        },
      ),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })

  test('no room, a bad offset, a non-Uint8Array or a bad txid: typed errors and the buffer untouched', () => {
    fc.assert(
      fc.property(txArb, fc.nat({ max: 30 }), (tx, at) => {
        const n = serializeTransaction(tx).length
        const out = new Uint8Array(at + n - 1).fill(0xa5)
        expect(() => serializeTransactionInto(tx, out, at)).toThrow(
          expect.objectContaining({ code: 'BYTES_LENGTH', details: expect.objectContaining({ need: n, left: n - 1 }) }),
        )
        expect(out.every((x) => x === 0xa5)).toBe(true)
      }),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
    const tx = base()
    const out = new Uint8Array(1000).fill(7)
    for (const bad of [-1, 1.5, 1001, Number.NaN])
      expect(() => serializeTransactionInto(tx, out, bad)).toThrow(code('INT_RANGE'))
    expect(() => serializeTransactionInto(tx, [] as unknown as Uint8Array)).toThrow(code('BYTES_TYPE'))
    const badTxid = { ...tx, vin: [...tx.vin, { ...tx.vin[0]!, txid: 'zz' + tx.vin[0]!.txid.slice(2) }] }
    expect(() => serializeTransactionInto(badTxid, out, 0)).toThrow(code('BYTES_LENGTH'))
    expect(() => serializeTransaction(badTxid)).toThrow(code('BYTES_LENGTH'))
    expect(out.every((x) => x === 7)).toBe(true)
  })

  test("output values at the i64 edges are written as two's complement little-endian (checked with DataView)", () => {
    const tx = base()
    for (const value of [
      0n,
      -1n,
      1n,
      2n ** 31n,
      2n ** 32n - 1n,
      2n ** 32n,
      2n ** 53n + 1n,
      2n ** 63n - 1n,
      -(2n ** 63n),
      -(2n ** 32n),
    ]) {
      const t = { ...tx, vout: [{ value, script: new Uint8Array([0x51]) }] }
      const b = serializeTransaction(t)
      const at = b.length - 19 - 2 - 8 // after the value: script length and script (2), then lockTime, expiry, valueBalance, three empty counts (19)
      expect(new DataView(b.buffer, b.byteOffset).getBigInt64(at, true)).toBe(value)
      expect(parseTransaction(b).vout[0]!.value).toBe(value)
    }
  })

  test('parsing a view at an odd offset of a larger buffer equals parsing a copy', () => {
    fc.assert(
      fc.property(txArb, fc.nat({ max: 9 }), (tx, lead) => {
        const b = serializeTransaction(tx)
        const big = new Uint8Array(lead + b.length + 5).fill(0xee)
        big.set(b, lead)
        expect(parseTransaction(big.subarray(lead, lead + b.length))).toEqual(parseTransaction(b.slice()))
      }),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })
})
