import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import BN from 'bn.js'
import sb from '../vectors/foundation/sbits.json' with { type: 'json' }
import am from '../vectors/foundation/amounts.json' with { type: 'json' }
import { sbits, unsbits, assertPlanName } from '../src/sbits.js'
import {
  toSatoshis,
  formatCoins,
  coinsText,
  daemonParseCoins,
  daemonParseDatafee,
  daemonAtof,
  daemonAtol,
  checkDaemonAmount,
} from '../src/amount.js'
import { bytesToHex } from '../src/bytes/hex.js'
import { ByteWriter } from '../src/bytes/writer.js'

const code = (c: string) => expect.objectContaining({ code: c })
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('sbits', () => {
  test.each(sb.cases)('$name → $sbits', (c) => {
    expect(sbits(c.name)).toBe(BigInt(c.sbits))
    if ('wire' in c && c.wire) expect(bytesToHex(new ByteWriter().u64le(sbits(c.name)).finish())).toBe(c.wire)
    expect(unsbits(BigInt(c.sbits))).toBe('unsbits' in c && c.unsbits !== undefined ? c.unsbits : c.name)
  })
  test('unsbits∘sbits is the identity for ASCII names of ≤ 8 chars without NUL', () => {
    const name = fc.string({ unit: fc.integer({ min: 1, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 8 })
    fc.assert(
      fc.property(name, (n) => {
        expect(unsbits(sbits(n))).toBe(n)
      }),
      { numRuns },
    )
  })
  test('typed errors and the plan-name rule', () => {
    expect(() => sbits(5 as never)).toThrow(code('ARG_INVALID'))
    expect(() => unsbits(-1n)).toThrow(code('INT_RANGE'))
    expect(() => unsbits(2n ** 64n)).toThrow(code('INT_RANGE'))
    expect(assertPlanName('KMDDice')).toBe('KMDDice')
    expect(() => assertPlanName('MYDICECONTRACT')).toThrow(
      expect.objectContaining({
        code: 'BUILD_PARAMS',
        details: expect.objectContaining({ daemonError: 'Plan name can be at most 8 ASCII characters' }),
      }),
    )
  })
})

describe('amounts: exact conversion', () => {
  test.each([
    ['1', 100000000n],
    ['0.00000001', 1n],
    ['1.15', 115000000n],
    ['0.29', 29000000n],
    ['1987.420', 198742000000n],
    ['1.100000000', 110000000n],
    ['92233720368.54775807', 2n ** 63n - 1n],
  ])('string %s', (s, v) => expect(toSatoshis(s)).toBe(v))
  test.each([
    [1.15, 115000000n],
    [0.1, 10000000n],
    [1e-8, 1n],
    [21000000, 2100000000000000n],
    [0, 0n],
  ])('number %s', (n, v) => expect(toSatoshis(n)).toBe(v))
  test('bigint and bn.js BN are satoshis', () => {
    expect(toSatoshis(5n)).toBe(5n)
    expect(toSatoshis(new BN('123456789012345678'))).toBe(123456789012345678n)
  })
  test.each([
    ['1.123456789', 'AMOUNT_INVALID'],
    ['1e5', 'AMOUNT_INVALID'],
    [' 1', 'AMOUNT_INVALID'],
    ['', 'AMOUNT_INVALID'],
    ['-1', 'AMOUNT_RANGE'],
    ['92233720368.54775808', 'AMOUNT_RANGE'],
    [NaN, 'AMOUNT_INVALID'],
    [Infinity, 'AMOUNT_INVALID'],
    [1.123456789, 'AMOUNT_INVALID'],
    [1e8, 'AMOUNT_INVALID'],
    [-1n, 'AMOUNT_RANGE'],
    [null, 'AMOUNT_INVALID'],
    [{}, 'AMOUNT_INVALID'],
  ])('refuses %s (%s)', (v, c) => expect(() => toSatoshis(v as never)).toThrow(code(c)))
  test('negative only when allowed; max option', () => {
    expect(toSatoshis('-1.5', 'delta', { allowNegative: true })).toBe(-150000000n)
    expect(() => toSatoshis(11n, 'fee', { max: 10n })).toThrow(code('AMOUNT_RANGE'))
  })
  test('formatCoins ⇄ toSatoshis round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (s) => {
        expect(toSatoshis(formatCoins(s))).toBe(s)
        expect(toSatoshis(coinsText(s))).toBe(s)
      }),
      { numRuns },
    )
    expect(formatCoins(150000000n)).toBe('1.50000000')
    expect(formatCoins(-1n)).toBe('-0.00000001')
    expect(coinsText(100000000n)).toBe('1')
  })
})

describe("amounts: the daemon's lossy parsing", () => {
  test.each(am.daemonCoins)('atof×1e8 + addend: $text → $sats', ({ text, sats }) =>
    expect(daemonParseCoins(text)).toBe(BigInt(sats)),
  )
  test.each(am.daemonCoinsNoFudge)('APR without addend: $text → $sats', ({ text, sats }) =>
    expect(daemonParseCoins(text, { fudge: false })).toBe(BigInt(sats)),
  )
  test.each(am.daemonDatafee)('datafee: $text → $sats', ({ text, sats }) =>
    expect(daemonParseDatafee(text)).toBe(BigInt(sats)),
  )
  test('C atof/atol prefixes', () => {
    expect(daemonAtof(' 1.5abc')).toBe(1.5)
    expect(daemonAtof('abc')).toBe(0)
    expect(daemonAtof('0x1.8p1')).toBe(3)
    expect(daemonAtof('.5')).toBe(0.5)
    expect(daemonAtof('1e2')).toBe(100)
    expect(daemonAtof('-INF')).toBe(-Infinity)
    expect(daemonAtol('1.9')).toBe(1n)
    expect(daemonAtol('99999999999999999999')).toBe(2n ** 63n - 1n)
    expect(daemonParseCoins('nan')).toBe(-(2n ** 63n))
  })
  test('checkDaemonAmount flags text the daemon would misread', () => {
    expect(checkDaemonAmount('1.15')).toEqual({ exact: 115000000n, daemon: 114999999n, differs: true })
    expect(checkDaemonAmount('0.29')).toEqual({ exact: 29000000n, daemon: 29000000n, differs: false })
    expect(checkDaemonAmount('1.5', 'datafee')).toEqual({ exact: 150000000n, daemon: 1n, differs: true })
  })
})
