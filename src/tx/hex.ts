import { KomodoCcError } from '../errors.js'
import { reversedHex32 } from '../bytes/hex.js'

const NIB: Int8Array = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1)
  for (let i = 0; i < 10; i++) t[48 + i] = i
  for (let i = 0; i < 6; i++) t[65 + i] = t[97 + i] = 10 + i
  return t
})()

/** @internal display hex of the 32 bytes at `data[at..at+32]`, reversed (uint256 GetHex). @example reversedHex(raw, 5) */
export function reversedHex(data: Uint8Array, at: number): string {
  if (at < 0 || at + 32 > data.length)
    throw new KomodoCcError('READ_PAST_END', `32-byte hash at offset ${at} runs past the end (${data.length} bytes)`, {
      offset: at,
    })
  return reversedHex32(data, at)
}

/** @internal 64 display-hex chars → 32 internal bytes (strict). @example reversedHexToBytes(txid) */
export function reversedHexToBytes(hex: string, name = 'txid'): Uint8Array {
  return reversedHexInto(hex, new Uint8Array(32), 0, name)
}

/**
 * @internal 64 display-hex chars → 32 internal bytes written at `out[at..at+32]` (strict; the caller checks the
 * room); returns `out`. On an error some of the 32 bytes may already be written.
 * @example reversedHexInto(input.txid, outpoint, 0)
 */
export function reversedHexInto(hex: string, out: Uint8Array, at: number, name = 'txid'): Uint8Array {
  if (typeof hex !== 'string' || hex.length !== 64)
    throw new KomodoCcError('BYTES_LENGTH', `${name} expected 64 hex characters (display order)`, { name })
  for (let i = 0; i < 32; i++) {
    const a = hex.charCodeAt(2 * i),
      b = hex.charCodeAt(2 * i + 1)
    const hi = a < 128 ? NIB[a]! : -1,
      lo = b < 128 ? NIB[b]! : -1
    if (hi < 0 || lo < 0)
      throw new KomodoCcError(
        'HEX_INVALID',
        `${name} has a non-hex character at offset ${hi < 0 ? 2 * i : 2 * i + 1}`,
        { name },
      )
    out[at + 31 - i] = (hi << 4) | lo
  }
  return out
}
