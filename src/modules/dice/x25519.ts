import { bytesOrHex } from '../../bytes/assert.js'
import { feMul as mul, feSqr } from './fe25519-mul.js'

// X25519 (RFC 7748) over GF(2^255 − 19) with field elements as 16 little-endian limbs of 16 bits held in
// Float64Arrays: products of two limbs and their sums stay far below 2^53, so every step is exact float arithmetic
// (no BigInt). Reduction uses 2^256 ≡ 38 (mod p).

type Fe = Float64Array

const fe = (): Fe => new Float64Array(16)

/** Two carry passes over the 16 limbs: each limb back into [0, 2^16) but limb 0, which may exceed it by a little. */
function carry(o: Fe): void {
  for (let pass = 0; pass < 2; pass++) {
    let c = 0
    for (let i = 0; i < 16; i++) {
      const v = o[i]! + c
      c = Math.floor(v / 65536)
      o[i] = v - c * 65536
    }
    o[0] = o[0]! + 38 * c
  }
}

function add(o: Fe, a: Fe, b: Fe): void {
  for (let i = 0; i < 16; i++) o[i] = a[i]! + b[i]!
}

function sub(o: Fe, a: Fe, b: Fe): void {
  for (let i = 0; i < 16; i++) o[i] = a[i]! - b[i]!
}

/** o = a·k mod p for a small constant k (< 2^17). */
function mulSmall(o: Fe, a: Fe, k: number): void {
  for (let i = 0; i < 16; i++) o[i] = a[i]! * k
  carry(o)
}

/** o = a^(2^n) (n ≥ 1 squarings). */
function sqr(o: Fe, a: Fe, n = 1): void {
  feSqr(o, a)
  for (let i = 1; i < n; i++) feSqr(o, o)
}

/** Swaps a and b when bit is 1, without a branch on it. */
function cswap(a: Fe, b: Fe, bit: number): void {
  for (let i = 0; i < 16; i++) {
    const t = bit * (a[i]! - b[i]!)
    a[i] = a[i]! - t
    b[i] = b[i]! + t
  }
}

/** o = z^(p − 2) = 1/z (0 for z = 0): p − 2 = (2^250 − 1)·2^5 + 11, by the usual chain of 254 squarings and 11 products. */
function invert(o: Fe, z: Fe): void {
  const z2 = fe(),
    z9 = fe(),
    z11 = fe(),
    a = fe(),
    b = fe(),
    c = fe()
  sqr(z2, z) // z^2
  sqr(a, z2, 2) // z^8
  mul(z9, a, z) // z^9
  mul(z11, z9, z2) // z^11
  sqr(a, z11) // z^22
  mul(a, a, z9) // z^(2^5 − 1)
  sqr(b, a, 5)
  mul(b, b, a) // z^(2^10 − 1)
  sqr(c, b, 10)
  mul(c, c, b) // z^(2^20 − 1)
  const d = fe()
  sqr(d, c, 20)
  mul(d, d, c) // z^(2^40 − 1)
  sqr(d, d, 10)
  mul(d, d, b) // z^(2^50 − 1)
  sqr(c, d, 50)
  mul(c, c, d) // z^(2^100 − 1)
  sqr(a, c, 100)
  mul(a, a, c) // z^(2^200 − 1)
  sqr(a, a, 50)
  mul(a, a, d) // z^(2^250 − 1)
  sqr(a, a, 5)
  mul(o, a, z11) // z^((2^250 − 1)·2^5 + 11)
}

/** p = 2^255 − 19 as 16-bit limbs. */
const P_LIMBS = /* @__PURE__ */ Float64Array.from({ length: 16 }, (_, i) =>
  i === 0 ? 0xffed : i === 15 ? 0x7fff : 0xffff,
)

