import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  ByteReader,
  ByteWriter,
  bytesToHex,
  hexToBytes,
  txidToInternalBytes,
  internalBytesToTxid,
  compactSizeLength,
} from '../../src/bytes/index.js'
import { KomodoCcError } from '../../src/errors.js'
import { reversedHex32 } from '../../src/bytes/hex.js'

const code = (c: string) => expect.objectContaining({ code: c })
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('hex', () => {
  test('round trip and strictness', () => {
    expect(bytesToHex(hexToBytes('00ffAb'))).toBe('00ffab')
    expect(() => hexToBytes('abc')).toThrow(code('HEX_INVALID'))
    expect(() => hexToBytes('zz')).toThrow(
      expect.objectContaining({ code: 'HEX_INVALID', details: expect.objectContaining({ offset: 0 }) }),
    )
    expect(() => hexToBytes('0x00')).toThrow(code('HEX_INVALID'))
    expect(() => hexToBytes(5 as never)).toThrow(code('HEX_INVALID'))
    expect(() => bytesToHex('00' as never)).toThrow(code('BYTES_TYPE'))
  })
  test('matches Node Buffer hex for random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (b) => {
        expect(bytesToHex(b)).toBe(Buffer.from(b).toString('hex'))
        expect(bytesToHex(hexToBytes(Buffer.from(b).toString('hex').toUpperCase()))).toBe(
          Buffer.from(b).toString('hex'),
        )
      }),
      { numRuns },
    )
  })
  test('bytesToHex of long inputs (through the reused scratch and past it) matches Node Buffer hex, and earlier results stay intact', () => {
    const seen: Array<[string, string]> = []
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 3000 }), (b) => {
        const hex = bytesToHex(b)
        expect(hex).toBe(Buffer.from(b).toString('hex'))
        seen.push([hex, Buffer.from(b).toString('hex')])
      }),
      { numRuns: 50 },
    )
    for (const [got, want] of seen) expect(got).toBe(want)
    const big = Uint8Array.from({ length: 40_000 }, (_, i) => (i * 7919) & 0xff)
    expect(bytesToHex(big)).toBe(Buffer.from(big).toString('hex'))
  })
  test('reversedHex32 is the reversed 32 bytes at the offset as Node Buffer hex (the display order of a txid)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 80 }), fc.nat(), (b, k) => {
        const at = k % (b.length - 31)
        const expected = Buffer.from(b.subarray(at, at + 32))
          .reverse()
          .toString('hex')
        expect(reversedHex32(b, at)).toBe(expected)
      }),
      { numRuns },
    )
    const all = Uint8Array.from({ length: 256 }, (_, i) => i) // every byte value in every position class
    for (let at = 0; at <= 224; at += 32)
      expect(reversedHex32(all, at)).toBe(
        Buffer.from(all.subarray(at, at + 32))
          .reverse()
          .toString('hex'),
      )
  })
})

describe('CompactSize', () => {
  test.each([
    [0, '00'],
    [252, 'fc'],
    [253, 'fdfd00'],
    [0xffff, 'fdffff'],
    [0x10000, 'fe00000100'],
    [0x02000000, 'fe00000002'],
  ])('%i ⇄ %s', (n, hex) => {
    expect(bytesToHex(new ByteWriter().compactSize(n).finish())).toBe(hex)
    const r = new ByteReader(hexToBytes(hex))
    expect(r.compactSize()).toBe(n)
    r.end()
    expect(compactSizeLength(n)).toBe(hex.length / 2)
  })
  test.each([
    ['fdfc00', 'COMPACTSIZE_NON_MINIMAL'],
    ['fd1000', 'COMPACTSIZE_NON_MINIMAL'],
    ['feffff0000', 'COMPACTSIZE_NON_MINIMAL'],
    ['ff0000000001000000', 'COMPACTSIZE_RANGE'],
    ['ffffffffff00000000', 'COMPACTSIZE_NON_MINIMAL'],
    ['fe01000002', 'COMPACTSIZE_RANGE'],
    ['fd00', 'READ_PAST_END'],
  ])('%s → %s', (hex, c) => {
    expect(() => new ByteReader(hexToBytes(hex)).compactSize()).toThrow(code(c))
  })
  test('the writer refuses what is not a non-negative integer with INT_RANGE (never a RangeError from BigInt)', () => {
    for (const bad of [1.5, -1, NaN, Infinity, -0.5, '5', null])
      expect(() => new ByteWriter().compactSize(bad as never)).toThrow(code('INT_RANGE'))
  })
  test('number and bigint CompactSizes write the same bytes; i64 values round-trip through the reader', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 0x1ffff }),
          fc.nat(),
          fc.constantFrom(0xfc, 0xfd, 0xffff, 0x10000, 0xffffffff, 0x100000000),
        ),
        (n) => {
          expect(bytesToHex(new ByteWriter().compactSize(n).finish())).toBe(
            bytesToHex(new ByteWriter().compactSize(BigInt(n)).finish()),
          )
        },
      ),
      { numRuns },
    )
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (v) => {
        const r = new ByteReader(new ByteWriter().i64le(v).finish())
        expect(r.i64le()).toBe(v)
      }),
      { numRuns },
    )
    for (const v of [0n, 1n, 0xffffffffn, 0x100000000n, -1n, 2n ** 63n - 1n, -(2n ** 63n)])
      expect(new ByteReader(new ByteWriter().i64le(v).finish()).i64le()).toBe(v)
  })
  test('a length read from input never allocates beyond the input', () => {
    expect(() => new ByteReader(hexToBytes('fe00000002')).varBytes()).toThrow(code('READ_PAST_END'))
  })
})

