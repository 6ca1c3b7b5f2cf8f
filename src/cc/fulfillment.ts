import { Point, verify as secpVerify } from '@noble/secp256k1'
import { KomodoCcError } from '../errors.js'
import { assertBool, assertBytes } from '../bytes/assert.js'
import { ed25519Verify } from './ed25519.js'
import { hash160 } from '../hash/index.js'
import { cat, hex2, readMask, readTlv, readUint, tlv, tlvGroups, uintContent, type Tlv } from './der.js'
import {
  assertCondition,
  cc1of1,
  cc1of2,
  compareDer,
  conditionCost,
  conditionTypeMask,
  encodeCondition,
  oneOfOneParts,
  pubkey33,
  readConditionAt,
  sortDer,
} from './condition.js'
import type { CcCondition, CcDecodeOptions, CcThreshold } from './types.js'

/** Type ids the script layer allows in a CC (`CCEnabledTypes`: preimage, threshold, ed25519, secp256k1, eval). */
export const CC_ENABLED_TYPES_MASK = (1 << 0) | (1 << 2) | (1 << 4) | (1 << 5) | (1 << 15)
/**
 * Tokel's fork also allows type 6, secp256k1hash (tokel src/script/cc.h `CCEnabledTypes` with
 * `CC_MIXED_MODE_SECHASH_SUBVER_1`; spec tokel-v2 §2.1).
 */
export const CC_ENABLED_TYPES_MASK_TOKEL = CC_ENABLED_TYPES_MASK | (1 << 6)

// ---------------------------------------------------------------------------------------------------------------
// signing helpers (the signature itself comes from src/tx)

/**
 * A copy of `cond` where every secp256k1 node whose 33 bytes equal `publicKey` carries `signature` (64-byte compact
 * r‖s) — what `cc_signTreeSecp256k1Msg32` does after signing — and every secp256k1hash (type 6) node whose keyID is
 * HASH160(`publicKey`) carries the key and the signature (`cc_signTreeSecp256k1HashMsg32`, Tokel's fork). Throws when
 * no node matches.
 * @throws KomodoCcError SIGNER_FAILED | PUBKEY_INVALID | BYTES_LENGTH
 * @example encodeFulfillment(addSignature(cc1of1(0xe4, pk), pk, sig64))
 */
export function addSignature(cond: CcCondition, publicKey: string | Uint8Array, signature: Uint8Array): CcCondition {
  assertCondition(cond, 'condition')
  const pk = pubkey33(publicKey, 'publicKey')
  const sig = assertBytes(signature, 64, 'signature').slice()
  let matched = 0
  let keyId: Uint8Array | undefined
  const visit = (c: CcCondition): CcCondition => {
    if (c.type === 'secp256k1-sha-256' && equal(c.publicKey, pk)) {
      matched++
      return { type: 'secp256k1-sha-256', publicKey: c.publicKey, signature: sig }
    }
    if (c.type === 'secp256k1hash-sha-256' && equal(c.keyId, (keyId ??= hash160(pk)))) {
      matched++
      return { type: 'secp256k1hash-sha-256', keyId: c.keyId, publicKey: pk, signature: sig }
    }
    if (c.type === 'threshold-sha-256')
      return { type: 'threshold-sha-256', threshold: c.threshold, subconditions: c.subconditions.map(visit) }
    if (c.type === 'prefix-sha-256') return { ...c, subcondition: visit(c.subcondition) }
    return c
  }
  const out = visit(cond)
  if (matched === 0)
    throw new KomodoCcError('SIGNER_FAILED', 'no secp256k1 node of the condition has this public key', {})
  return out
}

/**
 * The fulfillment spending a module 1-of-1 output (`MakeCCcond1(evalCode, pubkey)`) from the signer's 64-byte
 * compact signature over the sighash: 120 bytes for the standard shape.
 * @throws KomodoCcError PUBKEY_INVALID | BYTES_LENGTH | INT_RANGE
 * @example bytesToHex(fulfill1of1(0xe4, pk, sig)).slice(0, 20) // 'a276a072a26ba067a565'
 */
export function fulfill1of1(evalCode: number, pubkey: string | Uint8Array, signature: Uint8Array): Uint8Array {
  const { code, pk } = oneOfOneParts(cc1of1(evalCode, pubkey))!
  const sig = assertBytes(signature, 64, 'signature')
  const out = new Uint8Array(119 + code.length)
  writeFulfill1of1(out, 0, code, pk, sig)
  return out
}

