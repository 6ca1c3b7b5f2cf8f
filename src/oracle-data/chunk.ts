import { KomodoCcError } from '../errors.js'
import { typeName } from '../bytes/hex.js'
import { concatBytes } from '../bytes/utils.js'
import { decodeOracleData, encodeOracleData } from './format.js'
import { ORACLE_MAX_DATA_SIZE, ORACLE_MAX_TX_SIZE } from './limits.js'
import { oracleRecordLimit } from './fit.js'

/**
 * Splits a payload too large for one `oraclesdata` record into valid records of at most 8192 bytes (each a
 * single `S` or `D` field: 2-byte length + at most 8190 bytes), to publish as consecutive samples of an oracle whose
 * format is `S` or `D`. A payload that fits gives one record. With `datacarriersize` (a node's `-datacarriersize`,
 * e.g. 208 on a default asset chain) records are also small enough for that node to relay their `oraclesdata`
 * transactions ({@link oracleRecordLimit}: 104 bytes under 208, 102 of them payload).
 * @throws KomodoCcError ORACLE_FORMAT | ORACLE_VALUE | ORACLE_NOT_ASCII | ARG_INVALID | INT_RANGE
 * @example chunkOracleData('D', new Uint8Array(20000)).length // 3
 * @example chunkOracleData('D', new Uint8Array(300), { datacarriersize: 208 }).length // 3
 */
export function chunkOracleData(
  format: 'S' | 'D',
  payload: string | Uint8Array,
  options: { maxRecordSize?: number; datacarriersize?: number } = {},
): Uint8Array[] {
  if (format !== 'S' && format !== 'D')
    throw new KomodoCcError(
      'ORACLE_FORMAT',
      `chunkOracleData works on a single 'S' or 'D' field, got format ${JSON.stringify(format)}`,
    )
  const maxRecord = options.maxRecordSize ?? ORACLE_MAX_DATA_SIZE
  if (!Number.isInteger(maxRecord) || maxRecord < 3 || maxRecord > ORACLE_MAX_DATA_SIZE)
    throw new KomodoCcError(
      'ARG_INVALID',
      `maxRecordSize expected an integer in 3..${ORACLE_MAX_DATA_SIZE}, got ${String(maxRecord)}`,
    )
  const policyLimit =
    options.datacarriersize === undefined ? ORACLE_MAX_DATA_SIZE : oracleRecordLimit(options.datacarriersize)
  if (policyLimit < 3)
    throw new KomodoCcError(
      'ARG_INVALID',
      `no oraclesdata record of 3 bytes or more fits an OP_RETURN of ${String(options.datacarriersize)} bytes (-datacarriersize)`,
      { datacarriersize: options.datacarriersize },
    )
  const room = Math.min(maxRecord, policyLimit) - 2
  if (format === 'S') {
    if (typeof payload !== 'string')
      throw new KomodoCcError('ORACLE_VALUE', `'S' chunks a string, got ${typeName(payload)}`)
    const out: Uint8Array[] = []
    for (let i = 0; i === 0 || i < payload.length; i += room)
      out.push(encodeOracleData('S', [payload.slice(i, i + room)]))
    return out
  }
  if (!(payload instanceof Uint8Array))
    throw new KomodoCcError('ORACLE_VALUE', `'D' chunks a Uint8Array, got ${typeName(payload)}`)
  const out: Uint8Array[] = []
  for (let i = 0; i === 0 || i < payload.length; i += room)
    out.push(encodeOracleData('D', [payload.subarray(i, i + room)]))
  return out
}

/**
 * Reassembles records made by {@link chunkOracleData} (in publishing order). Each record is decoded strictly.
 * @throws KomodoCcError ORACLE_FORMAT | READ_PAST_END | TRAILING_BYTES | ORACLE_NOT_ASCII | ORACLE_DATA_EMPTY
 * @example joinOracleData('D', chunkOracleData('D', bytes)) // bytes
 */
export function joinOracleData(format: 'S', records: readonly Uint8Array[]): string
export function joinOracleData(format: 'D', records: readonly Uint8Array[]): Uint8Array
export function joinOracleData(format: 'S' | 'D', records: readonly Uint8Array[]): string | Uint8Array
export function joinOracleData(format: 'S' | 'D', records: readonly Uint8Array[]): string | Uint8Array {
  if (format !== 'S' && format !== 'D')
    throw new KomodoCcError(
      'ORACLE_FORMAT',
      `joinOracleData works on a single 'S' or 'D' field, got format ${JSON.stringify(format)}`,
    )
  if (!Array.isArray(records))
    throw new KomodoCcError('ARG_INVALID', `records expected an array, got ${typeName(records)}`)
  const parts = records.map((r, i) => {
    try {
      return decodeOracleData(format, r)[0]!
    } catch (e) {
      if (e instanceof KomodoCcError)
        throw new KomodoCcError(e.code, `record ${i}: ${e.message.slice(e.code.length + 2)}`, {
          ...e.details,
          record: i,
        })
      throw e
    }
  })
  return format === 'S' ? (parts as string[]).join('') : concatBytes(...(parts as Uint8Array[]))
}

/**
 * The size rule of an `oraclesdata` transaction: its serialized size, record included, at most 10000 bytes.
 * Says by how much a transaction is over. (The user's interface document words it "transaction size plus data
 * size must not exceed 10000 bytes"; the record is part of the serialized transaction, so it is counted once.)
 * @throws KomodoCcError ORACLE_TX_TOO_BIG | INT_RANGE
 * @example checkOracleTxSize(9000) // ok
 */
export function checkOracleTxSize(serializedSize: number): void {
  if (!Number.isInteger(serializedSize) || serializedSize < 0)
    throw new KomodoCcError(
      'INT_RANGE',
      `serializedSize expected a non-negative integer, got ${String(serializedSize)}`,
    )
  if (serializedSize > ORACLE_MAX_TX_SIZE)
    throw new KomodoCcError(
      'ORACLE_TX_TOO_BIG',
      `oraclesdata transaction is ${serializedSize} bytes, ${serializedSize - ORACLE_MAX_TX_SIZE} over the ${ORACLE_MAX_TX_SIZE}-byte limit`,
      { max: ORACLE_MAX_TX_SIZE, got: serializedSize, over: serializedSize - ORACLE_MAX_TX_SIZE },
    )
}
