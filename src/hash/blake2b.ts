/**
 * BLAKE2b-256 with a 16-byte personalization (RFC 7693), written for speed in plain JS: the 16-word state lives in
 * 32 local int32 variables (no BigInt, no typed-array traffic inside a round). Browser-safe, no dependencies.
 * Used by the ZIP-143/243 signature hashes; checked against @noble/hashes in the tests.
 * The one-shot and midstate functions run on ./blake2b-wasm.ts wherever WebAssembly can be instantiated, else in
 * pure JS; each takes a {@link Blake2bMode} (`'js'` forces pure JS).
 */
import { KomodoCcError } from '../errors.js'
import {
  blake2b256Personal as wasmPersonal,
  blake2b256PersonalInto as wasmPersonalInto,
  blake2bFromMidstate as wasmFromMidstate,
  blake2bMidstate as wasmMidstate,
  wasmBlake2bAvailable,
} from './blake2b-wasm.js'

// IV as [lo, hi] int32 pairs
const IV = /* @__PURE__ */ new Int32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1,
  0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
])

// message word index × 2 (position of its low half) for each round's 16 G inputs
const SIGMA = /* @__PURE__ */ new Uint8Array(
  [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3, 11, 8,
    12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4, 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8, 9, 0, 5, 7, 2,
    4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13, 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9, 12, 5, 1, 15, 14, 13,
    4, 10, 0, 7, 6, 3, 9, 2, 8, 11, 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10, 6, 15, 14, 9, 11, 3, 0, 8, 12,
    2, 13, 7, 1, 4, 10, 5, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    12, 13, 14, 15, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
  ].map((x) => x * 2),
)

