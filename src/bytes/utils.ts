import { KomodoCcError } from '../errors.js'

/** Concatenates byte arrays into a new one. @example concatBytes(a, b) */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let n = 0
  for (const p of parts) n += p.length
  const out = new Uint8Array(n)
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}

/** Constant-length byte equality (not constant time). @example equalBytes(a, b) */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** A reversed copy. @example reverseBytes(new Uint8Array([1, 2])) // [2, 1] */
export function reverseBytes(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(b.length)
  for (let i = 0, j = b.length - 1; i < b.length; i++, j--) out[i] = b[j]!
  return out
}

/** Lexicographic comparison (memcmp order). @example compareBytes(a, b) < 0 */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

const UTF8_ENCODER = /* @__PURE__ */ new TextEncoder()
const UTF8_DECODER = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: false })

/** UTF-8 bytes of a string. @example utf8ToBytes('é') // [0xc3, 0xa9] */
export function utf8ToBytes(s: string): Uint8Array {
  if (typeof s !== 'string') throw new KomodoCcError('ARG_INVALID', `expected a string, got ${typeof s}`)
  return UTF8_ENCODER.encode(s)
}

/** UTF-8 decode with U+FFFD for invalid sequences (how a JSON client reads the daemon's raw bytes). @example bytesToUtf8(b) */
export function bytesToUtf8(b: Uint8Array): string {
  return UTF8_DECODER.decode(b)
}