/**
 * @internal Writes the fulfillment of the module 1-of-1 shape (see `oneOfOneParts`: eval code of at most 8 bytes, a
 * 33-byte key) with its key's 64-byte signature, 119 + code-length bytes, into `out` at `p`: the bytes
 * `encodeFulfillment(addSignature(cond, pk, signature))` gives, without the tree copy, the cost ordering and one
 * allocation per node (this runs for every CC 1-of-1 input a builder signs, straight into its scriptSig).
 * `a2 {a0 {a2 {a0 {a5 {80 pk, 81 sig}}, a1 {}}, af {80 code}}, a1 {}}`: the inner threshold (a2…) sorts before the
 * eval node (af…).
 * @throws KomodoCcError ARG_INVALID for a code over 8 bytes, a key other than 33 bytes or a signature other than 64
 */
export function writeFulfill1of1(
  out: Uint8Array,
  p: number,
  code: Uint8Array,
  pk: Uint8Array,
  signature: Uint8Array,
): void {
  const n = code.length
  if (n > 8 || pk.length !== 33 || signature.length !== 64)
    throw new KomodoCcError(
      'ARG_INVALID',
      `writeFulfill1of1: code of ${n} bytes (at most 8), key of ${pk.length} (33), signature of ${signature.length} (64)`,
    )
  out[p] = 0xa2
  out[p + 1] = 117 + n
  out[p + 2] = 0xa0
  out[p + 3] = 113 + n
  // inner threshold 1 of { secp256k1 }: 109 bytes at p + 4
  out[p + 4] = 0xa2
  out[p + 5] = 0x6b
  out[p + 6] = 0xa0
  out[p + 7] = 0x67
  out[p + 8] = 0xa5
  out[p + 9] = 0x65
  out[p + 10] = 0x80
  out[p + 11] = 0x21
  out.set(pk, p + 12)
  out[p + 45] = 0x81
  out[p + 46] = 0x40
  out.set(signature, p + 47)
  out[p + 111] = 0xa1
  out[p + 112] = 0x00
  // eval node at p + 113, then the empty subconditions set
  out[p + 113] = 0xaf
  out[p + 114] = 2 + n
  out[p + 115] = 0x80
  out[p + 116] = n
  out.set(code, p + 117)
  out[p + 117 + n] = 0xa1
  out[p + 118 + n] = 0x00
}

/**
 * The fulfillment spending a 1-of-2 output (`MakeCCcond1of2(evalCode, pk1, pk2)`) signed by one of the keys: the
 * signed leaf as a fulfillment, the other key as its condition (164 bytes).
 * @throws KomodoCcError SIGNER_FAILED | PUBKEY_INVALID | BYTES_LENGTH | INT_RANGE
 * @example fulfill1of2(0xe4, pk3, pk4, pk3, sig)
 */
export function fulfill1of2(
  evalCode: number,
  pk1: string | Uint8Array,
  pk2: string | Uint8Array,
  signerPubkey: string | Uint8Array,
  signature: Uint8Array,
): Uint8Array {
  return encodeFulfillment(addSignature(cc1of2(evalCode, pk1, pk2), signerPubkey, signature))
}

// ---------------------------------------------------------------------------------------------------------------
// encode

/**
 * Fulfillment binary (DER) exactly as the reference writes it: a threshold puts exactly `threshold` children in
 * `[0]` (cheapest first, original order among equal costs, skipping children that cannot be fulfilled) and the rest
 * as condition binaries in `[1]`, both sets DER-sorted; `[1]` is always present.
 * @throws KomodoCcError FULFILLMENT_INVALID when the tree cannot be fulfilled (unsigned key, anon node, too few)
 * @example bytesToHex(encodeFulfillment(evalCondition(0xe4))) // 'af038001e4'
 */
export function encodeFulfillment(cond: CcCondition): Uint8Array {
  assertCondition(cond, 'condition')
  const out = fulfillmentOrNull(cond)
  if (out === null)
    throw new KomodoCcError(
      'FULFILLMENT_INVALID',
      `the ${cond.type} condition cannot be fulfilled (unsigned key, anonymous node or too few fulfillable children)`,
      { type: cond.type },
    )
  return out
}

