import { concatBytes } from '../bytes/utils.js'
// The ASN.1 DER subset crypto-conditions use: single-byte context tags, definite lengths, unsigned INTEGERs,
// OCTET STRINGs, a BIT STRING of type ids. Writers emit exact DER; the reader is strict DER unless `lenient`
// (BER lengths with leading zeros / long form, as Komodo's condition reader accepts).
import { KomodoCcError, type ErrorCode } from '../errors.js'

/** @internal tag + length + content. @example tlv(0x80, Uint8Array.of(1)) // 80 01 01 */
export function tlv(tag: number, content: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + derLengthSize(content.length) + content.length)
  out[0] = tag
  out.set(content, putDerLength(out, 1, content.length))
  return out
}

/** Bytes a definite DER length of `n` takes (short form below 128, else 0x80|k and k big-endian bytes). */
function derLengthSize(n: number): number {
  if (n < 0x80) return 1
  if (n < 0x100) return 2
  if (n < 0x10000) return 3
  if (n < 0x1000000) return 4
  throw new KomodoCcError('CC_INVALID', `DER length ${n} is too large`, { length: n })
}

function putDerLength(out: Uint8Array, p: number, n: number): number {
  const k = derLengthSize(n)
  if (k === 1) out[p] = n
  else {
    out[p] = 0x80 + k - 1
    for (let i = k - 1; i >= 1; i--, n >>>= 8) out[p + i] = n & 0xff
  }
  return p + k
}

/**
 * @internal `tag { groupTag { parts… } … }` in one allocation: the same bytes as
 * `tlv(tag, cat(groups.map(([t, parts]) => tlv(t, cat(parts)))))`.
 * @example tlvGroups(0xa5, [[0x80, [pk]], [0x81, [sig]]]) // a5 67 80 21 <pk> 81 40 <sig>
 */
export function tlvGroups(tag: number, groups: readonly (readonly [number, readonly Uint8Array[]])[]): Uint8Array {
  const lens: number[] = []
  let inner = 0
  for (const [, parts] of groups) {
    let n = 0
    for (const part of parts) n += part.length
    lens.push(n)
    inner += 1 + derLengthSize(n) + n
  }
  const out = new Uint8Array(1 + derLengthSize(inner) + inner)
  out[0] = tag
  let p = putDerLength(out, 1, inner)
  for (let g = 0; g < groups.length; g++) {
    const [t, parts] = groups[g]!
    out[p] = t
    p = putDerLength(out, p + 1, lens[g]!)
    for (const part of parts) {
      out.set(part, p)
      p += part.length
    }
  }
  return out
}

/** @internal concatenation of TLVs (or any parts). @example cat([a, b]) */
export function cat(parts: readonly Uint8Array[]): Uint8Array {
  return concatBytes(...parts)
}

/** @internal minimal unsigned INTEGER content (a 00 in front when the top bit is set; 0 → 00). @example uintContent(0x802000) // 00 80 20 00 */
export function uintContent(v: number): Uint8Array {
  if (!Number.isSafeInteger(v) || v < 0)
    throw new KomodoCcError('INT_RANGE', `INTEGER expected a non-negative safe integer, got ${v}`, { got: v })
  const bytes: number[] = []
  let x = v
  do {
    bytes.unshift(x % 256)
    x = Math.floor(x / 256)
  } while (x > 0)
  if (bytes[0]! & 0x80) bytes.unshift(0)
  return Uint8Array.from(bytes)
}

/**
 * @internal BIT STRING content of a type mask, exactly as the reference writes it (`asnSubtypes`): bit i in octet
 * i>>3 under 0x80>>(i%8), octets up to the highest set bit, unused = 7 − max%8; the empty mask is `07 00`.
 * @example maskContent(0x8020) // 00 04 01
 */
export function maskContent(mask: number): Uint8Array {
  let max = 0
  for (let i = 0; i < 32; i++) if ((mask >>> i) & 1) max = i
  const size = 1 + (max >> 3)
  const out = new Uint8Array(1 + size)
  out[0] = 7 - (max % 8)
  for (let i = 0; i <= max; i++) if ((mask >>> i) & 1) out[1 + (i >> 3)]! |= 0x80 >> (i % 8)
  return out
}

/** @internal a parsed TLV: tag byte, content range [start, end) in `data`, `next` = offset after the TLV */
export type Tlv = { tag: number; start: number; end: number; next: number }

/**
 * @internal Reads one TLV at `pos` not reaching past `limit`. Strict: definite, minimal lengths. Lenient: also
 * long-form lengths with leading zeros (BER), up to 8 length bytes. Never indefinite, never multi-byte tags.
 * @example readTlv(bytes, 0, bytes.length, false, 'CC_INVALID').tag // 0xa2
 */
