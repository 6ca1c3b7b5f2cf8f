// RIPEMD-160 of exactly 32 bytes (the SHA-256 inside HASH160), written from the RIPEMD-160 specification
// (Dobbertin, Bosselaers, Preneel, 1996) for the CC address hot path: one padded block, no allocation besides
// the result, no streaming state. Checked against @noble/hashes' ripemd160 in test/cc/ripemd32.test.ts.

// message word order per step, left line then right line, 5 rounds × 16
const RL = /* @__PURE__ */ Uint8Array.from([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, 3, 10, 14,
  4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, 1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2, 4, 0, 5, 9, 7, 12, 2,
  10, 14, 1, 3, 8, 11, 6, 15, 13,
])
const RR = /* @__PURE__ */ Uint8Array.from([
  5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, 15, 5, 1,
  3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, 8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14, 12, 15, 10, 4, 1, 5,
  8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
])
// rotation amounts
const SL = /* @__PURE__ */ Uint8Array.from([
  11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, 7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, 11,
  13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, 11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, 9, 15, 5,
  11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
])
const SR = /* @__PURE__ */ Uint8Array.from([
  8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, 9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, 9, 7,
  15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, 15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8, 8, 5, 12, 9,
  12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
])
const KL = /* @__PURE__ */ Int32Array.from([0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e])
const KR = /* @__PURE__ */ Int32Array.from([0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000])
const X = /* @__PURE__ */ new Int32Array(16)

function f(j: number, x: number, y: number, z: number): number {
  switch (j) {
    case 0:
      return x ^ y ^ z
    case 1:
      return (x & y) | (~x & z)
    case 2:
      return (x | ~y) ^ z
    case 3:
      return (x & z) | (y & ~z)
    default:
      return x ^ (y | ~z)
  }
}

/** @internal RIPEMD-160 of `data[off..off+32)` into `out[outOff..outOff+20)`. @example ripemd160Of32(sha256(script), 0, new Uint8Array(20), 0) */
export function ripemd160Of32(data: Uint8Array, off: number, out: Uint8Array, outOff: number): Uint8Array {
  const x = X
  for (let i = 0; i < 8; i++, off += 4)
    x[i] = data[off]! | (data[off + 1]! << 8) | (data[off + 2]! << 16) | (data[off + 3]! << 24)
  x[8] = 0x80
  x[9] = x[10] = x[11] = x[12] = x[13] = 0
  x[14] = 256 // message length in bits, little-endian 64-bit
  x[15] = 0
  const h0 = 0x67452301,
    h1 = 0xefcdab89 | 0,
    h2 = 0x98badcfe | 0,
    h3 = 0x10325476,
    h4 = 0xc3d2e1f0 | 0
  let al = h0,
    bl = h1,
    cl = h2,
    dl = h3,
    el = h4
  let ar = h0,
    br = h1,
    cr = h2,
    dr = h3,
    er = h4
  for (let j = 0; j < 80; j++) {
    const round = j >> 4
    let t = (al + f(round, bl, cl, dl) + x[RL[j]!]! + KL[round]!) | 0
    let s = SL[j]!
    t = (((t << s) | (t >>> (32 - s))) + el) | 0
    al = el
    el = dl
    dl = (cl << 10) | (cl >>> 22)
    cl = bl
    bl = t
    t = (ar + f(4 - round, br, cr, dr) + x[RR[j]!]! + KR[round]!) | 0
    s = SR[j]!
    t = (((t << s) | (t >>> (32 - s))) + er) | 0
    ar = er
    er = dr
    dr = (cr << 10) | (cr >>> 22)
    cr = br
    br = t
  }
  const r0 = (h1 + cl + dr) | 0
  const r1 = (h2 + dl + er) | 0
  const r2 = (h3 + el + ar) | 0
  const r3 = (h4 + al + br) | 0
  const r4 = (h0 + bl + cr) | 0
  const words = [r0, r1, r2, r3, r4]
  for (let i = 0; i < 5; i++) {
    const w = words[i]!
    const o = outOff + i * 4
    out[o] = w & 0xff
    out[o + 1] = (w >>> 8) & 0xff
    out[o + 2] = (w >>> 16) & 0xff
    out[o + 3] = w >>> 24
  }
  return out
}