describe('ByteReader / ByteWriter', () => {
  test('integers round trip at their limits', () => {
    const w = new ByteWriter(1)
    w.u8(255)
      .i8(-128)
      .u16le(65535)
      .i16le(-32768)
      .u32le(0xffffffff)
      .i32le(-0x80000000)
      .u64le(2n ** 64n - 1n)
      .i64le(-(2n ** 63n))
    const hex = bytesToHex(w.finish())
    expect(hex).toBe('ff80ffff0080ffffffff00000080' + 'ff'.repeat(8) + '0000000000000080')
    const r = new ByteReader(hexToBytes(hex))
    expect([r.u8(), r.i8(), r.u16le(), r.i16le(), r.u32le(), r.i32le(), r.u64le(), r.i64le()]).toEqual([
      255,
      -128,
      65535,
      -32768,
      0xffffffff,
      -0x80000000,
      2n ** 64n - 1n,
      -(2n ** 63n),
    ])
    r.end()
  })
  test('writer refuses out-of-range values instead of wrapping', () => {
    expect(() => new ByteWriter().u8(256)).toThrow(code('INT_RANGE'))
    expect(() => new ByteWriter().u32le(-1)).toThrow(code('INT_RANGE'))
    expect(() => new ByteWriter().u64le(-1n)).toThrow(code('INT_RANGE'))
    expect(() => new ByteWriter().i64le(2n ** 63n)).toThrow(code('INT_RANGE'))
  })
  test('reads past the end and trailing bytes are typed, with offsets', () => {
    const r = new ByteReader(hexToBytes('0102'))
    expect(() => r.u32le()).toThrow(
      expect.objectContaining({
        code: 'READ_PAST_END',
        details: expect.objectContaining({ offset: 0, need: 4, left: 2 }),
      }),
    )
    r.u8()
    expect(() => r.end()).toThrow(
      expect.objectContaining({ code: 'TRAILING_BYTES', details: expect.objectContaining({ offset: 1 }) }),
    )
  })
  test('at() prefixes a path', () => {
    const r = new ByteReader(new Uint8Array(0))
    try {
      r.at('vin[2]', () => r.at('prevout', () => r.hash32()))
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(KomodoCcError)
      expect((e as KomodoCcError).details.path).toBe('vin[2].prevout')
    }
  })
  test('u64 and i64 match DataView for random values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (v) => {
        const dv = new DataView(new ArrayBuffer(8))
        dv.setBigUint64(0, v, true)
        expect(bytesToHex(new ByteWriter().u64le(v).finish())).toBe(bytesToHex(new Uint8Array(dv.buffer)))
        expect(new ByteReader(new Uint8Array(dv.buffer)).i64le()).toBe(dv.getBigInt64(0, true))
      }),
      { numRuns },
    )
  })
})

describe('txid byte order', () => {
  test('display hex ⇄ internal bytes reverse (spec 6.2 example oracletxid)', () => {
    const display = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'
    expect(bytesToHex(txidToInternalBytes(display))).toBe(
      'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100',
    )
    expect(internalBytesToTxid(txidToInternalBytes(display))).toBe(display)
    expect(() => txidToInternalBytes('00')).toThrow(code('BYTES_LENGTH'))
    expect(() => internalBytesToTxid(new Uint8Array(31))).toThrow(code('BYTES_LENGTH'))
  })
})

describe('results own their buffers (no shared output slab)', () => {
  // Transferring a result's .buffer to a worker detaches it; with a shared slab every later encoder output carved from
  // it threw a plain TypeError. Each result now has an ArrayBuffer of its own.
  test('a transferred .buffer of one result breaks no later build, and no two results share a buffer', async () => {
    const { encodeOracleData } = await import('../../src/oracle-data/format.js')
    const { serializeTransaction, parseTransaction } = await import('../../src/tx/codec.js')
    const { ByteWriter } = await import('../../src/bytes/writer.js')
    const { encodeTokensOpret } = await import('../../src/modules/tokens/index.js')
    const make = () => [
      encodeOracleData('D', [new Uint8Array(150).fill(7)]),
      new ByteWriter(100).bytes(new Uint8Array(100).fill(1)).finish(),
      encodeTokensOpret({
        funcid: 't',
        evalCode: 0xf2,
        tokenid: '22'.repeat(32),
        pubkeys: ['02' + '11'.repeat(32), '03' + '44'.repeat(32)],
        blobs: [],
      }),
    ]
    const first = make()
    for (const r of first) {
      expect(r.byteOffset).toBe(0)
      expect(r.buffer.byteLength).toBe(r.length)
    }
    const buffers = new Set(first.map((r) => r.buffer))
    expect(buffers.size).toBe(first.length)
    for (const r of first) structuredClone(r, { transfer: [r.buffer as ArrayBuffer] }) // detaches r.buffer
    expect(first.every((r) => r.length === 0)).toBe(true)
    for (let i = 0; i < 200; i++) {
      const again = make()
      expect(again[0]!.length).toBe(152)
      expect(again[1]!.every((b) => b === 1)).toBe(true)
    }
    const raw = serializeTransaction(parseTransaction('0400008085202f89000000000000000000000000000000000000000000'))
    structuredClone(raw, { transfer: [raw.buffer as ArrayBuffer] })
    expect(
      serializeTransaction(parseTransaction('0400008085202f89000000000000000000000000000000000000000000')).length,
    ).toBeGreaterThan(0)
  })
})