/** The canonical 32 little-endian bytes of a (fully reduced mod p). */
function pack(a: Fe): Uint8Array {
  const t = Float64Array.from(a)
  // until every limb is in [0, 2^16) (one more call in practice): then t < 2^256 < 3p
  while (!t.every((v) => v >= 0 && v < 65536)) carry(t)
  const m = fe()
  for (let pass = 0; pass < 2; pass++) {
    let borrow = 0
    for (let i = 0; i < 16; i++) {
      const v = t[i]! - P_LIMBS[i]! - borrow
      borrow = v < 0 ? 1 : 0
      m[i] = v + borrow * 65536
    }
    if (borrow === 0) t.set(m) // t ≥ p
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 16; i++) {
    out[2 * i] = t[i]! & 0xff
    out[2 * i + 1] = t[i]! >>> 8
  }
  return out
}

/** A u-coordinate's 32 little-endian bytes as limbs, the top bit ignored (RFC 7748 section 5). */
function unpack(u: Uint8Array): Fe {
  const o = fe()
  for (let i = 0; i < 16; i++) o[i] = u[2 * i]! + 256 * u[2 * i + 1]!
  o[15] = o[15]! & 0x7fff
  return o
}

/**
 * RFC 7748's scalar clamping (`decodeScalar25519` without the integer step): clears the 3 low bits, clears bit 255
 * and sets bit 254. Returns a new array. komodod's `DiceHashEntropy` clamps both scalars this way.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID
 * @example x25519Clamp(new Uint8Array(32))[31] // 0x40
 */
export function x25519Clamp(scalar: Uint8Array | string): Uint8Array {
  const k = bytesOrHex(scalar, 32, 'scalar').slice()
  k[0] = k[0]! & 0xf8
  k[31] = (k[31]! & 0x7f) | 0x40
  return k
}

/**
 * X25519 (RFC 7748 section 5): the Montgomery ladder on curve25519, its sequence of field operations independent of
 * the scalar (the final reduction branches on the value, and JS gives no timing guarantees: do not use it for
 * long-term secrets on shared hardware). `scalar` is clamped as the RFC says; `u` is a 32-byte little-endian
 * u-coordinate whose top bit is ignored, non-canonical values (≥ p) taken mod p.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID
 * @example bytesToHex(x25519(alicePrivate, bobPublic)) // their shared secret (RFC 7748 section 6.1)
 */
export function x25519(scalar: Uint8Array | string, u: Uint8Array | string): Uint8Array {
  const k = x25519Clamp(scalar)
  const x1 = unpack(bytesOrHex(u, 32, 'u'))
  const x2 = fe(),
    z2 = fe(),
    x3 = Float64Array.from(x1),
    z3 = fe()
  x2[0] = 1
  z3[0] = 1
  const a = fe(),
    aa = fe(),
    b = fe(),
    bb = fe(),
    e = fe(),
    c = fe(),
    d = fe(),
    da = fe(),
    cb = fe()
  let swap = 0
  for (let t = 254; t >= 0; t--) {
    const bit = (k[t >>> 3]! >>> (t & 7)) & 1
    swap ^= bit
    cswap(x2, x3, swap)
    cswap(z2, z3, swap)
    swap = bit
    add(a, x2, z2)
    feSqr(aa, a)
    sub(b, x2, z2)
    feSqr(bb, b)
    sub(e, aa, bb)
    add(c, x3, z3)
    sub(d, x3, z3)
    mul(da, d, a)
    mul(cb, c, b)
    add(x3, da, cb)
    feSqr(x3, x3)
    sub(z3, da, cb)
    feSqr(z3, z3)
    mul(z3, z3, x1)
    mul(x2, aa, bb)
    mulSmall(z2, e, 121665) // (A − 2) / 4
    add(z2, z2, aa)
    mul(z2, z2, e)
  }
  cswap(x2, x3, swap)
  cswap(z2, z3, swap)
  invert(z2, z2)
  mul(x2, x2, z2)
  return pack(x2)
}

/**
 * X25519 with the base point u = 9: the public key of `scalar` (clamped).
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID
 * @example bytesToHex(x25519Base('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a')) // '8520f009…4e6a'
 */
export function x25519Base(scalar: Uint8Array | string): Uint8Array {
  const base = new Uint8Array(32)
  base[0] = 9
  return x25519(scalar, base)
}
