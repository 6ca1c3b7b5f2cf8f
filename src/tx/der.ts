import { assertBytes } from '../bytes/assert.js'
import { KomodoCcError } from '../errors.js'

/** secp256k1 group order n and n/2 (low-S bound), as big-endian bytes. */
const N_BYTES = /* @__PURE__ */ hex32('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141')
const HALF_N_BYTES = /* @__PURE__ */ hex32('7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0')

function hex32(h: string): Uint8Array {
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16)
  return out
}

/** Big-endian comparison of the 32 bytes at a[ao..] with b. */
function cmp32(a: Uint8Array, ao: number, b: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const d = a[ao + i]! - b[i]!
    if (d !== 0) return d
  }
  return 0
}

function isZero32(a: Uint8Array, ao: number): boolean {
  for (let i = 0; i < 32; i++) if (a[ao + i] !== 0) return false
  return true
}

/** r and s in 1..n-1 (and s ≤ n/2 unless allowHighS) for a compact signature. */
function checkRange(c: Uint8Array, allowHighS: boolean): string | null {
  if (isZero32(c, 0) || cmp32(c, 0, N_BYTES) >= 0 || isZero32(c, 32) || cmp32(c, 32, N_BYTES) >= 0) return 'r and s must be in 1..n-1'
  if (!allowHighS && cmp32(c, 32, HALF_N_BYTES) > 0) return 's is above n/2 (high-S)'
  return null
}

/** Minimal DER INTEGER content of a 32-byte big-endian unsigned value (leading zeros dropped, 00 if top bit set). */
function intContent(b: Uint8Array): Uint8Array {
  let i = 0
  while (i < b.length - 1 && b[i] === 0) i++
  const body = b.subarray(i)
  if (body[0]! & 0x80) {
    const out = new Uint8Array(body.length + 1)
    out.set(body, 1)
    return out
  }
  return body
}

/**
 * Strict DER (BIP66) of a 64-byte compact signature r‖s. Refuses r or s of zero or ≥ n, and high-S unless
 * `allowHighS` (komodod signs and relays low-S only).
 * @throws KomodoCcError BYTES_LENGTH | SIGNATURE_INVALID
 * @example compactToDer(sig64)[0] // 0x30
 */
export function compactToDer(compact: Uint8Array, options: { allowHighS?: boolean } = {}): Uint8Array {
  assertBytes(compact, 64, 'signature')
  const r = compact.subarray(0, 32), s = compact.subarray(32)
  const bad = checkRange(compact, options.allowHighS === true)
  if (bad !== null) throw new KomodoCcError('SIGNATURE_INVALID', `signature ${bad}`)
  const rc = intContent(r), sc = intContent(s)
  const out = new Uint8Array(6 + rc.length + sc.length)
  out[0] = 0x30
  out[1] = 4 + rc.length + sc.length
  out[2] = 0x02
  out[3] = rc.length
  out.set(rc, 4)
  out[4 + rc.length] = 0x02
  out[5 + rc.length] = sc.length
  out.set(sc, 6 + rc.length)
  return out
}

/**
 * Parses a strict-DER ECDSA signature (no hash-type byte) into 64-byte compact r‖s. Rejects everything BIP66
 * rejects (non-minimal integers, negative values, wrong lengths, trailing bytes), r/s of zero or ≥ n, and
 * high-S unless `allowHighS`.
 * @throws KomodoCcError SIGNATURE_INVALID | BYTES_TYPE
 * @example derToCompact(compactToDer(sig64)) // sig64
 */
export function derToCompact(der: Uint8Array, options: { allowHighS?: boolean } = {}): Uint8Array {
  assertBytes(der, undefined, 'signature')
  const bad = (why: string): KomodoCcError => new KomodoCcError('SIGNATURE_INVALID', `DER signature: ${why}`, { length: der.length })
  const n = der.length
  if (n < 8 || n > 72) throw bad(`length ${n} outside 8..72`)
  if (der[0] !== 0x30 || der[1] !== n - 2) throw bad('bad SEQUENCE header')
  if (der[2] !== 0x02) throw bad('r is not an INTEGER')
  const lenR = der[3]!
  if (lenR === 0 || 4 + lenR + 2 > n) throw bad('bad r length')
  if (der[4 + lenR] !== 0x02) throw bad('s is not an INTEGER')
  const lenS = der[5 + lenR]!
  if (lenS === 0 || 6 + lenR + lenS !== n) throw bad('bad s length')
  const r = der.subarray(4, 4 + lenR), s = der.subarray(6 + lenR)
  for (const [x, name] of [[r, 'r'], [s, 's']] as const) {
    if (x[0]! & 0x80) throw bad(`${name} is negative`)
    if (x.length > 1 && x[0] === 0 && !(x[1]! & 0x80)) throw bad(`${name} has a superfluous leading zero`)
    if (x.length > 33 || (x.length === 33 && x[0] !== 0)) throw bad(`${name} is longer than 32 bytes`)
  }
  const out = new Uint8Array(64)
  out.set(r.subarray(Math.max(0, r.length - 32)), 32 - Math.min(32, r.length))
  out.set(s.subarray(Math.max(0, s.length - 32)), 64 - Math.min(32, s.length))
  const why = checkRange(out, options.allowHighS === true)
  if (why !== null) throw bad(why)
  return out
}

/** True when the 64-byte compact signature has s ≤ n/2. @example isLowS(sig64) */
export function isLowS(compact: Uint8Array): boolean {
  assertBytes(compact, 64, 'signature')
  return cmp32(compact, 32, HALF_N_BYTES) <= 0
}