function fulfillmentOrNull(c: CcCondition): Uint8Array | null {
  switch (c.type) {
    // one allocation per node (tlvGroups) rather than one per TLV: this runs once per CC input signed
    case 'preimage-sha-256':
      return tlvGroups(0xa0, [[0x80, [c.preimage]]])
    case 'eval-sha-256':
      return tlvGroups(0xaf, [[0x80, [c.code]]])
    case 'secp256k1-sha-256':
      return c.signature === undefined
        ? null
        : tlvGroups(0xa5, [
            [0x80, [c.publicKey]],
            [0x81, [c.signature]],
          ])
    case 'secp256k1hash-sha-256':
      // tokel secp256k1hash.c secp256k1hashToFulfillment: the same body as secp256k1, tag a6
      return c.signature === undefined || c.publicKey === undefined
        ? null
        : tlvGroups(0xa6, [
            [0x80, [c.publicKey]],
            [0x81, [c.signature]],
          ])
    case 'ed25519-sha-256':
      return c.signature === undefined
        ? null
        : tlvGroups(0xa4, [
            [0x80, [c.publicKey]],
            [0x81, [c.signature]],
          ])
    case 'prefix-sha-256': {
      const sub = fulfillmentOrNull(c.subcondition)
      if (sub === null) return null
      return tlv(0xa1, cat([tlv(0x80, c.prefix), tlv(0x81, uintContent(c.maxMessageLength)), tlv(0xa2, sub)]))
    }
    case 'threshold-sha-256': {
      const order = c.subconditions.map((s, i) => ({ s, i, cost: conditionCost(s) }))
      order.sort((a, b) => a.cost - b.cost || a.i - b.i)
      let needed = c.threshold
      const ful: Uint8Array[] = []
      const con: Uint8Array[] = []
      for (const { s } of order) {
        const f = needed > 0 ? fulfillmentOrNull(s) : null
        if (f !== null) {
          ful.push(f)
          needed--
        } else con.push(encodeCondition(s))
      }
      if (needed > 0) return null
      return tlvGroups(0xa2, [
        [0xa0, sortDer(ful)],
        [0xa1, sortDer(con)],
      ])
    }
    case 'anon':
      return null
  }
}

// ---------------------------------------------------------------------------------------------------------------
// decode

/**
 * Decodes a fulfillment binary into a condition tree (signatures on secp256k1 nodes, unfulfilled siblings as anon
 * nodes, threshold = number of subfulfillments). Strict DER like the reference's round-trip check, plus exact sizes
 * (33-byte key, 64-byte signature, 32-byte fingerprints). `{ lenient: true }` reproduces `cc_readFulfillmentBinary`:
 * OCTET STRING sizes unchecked (keys/signatures/fingerprints zero-padded or truncated as the C code copies them),
 * padded BIT STRINGs with clear unused bits. In both modes a secp256k1 key must be a curve point.
 * @throws KomodoCcError FULFILLMENT_INVALID | CC_UNSUPPORTED | CC_NON_CANONICAL | TRAILING_BYTES | READ_PAST_END
 * @example decodeFulfillment(hexToBytes('af038001e4')) // { type: 'eval-sha-256', code: [0xe4] }
 */
export function decodeFulfillment(bytes: Uint8Array, opts: CcDecodeOptions = {}): CcCondition {
  assertBytes(bytes, undefined, 'fulfillment')
  const lenient = opts.lenient === undefined ? false : assertBool(opts.lenient, 'lenient')
  const allow6 =
    opts.allowSecp256k1Hash === undefined ? false : assertBool(opts.allowSecp256k1Hash, 'allowSecp256k1Hash')
  const { cond, next } = readFulfillmentAt(bytes, 0, bytes.length, lenient, 0, allow6)
  if (next !== bytes.length)
    throw new KomodoCcError(
      'TRAILING_BYTES',
      `${bytes.length - next} byte(s) after the fulfillment at offset ${next}`,
      { offset: next },
    )
  return cond
}

const MAX_DEPTH = 64

