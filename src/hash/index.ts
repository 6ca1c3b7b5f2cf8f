/**
 * The hashes the chain uses: SHA-256, double SHA-256, HASH160 and BLAKE2b-256 (Zcash signature hashes).
 * @module komodo-cc/hash
 */
import { sha256Fast, sha256Into } from './sha256.js'
import { ripemd160Of32 } from './ripemd32.js'
import { blake2b256Personal } from './blake2b.js'
import { assertBytes } from '../bytes/assert.js'

/**
 * SHA-256.
 * @example bytesToHex(sha256(new Uint8Array())) // 'e3b0c442…b855'
 */
export function sha256(data: Uint8Array): Uint8Array {
  return sha256Fast(assertBytes(data, undefined, 'data'))
}

/**
 * SHA-256 of SHA-256 (Bitcoin's double hash; txids, base58 checksums).
 * @example sha256d(new Uint8Array()) // 5df6e0e2…
 */
export function sha256d(data: Uint8Array): Uint8Array {
  const out = sha256Into(assertBytes(data, undefined, 'data'), new Uint8Array(32), 0)
  return sha256Into(out, out, 0)
}

/**
 * RIPEMD-160 of SHA-256 (P2PKH, P2SH and CC address payloads).
 * @example hash160(pubkey).length // 20
 */
export function hash160(data: Uint8Array): Uint8Array {
  // the RIPEMD-160 input is always one 32-byte SHA-256: a single-block implementation, no allocation but the result
  return ripemd160Of32(sha256Into(assertBytes(data, undefined, 'data'), SCRATCH, 0), 0, new Uint8Array(20), 0)
}

/**
 * BLAKE2b-256 with a 16-byte personalization (ZIP-143/243 signature hashes): the checked entry to ./blake2b.ts (the
 * one BLAKE2b of the library: WebAssembly by default, pure JS where WebAssembly cannot run).
 * @throws KomodoCcError BYTES_LENGTH when `personalization` is not 16 bytes
 * @example blake2b256(data, utf8ToBytes('ZcashPrevoutHash'))
 */
export function blake2b256(data: Uint8Array, personalization: Uint8Array): Uint8Array {
  assertBytes(personalization, 16, 'personalization')
  return blake2b256Personal(assertBytes(data, undefined, 'data'), personalization)
}

const SCRATCH = /* @__PURE__ */ new Uint8Array(32)
export { Blake2b256, blake2b256Personal, blake2bBackend, type Blake2bMode } from './blake2b.js'
