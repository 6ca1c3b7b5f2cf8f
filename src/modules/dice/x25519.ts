import { bytesOrHex } from '../../bytes/assert.js'

/** The field prime 2^255 − 19. */
const P = (1n << 255n) - 19n
/** (A − 2) / 4 for curve25519's A = 486662. */
const A24 = 121665n

function mod(a: bigint): bigint {
  const r = a % P
  return r < 0n ? r + P : r
}

function pow(base: bigint, exp: bigint): bigint {
  let result = 1n
  let b = mod(base)
  let e = exp
  while (e > 0n) {
    if ((e & 1n) === 1n) result = (result * b) % P
    b = (b * b) % P
    e >>= 1n
  }
  return result
}

function leToBigint(b: Uint8Array): bigint {
  let x = 0n
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!)
  return x
}

function bigintToLe32(x: bigint): Uint8Array {
  const out = new Uint8Array(32)
  let v = x
  for (let i = 0; i < 32; i++) {
    out[i] = Number(v & 0xffn)
    v >>= 8n
  }
  return out
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
 * X25519 (RFC 7748 section 5): the Montgomery ladder on curve25519 over bigint, constant in its sequence of steps
 * (not in timing: bigint arithmetic is variable-time, so do not use it for long-term secrets on shared hardware).
 * `scalar` is clamped as the RFC says; `u` is a 32-byte little-endian u-coordinate whose top bit is ignored.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID
 * @example bytesToHex(x25519(alicePrivate, bobPublic)) // their shared secret (RFC 7748 section 6.1)
 */
export function x25519(scalar: Uint8Array | string, u: Uint8Array | string): Uint8Array {
  const k = leToBigint(x25519Clamp(scalar))
  const ub = bytesOrHex(u, 32, 'u').slice()
  ub[31] = ub[31]! & 0x7f
  const x1 = mod(leToBigint(ub))
  let x2 = 1n
  let z2 = 0n
  let x3 = x1
  let z3 = 1n
  let swap = 0n
  for (let t = 254; t >= 0; t--) {
    const kt = (k >> BigInt(t)) & 1n
    swap ^= kt
    if (swap === 1n) {
      ;[x2, x3] = [x3, x2]
      ;[z2, z3] = [z3, z2]
    }
    swap = kt
    const a = mod(x2 + z2)
    const aa = (a * a) % P
    const b = mod(x2 - z2)
    const bb = (b * b) % P
    const e = mod(aa - bb)
    const c = mod(x3 + z3)
    const d = mod(x3 - z3)
    const da = (d * a) % P
    const cb = (c * b) % P
    const s = da + cb
    x3 = (s * s) % P
    const diff = mod(da - cb)
    z3 = (x1 * ((diff * diff) % P)) % P
    x2 = (aa * bb) % P
    z2 = (e * mod(aa + A24 * e)) % P
  }
  if (swap === 1n) {
    ;[x2, x3] = [x3, x2]
    ;[z2, z3] = [z3, z2]
  }
  return bigintToLe32((x2 * pow(z2, P - 2n)) % P)
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