function readFulfillmentAt(
  d: Uint8Array,
  pos: number,
  limit: number,
  lenient: boolean,
  depth: number,
  allow6 = false,
): { cond: CcCondition; next: number } {
  if (depth > MAX_DEPTH)
    throw new KomodoCcError('FULFILLMENT_INVALID', `fulfillment nested deeper than ${MAX_DEPTH} at offset ${pos}`, {
      offset: pos,
    })
  const t = readTlv(d, pos, limit, false, 'FULFILLMENT_INVALID')
  if ((t.tag & 0xe0) !== 0xa0)
    throw new KomodoCcError(
      'FULFILLMENT_INVALID',
      `fulfillment tag ${hex2(t.tag)} at offset ${pos} is not a constructed context tag`,
      { offset: pos, tag: t.tag },
    )
  const typeId = t.tag & 0x1f
  const fields = new Fields(d, t, lenient)
  let cond: CcCondition
  switch (typeId) {
    case 0:
      cond = { type: 'preimage-sha-256', preimage: fields.octets(0x80).slice() }
      break
    case 15:
      cond = { type: 'eval-sha-256', code: fields.octets(0x80).slice() }
      break
    case 5:
    case 6: {
      if (typeId === 6 && !allow6)
        throw new KomodoCcError(
          'CC_UNSUPPORTED',
          `fulfillment type 6 (secp256k1hash, Tokel's fork) at offset ${pos} is not registered in Komodo`,
          { offset: pos, typeId },
        )
      const pk = sized(fields.octets(0x80), 33, lenient, 'publicKey', t.start)
      const sig = sized(fields.octets(0x81), 64, lenient, 'signature', t.start)
      try {
        Point.fromBytes(pk)
      } catch {
        throw new KomodoCcError(
          'FULFILLMENT_INVALID',
          `secp256k1 public key at offset ${t.start} is not a point on the curve`,
          { offset: t.start },
        )
      }
      // type 6 from a fulfillment: the key and signature; its fingerprint is then HASH160(key)
      // (tokel secp256k1hash.c secp256k1hashFromFulfillment, secp256k1hashFingerprint)
      cond =
        typeId === 5
          ? { type: 'secp256k1-sha-256', publicKey: pk, signature: sig }
          : { type: 'secp256k1hash-sha-256', keyId: hash160(pk), publicKey: pk, signature: sig }
      break
    }
    case 4: {
      const pk = sized(fields.octets(0x80), 32, lenient, 'publicKey', t.start)
      const sig = sized(fields.octets(0x81), 64, lenient, 'signature', t.start)
      cond = { type: 'ed25519-sha-256', publicKey: pk, signature: sig }
      break
    }
    case 1: {
      const prefix = fields.octets(0x80).slice()
      const max = readUint(d, fields.take(0x81), false, 'FULFILLMENT_INVALID', 'maxMessageLength')
      const w = fields.take(0xa2)
      const sub = readFulfillmentAt(d, w.start, w.end, lenient, depth + 1, allow6)
      if (sub.next !== w.end)
        throw new KomodoCcError(
          'FULFILLMENT_INVALID',
          `extra bytes in the prefix subfulfillment at offset ${sub.next}`,
          { offset: sub.next },
        )
      cond = { type: 'prefix-sha-256', prefix, maxMessageLength: max, subcondition: sub.cond }
      break
    }
    case 2: {
      const fs = fields.take(0xa0)
      const cs = fields.take(0xa1)
      const subs: CcCondition[] = []
      let prev: Uint8Array | null = null
      for (let p = fs.start; p < fs.end;) {
        const r = readFulfillmentAt(d, p, fs.end, lenient, depth + 1, allow6)
        prev = checkOrder(d, prev, p, r.next)
        subs.push(r.cond)
        p = r.next
      }
      const threshold = subs.length
      prev = null
      for (let p = cs.start; p < cs.end;) {
        if (lenient) checkUnusedBitsClear(d, p, cs.end)
        const r = readConditionAt(d, p, cs.end, lenient, allow6)
        // Inside a fulfillment the reference re-encodes the ASN.1 value: cost INTEGERs must be minimal even in
        // lenient mode, and lengths are DER; only OCTET STRING sizes and BIT STRING padding survive.
        if (lenient) checkConditionDer(d, p, r.next)
        prev = checkOrder(d, prev, p, r.next)
        subs.push(r.cond)
        p = r.next
      }
      cond = { type: 'threshold-sha-256', threshold, subconditions: subs } satisfies CcThreshold
      break
    }
    case 3:
    default:
      throw new KomodoCcError(
        'CC_UNSUPPORTED',
        `fulfillment type ${typeId} at offset ${pos} is not registered in Komodo`,
        { offset: pos, typeId },
      )
  }
  fields.done()
  return { cond, next: t.next }
}

