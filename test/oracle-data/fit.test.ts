// Which oracle records fit a node's -datacarriersize: checked against the oraclesdata opret the builders write
// (encodeOraclesOpret, itself checked against komodod's documented transactions in the opret vectors).
import { describe, expect, test } from 'vitest'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { oracleRecordFit, oracleRecordLimit, oraclesDataScriptSize } from '../../src/oracle-data/fit.js'
import { chunkOracleData, joinOracleData } from '../../src/oracle-data/chunk.js'

const TXID = '11'.repeat(32)
const PUB = '02' + '33'.repeat(32)
const scriptOf = (n: number): number =>
  encodeOraclesOpret({
    funcid: 'D',
    oracletxid: TXID,
    batontxid: TXID,
    pubkey: PUB,
    data: bytesToHex(new Uint8Array(n)),
  }).length

describe('oracle records under a relay policy', () => {
  test.each([0, 1, 36, 37, 75, 104, 105, 252, 253, 8192])(
    'the script size of a %i-byte record is the opret builder’s',
    (n) => {
      expect(oraclesDataScriptSize(n)).toBe(scriptOf(n))
    },
  )
  test.each([
    [140, 36],
    [208, 104],
    [300, 195],
    [10001, 8192],
    [100, 0],
  ])('-datacarriersize %i: records up to %i bytes', (dcs, limit) => {
    expect(oracleRecordLimit(dcs)).toBe(limit)
    if (limit > 0) expect(scriptOf(limit)).toBeLessThanOrEqual(dcs)
    if (limit < 8192) expect(scriptOf(limit + 1)).toBeGreaterThan(dcs)
  })
  test('per format: what fits under 208 and what -datacarriersize admits every record', () => {
    expect(oracleRecordFit('IhhL', 208)).toMatchObject({ min: 76, max: 76, fits: 'always' })
    expect(oracleRecordFit('Ihh', 208)).toMatchObject({ min: 68, max: 68, fits: 'always' })
    expect(oracleRecordFit('L', 140)).toMatchObject({ fits: 'always' })
    expect(oracleRecordFit('s', 208)).toMatchObject({
      min: 1,
      max: 256,
      fits: 'sometimes',
      datacarriersizeForAll: scriptOf(256),
    })
    expect(oracleRecordFit('D', 208)).toMatchObject({
      min: 2,
      max: 8192,
      fits: 'sometimes',
      datacarriersizeForAll: scriptOf(8192),
    })
    expect(oracleRecordFit('hhhh', 208)).toMatchObject({ min: 128, fits: 'never' })
    expect(() => oracleRecordFit('x', 208)).toThrow(expect.objectContaining({ code: 'ORACLE_FORMAT' }))
    expect(() => oracleRecordLimit(-1)).toThrow(expect.objectContaining({ code: 'INT_RANGE' }))
  })
  test('chunkOracleData splits to the policy: every record within the limit, and joins back', () => {
    const payload = new Uint8Array(1000).map((_, i) => i & 0xff)
    const records = chunkOracleData('D', payload, { datacarriersize: 208 })
    expect(records.length).toBe(Math.ceil(1000 / 102))
    expect(records.every((r) => r.length <= 104 && oraclesDataScriptSize(r.length) <= 208)).toBe(true)
    expect(joinOracleData('D', records)).toEqual(payload)
    expect(chunkOracleData('S', 'x'.repeat(100), { datacarriersize: 140 }).length).toBe(3)
    expect(() => chunkOracleData('D', payload, { datacarriersize: 100 })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
})
