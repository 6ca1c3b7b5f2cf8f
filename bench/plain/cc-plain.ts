// What a straightforward implementation of Komodo CC addresses looks like: build the whole condition tree as
// objects, DER-encode every node with Buffer.concat, hash, base58check with bs58check. Kept only as the
// benchmark peer of src/cc (and checked against it before timing).
import { sha256 } from '@noble/hashes/sha2.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import bs58check from 'bs58check'

type Node =
  { kind: 'eval'; code: Buffer } | { kind: 'secp'; pk: Buffer } | { kind: 'threshold'; t: number; subs: Node[] }

const len = (n: number): Buffer =>
  n < 128 ? Buffer.from([n]) : n < 256 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 255])
const tlv = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), len(body.length), body])
function int(v: number): Buffer {
  let hex = v.toString(16)
  if (hex.length % 2) hex = '0' + hex
  let b = Buffer.from(hex, 'hex')
  if (b[0]! & 0x80) b = Buffer.concat([Buffer.from([0]), b])
  return b
}
const typeId = (n: Node): number => (n.kind === 'eval' ? 15 : n.kind === 'secp' ? 5 : 2)
function cost(n: Node): number {
  if (n.kind === 'eval') return 1048576
  if (n.kind === 'secp') return 131072
  const cs = n.subs.map(cost).sort((a, b) => b - a)
  return cs.slice(0, n.t).reduce((a, b) => a + b, 0) + 1024 * n.subs.length
}
function subtypes(n: Node): number {
  if (n.kind !== 'threshold') return 0
  let m = 0
  for (const s of n.subs) m |= (1 << typeId(s)) | subtypes(s)
  return m & ~4
}
function bits(mask: number): Buffer {
  let max = 0
  for (let i = 0; i < 32; i++) if (mask & (1 << i)) max = i
  const out = Buffer.alloc(2 + (max >> 3))
  out[0] = 7 - (max % 8)
  for (let i = 0; i < 32; i++) if (mask & (1 << i)) out[1 + (i >> 3)]! |= 0x80 >> (i % 8)
  return out
}
function fingerprint(n: Node): Buffer {
  if (n.kind === 'eval') return Buffer.from(sha256(n.code))
  if (n.kind === 'secp') return Buffer.from(sha256(tlv(0x30, tlv(0x80, n.pk))))
  const children = n.subs.map(condition).sort(Buffer.compare)
  return Buffer.from(sha256(tlv(0x30, Buffer.concat([tlv(0x80, int(n.t)), tlv(0xa1, Buffer.concat(children))]))))
}
export function condition(n: Node): Buffer {
  const parts = [tlv(0x80, fingerprint(n)), tlv(0x81, int(cost(n)))]
  if (n.kind === 'threshold') parts.push(tlv(0x82, bits(subtypes(n))))
  return tlv(0xa0 | typeId(n), Buffer.concat(parts))
}
export const plainCc1of1 = (ev: number, pk: Uint8Array): Node => ({
  kind: 'threshold',
  t: 2,
  subs: [
    { kind: 'eval', code: Buffer.from([ev]) },
    { kind: 'threshold', t: 1, subs: [{ kind: 'secp', pk: Buffer.from(pk) }] },
  ],
})
export function plainCcAddress(ev: number, pk: Uint8Array): string {
  const cond = condition(plainCc1of1(ev, pk))
  const script = Buffer.concat([Buffer.from([cond.length]), cond, Buffer.from([0xcc])])
  return bs58check.encode(Buffer.concat([Buffer.from([60]), Buffer.from(ripemd160(sha256(script)))]))
}
/** Plain condition reader: walk the TLVs, no strictness beyond shape. */
export function plainDecodeCondition(b: Uint8Array): {
  type: number
  fingerprint: Buffer
  cost: number
  subtypes: number
} {
  const buf = Buffer.from(b)
  const type = buf[0]! & 0x1f
  let p = 2
  const fl = buf[p + 1]!
  const fingerprint = buf.subarray(p + 2, p + 2 + fl)
  p += 2 + fl
  const cl = buf[p + 1]!
  const cost = buf.readUIntBE(p + 2, cl)
  p += 2 + cl
  let sub = 0
  if (type === 1 || type === 2) {
    const sl = buf[p + 1]!
    for (let i = 0; i < (sl - 1) * 8; i++) if (buf[p + 3 + (i >> 3)]! & (0x80 >> (i % 8))) sub |= 1 << i
  }
  return { type, fingerprint, cost, subtypes: sub }
}
