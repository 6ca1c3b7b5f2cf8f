import { describe } from 'vitest'
import { decodeOracleData, encodeOracleData, type OracleValue } from '../src/oracle-data/format.js'
import { bytesToHex } from '../src/bytes/hex.js'
import { plainDecode, plainEncode } from './plain/oracle-plain.js'
import { OURS, bench, opts } from './_opts.js'

const H1 = '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7'
const H2 = 'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb'
const fixtures: Record<string, [string, OracleValue[]]> = {
  'price feed IhhL': ['IhhL', [1_234_567, H1, H2, 4_278_190_080n]],
  'mixed sLlIhd': [
    'sLlIhd',
    ['BTC/KMD', 18_446_744_069_414_584_320n, -42n, 7, H1, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])],
  ],
  'short s': ['s', ['teststring']],
  '8 KB D': ['D', [Uint8Array.from({ length: 8190 }, (_, i) => i & 0xff)]],
}

const norm = (vs: unknown[]) =>
  JSON.stringify(vs.map((v) => (v instanceof Uint8Array ? bytesToHex(v) : typeof v === 'bigint' ? `${v}n` : v)))
for (const [name, [format, values]] of Object.entries(fixtures)) {
  const ours = encodeOracleData(format, values)
  // Prove the fixtures before timing them: both implementations agree and round-trip.
  if (bytesToHex(ours) !== bytesToHex(plainEncode(format, values as never)))
    throw new Error(`${name}: plain encoder disagrees`)
  if (norm(decodeOracleData(format, ours)) !== norm(values) || norm(plainDecode(format, ours)) !== norm(values))
    throw new Error(`${name}: decode does not round-trip`)
}

for (const [name, [format, values]] of Object.entries(fixtures)) {
  const data = encodeOracleData(format, values)
  describe(`oracle encode ${name}`, () => {
    bench(
      OURS,
      () => {
        encodeOracleData(format, values)
      },
      opts,
    )
    bench(
      'plain Buffer',
      () => {
        plainEncode(format, values as never)
      },
      opts,
    )
  })
  describe(`oracle decode ${name}`, () => {
    bench(
      OURS,
      () => {
        decodeOracleData(format, data)
      },
      opts,
    )
    bench(
      'plain Buffer',
      () => {
        plainDecode(format, data)
      },
      opts,
    )
  })
}

const [mf, mv] = fixtures['mixed sLlIhd']!
describe('oracle encode+decode mixed sLlIhd', () => {
  bench(
    OURS,
    () => {
      decodeOracleData(mf, encodeOracleData(mf, mv))
    },
    opts,
  )
  bench(
    'plain Buffer',
    () => {
      plainDecode(mf, plainEncode(mf, mv as never))
    },
    opts,
  )
})
