import { describe, expect, test } from 'vitest'
import { decodeOracleData, encodeOracleData, formatOracleSample } from '../../src/oracle-data/format.js'
import { chunkOracleData, checkOracleTxSize, joinOracleData } from '../../src/oracle-data/chunk.js'
import { ORACLE_MAX_DATA_SIZE } from '../../src/oracle-data/limits.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

const code = (c: string) => expect.objectContaining({ code: c })

describe('encodeOracleData refuses bad values with typed errors', () => {
  test.each([
    ['c', [128], 'INT_RANGE'],
    ['c', [-129], 'INT_RANGE'],
    ['C', [256], 'INT_RANGE'],
    ['C', [-1], 'INT_RANGE'],
    ['t', [32768], 'INT_RANGE'],
    ['T', [65536], 'INT_RANGE'],
    ['i', [2 ** 31], 'INT_RANGE'],
    ['I', [2 ** 32], 'INT_RANGE'],
    ['I', [1.5], 'ORACLE_VALUE'],
    ['I', ['1'], 'ORACLE_VALUE'],
    ['I', [NaN], 'ORACLE_VALUE'],
    ['l', [2n ** 63n], 'INT_RANGE'],
    ['l', [-(2n ** 63n) - 1n], 'INT_RANGE'],
    ['L', [-1n], 'INT_RANGE'],
    ['L', [2n ** 64n], 'INT_RANGE'],
    ['L', [2 ** 60], 'ORACLE_VALUE'],
    ['s', ['é'], 'ORACLE_NOT_ASCII'],
    ['s', ['a\nb'], 'ORACLE_NOT_ASCII'],
    ['s', ['x'.repeat(256)], 'ORACLE_TOO_LONG'],
    ['d', [new Uint8Array(256)], 'ORACLE_TOO_LONG'],
    ['d', ['00'], 'ORACLE_VALUE'],
    ['h', ['00'], 'ORACLE_VALUE'],
    ['h', ['zz'.repeat(32)], 'ORACLE_VALUE'],
    ['x', [1], 'ORACLE_FORMAT'],
    ['II', [1], 'ORACLE_VALUE'],
  ] as const)('%s %s → %s', (format, values, expected) => {
    expect(() => encodeOracleData(format, values as never)).toThrow(code(expected))
  })

  test('names the failing field in details.path', () => {
    try {
      encodeOracleData('sIC', ['ok', 1, 300])
      expect.unreachable()
    } catch (e) {
      expect(e).toMatchObject({ code: 'INT_RANGE', details: { index: 2, path: '[2]' } })
    }
  })

  test('records over 8192 bytes need allowOversize, and say the daemon error', () => {
    const big = new Uint8Array(ORACLE_MAX_DATA_SIZE - 1) // + 2-byte prefix = 8193
    expect(() => encodeOracleData('D', [big])).toThrow(
      expect.objectContaining({
        code: 'ORACLE_DATA_TOO_BIG',
        details: expect.objectContaining({ daemonError: 'datasize 8193 is too big' }),
      }),
    )
    expect(encodeOracleData('D', [big], { allowOversize: true }).length).toBe(8193)
    expect(encodeOracleData('D', [big.subarray(1)]).length).toBe(8192)
    expect(() => encodeOracleData('D', [big], { allowOversize: 'yes' as never })).toThrow(code('ARG_INVALID'))
  })

  test('an empty record is refused (the daemon never accepts one)', () => {
    expect(() => encodeOracleData('', [])).toThrow(code('ORACLE_DATA_EMPTY'))
  })

  test('l/L accept safe-integer numbers and decode to bigint', () => {
    expect(bytesToHex(encodeOracleData('lL', [-1, 1]))).toBe('ff'.repeat(8) + '01' + '00'.repeat(7))
    expect(decodeOracleData('lL', hexToBytes('ff'.repeat(8) + '01' + '00'.repeat(7)))).toEqual([-1n, 1n])
  })

  test('h: display hex in, bytes reversed on the wire, uppercase hex accepted', () => {
    const display = '00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF'
    const wire = encodeOracleData('h', [display])
    expect(bytesToHex(wire)).toBe('ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100')
    expect(decodeOracleData('h', wire)).toEqual([display.toLowerCase()])
  })
})

