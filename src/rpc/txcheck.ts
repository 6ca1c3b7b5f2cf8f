import { ByteReader } from '../bytes/reader.js'
import { hexToBytes } from '../bytes/hex.js'
import { KomodoCcError, isKomodoCcError } from '../errors.js'

/** What {@link checkTransactionHex} learned from a raw transaction. */
export type TxShape = { version: number; overwintered: boolean; inputs: number; outputs: number; size: number }

/** Largest transaction the check accepts (komodod's MAX_TX_SIZE_AFTER_SAPLING). @example hex.length / 2 <= MAX_TX_SIZE */
export const MAX_TX_SIZE = 2_000_000

/**
 * Checks that `hex` is exactly one Komodo/Zcash transaction (v1–v3 and Sapling v4): every length is read and checked,
 * nothing trails. It does not verify scripts or signatures; it tells a transaction from any other string the daemon
 * might put in a `hex` field.
 * @throws KomodoCcError TX_INVALID
 * @example checkTransactionHex(result.hex).outputs
 */
export function checkTransactionHex(hex: string, name = 'hex'): TxShape {
  if (typeof hex !== 'string' || hex.length === 0)
    throw new KomodoCcError('TX_INVALID', `${name} is not a transaction: empty or not a string`, { name })
  if (hex.length > MAX_TX_SIZE * 2)
    throw new KomodoCcError('TX_INVALID', `${name} is larger than ${MAX_TX_SIZE} bytes`, { name })
  try {
    const bytes = hexToBytes(hex, name)
    const r = new ByteReader(bytes)
    const header = r.u32le()
    const overwintered = header >>> 31 === 1
    const version = header & 0x7fffffff
    if (version < 1 || version > 4) throw new KomodoCcError('TX_INVALID', `version ${version} is not 1..4`, { name })
    if (overwintered) {
      if (version < 3) throw new KomodoCcError('TX_INVALID', `overwintered version ${version} < 3`, { name })
      r.u32le() // version group id
    } else if (version > 2)
      throw new KomodoCcError('TX_INVALID', `version ${version} without the overwinter flag`, { name })
    const inputs = r.compactSize(bytes.length)
    for (let k = 0; k < inputs; k++) {
      r.bytes(36)
      r.varBytes(bytes.length)
      r.u32le()
    }
    const outputs = r.compactSize(bytes.length)
    for (let k = 0; k < outputs; k++) {
      r.bytes(8)
      r.varBytes(bytes.length)
    }
    r.u32le() // lock time
    if (overwintered) r.u32le() // expiry height
    let spends = 0
    let sOutputs = 0
    if (overwintered && version >= 4) {
      r.bytes(8) // value balance
      spends = r.compactSize(bytes.length)
      r.bytes(spends * 384)
      sOutputs = r.compactSize(bytes.length)
      r.bytes(sOutputs * 948)
    }
    if (version >= 2) {
      const js = r.compactSize(bytes.length)
      r.bytes(js * (overwintered && version >= 4 ? 1698 : 1802))
      if (js > 0) r.bytes(32 + 64)
    }
    if (overwintered && version >= 4 && spends + sOutputs > 0) r.bytes(64)
    r.end()
    if (inputs === 0 && spends === 0) throw new KomodoCcError('TX_INVALID', 'no inputs', { name })
    return { version, overwintered, inputs, outputs, size: bytes.length }
  } catch (e) {
    if (isKomodoCcError(e, 'TX_INVALID')) throw e
    const why = e instanceof Error ? e.message : String(e)
    throw new KomodoCcError('TX_INVALID', `${name} is not a transaction (${why})`, { name }, { cause: e })
  }
}