// Generated code (one G per block, 64-bit adds as int32 pairs with the carry from the sign bits).
function compress(h: Int32Array, m: Int32Array, t0: number, t1: number, last: boolean): void {
  let v0l = h[0]!,
    v0h = h[1]!
  let v1l = h[2]!,
    v1h = h[3]!
  let v2l = h[4]!,
    v2h = h[5]!
  let v3l = h[6]!,
    v3h = h[7]!
  let v4l = h[8]!,
    v4h = h[9]!
  let v5l = h[10]!,
    v5h = h[11]!
  let v6l = h[12]!,
    v6h = h[13]!
  let v7l = h[14]!,
    v7h = h[15]!
  let v8l = IV[0]!,
    v8h = IV[1]!
  let v9l = IV[2]!,
    v9h = IV[3]!
  let v10l = IV[4]!,
    v10h = IV[5]!
  let v11l = IV[6]!,
    v11h = IV[7]!
  let v12l = IV[8]! ^ t0,
    v12h = IV[9]! ^ t1
  let v13l = IV[10]!,
    v13h = IV[11]!
  let v14l = last ? ~IV[12]! : IV[12]!,
    v14h = last ? ~IV[13]! : IV[13]!
  let v15l = IV[14]!,
    v15h = IV[15]!
  let t = 0,
    xl = 0,
    xh = 0
  for (let s = 0; s < 192; s += 16) {
    // G0
    t = (v0l + v4l) | 0
    v0h = (v0h + v4h + (((v0l & v4l) | ((v0l | v4l) & ~t)) >>> 31)) | 0
    v0l = t
    xl = m[SIGMA[s + 0]!]!
    xh = m[SIGMA[s + 0]! + 1]!
    t = (v0l + xl) | 0
    v0h = (v0h + xh + (((v0l & xl) | ((v0l | xl) & ~t)) >>> 31)) | 0
    v0l = t
    t = v12l ^ v0l
    v12l = v12h ^ v0h
    v12h = t
    t = (v8l + v12l) | 0
    v8h = (v8h + v12h + (((v8l & v12l) | ((v8l | v12l) & ~t)) >>> 31)) | 0
    v8l = t
    xl = v4l ^ v8l
    xh = v4h ^ v8h
    v4l = (xl >>> 24) | (xh << 8)
    v4h = (xh >>> 24) | (xl << 8)
    t = (v0l + v4l) | 0
    v0h = (v0h + v4h + (((v0l & v4l) | ((v0l | v4l) & ~t)) >>> 31)) | 0
    v0l = t
    xl = m[SIGMA[s + 1]!]!
    xh = m[SIGMA[s + 1]! + 1]!
    t = (v0l + xl) | 0
    v0h = (v0h + xh + (((v0l & xl) | ((v0l | xl) & ~t)) >>> 31)) | 0
    v0l = t
    xl = v12l ^ v0l
    xh = v12h ^ v0h
    v12l = (xl >>> 16) | (xh << 16)
    v12h = (xh >>> 16) | (xl << 16)
    t = (v8l + v12l) | 0
    v8h = (v8h + v12h + (((v8l & v12l) | ((v8l | v12l) & ~t)) >>> 31)) | 0
    v8l = t
    xl = v4l ^ v8l
    xh = v4h ^ v8h
    v4l = (xh >>> 31) | (xl << 1)
    v4h = (xl >>> 31) | (xh << 1)
    // G1
    t = (v1l + v5l) | 0
    v1h = (v1h + v5h + (((v1l & v5l) | ((v1l | v5l) & ~t)) >>> 31)) | 0
    v1l = t
    xl = m[SIGMA[s + 2]!]!
    xh = m[SIGMA[s + 2]! + 1]!
    t = (v1l + xl) | 0
    v1h = (v1h + xh + (((v1l & xl) | ((v1l | xl) & ~t)) >>> 31)) | 0
    v1l = t
    t = v13l ^ v1l
    v13l = v13h ^ v1h
    v13h = t
    t = (v9l + v13l) | 0
    v9h = (v9h + v13h + (((v9l & v13l) | ((v9l | v13l) & ~t)) >>> 31)) | 0
    v9l = t
    xl = v5l ^ v9l
    xh = v5h ^ v9h
    v5l = (xl >>> 24) | (xh << 8)
    v5h = (xh >>> 24) | (xl << 8)
    t = (v1l + v5l) | 0
    v1h = (v1h + v5h + (((v1l & v5l) | ((v1l | v5l) & ~t)) >>> 31)) | 0
    v1l = t
    xl = m[SIGMA[s + 3]!]!
    xh = m[SIGMA[s + 3]! + 1]!
    t = (v1l + xl) | 0
    v1h = (v1h + xh + (((v1l & xl) | ((v1l | xl) & ~t)) >>> 31)) | 0
    v1l = t
    xl = v13l ^ v1l
    xh = v13h ^ v1h
    v13l = (xl >>> 16) | (xh << 16)
    v13h = (xh >>> 16) | (xl << 16)
    t = (v9l + v13l) | 0
    v9h = (v9h + v13h + (((v9l & v13l) | ((v9l | v13l) & ~t)) >>> 31)) | 0
    v9l = t
    xl = v5l ^ v9l
    xh = v5h ^ v9h
    v5l = (xh >>> 31) | (xl << 1)
    v5h = (xl >>> 31) | (xh << 1)
    // G2
    t = (v2l + v6l) | 0
    v2h = (v2h + v6h + (((v2l & v6l) | ((v2l | v6l) & ~t)) >>> 31)) | 0
    v2l = t
    xl = m[SIGMA[s + 4]!]!
    xh = m[SIGMA[s + 4]! + 1]!
    t = (v2l + xl) | 0
    v2h = (v2h + xh + (((v2l & xl) | ((v2l | xl) & ~t)) >>> 31)) | 0
    v2l = t
    t = v14l ^ v2l
    v14l = v14h ^ v2h
    v14h = t
    t = (v10l + v14l) | 0
    v10h = (v10h + v14h + (((v10l & v14l) | ((v10l | v14l) & ~t)) >>> 31)) | 0
    v10l = t
    xl = v6l ^ v10l
    xh = v6h ^ v10h
    v6l = (xl >>> 24) | (xh << 8)
    v6h = (xh >>> 24) | (xl << 8)
    t = (v2l + v6l) | 0
    v2h = (v2h + v6h + (((v2l & v6l) | ((v2l | v6l) & ~t)) >>> 31)) | 0
    v2l = t
    xl = m[SIGMA[s + 5]!]!
    xh = m[SIGMA[s + 5]! + 1]!
    t = (v2l + xl) | 0
    v2h = (v2h + xh + (((v2l & xl) | ((v2l | xl) & ~t)) >>> 31)) | 0
    v2l = t
    xl = v14l ^ v2l
    xh = v14h ^ v2h
    v14l = (xl >>> 16) | (xh << 16)
    v14h = (xh >>> 16) | (xl << 16)
    t = (v10l + v14l) | 0
    v10h = (v10h + v14h + (((v10l & v14l) | ((v10l | v14l) & ~t)) >>> 31)) | 0
    v10l = t
    xl = v6l ^ v10l
    xh = v6h ^ v10h
    v6l = (xh >>> 31) | (xl << 1)
    v6h = (xl >>> 31) | (xh << 1)
    // G3
    t = (v3l + v7l) | 0
    v3h = (v3h + v7h + (((v3l & v7l) | ((v3l | v7l) & ~t)) >>> 31)) | 0
    v3l = t
    xl = m[SIGMA[s + 6]!]!
    xh = m[SIGMA[s + 6]! + 1]!
    t = (v3l + xl) | 0
    v3h = (v3h + xh + (((v3l & xl) | ((v3l | xl) & ~t)) >>> 31)) | 0
    v3l = t
    t = v15l ^ v3l
    v15l = v15h ^ v3h
    v15h = t
    t = (v11l + v15l) | 0
    v11h = (v11h + v15h + (((v11l & v15l) | ((v11l | v15l) & ~t)) >>> 31)) | 0
    v11l = t
    xl = v7l ^ v11l
    xh = v7h ^ v11h
    v7l = (xl >>> 24) | (xh << 8)
    v7h = (xh >>> 24) | (xl << 8)
    t = (v3l + v7l) | 0
    v3h = (v3h + v7h + (((v3l & v7l) | ((v3l | v7l) & ~t)) >>> 31)) | 0
    v3l = t
    xl = m[SIGMA[s + 7]!]!
    xh = m[SIGMA[s + 7]! + 1]!
    t = (v3l + xl) | 0
    v3h = (v3h + xh + (((v3l & xl) | ((v3l | xl) & ~t)) >>> 31)) | 0
    v3l = t
    xl = v15l ^ v3l
    xh = v15h ^ v3h
    v15l = (xl >>> 16) | (xh << 16)
    v15h = (xh >>> 16) | (xl << 16)
    t = (v11l + v15l) | 0
    v11h = (v11h + v15h + (((v11l & v15l) | ((v11l | v15l) & ~t)) >>> 31)) | 0
    v11l = t
    xl = v7l ^ v11l
    xh = v7h ^ v11h
    v7l = (xh >>> 31) | (xl << 1)
    v7h = (xl >>> 31) | (xh << 1)
    // G4
    t = (v0l + v5l) | 0
    v0h = (v0h + v5h + (((v0l & v5l) | ((v0l | v5l) & ~t)) >>> 31)) | 0
    v0l = t
    xl = m[SIGMA[s + 8]!]!
    xh = m[SIGMA[s + 8]! + 1]!
    t = (v0l + xl) | 0
    v0h = (v0h + xh + (((v0l & xl) | ((v0l | xl) & ~t)) >>> 31)) | 0
    v0l = t
    t = v15l ^ v0l
    v15l = v15h ^ v0h
    v15h = t
    t = (v10l + v15l) | 0
    v10h = (v10h + v15h + (((v10l & v15l) | ((v10l | v15l) & ~t)) >>> 31)) | 0
    v10l = t
    xl = v5l ^ v10l
    xh = v5h ^ v10h
    v5l = (xl >>> 24) | (xh << 8)
    v5h = (xh >>> 24) | (xl << 8)
    t = (v0l + v5l) | 0
    v0h = (v0h + v5h + (((v0l & v5l) | ((v0l | v5l) & ~t)) >>> 31)) | 0
    v0l = t
    xl = m[SIGMA[s + 9]!]!
    xh = m[SIGMA[s + 9]! + 1]!
    t = (v0l + xl) | 0
    v0h = (v0h + xh + (((v0l & xl) | ((v0l | xl) & ~t)) >>> 31)) | 0
    v0l = t
    xl = v15l ^ v0l
    xh = v15h ^ v0h
    v15l = (xl >>> 16) | (xh << 16)
    v15h = (xh >>> 16) | (xl << 16)
    t = (v10l + v15l) | 0
    v10h = (v10h + v15h + (((v10l & v15l) | ((v10l | v15l) & ~t)) >>> 31)) | 0
    v10l = t
    xl = v5l ^ v10l
    xh = v5h ^ v10h
    v5l = (xh >>> 31) | (xl << 1)
    v5h = (xl >>> 31) | (xh << 1)
    // G5
    t = (v1l + v6l) | 0
    v1h = (v1h + v6h + (((v1l & v6l) | ((v1l | v6l) & ~t)) >>> 31)) | 0
    v1l = t
    xl = m[SIGMA[s + 10]!]!
    xh = m[SIGMA[s + 10]! + 1]!
    t = (v1l + xl) | 0
    v1h = (v1h + xh + (((v1l & xl) | ((v1l | xl) & ~t)) >>> 31)) | 0
    v1l = t
    t = v12l ^ v1l
    v12l = v12h ^ v1h
    v12h = t
    t = (v11l + v12l) | 0
    v11h = (v11h + v12h + (((v11l & v12l) | ((v11l | v12l) & ~t)) >>> 31)) | 0
    v11l = t
    xl = v6l ^ v11l
    xh = v6h ^ v11h
    v6l = (xl >>> 24) | (xh << 8)
    v6h = (xh >>> 24) | (xl << 8)
    t = (v1l + v6l) | 0
    v1h = (v1h + v6h + (((v1l & v6l) | ((v1l | v6l) & ~t)) >>> 31)) | 0
    v1l = t
    xl = m[SIGMA[s + 11]!]!
    xh = m[SIGMA[s + 11]! + 1]!
    t = (v1l + xl) | 0
    v1h = (v1h + xh + (((v1l & xl) | ((v1l | xl) & ~t)) >>> 31)) | 0
    v1l = t
    xl = v12l ^ v1l
    xh = v12h ^ v1h
    v12l = (xl >>> 16) | (xh << 16)
    v12h = (xh >>> 16) | (xl << 16)
    t = (v11l + v12l) | 0
    v11h = (v11h + v12h + (((v11l & v12l) | ((v11l | v12l) & ~t)) >>> 31)) | 0
    v11l = t
    xl = v6l ^ v11l
    xh = v6h ^ v11h
    v6l = (xh >>> 31) | (xl << 1)
    v6h = (xl >>> 31) | (xh << 1)
    // G6
    t = (v2l + v7l) | 0
    v2h = (v2h + v7h + (((v2l & v7l) | ((v2l | v7l) & ~t)) >>> 31)) | 0
    v2l = t
    xl = m[SIGMA[s + 12]!]!
    xh = m[SIGMA[s + 12]! + 1]!
    t = (v2l + xl) | 0
    v2h = (v2h + xh + (((v2l & xl) | ((v2l | xl) & ~t)) >>> 31)) | 0
    v2l = t
    t = v13l ^ v2l
    v13l = v13h ^ v2h
    v13h = t
    t = (v8l + v13l) | 0
    v8h = (v8h + v13h + (((v8l & v13l) | ((v8l | v13l) & ~t)) >>> 31)) | 0
    v8l = t
    xl = v7l ^ v8l
    xh = v7h ^ v8h
    v7l = (xl >>> 24) | (xh << 8)
    v7h = (xh >>> 24) | (xl << 8)
    t = (v2l + v7l) | 0
    v2h = (v2h + v7h + (((v2l & v7l) | ((v2l | v7l) & ~t)) >>> 31)) | 0
    v2l = t
    xl = m[SIGMA[s + 13]!]!
    xh = m[SIGMA[s + 13]! + 1]!
    t = (v2l + xl) | 0
    v2h = (v2h + xh + (((v2l & xl) | ((v2l | xl) & ~t)) >>> 31)) | 0
    v2l = t
    xl = v13l ^ v2l
    xh = v13h ^ v2h
    v13l = (xl >>> 16) | (xh << 16)
    v13h = (xh >>> 16) | (xl << 16)
    t = (v8l + v13l) | 0
    v8h = (v8h + v13h + (((v8l & v13l) | ((v8l | v13l) & ~t)) >>> 31)) | 0
    v8l = t
    xl = v7l ^ v8l
    xh = v7h ^ v8h
    v7l = (xh >>> 31) | (xl << 1)
    v7h = (xl >>> 31) | (xh << 1)
    // G7
    t = (v3l + v4l) | 0
    v3h = (v3h + v4h + (((v3l & v4l) | ((v3l | v4l) & ~t)) >>> 31)) | 0
    v3l = t
    xl = m[SIGMA[s + 14]!]!
    xh = m[SIGMA[s + 14]! + 1]!
    t = (v3l + xl) | 0
    v3h = (v3h + xh + (((v3l & xl) | ((v3l | xl) & ~t)) >>> 31)) | 0
    v3l = t
    t = v14l ^ v3l
    v14l = v14h ^ v3h
    v14h = t
    t = (v9l + v14l) | 0
    v9h = (v9h + v14h + (((v9l & v14l) | ((v9l | v14l) & ~t)) >>> 31)) | 0
    v9l = t
    xl = v4l ^ v9l
    xh = v4h ^ v9h
    v4l = (xl >>> 24) | (xh << 8)
    v4h = (xh >>> 24) | (xl << 8)
    t = (v3l + v4l) | 0
    v3h = (v3h + v4h + (((v3l & v4l) | ((v3l | v4l) & ~t)) >>> 31)) | 0
    v3l = t
    xl = m[SIGMA[s + 15]!]!
    xh = m[SIGMA[s + 15]! + 1]!
    t = (v3l + xl) | 0
    v3h = (v3h + xh + (((v3l & xl) | ((v3l | xl) & ~t)) >>> 31)) | 0
    v3l = t
    xl = v14l ^ v3l
    xh = v14h ^ v3h
    v14l = (xl >>> 16) | (xh << 16)
    v14h = (xh >>> 16) | (xl << 16)
    t = (v9l + v14l) | 0
    v9h = (v9h + v14h + (((v9l & v14l) | ((v9l | v14l) & ~t)) >>> 31)) | 0
    v9l = t
    xl = v4l ^ v9l
    xh = v4h ^ v9h
    v4l = (xh >>> 31) | (xl << 1)
    v4h = (xl >>> 31) | (xh << 1)
  }
  h[0] = h[0]! ^ v0l ^ v8l
  h[1] = h[1]! ^ v0h ^ v8h
  h[2] = h[2]! ^ v1l ^ v9l
  h[3] = h[3]! ^ v1h ^ v9h
  h[4] = h[4]! ^ v2l ^ v10l
  h[5] = h[5]! ^ v2h ^ v10h
  h[6] = h[6]! ^ v3l ^ v11l
  h[7] = h[7]! ^ v3h ^ v11h
  h[8] = h[8]! ^ v4l ^ v12l
  h[9] = h[9]! ^ v4h ^ v12h
  h[10] = h[10]! ^ v5l ^ v13l
  h[11] = h[11]! ^ v5h ^ v13h
  h[12] = h[12]! ^ v6l ^ v14l
  h[13] = h[13]! ^ v6h ^ v14h
  h[14] = h[14]! ^ v7l ^ v15l
  h[15] = h[15]! ^ v7h ^ v15h
}

