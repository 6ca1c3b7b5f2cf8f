import { KomodoCcError } from '../errors.js'
import { assertBytes } from './assert.js'
import { bytesToHex, hexToBytes } from './hex.js'
import { reverseBytes } from './utils.js'

/**
 * A txid or block hash as komodod prints it (display order, 64 hex chars) → its 32 internal bytes
 * (the order it is serialized in transactions and most oprets). This is the only place bytes get reversed.
 * @throws KomodoCcError HEX_INVALID | BYTES_LENGTH
 * @example bytesToHex(txidToInternalBytes('00'.repeat(31) + '01')) // '01' + '00'.repeat(31)
 */
export function txidToInternalBytes(displayHex: string, name = 'txid'): Uint8Array {
  if (typeof displayHex !== 'string' || displayHex.length !== 64)
    throw new KomodoCcError(
      'BYTES_LENGTH',
      `${name} expected 64 hex characters (display order), got ${typeof displayHex === 'string' ? displayHex.length : typeof displayHex}`,
      { name },
    )
  return reverseBytes(hexToBytes(displayHex, name))
}

/**
 * 32 internal bytes → display hex (what komodod and explorers print).
 * @example internalBytesToTxid(new Uint8Array(32)) // '000…000'
 */
export function internalBytesToTxid(internal: Uint8Array, name = 'txid'): string {
  return bytesToHex(reverseBytes(assertBytes(internal, 32, name)))
}

/**
 * Display hex → the same bytes in display order (for the few places that store a uint256 as displayed,
 * e.g. token ids in token oprets).
 * @example displayHexToBytes('ab'.repeat(32)).length // 32
 */
export function displayHexToBytes(displayHex: string, name = 'txid'): Uint8Array {
  if (typeof displayHex !== 'string' || displayHex.length !== 64)
    throw new KomodoCcError(
      'BYTES_LENGTH',
      `${name} expected 64 hex characters, got ${typeof displayHex === 'string' ? displayHex.length : typeof displayHex}`,
      { name },
    )
  return hexToBytes(displayHex, name)
}

/** The all-zero uint256 in display hex (what the daemon prints for "none"). */
export const ZERO_TXID = '0'.repeat(64)

/**
 * Orders two display txids as komodod's `uint256 operator<` does: a `memcmp` of the 32 internal bytes (the display
 * hex read from its last byte to its first). Every daemon structure keyed by txid iterates in this order: the wallet's
 * `mapWallet`, the mempool's `mapTx` and address index, and the LevelDB address indexes (keys store the txid's
 * internal bytes). Case-insensitive; both must be 64 hex digits.
 * @returns negative, zero or positive, as `Array.prototype.sort` takes it
 * @throws KomodoCcError BYTES_LENGTH | HEX_INVALID
 * @example ['01' + '00'.repeat(31), '00'.repeat(31) + '02'].sort(compareTxids) // the second first: its internal first byte is 02
 */
export function compareTxids(a: string, b: string): number {
  const x = txidHex(a, 'a')
  const y = txidHex(b, 'b')
  for (let i = 62; i >= 0; i -= 2) {
    // lower-case hex digit pairs compare as the bytes they spell
    const p = x.slice(i, i + 2)
    const q = y.slice(i, i + 2)
    if (p !== q) return p < q ? -1 : 1
  }
  return 0
}

const HEX64 = /^[0-9a-f]{64}$/

function txidHex(v: string, name: string): string {
  if (typeof v !== 'string' || v.length !== 64)
    throw new KomodoCcError(
      'BYTES_LENGTH',
      `${name} expected 64 hex characters (display order), got ${typeof v === 'string' ? v.length : typeof v}`,
      { name },
    )
  const s = v.toLowerCase()
  if (!HEX64.test(s)) throw new KomodoCcError('HEX_INVALID', `${name} expected hex digits`, { name })
  return s
}
