// Private keys outside the secp256k1 scalar range 1..n-1, with n written out here (SEC 2), not taken from the library.
import { hexToBytes } from '../../src/bytes/hex.js'

/** The secp256k1 group order. */
export const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
/** A bigint as 32 big-endian bytes. */
export const be32 = (v: bigint): Uint8Array => hexToBytes(v.toString(16).padStart(64, '0'))
/** Keys every key-taking function must refuse: 0, n, n+1, 2^256-1. */
export const BAD_KEYS: readonly (readonly [string, Uint8Array])[] = [
  ['0', be32(0n)],
  ['n', be32(N)],
  ['n+1', be32(N + 1n)],
  ['2^256-1', be32(2n ** 256n - 1n)],
]
