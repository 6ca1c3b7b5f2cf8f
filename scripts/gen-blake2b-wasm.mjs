#!/usr/bin/env node
// Hand-assembles the WebAssembly BLAKE2b module (RFC 7693) behind src/hash/blake2b-wasm.ts and writes its bytes to
// src/hash/blake2b-wasm-bytes.ts. Plain Node, no toolchain: every byte of the module is emitted below. Deterministic:
// running it twice writes the same file.
//   node scripts/gen-blake2b-wasm.mjs            write src/hash/blake2b-wasm-bytes.ts
//   node scripts/gen-blake2b-wasm.mjs --check    exit 1 if the file differs from what would be written
//
// Linear memory (one 64 KiB page, exported as `mem`, never grown):
//   [0, 64)        h: the chaining value, 8 × u64 little-endian (= the pure-JS Int32Array(16) [lo, hi] layout)
//   [64, 80)       personalization (16 bytes) read by the INIT flag
//   [128, 320)     SIGMA: 12 rows × 16 message-word byte offsets (index × 8); data segment
//   [512, 65536)   message buffer: MSG_CAP = 65024 bytes = 508 blocks
// Export `hash(len: i32, done: f64, flags: i32)`:
//   flags & 2 (INIT)  h := IV ^ parameter block (digest 32, fanout 1, depth 1, personalization from [64, 80))
//   then compresses the message blocks at [512, 512 + len), the counter starting at `done` (bytes already
//   compressed into h, an integer < 2^53 passed as f64 so JS needs no BigInt):
//   flags & 1 (FINAL) every block but the last non-final, then the last one zero-padded with the final flag; the
//                     digest is h[0, 32)
//   otherwise         `len` must be a multiple of 128; every block non-final (chunked absorption, midstates)
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const P_OFF = 64
const SIGMA_OFF = 128
const MSG_OFF = 512

// RFC 7693 §2.6 IV (= SHA-512's), §2.7 SIGMA (rows 10 and 11 repeat rows 0 and 1)
const IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
]
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
]
const ROUNDS = 12

// ---- encoding helpers -------------------------------------------------------------------------------------------
const uleb = (n) => {
  const out = []
  do {
    let b = n & 0x7f
    n >>>= 7
    if (n !== 0) b |= 0x80
    out.push(b)
  } while (n !== 0)
  return out
}
const sleb = (v) => {
  // v: bigint
  const out = []
  for (;;) {
    const b = Number(v & 0x7fn)
    v >>= 7n
    if ((v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0)) {
      out.push(b)
      return out
    }
    out.push(b | 0x80)
  }
}
const signed64 = (u) => BigInt.asIntN(64, u)
const vec = (items) => [...uleb(items.length), ...items.flat()]
const name = (s) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))]
const section = (id, body) => [id, ...uleb(body.length), ...body]

// ---- opcodes ----------------------------------------------------------------------------------------------------
const I32 = 0x7f,
  I64 = 0x7e,
  F64 = 0x7c,
  VOID = 0x40
const op = {
  block: [0x02, VOID],
  loop: [0x03, VOID],
  if: [0x04, VOID],
  end: [0x0b],
  br: (d) => [0x0c, ...uleb(d)],
  brIf: (d) => [0x0d, ...uleb(d)],
  call: (f) => [0x10, ...uleb(f)],
  get: (i) => [0x20, ...uleb(i)],
  set: (i) => [0x21, ...uleb(i)],
  tee: (i) => [0x22, ...uleb(i)],
  i64load: (off) => [0x29, 3, ...uleb(off)],
  i32load8u: (off) => [0x2d, 0, ...uleb(off)],
  i64store: (off) => [0x37, 3, ...uleb(off)],
  i32store8: (off) => [0x3a, 0, ...uleb(off)],
  i32c: (v) => [0x41, ...sleb(BigInt(v))],
  i64c: (v) => [0x42, ...sleb(signed64(v))],
  i32add: [0x6a],
  i32sub: [0x6b],
  i32and: [0x71],
  i32ne: [0x47],
  i32geu: [0x4f],
  i64add: [0x7c],
  i64xor: [0x85],
  i64rotr: [0x8a],
  i64extendI32u: [0xad],
  i64truncF64u: [0xb1],
}

