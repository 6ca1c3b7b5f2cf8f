// secp256k1 scalars as 32 big-endian bytes, compared without BigInt (signature ranges, derived private keys).

import { hexToBytes } from './hex.js'

/** The secp256k1 group order n, big-endian. @internal */
export const N_BYTES = /* @__PURE__ */ hexToBytes('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141')

/** Big-endian comparison of the 32 bytes at a[ao..] with b: negative, 0 or positive. @internal */
export function cmp32(a: Uint8Array, ao: number, b: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const d = a[ao + i]! - b[i]!
    if (d !== 0) return d
  }
  return 0
}

/** Whether the 32 bytes at a[ao..] are all zero. @internal */
export function isZero32(a: Uint8Array, ao: number): boolean {
  for (let i = 0; i < 32; i++) if (a[ao + i] !== 0) return false
  return true
}

/**
 * Whether 32 big-endian bytes are a valid secp256k1 private key, 1 ≤ k < n.
 * @internal
 * @example isSecpScalar(new Uint8Array(32)) // false
 */
export function isSecpScalar(k: Uint8Array): boolean {
  return !isZero32(k, 0) && cmp32(k, 0, N_BYTES) < 0
}
