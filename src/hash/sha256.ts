// SHA-256 (FIPS 180-4), written for short messages: addresses, txids and condition fingerprints hash 20–200 bytes,
// where a general streaming API's per-call setup costs more than the compression itself. The compression function
// is generated with 16 rounds written out (./sha256-compress.ts, from scripts/gen-sha256.mjs). Measured against
// @noble/hashes in bench/address.bench.ts; verified against node:crypto in test/address/address.test.ts.
import { sha256Compress } from './sha256-compress.js'

const IV = /* @__PURE__ */ Uint32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])
const H = /* @__PURE__ */ new Int32Array(8)
// the last block or two (the message's last bytes, the 0x80 pad byte, zeros, the bit length), or a lone full block
const TAIL = /* @__PURE__ */ new Uint8Array(128)
const TAIL_VIEW = /* @__PURE__ */ new DataView(TAIL.buffer)

/**
 * SHA-256 into `out` (32 bytes at `outOffset`); returns `out`. Allocates only a DataView, for messages of two
 * blocks or more.
 * @internal hot-path form; use `sha256` from src/hash for the checked API
 */
export function sha256Into(data: Uint8Array, out: Uint8Array, outOffset = 0): Uint8Array {
  const n = data.length
  // a view made now stays valid to the end of this synchronous call, whatever kind of buffer holds the bytes; one
  // full block is copied instead (cheaper than making a view for it)
  return n >= 128
    ? sha256View(new DataView(data.buffer, data.byteOffset, n), data, n, out, outOffset)
    : sha256View(null, data, n, out, outOffset)
}

/**
 * SHA-256 of the first `n` bytes of `bytes`. `view`: a DataView over `bytes` (txid's reused scratch keeps one), or
 * null to copy the full blocks through a scratch instead.
 * @internal
 * @example sha256View(scratchView, scratch, size, digest, 0)
 */
export function sha256View(
  view: DataView | null,
  bytes: Uint8Array,
  n: number,
  out: Uint8Array,
  outOffset: number,
): Uint8Array {
  const h = H
  for (let i = 0; i < 8; i++) h[i] = IV[i]! | 0
  const full = n - (n % 64)
  const tail = TAIL
  if (view !== null) for (let off = 0; off < full; off += 64) sha256Compress(h, view, off)
  else {
    for (let off = 0; off < full; off += 64) {
      // block by block through the scratch's view
      for (let i = 0; i < 64; i++) tail[i] = bytes[off + i]!
      sha256Compress(h, TAIL_VIEW, 0)
    }
  }
  const rest = n - full
  for (let i = 0; i < rest; i++) tail[i] = bytes[full + i]!
  tail[rest] = 0x80
  const blocks = rest < 56 ? 1 : 2
  const end = blocks * 64
  for (let i = rest + 1; i < end - 8; i++) tail[i] = 0
  TAIL_VIEW.setUint32(end - 8, Math.floor(n / 0x20000000)) // the bit length, big-endian u64: n * 8 split at 2^32
  TAIL_VIEW.setUint32(end - 4, (n * 8) >>> 0)
  sha256Compress(h, TAIL_VIEW, 0)
  if (blocks === 2) sha256Compress(h, TAIL_VIEW, 64)
  for (let i = 0, o = outOffset; i < 8; i++, o += 4) {
    const v = h[i]!
    out[o] = v >>> 24
    out[o + 1] = (v >>> 16) & 0xff
    out[o + 2] = (v >>> 8) & 0xff
    out[o + 3] = v & 0xff
  }
  return out
}

/** SHA-256 of `data` as a new 32-byte array. @internal */
export function sha256Fast(data: Uint8Array): Uint8Array {
  return sha256Into(data, new Uint8Array(32), 0)
}

const HMAC_KEY = /* @__PURE__ */ new Uint8Array(64)
const HMAC_OUTER = /* @__PURE__ */ new Uint8Array(96)

/**
 * HMAC-SHA256 (RFC 2104) over {@link sha256Into}: what RFC 6979 nonce generation calls a dozen times per
 * signature, where a general streaming HMAC's setup dominates. Returns a new 32-byte array.
 * @internal the secp256k1 backend's `hmacSha256`; checked against @noble/hashes in test/tx/hmac.test.ts
 * @example hmacSha256(key, message).length // 32
 */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const k = HMAC_KEY
  k.fill(0)
  if (key.length > 64) sha256Into(key, k, 0)
  else k.set(key)
  const inner = new Uint8Array(64 + message.length)
  for (let i = 0; i < 64; i++) inner[i] = k[i]! ^ 0x36
  inner.set(message, 64)
  const outer = HMAC_OUTER
  for (let i = 0; i < 64; i++) outer[i] = k[i]! ^ 0x5c
  sha256Into(inner, outer, 64)
  const mac = sha256Into(outer, new Uint8Array(32), 0)
  // RFC 6979 keys this HMAC with values derived from a private key: nothing of them stays in module scratch
  wipeSha256Scratch()
  inner.fill(0)
  return mac
}

/**
 * @internal Zeroes the module's scratch (the HMAC key pads, the chaining state, the last block): for callers that
 * hash key material (HMAC for RFC 6979, a WIF's checksum), so that nothing derived from a key outlives the call
 * (STYLE rule 6).
 * @example wipeSha256Scratch()
 */
export function wipeSha256Scratch(): void {
  HMAC_KEY.fill(0)
  HMAC_OUTER.fill(0)
  H.fill(0)
  TAIL.fill(0)
}
