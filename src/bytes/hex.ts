import { KomodoCcError } from '../errors.js'

const HEX_CHARS = '0123456789abcdef'
const BYTE_TO_HEX: readonly string[] = /* @__PURE__ */ (() => {
  const t: string[] = []
  for (let i = 0; i < 256; i++) t.push(HEX_CHARS[i >> 4]! + HEX_CHARS[i & 15]!)
  return t
})()

// char code -> nibble value, 255 for non-hex
const NIBBLE: Uint8Array = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128).fill(255)
  for (let i = 0; i < 10; i++) t[48 + i] = i
  for (let i = 0; i < 6; i++) {
    t[65 + i] = 10 + i
    t[97 + i] = 10 + i
  }
  return t
})()

/**
 * Lowercase hex of `bytes`.
 * @example bytesToHex(new Uint8Array([1, 171])) // '01ab'
 */
export function bytesToHex(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array)) throw new KomodoCcError('BYTES_TYPE', `bytesToHex expected a Uint8Array, got ${typeName(bytes)}`)
  let out = ''
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]!]
  return out
}

/**
 * Decodes hex (either case, no `0x`, no whitespace, even length) strictly.
 * @throws KomodoCcError HEX_INVALID with the offending offset
 * @example hexToBytes('01ab') // Uint8Array [1, 171]
 */
export function hexToBytes(hex: string, name = 'hex'): Uint8Array {
  if (typeof hex !== 'string') throw new KomodoCcError('HEX_INVALID', `${name} expected a hex string, got ${typeName(hex)}`, { name })
  const n = hex.length
  if (n & 1) throw new KomodoCcError('HEX_INVALID', `${name} has odd length ${n}`, { name, length: n })
  const out = new Uint8Array(n >> 1)
  for (let i = 0, j = 0; i < n; i += 2, j++) {
    const a = hex.charCodeAt(i)
    const b = hex.charCodeAt(i + 1)
    const hi = a < 128 ? NIBBLE[a]! : 255
    const lo = b < 128 ? NIBBLE[b]! : 255
    if ((hi | lo) === 255) {
      const at = hi === 255 ? i : i + 1
      throw new KomodoCcError('HEX_INVALID', `${name} has a non-hex character ${JSON.stringify(hex[at])} at offset ${at}`, { name, offset: at })
    }
    out[j] = (hi << 4) | lo
  }
  return out
}

/** True when `s` is a non-empty-or-empty even-length hex string. @example isHex('0a') // true */
export function isHex(s: unknown): s is string {
  return typeof s === 'string' && s.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(s)
}

/** @internal */
export function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (v instanceof Uint8Array) return `Uint8Array(${v.length})`
  if (Array.isArray(v)) return 'array'
  return typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v
}
