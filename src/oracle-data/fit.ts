// Which oracle records a node's relay policy lets through: an `oraclesdata` transaction carries its record inside
// its OP_RETURN, and a node refuses an OP_RETURN script over its -datacarriersize (komodod `IsStandard`).
import { KomodoCcError } from '../errors.js'
import { assertOracleFormat } from './format.js'
import { ORACLE_MAX_DATA_SIZE } from './limits.js'

/** Bytes of an `oraclesdata` opret payload around the record: eval code, funcid, oracletxid, batontxid, pubkey (CompactSize 33 + 33). */
const ORACLES_DATA_OVERHEAD = 1 + 1 + 32 + 32 + 1 + 33
const compactSize = (n: number): number => (n < 253 ? 1 : n <= 0xffff ? 3 : 5)
const pushPrefix = (n: number): number => (n < 76 ? 1 : n <= 0xff ? 2 : n <= 0xffff ? 3 : 5)

/**
 * Size of the OP_RETURN script of an `oraclesdata` transaction whose record is `recordSize` bytes (komodod's
 * `EncodeOraclesData`: `OP_RETURN <ec 44 oracletxid batontxid pubkey record>`, the record with its CompactSize).
 * @example oraclesDataScriptSize(104) // 208
 */
export function oraclesDataScriptSize(recordSize: number): number {
  if (!Number.isInteger(recordSize) || recordSize < 0)
    throw new KomodoCcError('INT_RANGE', `recordSize expected a whole number, got ${String(recordSize)}`)
  const payload = ORACLES_DATA_OVERHEAD + compactSize(recordSize) + recordSize
  return 1 + pushPrefix(payload) + payload
}

/**
 * The largest record an `oraclesdata` transaction can carry under a node's `-datacarriersize` (OP_RETURN script
 * bytes), at most 8192 (`oraclesdata`'s own limit): 104 under an asset chain's default 208, 36 under KMD's 140;
 * 0 when none fits.
 * @example oracleRecordLimit(208) // 104
 */
export function oracleRecordLimit(datacarriersize: number): number {
  if (!Number.isInteger(datacarriersize) || datacarriersize < 0)
    throw new KomodoCcError('INT_RANGE', `datacarriersize expected a whole number, got ${String(datacarriersize)}`)
  let lo = 0
  let hi = ORACLE_MAX_DATA_SIZE
  if (oraclesDataScriptSize(1) > datacarriersize) return 0
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (oraclesDataScriptSize(mid) <= datacarriersize) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** What {@link oracleRecordFit} finds: the smallest and largest record of a format, and the policy's limit. */
export type OracleRecordFit = {
  /** Smallest record the format encodes (every variable field empty). */
  min: number
  /** Largest record the format can encode (variable fields full), at most 8192. */
  max: number
  /** Largest record the policy relays ({@link oracleRecordLimit}). */
  limit: number
  /** `always`: every record fits; `sometimes`: short enough ones; `never`: not even the smallest. */
  fits: 'always' | 'sometimes' | 'never'
  /** The -datacarriersize that admits every record of the format (its largest record's script size). */
  datacarriersizeForAll: number
}

/**
 * Whether an oracle's records can fit a node's `-datacarriersize`: the format's smallest and largest record (`s`/`d`:
 * 1 + up to 255 bytes, `S`/`D`: 2 + up to 65535, capped at 8192; fixed widths `c C`=1, `t T`=2, `i I`=4, `l L`=8,
 * `h`=32) against {@link oracleRecordLimit}.
 * @throws KomodoCcError ORACLE_FORMAT | INT_RANGE
 * @example oracleRecordFit('IhhL', 208).fits // 'always'
 */
export function oracleRecordFit(format: string, datacarriersize: number): OracleRecordFit {
  assertOracleFormat(format)
  let min = 0
  let max = 0
  for (const ch of format) {
    const fixed = ch === 'c' || ch === 'C' ? 1 : ch === 't' || ch === 'T' ? 2 : ch === 'i' || ch === 'I' ? 4 : 0
    const w = fixed || (ch === 'l' || ch === 'L' ? 8 : ch === 'h' ? 32 : 0)
    if (w > 0) {
      min += w
      max += w
    } else if (ch === 's' || ch === 'd') {
      min += 1
      max += 1 + 255
    } else {
      min += 2
      max += 2 + 65535
    }
  }
  max = Math.min(max, ORACLE_MAX_DATA_SIZE)
  const limit = oracleRecordLimit(datacarriersize)
  const fits = max <= limit ? 'always' : min <= limit ? 'sometimes' : 'never'
  return { min, max, limit, fits, datacarriersizeForAll: oraclesDataScriptSize(max) }
}