/** Loads 128 bytes at `off` as 32 little-endian int32 words. */
function load(m: Int32Array, b: Uint8Array, off: number): void {
  for (let i = 0; i < 32; i++, off += 4) m[i] = b[off]! | (b[off + 1]! << 8) | (b[off + 2]! << 16) | (b[off + 3]! << 24)
}

/**
 * Incremental BLAKE2b-256 with a 16-byte personalization (no key, no salt).
 * @example new Blake2b256(utf8ToBytes('ZcashPrevoutHash')).update(data).digest()
 */
export class Blake2b256 {
  private readonly h = new Int32Array(16)
  private readonly m = new Int32Array(32)
  private readonly buf = new Uint8Array(128)
  private n = 0
  private t = 0

  constructor(personalization: Uint8Array) {
    const h = this.h
    h.set(IV)
    h[0] = h[0]! ^ 0x01010020 // digest 32, key 0, fanout 1, depth 1
    const p = personalization
    for (let i = 0; i < 4; i++) {
      const q = i * 4
      h[12 + i] = h[12 + i]! ^ (p[q]! | (p[q + 1]! << 8) | (p[q + 2]! << 16) | (p[q + 3]! << 24))
    }
  }

  /** Absorbs `data`; returns this. */
  update(data: Uint8Array): this {
    let i = 0
    const len = data.length
    while (i < len) {
      if (this.n === 128) {
        this.t += 128
        load(this.m, this.buf, 0)
        compress(this.h, this.m, this.t | 0, (this.t / 0x100000000) | 0, false)
        this.n = 0
      }
      if (this.n === 0) {
        // whole blocks straight from the input, keeping the last one buffered (it may be the final block)
        while (len - i > 128) {
          this.t += 128
          load(this.m, data, i)
          compress(this.h, this.m, this.t | 0, (this.t / 0x100000000) | 0, false)
          i += 128
        }
      }
      const take = Math.min(128 - this.n, len - i)
      this.buf.set(data.subarray(i, i + take), this.n)
      this.n += take
      i += take
    }
    return this
  }