class Fields {
  private p: number
  constructor(
    private readonly d: Uint8Array,
    private readonly t: Tlv,
    private readonly lenient: boolean,
  ) {
    this.p = t.start
  }
  take(tag: number): Tlv {
    const f = readTlv(this.d, this.p, this.t.end, false, 'FULFILLMENT_INVALID')
    if (f.tag !== tag)
      throw new KomodoCcError(
        'FULFILLMENT_INVALID',
        `expected field ${hex2(tag)} at offset ${this.p}, got ${hex2(f.tag)}`,
        { offset: this.p, expected: tag, got: f.tag },
      )
    this.p = f.next
    return f
  }
  octets(tag: number): Uint8Array {
    const f = this.take(tag)
    return this.d.subarray(f.start, f.end)
  }
  done(): void {
    if (this.p !== this.t.end)
      throw new KomodoCcError('FULFILLMENT_INVALID', `unexpected field ${hex2(this.d[this.p]!)} at offset ${this.p}`, {
        offset: this.p,
      })
    void this.lenient
  }
}

function sized(b: Uint8Array, n: number, lenient: boolean, what: string, offset: number): Uint8Array {
  if (b.length === n) return b.slice()
  if (!lenient)
    throw new KomodoCcError(
      'FULFILLMENT_INVALID',
      `${what} expected ${n} bytes, got ${b.length} (at offset ${offset})`,
      { offset, expected: n, got: b.length },
    )
  const out = new Uint8Array(n)
  out.set(b.subarray(0, Math.min(n, b.length)))
  return out
}

function checkOrder(d: Uint8Array, prev: Uint8Array | null, start: number, end: number): Uint8Array {
  const cur = d.subarray(start, end)
  if (prev !== null && compareDer(prev, cur) > 0)
    throw new KomodoCcError('CC_NON_CANONICAL', `SET OF elements not in DER order at offset ${start}`, {
      offset: start,
    })
  return cur
}

function checkUnusedBitsClear(d: Uint8Array, start: number, limit: number): void {
  // find the subtypes field of a compound condition and require its unused bits to be zero
  const outer = readTlv(d, start, limit, false, 'FULFILLMENT_INVALID')
  let p = outer.start
  while (p < outer.end) {
    const f = readTlv(d, p, outer.end, false, 'FULFILLMENT_INVALID')
    if (f.tag === 0x82 && f.end - f.start >= 2) {
      const unused = d[f.start]!
      if (unused <= 7 && (d[f.end - 1]! & ~((0xff << unused) & 0xff)) !== 0)
        throw new KomodoCcError(
          'CC_NON_CANONICAL',
          `subtypes BIT STRING has non-zero unused bits at offset ${f.start}`,
          { offset: f.start },
        )
    }
    p = f.next
  }
}

function checkConditionDer(d: Uint8Array, start: number, end: number): void {
  const outer = readTlv(d, start, end, false, 'FULFILLMENT_INVALID')
  let p = outer.start
  while (p < outer.end) {
    const f = readTlv(d, p, outer.end, false, 'FULFILLMENT_INVALID')
    if (f.tag === 0x81) readUint(d, f, false, 'FULFILLMENT_INVALID', 'cost')
    p = f.next
  }
}

// ---------------------------------------------------------------------------------------------------------------
// verify