// ---- func 0: compress(mp: i32, t: i64, last: i32) ----------------------------------------------------------------
// RFC 7693 §3.2 F with the 16 work words in locals; the message words are read from [mp, mp + 128) through the
// SIGMA row of the current round (one round body, looped 12 times: a fully unrolled F would not fit in 4 KB)
function compressFn() {
  const MP = 0,
    T = 1,
    LAST = 2
  const v = (k) => 3 + k // v0..v15: locals 3..18
  const S = 19 // byte address of the current SIGMA row
  const c = []
  for (let k = 0; k < 8; k++) c.push(op.i32c(0), op.i64load(8 * k), op.set(v(k)))
  for (let k = 0; k < 8; k++) c.push(op.i64c(IV[k]), op.set(v(8 + k)))
  c.push(op.get(v(12)), op.get(T), op.i64xor, op.set(v(12)))
  c.push(op.get(LAST), op.if, op.get(v(14)), op.i64c(-1n), op.i64xor, op.set(v(14)), op.end)
  c.push(op.i32c(SIGMA_OFF), op.set(S))
  const msg = (pos) => [op.get(MP), op.get(S), op.i32load8u(pos), op.i32add, op.i64load(0)]
  // G (§3.1), as stack chains: a = a + b + x; d = (d ^ a) >>> 32; c = c + d; b = (b ^ c) >>> 24; then y, 16, 63
  const half = (a, b, cc, d, pos, r1, r2) => [
    op.get(v(a)),
    op.get(v(b)),
    op.i64add,
    ...msg(pos),
    op.i64add,
    op.tee(v(a)),
    op.get(v(d)),
    op.i64xor,
    op.i64c(BigInt(r1)),
    op.i64rotr,
    op.tee(v(d)),
    op.get(v(cc)),
    op.i64add,
    op.tee(v(cc)),
    op.get(v(b)),
    op.i64xor,
    op.i64c(BigInt(r2)),
    op.i64rotr,
    op.set(v(b)),
  ]
  const G = (a, b, cc, d, i) => [half(a, b, cc, d, 2 * i, 32, 24), half(a, b, cc, d, 2 * i + 1, 16, 63)]
  c.push(op.loop)
  c.push(G(0, 4, 8, 12, 0), G(1, 5, 9, 13, 1), G(2, 6, 10, 14, 2), G(3, 7, 11, 15, 3))
  c.push(G(0, 5, 10, 15, 4), G(1, 6, 11, 12, 5), G(2, 7, 8, 13, 6), G(3, 4, 9, 14, 7))
  c.push(op.get(S), op.i32c(16), op.i32add, op.tee(S), op.i32c(SIGMA_OFF + 16 * ROUNDS), op.i32ne, op.brIf(0), op.end)
  // h[k] ^= v[k] ^ v[k + 8]
  for (let k = 0; k < 8; k++)
    c.push(
      op.i32c(0),
      op.i32c(0),
      op.i64load(8 * k),
      op.get(v(k)),
      op.i64xor,
      op.get(v(8 + k)),
      op.i64xor,
      op.i64store(8 * k),
    )
  c.push(op.end)
  return {
    locals: [
      [16, I64],
      [1, I32],
    ],
    body: c.flat(Infinity),
  }
}

