import { assertBytes } from '../bytes/assert.js'
import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import { cmp32, isZero32, N_BYTES } from '../bytes/scalar.js'

/** n/2, the low-S bound, as big-endian bytes. */
const HALF_N_BYTES = /* @__PURE__ */ hexToBytes('7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0')

/** r and s in 1..n-1 (and s ≤ n/2 unless allowHighS) for a compact signature. */
function checkRange(c: Uint8Array, allowHighS: boolean): string | null {
  if (isZero32(c, 0) || cmp32(c, 0, N_BYTES) >= 0 || isZero32(c, 32) || cmp32(c, 32, N_BYTES) >= 0)
    return 'r and s must be in 1..n-1'
  if (!allowHighS && cmp32(c, 32, HALF_N_BYTES) > 0) return 's is above n/2 (high-S)'
  return null
}

/** Start of the minimal DER INTEGER body of the 32 bytes at c[o..] (leading zeros dropped, at least one byte kept). */
function intStart(c: Uint8Array, o: number): number {
  let i = o
  while (i < o + 31 && c[i] === 0) i++
  return i
}

/** Length of the DER INTEGER content of the 32 bytes at c[o..]: the body, plus a 00 when its top bit is set. */
function intLength(c: Uint8Array, o: number): number {
  const i = intStart(c, o)
  return o + 32 - i + (c[i]! & 0x80 ? 1 : 0)
}

/** Writes `02 len [00] body` for the 32 bytes at c[o..] into out at p; returns the position after it. */
function putInt(c: Uint8Array, o: number, out: Uint8Array, p: number): number {
  const i = intStart(c, o)
  const pad = c[i]! & 0x80 ? 1 : 0
  out[p] = 0x02
  out[p + 1] = o + 32 - i + pad
  p += 2
  if (pad === 1) out[p++] = 0
  out.set(c.subarray(i, o + 32), p)
  return p + (o + 32 - i)
}

/**
 * @internal The DER size of a compact signature after checking it as {@link compactToDer} does (r and s in 1..n-1,
 * low-S unless `allowHighS`); write it with {@link derInto}.
 * @throws KomodoCcError BYTES_LENGTH | SIGNATURE_INVALID
 */
export function checkedDerSize(compact: Uint8Array, allowHighS = false): number {
  assertBytes(compact, 64, 'signature')
  const bad = checkRange(compact, allowHighS)
  if (bad !== null) throw new KomodoCcError('SIGNATURE_INVALID', `signature ${bad}`)
  return 6 + intLength(compact, 0) + intLength(compact, 32)
}

/** @internal Writes the DER of a compact signature checked by {@link checkedDerSize} into out at p; returns the end. */
export function derInto(compact: Uint8Array, out: Uint8Array, p: number): number {
  const end = putInt(compact, 32, out, putInt(compact, 0, out, p + 2))
  out[p] = 0x30
  out[p + 1] = end - p - 2
  return end
}

/**
 * Strict DER (BIP66) of a 64-byte compact signature r‖s. Refuses r or s of zero or ≥ n, and high-S unless
 * `allowHighS` (komodod signs and relays low-S only).
 * @throws KomodoCcError BYTES_LENGTH | SIGNATURE_INVALID
 * @example compactToDer(sig64)[0] // 0x30
 */
export function compactToDer(compact: Uint8Array, options: { allowHighS?: boolean } = {}): Uint8Array {
  const out = new Uint8Array(checkedDerSize(compact, options.allowHighS === true))
  derInto(compact, out, 0)
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
  const bad = (why: string): KomodoCcError =>
    new KomodoCcError('SIGNATURE_INVALID', `DER signature: ${why}`, { length: der.length })
  const n = der.length
  if (n < 8 || n > 72) throw bad(`length ${n} outside 8..72`)
  if (der[0] !== 0x30 || der[1] !== n - 2) throw bad('bad SEQUENCE header')
  if (der[2] !== 0x02) throw bad('r is not an INTEGER')
  const lenR = der[3]!
  if (lenR === 0 || 4 + lenR + 2 > n) throw bad('bad r length')
  if (der[4 + lenR] !== 0x02) throw bad('s is not an INTEGER')
  const lenS = der[5 + lenR]!
  if (lenS === 0 || 6 + lenR + lenS !== n) throw bad('bad s length')
  const r = der.subarray(4, 4 + lenR),
    s = der.subarray(6 + lenR)
  for (const [x, name] of [
    [r, 'r'],
    [s, 's'],
  ] as const) {
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