/** Options of {@link verifyFulfillment}. */
export type VerifyFulfillmentOptions = {
  /**
   * Reproduce the reference where it is laxer: lenient fulfillment decoding (65-byte signatures verify) and the
   * condition compared on the derived condition's length only (`cc_verify`'s memcmp).
   */
  readonly lenient?: boolean
  /**
   * Tokel's rules: type 6 (secp256k1hash) is read and allowed (`CC_ENABLED_TYPES_MASK_TOKEL`); a signed type-6
   * node verifies as secp256k1 does over its carried key, whose HASH160 is its fingerprint. Default false.
   */
  readonly allowSecp256k1Hash?: boolean
  /**
   * The secp256k1 check (default @noble/secp256k1, low-S): a backend's `verify` (`tinySecp256k1Backend`), for a
   * verifier that checks many (the devnet). The same rule; only the speed differs.
   */
  readonly verify?: (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean
}

/**
 * Verifies a CC fulfillment against the condition binary of the spent output and the 32-byte message (the sighash,
 * used as is), as komodod's `CheckCryptoCondition` does: the condition derived from the fulfillment must equal
 * `condition`, only enabled types (preimage, threshold, ed25519, secp256k1, eval) may occur, at least one signing
 * node must be signed, every secp256k1 signature must verify (compact r‖s, low-S), every ed25519 signature must
 * verify (over the same 32 bytes, the bundled ref10 rules). Eval nodes pass (module rules are not evaluated).
 * Returns false on any failed check; throws only on malformed input.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | FULFILLMENT_INVALID | CC_NON_CANONICAL | CC_UNSUPPORTED | …
 * @example verifyFulfillment(fulfillment, encodeCondition(cc1of1(0xe4, pk)), sighash) // true
 */
export function verifyFulfillment(
  fulfillment: Uint8Array,
  condition: Uint8Array,
  messageHash: Uint8Array,
  opts: VerifyFulfillmentOptions = {},
): boolean {
  assertBytes(condition, undefined, 'condition')
  assertBytes(messageHash, 32, 'messageHash')
  const lenient = opts.lenient === undefined ? false : assertBool(opts.lenient, 'lenient')
  const allow6 =
    opts.allowSecp256k1Hash === undefined ? false : assertBool(opts.allowSecp256k1Hash, 'allowSecp256k1Hash')
  const tree = decodeFulfillment(fulfillment, { lenient, allowSecp256k1Hash: allow6 })
  const derived = encodeCondition(tree)
  if (lenient) {
    if (condition.length < derived.length || !equal(condition.subarray(0, derived.length), derived)) return false
  } else if (!equal(condition, derived)) return false
  return fulfillmentTreeVerifies(tree, messageHash, allow6, opts.verify)
}

/** A secp256k1 check of a compact r‖s (low-S) over a 32-byte message: a backend's `verify` (src/tx/sign.ts). */
type SecpVerify = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean

/**
 * The checks of {@link verifyFulfillment} after the condition comparison, on a decoded fulfillment (strictly decoded,
 * its derived condition already compared with the spent one by the caller): only enabled types, at least one signing
 * node signed, every signature valid. `verify` checks the secp256k1 ones (default noble's, low-S).
 * @internal
 * @example fulfillmentTreeVerifies(decodeFulfillment(f), sighash, false) // true
 */
export function fulfillmentTreeVerifies(
  tree: CcCondition,
  messageHash: Uint8Array,
  allowSecp256k1Hash: boolean,
  verify: SecpVerify = secpOk,
): boolean {
  const mask = conditionTypeMask(tree)
  if ((mask & ~(allowSecp256k1Hash ? CC_ENABLED_TYPES_MASK_TOKEL : CC_ENABLED_TYPES_MASK)) !== 0) return false
  let signed = 0
  let ok = true
  const visit = (c: CcCondition): void => {
    if (!ok) return
    if (c.type === 'secp256k1-sha-256' && c.signature !== undefined) {
      signed++
      if (!verify(c.signature, messageHash, c.publicKey)) ok = false
    } else if (c.type === 'secp256k1hash-sha-256' && c.signature !== undefined) {
      // tokel secp256k1hash.c secp256k1hashVerify; the key is tied to the keyID by the condition comparison above
      signed++
      if (c.publicKey === undefined || !verify(c.signature, messageHash, c.publicKey)) ok = false
    } else if (c.type === 'ed25519-sha-256' && c.signature !== undefined) {
      signed++
      if (!ed25519Verify(c.signature, messageHash, c.publicKey)) ok = false
    } else if (c.type === 'threshold-sha-256') c.subconditions.forEach(visit)
    else if (c.type === 'prefix-sha-256') visit(c.subcondition)
  }
  visit(tree)
  return ok && signed > 0
}

function secpOk(sig: Uint8Array, msg: Uint8Array, pk: Uint8Array): boolean {
  try {
    return secpVerify(sig, msg, pk, { prehash: false, lowS: true, format: 'compact' })
  } catch {
    return false
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
