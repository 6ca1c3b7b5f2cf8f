import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import v from '../../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import { bumpGasPrice, gasStationPrice, gasStationToGwei, gasStationToWei } from '../../src/kdf/gas.js'

type Example = {
  station_response?: { average: number; fast: number }
  station_value?: number
  gas_station_decimals: number
  policy?: 'MeanAverageFast' | 'Average'
  expected_wei: string
  expected_gwei: number
}
const examples = (v.cases.find((c) => c.id === 'kdf-gas-station-conversion-01') as unknown as { examples: Example[] })
  .examples
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('gas station arithmetic (KDF vectors)', () => {
  test.each(examples)('$from $gas_station_decimals decimals → $expected_gwei gwei', (ex) => {
    if (ex.station_response) {
      expect(gasStationPrice(ex.station_response, ex.policy, ex.gas_station_decimals)).toBe(BigInt(ex.expected_wei))
    } else {
      expect(gasStationToWei(ex.station_value!, ex.gas_station_decimals)).toBe(BigInt(ex.expected_wei))
      expect(gasStationToGwei(ex.station_value!, ex.gas_station_decimals)).toBe(String(ex.expected_gwei))
    }
  })

  test('defaults: 8 decimals, MeanAverageFast; `standard` is an alias of `average`', () => {
    expect(gasStationToGwei(860)).toBe('86')
    expect(gasStationPrice({ average: 500, fast: 1000 })).toBe(75_000_000_000n)
    expect(gasStationPrice({ standard: 30, fast: 40 }, 'Average', 9)).toBe(30_000_000_000n)
  })

  test('fractions are exact, wei truncated', () => {
    expect(gasStationToGwei('30.123456789', 9)).toBe('30.123456789')
    expect(gasStationToWei('0.1', 0)).toBe(0n)
    expect(gasStationToGwei(1, 8)).toBe('0.1')
    expect(gasStationPrice({ average: 1, fast: 2 }, 'MeanAverageFast', 0)).toBe(1n) // 1.5 wei → 1
  })

  test('10 % bump, at least 1 gwei', () => {
    expect(bumpGasPrice(75_000_000_000n)).toBe(82_500_000_000n)
    expect(bumpGasPrice(1_000_000_000n)).toBe(2_000_000_000n)
  })

  test('bad input is KDF_PARAMS', () => {
    for (const f of [
      () => gasStationToWei(-1),
      () => gasStationToWei(Number.NaN),
      () => gasStationToWei('1e5'),
      () => gasStationToWei(1, 19),
      () => gasStationPrice({ fast: 1 } as never),
      () => gasStationPrice({ average: 1, fast: 1 }, 'Fast' as never),
      () => bumpGasPrice(-1n),
    ])
      expect(f).toThrow(expect.objectContaining({ code: 'KDF_PARAMS' }))
  })

  test('property: integer station values scale by 10^decimals exactly; mean lies between average and fast', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 18 }),
        (a, f, d) => {
          expect(gasStationToWei(a.toString(), d)).toBe(a * 10n ** BigInt(d))
          const mean = gasStationPrice({ average: a.toString(), fast: f.toString() }, 'MeanAverageFast', d)
          const lo = (a < f ? a : f) * 10n ** BigInt(d)
          const hi = (a < f ? f : a) * 10n ** BigInt(d)
          expect(mean >= lo && mean <= hi).toBe(true)
          expect(mean).toBe(((a + f) * 10n ** BigInt(d)) / 2n)
        },
      ),
      { numRuns },
    )
  })
})
