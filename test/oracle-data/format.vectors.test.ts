import { describe, expect, test } from 'vitest'
import v from '../../vectors/oracles/format.json' with { type: 'json' }
import { decodeOracleData, encodeOracleData, formatOracleSample } from '../../src/oracle-data/format.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { fromJson, toJson } from '../_util/values.js'

describe('oracles/format vectors', () => {
  test.each(v.valid)('$description', ({ format, values, hex, printed }) => {
    expect(bytesToHex(encodeOracleData(format, fromJson(values)))).toBe(hex)
    expect(toJson(decodeOracleData(format, hexToBytes(hex)))).toEqual(values)
    expect(formatOracleSample(format, hexToBytes(hex))).toEqual(printed)
  })
  test.each(v.invalid)('strict decode refuses / daemon prints: $description', ({ format, hex, error, printed }) => {
    if (error === null) expect(() => decodeOracleData(format, hexToBytes(hex))).not.toThrow()
    else expect(() => decodeOracleData(format, hexToBytes(hex))).toThrow(expect.objectContaining({ code: error }))
    expect(formatOracleSample(format, hexToBytes(hex))).toEqual(printed)
  })
})