  /** The 32-byte digest (the hasher must not be used afterwards). */
  digest(): Uint8Array {
    this.t += this.n
    this.buf.fill(0, this.n)
    load(this.m, this.buf, 0)
    compress(this.h, this.m, this.t | 0, (this.t / 0x100000000) | 0, true)
    const out = new Uint8Array(32)
    for (let i = 0; i < 8; i++) {
      const w = this.h[i]!
      out[i * 4] = w
      out[i * 4 + 1] = w >>> 8
      out[i * 4 + 2] = w >>> 16
      out[i * 4 + 3] = w >>> 24
    }
    return out
  }
}

/**
 * Which BLAKE2b a hash runs on: `'auto'` (the default) is the small WebAssembly kernel (src/hash/blake2b-wasm.ts,
 * about 6x faster per block) wherever WebAssembly can be instantiated, and the pure-JS code otherwise (no
 * WebAssembly, a Content-Security-Policy without `'wasm-unsafe-eval'`, a big-endian host); `'wasm'` is the same
 * (WebAssembly where it is available); `'js'` forces pure JS. Digests are identical either way and midstates
 * interchangeable. It is an option of the call (`sighash`'s and `createSighasher`'s `blake2b`, `signTransaction`'s),
 * never a process-wide switch (STYLE rule 6).
 * @example const mode: Blake2bMode = 'js'
 */