describe('decodeOracleData', () => {
  test('d/D values are views into the record (no copy)', () => {
    const record = encodeOracleData('D', [new Uint8Array(8000).fill(7)])
    const [value] = decodeOracleData('D', record) as [Uint8Array]
    expect(value.buffer).toBe(record.buffer)
    expect(value.byteOffset).toBe(record.byteOffset + 2)
  })
  test('refuses wrong argument types with typed errors', () => {
    expect(() => decodeOracleData('s', '0a' as never)).toThrow(code('BYTES_TYPE'))
    expect(() => decodeOracleData(1 as never, new Uint8Array(1))).toThrow(code('ORACLE_FORMAT'))
  })
})

describe('formatOracleSample: daemon printing rules', () => {
  test('stops when the bytes run out even if format chars remain', () => {
    expect(formatOracleSample('III', hexToBytes('01000000'))).toEqual(['1'])
  })
  test('ignores bytes beyond the format', () => {
    expect(formatOracleSample('C', hexToBytes('0102'))).toEqual(['1'])
  })
  test('fields of 10001+ bytes print "" (the daemon\'s per-field limit)', () => {
    const rec = new Uint8Array(2 + 10001)
    rec[0] = 10001 & 0xff
    rec[1] = 10001 >> 8
    rec.fill(0x41, 2)
    expect(formatOracleSample('S', rec)).toEqual([''])
    expect(
      formatOracleSample(
        'S',
        rec.subarray(0, 2 + 10000).map((b, i) => (i === 0 ? 10000 & 0xff : i === 1 ? 10000 >> 8 : b)),
      )[0],
    ).toHaveLength(10000)
  })
})

describe('chunkOracleData / joinOracleData', () => {
  test('D: a 20000-byte payload becomes 3 valid records that rejoin exactly', () => {
    const payload = Uint8Array.from({ length: 20000 }, (_, i) => (i * 7) & 0xff)
    const records = chunkOracleData('D', payload)
    expect(records.map((r) => r.length)).toEqual([8192, 8192, 20000 - 2 * 8190 + 2])
    for (const r of records) expect(() => decodeOracleData('D', r)).not.toThrow()
    expect(bytesToHex(joinOracleData('D', records))).toBe(bytesToHex(payload))
  })
  test('S: text, with a smaller record size', () => {
    const text = 'BTC/KMD price feed '.repeat(100)
    const records = chunkOracleData('S', text, { maxRecordSize: 100 })
    expect(records.every((r) => r.length <= 100)).toBe(true)
    expect(joinOracleData('S', records)).toBe(text)
  })
  test('a payload that fits gives one record; empty gives one zero-length record', () => {
    expect(chunkOracleData('D', new Uint8Array(5))).toHaveLength(1)
    expect(bytesToHex(chunkOracleData('D', new Uint8Array(0))[0]!)).toBe('0000')
  })
  test('bad input is typed', () => {
    expect(() => chunkOracleData('s' as never, 'x')).toThrow(code('ORACLE_FORMAT'))
    expect(() => chunkOracleData('S', new Uint8Array(1) as never)).toThrow(code('ORACLE_VALUE'))
    expect(() => chunkOracleData('S', 'é')).toThrow(code('ORACLE_NOT_ASCII'))
    expect(() => joinOracleData('D', [hexToBytes('0500aa')])).toThrow(
      expect.objectContaining({ code: 'READ_PAST_END', details: expect.objectContaining({ record: 0 }) }),
    )
  })
})

describe('checkOracleTxSize', () => {
  test('10000 bytes pass, 10001 fail and say by how much', () => {
    expect(() => checkOracleTxSize(10000)).not.toThrow()
    expect(() => checkOracleTxSize(10123)).toThrow(
      expect.objectContaining({ code: 'ORACLE_TX_TOO_BIG', details: expect.objectContaining({ over: 123 }) }),
    )
    expect(() => checkOracleTxSize(-1)).toThrow(code('INT_RANGE'))
  })
})

describe('64-bit decode boundaries (fast path vs BigInt path)', () => {
  const cases = [
    0n,
    1n,
    -1n,
    2n ** 53n - 1n,
    2n ** 53n,
    -(2n ** 53n),
    -(2n ** 53n) - 1n,
    2n ** 63n - 1n,
    -(2n ** 63n),
    2n ** 32n,
    -(2n ** 32n),
  ]
  test.each(cases)('l %s', (v) => {
    expect(decodeOracleData('l', encodeOracleData('l', [v]))).toEqual([v])
    expect(formatOracleSample('l', encodeOracleData('l', [v]))).toEqual([v.toString()])
  })
  test.each([0n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 64n - 1n, 2n ** 63n])('L %s', (v) => {
    expect(decodeOracleData('L', encodeOracleData('L', [v]))).toEqual([v])
  })
})
