// SHA-256 (FIPS 180-4), written for short messages: addresses, txids and condition fingerprints hash 20–200 bytes,
// where a general streaming API's per-call setup costs more than the compression itself. Measured against
// @noble/hashes in bench/address.bench.ts; verified against node:crypto in test/foundation/address.test.ts.

const K = /* @__PURE__ */ Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])
const IV = /* @__PURE__ */ Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19])
const W = /* @__PURE__ */ new Int32Array(64)
const H = /* @__PURE__ */ new Int32Array(8)
const TAIL = /* @__PURE__ */ new Uint8Array(128)

function compress(block: Uint8Array, off: number): void {
  const w = W
  for (let t = 0; t < 16; t++, off += 4) w[t] = (block[off]! << 24) | (block[off + 1]! << 16) | (block[off + 2]! << 8) | block[off + 3]!
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15]!
    const b = w[t - 2]!
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3)
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10)
    w[t] = (s1 + w[t - 7]! + s0 + w[t - 16]!) | 0
  }
  const h = H
  let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, k = h[7]!
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (k + S1 + ch + K[t]! + w[t]!) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (S0 + maj) | 0
    k = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  h[0] = (h[0]! + a) | 0
  h[1] = (h[1]! + b) | 0
  h[2] = (h[2]! + c) | 0
  h[3] = (h[3]! + d) | 0
  h[4] = (h[4]! + e) | 0
  h[5] = (h[5]! + f) | 0
  h[6] = (h[6]! + g) | 0
  h[7] = (h[7]! + k) | 0
}

/**
 * SHA-256 into `out` (32 bytes at `outOffset`); returns `out`. No allocation.
 * @internal hot-path form; use `sha256` from src/hash for the checked API
 */
export function sha256Into(data: Uint8Array, out: Uint8Array, outOffset = 0): Uint8Array {
  const h = H
  for (let i = 0; i < 8; i++) h[i] = IV[i]! | 0
  const n = data.length
  const full = n - (n % 64)
  for (let off = 0; off < full; off += 64) compress(data, off)
  const rest = n - full
  const tail = TAIL
  tail.fill(0)
  tail.set(data.subarray(full), 0)
  tail[rest] = 0x80
  const blocks = rest < 56 ? 1 : 2
  const end = blocks * 64
  const bits = n * 8
  tail[end - 1] = bits & 0xff
  tail[end - 2] = (bits >>> 8) & 0xff
  tail[end - 3] = (bits >>> 16) & 0xff
  tail[end - 4] = (bits >>> 24) & 0xff
  const hiBits = Math.floor(n / 0x20000000)
  tail[end - 5] = hiBits & 0xff
  tail[end - 6] = (hiBits >>> 8) & 0xff
  tail[end - 7] = (hiBits >>> 16) & 0xff
  tail[end - 8] = (hiBits >>> 24) & 0xff
  compress(tail, 0)
  if (blocks === 2) compress(tail, 64)
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
  return sha256Into(outer, new Uint8Array(32), 0)
}