export type Blake2bMode = 'auto' | 'wasm' | 'js'

/**
 * Checks a {@link Blake2bMode} given as an option (`undefined` is `'auto'`).
 * @throws KomodoCcError ARG_INVALID when `mode` is none of `'auto'`, `'wasm'`, `'js'`
 * @example blake2bMode(options.blake2b, 'blake2b') // 'auto'
 */
export function blake2bMode(mode: unknown, name = 'blake2b'): Blake2bMode {
  if (mode === undefined) return 'auto'
  if (mode !== 'auto' && mode !== 'wasm' && mode !== 'js')
    throw new KomodoCcError('ARG_INVALID', `${name} expected 'auto', 'wasm' or 'js', got ${String(mode)}`, {
      name,
      got: typeof mode,
    })
  return mode
}

/** Whether `mode` runs on WebAssembly here (availability is the wasm module's memo of a fact of the runtime). */
const onWasm = (mode: Blake2bMode | undefined): boolean => mode !== 'js' && wasmBlake2bAvailable()

/**
 * The BLAKE2b a hash in `mode` (default `'auto'`) runs on here: `'wasm'` where WebAssembly can be instantiated, else
 * `'js'`.
 * @example blake2bBackend() // 'wasm' in Node and in browsers that allow WebAssembly
 */