// ---- func 1: hash(len: i32, done: f64, flags: i32) ---------------------------------------------------------------
function hashFn() {
  const LEN = 0,
    DONE = 1,
    FLAGS = 2,
    I = 3,
    J = 4,
    LIM = 5,
    T = 6
  const c = []
  // INIT: h = IV ^ param block; param word 0 = 0x01010020 (digest 32, key 0, fanout 1, depth 1), words 6..7 = personalization
  c.push(op.get(FLAGS), op.i32c(2), op.i32and, op.if)
  for (let k = 0; k < 8; k++) {
    c.push(op.i32c(0), op.i64c(k === 0 ? IV[0] ^ 0x01010020n : IV[k]))
    if (k >= 6) c.push(op.i32c(0), op.i64load(P_OFF + 8 * (k - 6)), op.i64xor)
    c.push(op.i64store(8 * k))
  }
  c.push(op.end)
  c.push(op.get(DONE), op.i64truncF64u, op.set(T))
  // lim = len + 1 - final: compress while i + 128 < lim (final keeps the last block, non-final takes them all)
  c.push(op.get(LEN), op.i32c(1), op.i32add, op.get(FLAGS), op.i32c(1), op.i32and, op.i32sub, op.set(LIM))
  c.push(
    op.block,
    op.loop,
    op.get(I),
    op.i32c(128),
    op.i32add,
    op.get(LIM),
    op.i32geu,
    op.brIf(1),
    op.i32c(MSG_OFF),
    op.get(I),
    op.i32add,
    op.get(T),
    op.get(I),
    op.i64extendI32u,
    op.i64add,
    op.i64c(128n),
    op.i64add,
    op.i32c(0),
    op.call(0),
    op.get(I),
    op.i32c(128),
    op.i32add,
    op.set(I),
    op.br(0),
    op.end,
    op.end,
  )
  // FINAL: zero [MSG + len, MSG + i + 128), compress the last block with t = done + len
  c.push(
    op.get(FLAGS),
    op.i32c(1),
    op.i32and,
    op.if,
    op.i32c(MSG_OFF),
    op.get(LEN),
    op.i32add,
    op.set(J),
    op.block,
    op.loop,
    op.get(J),
    op.i32c(MSG_OFF + 128),
    op.get(I),
    op.i32add,
    op.i32geu,
    op.brIf(1),
    op.get(J),
    op.i32c(0),
    op.i32store8(0),
    op.get(J),
    op.i32c(1),
    op.i32add,
    op.set(J),
    op.br(0),
    op.end,
    op.end,
    op.i32c(MSG_OFF),
    op.get(I),
    op.i32add,
    op.get(T),
    op.get(LEN),
    op.i64extendI32u,
    op.i64add,
    op.i32c(1),
    op.call(0),
    op.end,
  )
  c.push(op.end)
  return {
    locals: [
      [3, I32],
      [1, I64],
    ],
    body: c.flat(Infinity),
  }
}

function moduleBytes() {
  const types = section(
    1,
    vec([
      [0x60, ...vec([I32, I64, I32]), ...vec([])], // 0: compress
      [0x60, ...vec([I32, F64, I32]), ...vec([])], // 1: hash
    ]),
  )
  const funcs = section(3, vec([uleb(0), uleb(1)]))
  const memory = section(5, vec([[0x00, ...uleb(1)]])) // min 1 page, no max
  const exports = section(
    7,
    vec([
      [...name('mem'), 0x02, ...uleb(0)],
      [...name('hash'), 0x00, ...uleb(1)],
    ]),
  )
  const code = section(
    10,
    vec(
      [compressFn(), hashFn()].map(({ locals, body }) => {
        const f = [...vec(locals.map(([n, t]) => [...uleb(n), t])), ...body]
        return [...uleb(f.length), ...f]
      }),
    ),
  )
  const sigma = []
  for (let r = 0; r < ROUNDS; r++) for (const i of SIGMA[r % 10]) sigma.push(i * 8)
  const data = section(11, vec([[0x00, op.i32c(SIGMA_OFF), op.end, ...vec(sigma)].flat()]))
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...types,
    ...funcs,
    ...memory,
    ...exports,
    ...code,
    ...data,
  ])
}

const bytes = moduleBytes()
if (!WebAssembly.validate(bytes)) throw new Error('generated module does not validate')
const b64 = Buffer.from(bytes).toString('base64')
const lines = []
for (let i = 0; i < b64.length; i += 100) lines.push(`  '${b64.slice(i, i + 100)}'`)
const text = `// GENERATED by scripts/gen-blake2b-wasm.mjs — do not edit; run \`node scripts/gen-blake2b-wasm.mjs\` to regenerate.
// The WebAssembly BLAKE2b-256 module (RFC 7693) used by src/hash/blake2b-wasm.ts: ${bytes.length} bytes, base64.
// Memory layout and the \`hash(len, done, flags)\` export are described at the top of the script.

/** The module's bytes, base64 (${bytes.length} bytes decoded). */
export const BLAKE2B_WASM_BASE64 =
${lines.join(' +\n')}

/** Byte offsets in the module's memory (see scripts/gen-blake2b-wasm.mjs). */
export const BLAKE2B_WASM_LAYOUT = /* @__PURE__ */ Object.freeze({ personalization: ${P_OFF}, message: ${MSG_OFF}, messageCapacity: ${65536 - MSG_OFF} })
`
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'hash', 'blake2b-wasm-bytes.ts')
if (process.argv.includes('--check')) {
  let old = ''
  try {
    old = readFileSync(out, 'utf8')
  } catch {}
  if (old !== text) {
    console.error(`${out} is stale: run node scripts/gen-blake2b-wasm.mjs`)
    process.exit(1)
  }
  console.log(`${out} is up to date (${bytes.length} bytes)`)
} else {
  writeFileSync(out, text)
  console.log(`wrote ${out}: ${bytes.length}-byte module`)
}
