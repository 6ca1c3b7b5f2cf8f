// decodeRawTransaction's coin values against the daemon's ValueFromAmount text, over the whole amount range.
// The expected text is built here with bigint division and padStart (not with the library's formatter), and the
// expected number is what a JSON parser reads from that text: Number(text).
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { decodeRawTransaction } from '../../src/tx/decode.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'
import { coinsValue, daemonFormatDouble, MAX_MONEY } from '../../src/amount.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 300)
const MAX = 20_000_000_000_000_000n // 200 million coins (komodod amount.h), written out

/** `ValueFromAmount`'s text: sign, integer part, '.', 8 digits. */
function daemonText(sats: bigint): string {
  const abs = sats < 0n ? -sats : sats
  return `${sats < 0n ? '-' : ''}${abs / 100_000_000n}.${String(abs % 100_000_000n).padStart(8, '0')}`
}

function txWith(values: bigint[], valueBalance = 0n): Transaction {
  return {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    lockTime: 0,
    expiryHeight: 0,
    valueBalance,
    vin: [{ txid: '11'.repeat(32), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
    vout: values.map((value) => ({ value, script: new Uint8Array([0x51]) })),
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
}

// amounts spread over every magnitude, with extra weight above 2^53 where a float division goes wrong
const amount = fc.oneof(
  fc.bigInt({ min: 0n, max: MAX }),
  fc.bigInt({ min: 2n ** 53n, max: MAX }),
  fc.integer({ min: 0, max: 17 }).chain((d) => fc.bigInt({ min: 0n, max: 10n ** BigInt(d) })),
)

describe("decodeRawTransaction: value is the number of the daemon's 8-decimal text", () => {
  test('MAX_MONEY is 200 million coins', () => {
    expect(MAX_MONEY).toBe(MAX)
  })

  test("the issue's example: 11980000014280999 zat", () => {
    const d = decodeRawTransaction(serializeTransaction(txWith([11980000014280999n])))
    expect(d.vout[0]!.value).toBe(Number('119800000.14280999'))
    expect(d.vout[0]!.value).not.toBe(119800000.14281)
    expect(d.vout[0]!.valueZat).toBe(11980000014280999n)
    expect(String(d.vout[0]!.value)).toBe('119800000.14280999')
  })

  test('edges: 0, 1, 2^53 ± 1, MAX_MONEY, MAX_MONEY − 1', () => {
    const vals = [0n, 1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, MAX - 1n, MAX]
    const d = decodeRawTransaction(serializeTransaction(txWith(vals)), { amountKey: 'valueSat' })
    d.vout.forEach((o, i) => {
      expect(o.value).toBe(Number(daemonText(vals[i]!)))
      expect(BigInt(o.valueSat!)).toBe(vals[i])
      // satoshi counts stay exact: a number only while it is a safe integer
      expect(typeof o.valueSat).toBe(vals[i]! <= 2n ** 53n - 1n ? 'number' : 'bigint')
    })
  })

  test('property: every output value over 0…MAX_MONEY', () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 6 }), (vals) => {
        const d = decodeRawTransaction(serializeTransaction(txWith(vals)))
        d.vout.forEach((o, i) => {
          expect(o.value).toBe(Number(daemonText(vals[i]!)))
          expect(BigInt(o.valueZat!)).toBe(vals[i])
        })
      }),
      { numRuns, seed: 1603 },
    )
  })

  test('property: valueBalance over −MAX_MONEY…MAX_MONEY (negative included)', () => {
    fc.assert(
      fc.property(amount, fc.boolean(), (v, negative) => {
        const vb = negative ? -v : v
        const d = decodeRawTransaction(serializeTransaction(txWith([0n], vb)))
        expect(d.valueBalance).toBe(Number(daemonText(vb)))
      }),
      { numRuns, seed: 1604 },
    )
  })

  test('coinsValue equals Number of the text, positive and negative', () => {
    fc.assert(
      fc.property(amount, fc.boolean(), (v, negative) => {
        const s = negative ? -v : v
        expect(coinsValue(s)).toBe(Number(daemonText(s)))
      }),
      { numRuns, seed: 1605 },
    )
  })
})

describe('daemonFormatDouble: glibc printf("%.8f") of a double', () => {
  /** The exact decimal expansion of a double (finite, non-negative) rounded half to even at 8 places, by hand. */
  function printf8(x: number): string {
    // x = k / 2^1074 exactly for a non-negative double; scale by 2^1074 with an integer ladder
    let k = 0n
    let rest = x
    for (let p = 1023; p >= -1074; p--) {
      const bit = 2 ** p
      if (rest >= bit) {
        rest -= bit
        k += 1n << BigInt(p + 1074)
      }
    }
    expect(rest).toBe(0)
    const den = 1n << 1074n
    const num = k * 100_000_000n
    let q = num / den
    const r2 = (num % den) * 2n
    if (r2 > den || (r2 === den && q % 2n === 1n)) q += 1n
    return daemonText(q)
  }

  test('ties go to even (toFixed rounds them away from zero)', () => {
    expect(daemonFormatDouble(1 / 512)).toBe('0.00195312')
    expect((1 / 512).toFixed(8)).toBe('0.00195313')
    expect(daemonFormatDouble(3 / 512)).toBe('0.00585938')
    expect(daemonFormatDouble(-1 / 512)).toBe('-0.00195312')
    expect(daemonFormatDouble(-0)).toBe('-0.00000000')
    expect(daemonFormatDouble(NaN)).toBe('nan')
    expect(daemonFormatDouble(-Infinity)).toBe('-inf')
  })

  test('property: (double)sats / COIN printed as glibc does, over 0…MAX_MONEY and over dyadic ties', () => {
    const doubles = fc.oneof(
      amount.map((s) => Number(s) / 1e8),
      fc.integer({ min: 0, max: 2 ** 30 }).map((q) => (2 * q + 1) / 512),
      fc.double({ min: 0, max: 1e12, noNaN: true }),
    )
    fc.assert(
      fc.property(doubles, (x) => {
        expect(daemonFormatDouble(x)).toBe(printf8(x))
      }),
      { numRuns, seed: 1606 },
    )
  })
})