export function blake2bBackend(mode: Blake2bMode = 'auto'): 'wasm' | 'js' {
  return onWasm(blake2bMode(mode, 'mode')) ? 'wasm' : 'js'
}

// scratch for the one-shot path (JS is single-threaded and compress never re-enters)
const H1 = /* @__PURE__ */ new Int32Array(16)
const M1 = /* @__PURE__ */ new Int32Array(32)
const TAIL = /* @__PURE__ */ new Uint8Array(128)

/**
 * One-shot BLAKE2b-256 with a 16-byte personalization: no allocation besides the 32-byte result. `mode`: which
 * BLAKE2b runs ({@link Blake2bMode}, default `'auto'`).
 * @example bytesToHex(blake2b256Personal(new Uint8Array(), utf8ToBytes('ZcashPrevoutHash')))
 */
export function blake2b256Personal(
  data: Uint8Array,
  personalization: Uint8Array,
  mode: Blake2bMode = 'auto',
): Uint8Array {
  if (onWasm(mode)) return wasmPersonal(data, personalization)
  initState(H1, personalization)
  return finish(H1, data, 0)
}

/**
 * @internal {@link blake2b256Personal} into `out[outOffset, outOffset + 32)`, with no allocation (hot loops).
 * @example blake2b256PersonalInto(preimage, person, digest, 0)
 */