export function readTlv(data: Uint8Array, pos: number, limit: number, lenient: boolean, code: ErrorCode): Tlv {
  if (pos >= limit)
    throw new KomodoCcError('READ_PAST_END', `expected a DER tag at offset ${pos}, input ends`, { offset: pos })
  const tag = data[pos]!
  if ((tag & 0x1f) === 0x1f)
    throw new KomodoCcError(code, `multi-byte DER tag ${hex2(tag)} at offset ${pos} is not used by crypto-conditions`, {
      offset: pos,
      tag,
    })
  let p = pos + 1
  if (p >= limit)
    throw new KomodoCcError('READ_PAST_END', `expected a DER length at offset ${p}, input ends`, { offset: p })
  const first = data[p++]!
  let len: number
  if (first < 0x80) len = first
  else if (first === 0x80)
    throw new KomodoCcError('CC_NON_CANONICAL', `indefinite length (BER, not DER) at offset ${p - 1}`, {
      offset: p - 1,
    })
  else {
    const n = first & 0x7f
    if (n > 8) throw new KomodoCcError(code, `DER length with ${n} length bytes at offset ${p - 1}`, { offset: p - 1 })
    if (p + n > limit)
      throw new KomodoCcError('READ_PAST_END', `DER length needs ${n} bytes at offset ${p}, only ${limit - p} left`, {
        offset: p,
      })
    len = 0
    for (let i = 0; i < n; i++) len = len * 256 + data[p + i]!
    if (!lenient) {
      if (data[p] === 0 || len < 0x80 || (n > 1 && len < 256 ** (n - 1)))
        throw new KomodoCcError('CC_NON_CANONICAL', `non-minimal DER length at offset ${p - 1}`, { offset: p - 1 })
    }
    p += n
  }
  if (len > limit - p)
    throw new KomodoCcError('READ_PAST_END', `DER content of ${len} bytes at offset ${p}, only ${limit - p} left`, {
      offset: p,
      need: len,
      left: limit - p,
    })
  return { tag, start: p, end: p + len, next: p + len }
}

/**
 * @internal Reads an unsigned INTEGER's content. Strict: minimal two's-complement, non-negative. Lenient (the C
 * reader's `asn_INTEGER2ulong`): leading zero bytes allowed, the value read as unsigned big-endian.
 * Values above 2^53−1 are refused in both modes (documented difference: the reference would take up to 2^64−1).
 * @example readUint(bytes, costTlv, false, 'CC_INVALID', 'cost') // 1182720
 */
export function readUint(data: Uint8Array, t: Tlv, lenient: boolean, code: ErrorCode, what: string): number {
  const n = t.end - t.start
  if (n === 0) throw new KomodoCcError(code, `${what}: empty INTEGER at offset ${t.start}`, { offset: t.start })
  if (!lenient) {
    if (data[t.start]! & 0x80)
      throw new KomodoCcError(code, `${what}: negative INTEGER at offset ${t.start}`, { offset: t.start })
    if (n > 1 && data[t.start] === 0 && !(data[t.start + 1]! & 0x80))
      throw new KomodoCcError(
        'CC_NON_CANONICAL',
        `${what}: INTEGER with a redundant leading zero at offset ${t.start}`,
        { offset: t.start },
      )
  }
  let v = 0
  for (let i = t.start; i < t.end; i++) {
    v = v * 256 + data[i]!
    if (v > Number.MAX_SAFE_INTEGER)
      throw new KomodoCcError(code, `${what}: INTEGER above 2^53-1 at offset ${t.start}`, { offset: t.start })
  }
  return v
}

/**
 * @internal Reads a type-mask BIT STRING. Unused bits are masked off (as the C reader does); bits ≥ 32 are folded as
 * x86 `1 << i` does (i mod 32) in lenient mode and refused in strict mode, where the content must also equal the
 * canonical `maskContent` encoding.
 * @example readMask(bytes, subtypesTlv, false, 'CC_INVALID') // 0x8020
 */
export function readMask(data: Uint8Array, t: Tlv, lenient: boolean, code: ErrorCode): number {
  const n = t.end - t.start
  if (n === 0) throw new KomodoCcError(code, `empty BIT STRING at offset ${t.start}`, { offset: t.start })
  const unused = data[t.start]!
  if (unused > 7 || (n === 1 && unused !== 0 && !lenient))
    throw new KomodoCcError(code, `BIT STRING with ${unused} unused bits at offset ${t.start}`, { offset: t.start })
  let mask = 0
  for (let o = 1; o < n; o++) {
    let byte = data[t.start + o]!
    if (o === n - 1) byte &= (0xff << unused) & 0xff
    for (let j = 0; j < 8; j++) {
      if (!(byte & (0x80 >> j))) continue
      const i = (o - 1) * 8 + j
      if (i >= 32 && !lenient)
        throw new KomodoCcError(code, `BIT STRING sets type bit ${i} (above 31) at offset ${t.start}`, {
          offset: t.start,
        })
      mask |= 1 << (i & 31)
    }
  }
  mask >>>= 0
  if (!lenient) {
    const canon = maskContent(mask)
    let same = canon.length === n
    for (let i = 0; same && i < n; i++) same = canon[i] === data[t.start + i]
    if (!same)
      throw new KomodoCcError('CC_NON_CANONICAL', `non-canonical subtypes BIT STRING at offset ${t.start}`, {
        offset: t.start,
      })
  }
  return mask
}

/** @internal two hex digits. @example hex2(10) // '0a' */
export function hex2(b: number): string {
  return b.toString(16).padStart(2, '0')
}
