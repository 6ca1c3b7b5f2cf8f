import { ByteReader } from '../../bytes/reader.js'
import { KomodoCcError } from '../../errors.js'
import { checkOracleTxSize } from '../../oracle-data/chunk.js'
import { ORACLE_MAX_DATA_SIZE } from '../../oracle-data/limits.js'
import { opReturnPayload } from '../../script/script.js'
import { transactionSize } from '../../tx/codec.js'
import type { Transaction } from '../../tx/types.js'

/**
 * The size rules of an `oraclesdata` transaction: its serialized size (record included) at most
 * `ORACLE_MAX_TX_SIZE` (10000) bytes, and — when the last output is an Oracles 'D' opret — the record at most
 * `ORACLE_MAX_DATA_SIZE` (8192) bytes. Returns the serialized size.
 * @throws KomodoCcError ORACLE_TX_TOO_BIG | ORACLE_DATA_TOO_BIG | TX_INVALID
 * @example checkOraclesDataTx(parseTransaction(hex)) // 412
 */
export function checkOraclesDataTx(tx: Transaction): number {
  const size = transactionSize(tx)
  const last = tx.vout[tx.vout.length - 1]
  const payload = last === undefined ? null : opReturnPayload(last.script)
  if (payload !== null && payload.length >= 2 && payload[0] === 0xec && payload[1] === 0x44) {
    let record: number | null = null
    try {
      const r = new ByteReader(payload, 2)
      r.bytes(64) // oracletxid, batontxid
      r.varBytes() // publisher pubkey
      record = r.varBytes().length
    } catch {
      record = null // not a well-formed 'D' opret: only the transaction size applies
    }
    if (record !== null && record > ORACLE_MAX_DATA_SIZE)
      throw new KomodoCcError(
        'ORACLE_DATA_TOO_BIG',
        `oraclesdata record is ${record} bytes, the limit is ${ORACLE_MAX_DATA_SIZE}`,
        { max: ORACLE_MAX_DATA_SIZE, got: record },
      )
  }
  checkOracleTxSize(size)
  return size
}