export function blake2b256PersonalInto(
  data: Uint8Array,
  personalization: Uint8Array,
  out: Uint8Array,
  outOffset: number,
  mode: Blake2bMode = 'auto',
): Uint8Array {
  if (onWasm(mode)) return wasmPersonalInto(data, personalization, out, outOffset)
  initState(H1, personalization)
  return finish(H1, data, 0, out, outOffset)
}

function initState(h: Int32Array, p: Uint8Array): void {
  h.set(IV)
  h[0] = h[0]! ^ 0x01010020 // digest 32, key 0, fanout 1, depth 1
  for (let i = 0; i < 4; i++) {
    const q = i * 4
    h[12 + i] = h[12 + i]! ^ (p[q]! | (p[q + 1]! << 8) | (p[q + 2]! << 16) | (p[q + 3]! << 24))
  }
}

/** Absorbs `data` (counted after `done` bytes already compressed into `h`), finalizes, writes the digest to `out`. */
function finish(
  h: Int32Array,
  data: Uint8Array,
  done: number,
  out: Uint8Array = new Uint8Array(32),
  outOffset = 0,
): Uint8Array {
  const m = M1
  const len = data.length
  let i = 0
  while (len - i > 128) {
    load(m, data, i)
    i += 128
    const c = done + i
    compress(h, m, c | 0, (c / 0x100000000) | 0, false)
  }
  TAIL.fill(0)
  TAIL.set(data.subarray(i))
  load(m, TAIL, 0)
  const total = done + len
  compress(h, m, total | 0, (total / 0x100000000) | 0, true)
  for (let k = 0, o = outOffset; k < 8; k++, o += 4) {
    const w = h[k]!
    out[o] = w
    out[o + 1] = w >>> 8
    out[o + 2] = w >>> 16
    out[o + 3] = w >>> 24
  }
  return out
}

/**
 * @internal The state after compressing the first 128 bytes of a message known to be longer (a prefix shared by
 * many messages, e.g. the first block of every ZIP-243 preimage of one transaction and hash type).
 * @example const mid = blake2bMidstate(person, preimage.subarray(0, 128))
 */
export function blake2bMidstate(
  personalization: Uint8Array,
  first128: Uint8Array,
  mode: Blake2bMode = 'auto',
): Int32Array {
  if (onWasm(mode)) return wasmMidstate(personalization, first128)
  const h = new Int32Array(16)
  initState(h, personalization)
  load(M1, first128, 0)
  compress(h, M1, 128, 0, false)
  return h
}

/**
 * @internal Digest of `first128 ‖ rest` from {@link blake2bMidstate}'s state (`rest` must be non-empty).
 * @example blake2bFromMidstate(mid, preimage.subarray(128))
 */
export function blake2bFromMidstate(mid: Int32Array, rest: Uint8Array, mode: Blake2bMode = 'auto'): Uint8Array {
  if (onWasm(mode)) return wasmFromMidstate(mid, rest)
  H1.set(mid)
  return finish(H1, rest, 128)
}
