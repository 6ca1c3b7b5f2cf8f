import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  decodeOracleData,
  encodeOracleData,
  formatOracleSample,
  type OracleValue,
} from '../../src/oracle-data/format.js'
import { KomodoCcError } from '../../src/errors.js'
import { bytesToHex } from '../../src/bytes/hex.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const ascii = fc.string({ unit: fc.integer({ min: 32, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 300 })
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex)

const field: fc.Arbitrary<[string, OracleValue]> = fc.oneof(
  ascii.filter((s) => s.length <= 255).map((s) => ['s', s] as [string, OracleValue]),
  ascii.map((s) => ['S', s] as [string, OracleValue]),
  fc.uint8Array({ maxLength: 255 }).map((b) => ['d', b] as [string, OracleValue]),
  fc.uint8Array({ maxLength: 600 }).map((b) => ['D', b] as [string, OracleValue]),
  fc.integer({ min: -128, max: 127 }).map((n) => ['c', n] as [string, OracleValue]),
  fc.integer({ min: 0, max: 255 }).map((n) => ['C', n] as [string, OracleValue]),
  fc.integer({ min: -32768, max: 32767 }).map((n) => ['t', n] as [string, OracleValue]),
  fc.integer({ min: 0, max: 65535 }).map((n) => ['T', n] as [string, OracleValue]),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((n) => ['i', n] as [string, OracleValue]),
  fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((n) => ['I', n] as [string, OracleValue]),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => ['l', n] as [string, OracleValue]),
  fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((n) => ['L', n] as [string, OracleValue]),
  hex64.map((h) => ['h', h] as [string, OracleValue]),
)
const record = fc.array(field, { minLength: 1, maxLength: 12 })

/** An independent, naive encoder (Buffer-free, DataView) used as the model. */
function modelEncode(fields: [string, OracleValue][]): string {
  let hex = ''
  const le = (v: bigint, bytes: number) => {
    let s = ''
    let x = BigInt.asUintN(bytes * 8, v)
    for (let i = 0; i < bytes; i++, x >>= 8n)
      s += Number(x & 0xffn)
        .toString(16)
        .padStart(2, '0')
    return s
  }
  for (const [c, v] of fields) {
    if (c === 's' || c === 'S')
      hex +=
        le(BigInt((v as string).length), c === 's' ? 1 : 2) +
        [...(v as string)].map((ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join('')
    else if (c === 'd' || c === 'D')
      hex += le(BigInt((v as Uint8Array).length), c === 'd' ? 1 : 2) + bytesToHex(v as Uint8Array)
    else if (c === 'h') hex += (v as string).match(/../g)!.reverse().join('')
    else hex += le(BigInt(v as number | bigint), { c: 1, C: 1, t: 2, T: 2, i: 4, I: 4, l: 8, L: 8 }[c]!)
  }
  return hex
}

describe('oracles/format properties', () => {
  test('encode matches an independent model and decode∘encode is the identity', () => {
    fc.assert(
      fc.property(record, (fields) => {
        const format = fields.map((f) => f[0]).join('')
        const values = fields.map((f) => f[1])
        const data = encodeOracleData(format, values, { allowOversize: true })
        expect(bytesToHex(data)).toBe(modelEncode(fields))
        const back = decodeOracleData(format, data, { allowOversize: true })
        expect(back.map((v) => (v instanceof Uint8Array ? bytesToHex(v) : v))).toEqual(
          values.map((v) => (v instanceof Uint8Array ? bytesToHex(v) : v)),
        )
      }),
      { numRuns },
    )
  })

  test('formatOracleSample prints every field of a well-formed record with no empty string', () => {
    fc.assert(
      fc.property(record, (fields) => {
        const nonEmpty = fields.filter(([c, v]) => !('sSdD'.includes(c) && (v as string | Uint8Array).length === 0))
        fc.pre(nonEmpty.length > 0)
        const format = nonEmpty.map((f) => f[0]).join('')
        const printed = formatOracleSample(
          format,
          encodeOracleData(
            format,
            nonEmpty.map((f) => f[1]),
            { allowOversize: true },
          ),
        )
        expect(printed).toHaveLength(nonEmpty.length)
        printed.forEach((p, i) => {
          const [c, v] = nonEmpty[i]!
          if (c === 'd' || c === 'D') expect(p).toBe(bytesToHex(v as Uint8Array))
          else expect(p).toBe(String(v))
        })
      }),
      { numRuns },
    )
  })

  test('random bytes: decode throws only KomodoCcError; formatOracleSample never throws', () => {
    const format = fc.string({ unit: fc.constantFrom(...'sSdDcCtTiIlLhx'), maxLength: 8 })
    fc.assert(
      fc.property(format, fc.uint8Array({ maxLength: 400 }), (f, data) => {
        try {
          decodeOracleData(f, data, { allowOversize: true })
        } catch (e) {
          expect(e).toBeInstanceOf(KomodoCcError)
        }
        const printed = formatOracleSample(f, data)
        expect(printed.length).toBeLessThanOrEqual(f.length)
      }),
      { numRuns: numRuns * 5 },
    )
  })

  test('encode refuses every out-of-range integer', () => {
    const widths = {
      c: [-128n, 127n],
      C: [0n, 255n],
      t: [-32768n, 32767n],
      T: [0n, 65535n],
      i: [-(2n ** 31n), 2n ** 31n - 1n],
      I: [0n, 2n ** 32n - 1n],
      l: [-(2n ** 63n), 2n ** 63n - 1n],
      L: [0n, 2n ** 64n - 1n],
    } as const
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(widths) as (keyof typeof widths)[])),
        fc.bigInt({ min: 1n, max: 2n ** 70n }),
        fc.boolean(),
        (c, delta, above) => {
          const [min, max] = widths[c]
          const v = above ? max + delta : min - delta
          const value = c === 'l' || c === 'L' ? v : Number(v)
          expect(() => encodeOracleData(c, [value])).toThrow(KomodoCcError)
        },
      ),
      { numRuns },
    )
  })
})
