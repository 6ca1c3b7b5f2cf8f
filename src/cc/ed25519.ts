// Ed25519 signature verification (RFC 8032, cofactorless) with the acceptance rules of the ed25519 code bundled in
// Komodo's crypto-conditions library: reject when the top 3 bits of S are set or S ≥ L, decode the public key the
// ref10 way (y taken mod p, x = 0 with the sign bit set accepted), hash SHA-512(R ‖ A ‖ M) with the raw key bytes,
// and compare the encoding of [S]B − [h]A with R byte for byte. Plain BigInt arithmetic: this path is cold (Komodo
// modules never build ed25519 nodes), so clarity wins over speed.
import { sha512 } from '@noble/hashes/sha2.js'

const P = 2n ** 255n - 19n
const L = 2n ** 252n + 27742317777372353535851937790883648493n

function mod(a: bigint, m = P): bigint {
  const r = a % m
  return r < 0n ? r + m : r
}
function pow(b: bigint, e: bigint): bigint {
  let r = 1n
  let x = mod(b)
  while (e > 0n) {
    if (e & 1n) r = (r * x) % P
    x = (x * x) % P
    e >>= 1n
  }
  return r
}
const inv = (a: bigint): bigint => pow(a, P - 2n)
// curve constants, computed on first use (no work at import time)
let D = 0n,
  D2 = 0n,
  SQRT_M1 = 0n
let BASE: Point | undefined
function init(): Point {
  if (BASE !== undefined) return BASE
  D = mod(-121665n * inv(121666n))
  D2 = mod(2n * D)
  SQRT_M1 = pow(2n, (P - 1n) / 4n)
  const y = mod(4n * inv(5n))
  const yb = new Uint8Array(32)
  let t = y
  for (let i = 0; i < 32; i++, t >>= 8n) yb[i] = Number(t & 0xffn)
  BASE = decode(yb)!
  return BASE
}

type Point = { x: bigint; y: bigint; z: bigint; t: bigint }
const ZERO: Point = { x: 0n, y: 1n, z: 1n, t: 0n }

function add(p: Point, q: Point): Point {
  const a = mod((p.y - p.x) * (q.y - q.x))
  const b = mod((p.y + p.x) * (q.y + q.x))
  const c = mod(p.t * D2 * q.t)
  const d = mod(p.z * 2n * q.z)
  const e = b - a,
    f = d - c,
    g = d + c,
    h = b + a
  return { x: mod(e * f), y: mod(g * h), z: mod(f * g), t: mod(e * h) }
}
function mul(p: Point, k: bigint): Point {
  let r = ZERO
  let q = p
  while (k > 0n) {
    if (k & 1n) r = add(r, q)
    q = add(q, q)
    k >>= 1n
  }
  return r
}
function leToBig(b: Uint8Array): bigint {
  let v = 0n
  for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!)
  return v
}
function encode(p: Point): Uint8Array {
  const zi = inv(p.z)
  const x = mod(p.x * zi)
  let y = mod(p.y * zi)
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++, y >>= 8n) out[i] = Number(y & 0xffn)
  if (x & 1n) out[31]! |= 0x80
  return out
}
/** ref10 decoding: null when no x exists; y ≥ p is taken mod p; x = 0 with the sign bit set is kept. */
function decode(b: Uint8Array): Point | null {
  const sign = b[31]! >> 7
  const yb = b.slice()
  yb[31]! &= 0x7f
  const y = mod(leToBig(yb))
  const u = mod(y * y - 1n)
  const v = mod(D * y * y + 1n)
  let x = mod(u * pow(v, 3n) * pow(u * pow(v, 7n), (P - 5n) / 8n))
  const vxx = mod(v * x * x)
  if (vxx !== u) {
    if (vxx !== mod(-u)) return null
    x = mod(x * SQRT_M1)
  }
  if (Number(x & 1n) !== sign) x = mod(-x)
  return { x, y, z: 1n, t: mod(x * y) }
}

/**
 * @internal Verifies a 64-byte ed25519 signature of `message` under a 32-byte public key (Komodo's rules, above).
 * @example ed25519Verify(sig64, sighash, pk32) // true | false
 */
export function ed25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false
  if (signature[63]! & 0xe0) return false
  const base = init()
  const A = decode(publicKey)
  if (A === null) return false
  const s = leToBig(signature.subarray(32))
  if (s >= L) return false
  const hin = new Uint8Array(64 + message.length)
  hin.set(signature.subarray(0, 32))
  hin.set(publicKey, 32)
  hin.set(message, 64)
  const h = mod(leToBig(sha512(hin)), L)
  const negA: Point = { x: mod(-A.x), y: A.y, z: A.z, t: mod(-A.t) }
  const r = encode(add(mul(base, s), mul(negA, h)))
  for (let i = 0; i < 32; i++) if (r[i] !== signature[i]) return false
  return true
}
