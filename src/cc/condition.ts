import { KomodoCcError } from '../errors.js'
import { assertBytes, assertInt, assertBool, bytesOrHex } from '../bytes/assert.js'
import { hash160, sha256 } from '../hash/index.js'
import { equalBytes } from '../bytes/utils.js'
import { cat, hex2, maskContent, readMask, readTlv, readUint, tlv, uintContent } from './der.js'
import { EVAL } from './eval.js'
import {
  CC_TYPE,
  type CcAnon,
  type CcCondition,
  type CcDecodeOptions,
  type CcEd25519,
  type CcEval,
  type CcPrefix,
  type CcPreimage,
  type CcSecp256k1,
  type CcSecp256k1Hash,
  type CcThreshold,
  type CcTypeId,
} from './types.js'

/** Cost of a secp256k1 or ed25519 leaf. */
export const SIGNATURE_COST = 131072
/** Cost of an eval leaf (Komodo). */
export const EVAL_COST = 1048576
/** The ASN.1 module bounds a condition's cost to 0..2^32−1 (the C reader does not enforce it). */
export const MAX_CONDITION_COST = 0xffffffff

const REGISTERED: ReadonlySet<number> = /* @__PURE__ */ new Set([0, 1, 2, 4, 5, 15])
// Tokel's fork registers type 6 too (tokel src/cryptoconditions/src/cryptoconditions.c CCTypeRegistry)
const REGISTERED_TOKEL: ReadonlySet<number> = /* @__PURE__ */ new Set([0, 1, 2, 4, 5, 6, 15])
/** Size of a type-6 fingerprint: the keyID itself (tokel cryptoconditions.c `asnCondition`: fingerprintSize 20). */
export const SECP256K1_HASH_SIZE = 20

/** @internal the fingerprint size of a condition type id (20 for type 6, else 32). @example fingerprintSize(6) // 20 */
export function fingerprintSize(typeId: number): number {
  return typeId === 6 ? SECP256K1_HASH_SIZE : 32
}

// ---------------------------------------------------------------------------------------------------------------
// builders

/**
 * A `secp256k1-sha-256` leaf over 33 opaque public-key bytes (not validated as a curve point: Komodo builds
 * conditions on `02‖txid` markers that are often off-curve), optionally carrying a 64-byte compact signature.
 * @throws KomodoCcError PUBKEY_INVALID | HEX_INVALID | BYTES_TYPE | BYTES_LENGTH
 * @example secp256k1Condition('03fdf4907810a9f5d9462a1ae09feee5ab205d32798b0ffcc379442021f84c5bbf')
 */
export function secp256k1Condition(publicKey: string | Uint8Array, signature?: Uint8Array): CcSecp256k1 {
  const pk = pubkey33(publicKey, 'publicKey')
  if (signature === undefined) return { type: 'secp256k1-sha-256', publicKey: pk }
  return { type: 'secp256k1-sha-256', publicKey: pk, signature: assertBytes(signature, 64, 'signature').slice() }
}

/**
 * A `secp256k1hash-sha-256` leaf (type 6, Tokel's fork): the key committed by its keyID. Given a 33-byte public key,
 * the keyID is its HASH160 (the key is not kept: an unsigned output carries only the hash); given 20 bytes, they are
 * the keyID (what an R-address decodes to).
 * @throws KomodoCcError BYTES_LENGTH | HEX_INVALID | BYTES_TYPE
 * @example bytesToHex(secp256k1HashCondition(pk1).keyId) // '751e76e8199196d454941c45d1b3a323f1433bd6'
 */
export function secp256k1HashCondition(keyIdOrPubkey: string | Uint8Array): CcSecp256k1Hash {
  const b =
    typeof keyIdOrPubkey === 'string'
      ? bytesOrHex(keyIdOrPubkey, undefined, 'keyIdOrPubkey')
      : assertBytes(keyIdOrPubkey, undefined, 'keyIdOrPubkey')
  if (b.length === 33) return { type: 'secp256k1hash-sha-256', keyId: hash160(b) }
  if (b.length !== SECP256K1_HASH_SIZE)
    throw new KomodoCcError('BYTES_LENGTH', `keyIdOrPubkey expected 20 bytes (keyID) or 33 (pubkey), got ${b.length}`, {
      name: 'keyIdOrPubkey',
      got: b.length,
    })
  return { type: 'secp256k1hash-sha-256', keyId: b.slice() }
}

/**
 * An `ed25519-sha-256` leaf (32-byte public key, optional 64-byte signature). Decodable and encodable; Komodo never
 * builds one.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID
 * @example ed25519Condition(new Uint8Array(32))
 */
export function ed25519Condition(publicKey: string | Uint8Array, signature?: Uint8Array): CcEd25519 {
  const pk = bytesOrHex(publicKey, 32, 'publicKey').slice()
  if (signature === undefined) return { type: 'ed25519-sha-256', publicKey: pk }
  return { type: 'ed25519-sha-256', publicKey: pk, signature: assertBytes(signature, 64, 'signature').slice() }
}

/**
 * An `eval-sha-256` leaf. A number is the one-byte module eval code (what every Komodo module uses); bytes are the
 * full code (first byte = eval code, the rest passed to the module).
 * @throws KomodoCcError INT_RANGE | BYTES_TYPE | BYTES_LENGTH
 * @example evalCondition(0xe4) // { type: 'eval-sha-256', code: Uint8Array [0xe4] }
 */
export function evalCondition(code: number | Uint8Array): CcEval {
  if (typeof code === 'number')
    return { type: 'eval-sha-256', code: Uint8Array.of(assertInt(code, 0, 255, 'evalCode')) }
  const b = assertBytes(code, undefined, 'code')
  if (b.length === 0)
    throw new KomodoCcError('BYTES_LENGTH', 'eval code expected at least 1 byte, got 0', { name: 'code' })
  return { type: 'eval-sha-256', code: b.slice() }
}

/**
 * A `preimage-sha-256` leaf.
 * @throws KomodoCcError BYTES_TYPE
 * @example preimageCondition(new Uint8Array([1, 2, 3]))
 */
export function preimageCondition(preimage: Uint8Array): CcPreimage {
  return { type: 'preimage-sha-256', preimage: assertBytes(preimage, undefined, 'preimage').slice() }
}

/**
 * A `prefix-sha-256` node. Encodable and decodable for inspection; Komodo's script layer refuses it.
 * @throws KomodoCcError BYTES_TYPE | INT_RANGE
 * @example prefixCondition(new Uint8Array([1]), 32, evalCondition(0xe4))
 */
export function prefixCondition(prefix: Uint8Array, maxMessageLength: number, subcondition: CcCondition): CcPrefix {
  assertBytes(prefix, undefined, 'prefix')
  assertInt(maxMessageLength, 0, MAX_CONDITION_COST, 'maxMessageLength')
  assertCondition(subcondition, 'subcondition')
  return { type: 'prefix-sha-256', prefix: prefix.slice(), maxMessageLength, subcondition }
}

/**
 * A `threshold-sha-256` node: `threshold` (0..children) of `subconditions` must be fulfilled. Child order does not
 * matter to any encoding (DER sorts them), only to the JSON form and to which equal-cost child signs first.
 * @throws KomodoCcError INT_RANGE | ARG_INVALID
 * @example thresholdCondition(1, [secp256k1Condition(pk)])
 */
export function thresholdCondition(threshold: number, subconditions: readonly CcCondition[]): CcThreshold {
  if (!Array.isArray(subconditions)) throw new KomodoCcError('ARG_INVALID', 'subconditions expected an array')
  assertInt(threshold, 0, subconditions.length, 'threshold')
  subconditions.forEach((c, i) => assertCondition(c, `subconditions[${i}]`))
  return { type: 'threshold-sha-256', threshold, subconditions: Object.freeze([...subconditions]) }
}

/**
 * An anonymous condition (type, fingerprint, cost, subtypes): what `decodeCondition` returns.
 * @throws KomodoCcError CC_UNSUPPORTED | BYTES_LENGTH | INT_RANGE
 * @example anonCondition(15, fingerprint, 1048576, 0)
 */
export function anonCondition(typeId: number, fingerprint: Uint8Array, cost: number, subtypes = 0): CcAnon {
  if (!REGISTERED_TOKEL.has(typeId))
    throw new KomodoCcError('CC_UNSUPPORTED', `condition type ${typeId} is not registered in Komodo`, { typeId })
  assertBytes(fingerprint, fingerprintSize(typeId), 'fingerprint')
  assertInt(cost, 0, Number.MAX_SAFE_INTEGER, 'cost')
  assertInt(subtypes, 0, 0xffffffff, 'subtypes')
  return { type: 'anon', typeId: typeId as CcTypeId, fingerprint: fingerprint.slice(), cost, subtypes }
}

// ---------------------------------------------------------------------------------------------------------------
// Komodo shapes (komodo src/cc/CCutils.cpp, CCtokenutils.cpp)

/**
 * The module 1-of-1 condition `MakeCCcond1(evalCode, pubkey)`: threshold 2 of { eval([evalCode]), threshold 1 of
 * { secp256k1(pubkey) } } — not the naive `1 of {eval, secp}`.
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example bytesToHex(encodeCondition(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12')))
 * // 'a22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401'
 */
export function cc1of1(evalCode: number, pubkey: string | Uint8Array): CcThreshold {
  const ev = evalCondition(evalCode)
  return thresholdCondition(2, [ev, thresholdCondition(1, [secp256k1Condition(pubkey)])])
}

/**
 * The module 1-of-2 condition `MakeCCcond1of2(evalCode, pk1, pk2)`: threshold 2 of { eval, threshold 1 of
 * { secp256k1(pk1), secp256k1(pk2) } }. Swapping the keys gives the same condition.
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example ccAddressOf(cc1of2(0xe4, pk1, pk2)) === ccAddressOf(cc1of2(0xe4, pk2, pk1)) // true
 */
export function cc1of2(evalCode: number, pk1: string | Uint8Array, pk2: string | Uint8Array): CcThreshold {
  const ev = evalCondition(evalCode)
  return thresholdCondition(2, [ev, thresholdCondition(1, [secp256k1Condition(pk1), secp256k1Condition(pk2)])])
}

/**
 * Tokens' `MakeTokensCCcond1(evalCode, evalCode2, pubkey)`: threshold N of { eval(evalCode), eval(0xf2) unless
 * evalCode is 0xf2, eval(evalCode2) unless it is 0, threshold 1 of { secp256k1(pubkey) } }, N = number of children.
 * `tokensCc1of1(0xf2, pk)` is exactly `cc1of1(0xf2, pk)`.
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example tokensCc1of1(0xe4, faucetGlobalPubkey) // the FaucetCCTokensAddress condition
 */
export function tokensCc1of1(evalCode: number, pubkey: string | Uint8Array, evalCode2 = 0): CcThreshold {
  return tokensShape(evalCode, evalCode2, [secp256k1Condition(pubkey)])
}

/**
 * Tokens' `MakeTokensCCcond1of2(evalCode, evalCode2, pk1, pk2)`: as {@link tokensCc1of1} with a 1-of-2 key set.
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example tokensCc1of2(0xf1, pk1, pk2)
 */
export function tokensCc1of2(
  evalCode: number,
  pk1: string | Uint8Array,
  pk2: string | Uint8Array,
  evalCode2 = 0,
): CcThreshold {
  return tokensShape(evalCode, evalCode2, [secp256k1Condition(pk1), secp256k1Condition(pk2)])
}

function tokensShape(evalCode: number, evalCode2: number, keys: CcSecp256k1[]): CcThreshold {
  assertInt(evalCode, 0, 255, 'evalCode')
  assertInt(evalCode2, 0, 255, 'evalCode2')
  const children: CcCondition[] = [evalCondition(evalCode)]
  if (evalCode !== EVAL.TOKENS) children.push(evalCondition(EVAL.TOKENS))
  if (evalCode2 !== 0) children.push(evalCondition(evalCode2))
  children.push(thresholdCondition(1, keys))
  return thresholdCondition(children.length, children)
}

// ---------------------------------------------------------------------------------------------------------------
// fingerprint, cost, subtypes

/**
 * The numeric type id of a node (an anon node reports the type it stands for).
 * @example conditionTypeId(evalCondition(0xe4)) // 15
 */
export function conditionTypeId(c: CcCondition): CcTypeId {
  switch (c.type) {
    case 'preimage-sha-256':
      return 0
    case 'prefix-sha-256':
      return 1
    case 'threshold-sha-256':
      return 2
    case 'ed25519-sha-256':
      return 4
    case 'secp256k1-sha-256':
      return 5
    case 'secp256k1hash-sha-256':
      return 6
    case 'eval-sha-256':
      return 15
    case 'anon':
      return c.typeId
  }
}

/**
 * Cost as the reference computes it (threshold: its `threshold` largest child costs + 1024 × children).
 * @example conditionCost(cc1of1(0xe4, pk)) // 1182720
 */
export function conditionCost(c: CcCondition): number {
  switch (c.type) {
    case 'preimage-sha-256':
      return c.preimage.length
    case 'prefix-sha-256':
      return 1024 + c.prefix.length + c.maxMessageLength + conditionCost(c.subcondition)
    case 'threshold-sha-256': {
      const costs = c.subconditions.map(conditionCost).sort((a, b) => b - a)
      let sum = 0
      for (let i = 0; i < c.threshold; i++) sum += costs[i]!
      return sum + 1024 * c.subconditions.length
    }
    case 'ed25519-sha-256':
    case 'secp256k1-sha-256':
    case 'secp256k1hash-sha-256':
      return SIGNATURE_COST
    case 'eval-sha-256':
      return EVAL_COST
    case 'anon':
      return c.cost
  }
}

/**
 * The subtypes mask (type ids below this node; a threshold never advertises bit 2, a prefix never bit 1).
 * @example conditionSubtypes(cc1of1(0xe4, pk)) // 0x8020 (secp256k1 + eval)
 */
export function conditionSubtypes(c: CcCondition): number {
  switch (c.type) {
    case 'threshold-sha-256': {
      let m = 0
      for (const s of c.subconditions) m |= conditionTypeMask(s)
      return (m & ~(1 << CC_TYPE.threshold)) >>> 0
    }
    case 'prefix-sha-256':
      return (conditionTypeMask(c.subcondition) & ~(1 << CC_TYPE.prefix)) >>> 0
    case 'anon':
      return c.subtypes
    default:
      return 0
  }
}

/**
 * Own type bit | subtypes — what the script layer checks against the enabled types (0x8024 for a CC 1-of-1).
 * @example conditionTypeMask(cc1of1(0xe4, pk)) // 0x8024
 */
export function conditionTypeMask(c: CcCondition): number {
  return ((1 << conditionTypeId(c)) | conditionSubtypes(c)) >>> 0
}

/**
 * The fingerprint: 32 bytes, SHA-256 of the type's fingerprint contents (eval: of the raw code); for type 6 the
 * 20-byte keyID itself, not hashed (tokel secp256k1hash.c `secp256k1hashFingerprint`: H160 of the key when the node
 * carries one, else the keyID).
 * @example bytesToHex(conditionFingerprint(evalCondition(0xe4))) // '5e1effe9…19fd'
 */
export function conditionFingerprint(c: CcCondition): Uint8Array {
  if (c.type === 'anon') return c.fingerprint.slice()
  if (c.type === 'secp256k1hash-sha-256') return c.publicKey !== undefined ? hash160(c.publicKey) : c.keyId.slice()
  return sha256(fingerprintContents(c))
}

/**
 * The exact bytes whose SHA-256 is the fingerprint (eval: the code; preimage: the preimage; others: DER contents).
 * Type 6 has none (its fingerprint is the keyID): its keyID is returned.
 * @example bytesToHex(fingerprintContents(secp256k1Condition(pk))) // '30238021' + pk
 */
export function fingerprintContents(c: Exclude<CcCondition, CcAnon>): Uint8Array {
  switch (c.type) {
    case 'secp256k1hash-sha-256':
      return c.keyId.slice()
    case 'preimage-sha-256':
      return c.preimage
    case 'eval-sha-256':
      return c.code
    case 'secp256k1-sha-256':
      return tlv(0x30, tlv(0x80, c.publicKey))
    case 'ed25519-sha-256':
      return tlv(0x30, tlv(0x80, c.publicKey))
    case 'prefix-sha-256':
      return tlv(
        0x30,
        cat([
          tlv(0x80, c.prefix),
          tlv(0x81, uintContent(c.maxMessageLength)),
          tlv(0xa2, encodeCondition(c.subcondition)),
        ]),
      )
    case 'threshold-sha-256':
      return tlv(
        0x30,
        cat([tlv(0x80, uintContent(c.threshold)), tlv(0xa1, cat(sortDer(c.subconditions.map(encodeCondition))))]),
      )
  }
}

/** @internal DER SET OF order: bytewise, a prefix before its extensions. Stable. @example sortDer([b, a]) // [a, b] */
export function sortDer(items: Uint8Array[]): Uint8Array[] {
  return items.sort(compareDer)
}

/** @internal bytewise comparison, shorter first on a common prefix. @example compareDer(Uint8Array.of(1), Uint8Array.of(1, 0)) < 0 */
export function compareDer(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

// ---------------------------------------------------------------------------------------------------------------
// binary

/**
 * Condition binary (DER): `a0|type { 80 fingerprint, 81 cost [, 82 subtypes] }`, byte-identical to komodod.
 * @throws KomodoCcError on a malformed tree (INT_RANGE, ARG_INVALID)
 * @example encodeCondition(cc1of1(0xe4, pk)).length // 46
 */
export function encodeCondition(cond: CcCondition): Uint8Array {
  assertCondition(cond, 'condition')
  // builders encode the same module 1-of-1 conditions over and over (4 SHA-256 + DER each): remembered by content
  const leaf = oneOfOneParts(cond)
  if (leaf === null) return encodeUncached(cond)
  const { code, pk } = leaf
  let h = 0x811c9dc5 // FNV-1a over the code, its length and the key: picks a bucket, never decides a hit
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code[i]!, 0x01000193)
  h = Math.imul(h ^ (0x100 | code.length), 0x01000193)
  for (let i = 0; i < pk.length; i++) h = Math.imul(h ^ pk[i]!, 0x01000193)
  let bucket = ONE_OF_ONE.get(h)
  if (bucket !== undefined)
    for (const e of bucket) if (equalBytes(e.code, code) && equalBytes(e.pk, pk)) return e.enc.slice()
  const enc = encodeUncached(cond)
  if (oneOfOneCount >= ONE_OF_ONE_MAX) {
    // drop the oldest bucket
    const [oldest, entries] = ONE_OF_ONE.entries().next().value!
    ONE_OF_ONE.delete(oldest)
    oneOfOneCount -= entries.length
    if (oldest === h) bucket = undefined
  }
  if (bucket === undefined) ONE_OF_ONE.set(h, (bucket = []))
  bucket.push({ code: code.slice(), pk: pk.slice(), enc: enc.slice() })
  oneOfOneCount++
  return enc
}

const ONE_OF_ONE_MAX = 256
// private copies of the code and key bytes beside the encoding: an entry is used only while both equal the condition's
const ONE_OF_ONE = /* @__PURE__ */ new Map<number, Array<{ code: Uint8Array; pk: Uint8Array; enc: Uint8Array }>>()
let oneOfOneCount = 0

/**
 * @internal The eval code and public key of a `cc1of1` shape — threshold 2 of { eval(code), threshold 1 of
 * { secp256k1(pk) } } with a code of at most 8 bytes — or null for any other tree. The cache above compares their bytes
 * (never object identity), so a key or code
 * array changed in place is a new entry.
 */
export function oneOfOneParts(c: CcCondition): { code: Uint8Array; pk: Uint8Array } | null {
  if (c.type !== 'threshold-sha-256' || c.threshold !== 2 || c.subconditions.length !== 2) return null
  const ev = c.subconditions[0]!,
    inner = c.subconditions[1]!
  if (
    ev.type !== 'eval-sha-256' ||
    inner.type !== 'threshold-sha-256' ||
    inner.threshold !== 1 ||
    inner.subconditions.length !== 1
  )
    return null
  const leaf = inner.subconditions[0]!
  if (leaf.type !== 'secp256k1-sha-256' || ev.code.length > 8) return null
  return { code: ev.code, pk: leaf.publicKey }
}

function encodeUncached(cond: CcCondition): Uint8Array {
  const typeId = conditionTypeId(cond)
  const parts = [tlv(0x80, conditionFingerprint(cond)), tlv(0x81, uintContent(conditionCost(cond)))]
  if (typeId === 1 || typeId === 2) parts.push(tlv(0x82, maskContent(conditionSubtypes(cond))))
  return tlv(0xa0 | typeId, cat(parts))
}

/**
 * Decodes a condition binary into an anonymous condition. Strict by default: one DER TLV, nothing after it,
 * 32-byte fingerprint, cost ≤ 2^32−1, canonical INTEGER and BIT STRING. `{ lenient: true }` reproduces
 * `cc_readConditionBinary`: trailing bytes ignored, BER lengths, redundant INTEGER zeros, any BIT STRING padding,
 * fingerprints zero-padded/truncated to 32 bytes, costs above 2^32−1.
 * @throws KomodoCcError CC_INVALID | CC_UNSUPPORTED | CC_NON_CANONICAL | TRAILING_BYTES | READ_PAST_END
 * @example decodeCondition(hexToBytes('af2780205e1e…19fd8103100000')).typeId // 15
 */
export function decodeCondition(bytes: Uint8Array, opts: CcDecodeOptions = {}): CcAnon {
  assertBytes(bytes, undefined, 'condition')
  const lenient = opts.lenient === undefined ? false : assertBool(opts.lenient, 'lenient')
  const allow6 =
    opts.allowSecp256k1Hash === undefined ? false : assertBool(opts.allowSecp256k1Hash, 'allowSecp256k1Hash')
  const { cond, next } = readConditionAt(bytes, 0, bytes.length, lenient, allow6)
  if (!lenient && next !== bytes.length)
    throw new KomodoCcError('TRAILING_BYTES', `${bytes.length - next} byte(s) after the condition at offset ${next}`, {
      offset: next,
    })
  return cond
}

/**
 * @internal reads one condition TLV at `pos`; shared with the fulfillment reader (subconditions set). @example
 * readConditionAt(bytes, 0, bytes.length, false).cond.typeId
 */
export function readConditionAt(
  data: Uint8Array,
  pos: number,
  limit: number,
  lenient: boolean,
  allowSecp256k1Hash = false,
): { cond: CcAnon; next: number } {
  const outer = readTlv(data, pos, limit, lenient, 'CC_INVALID')
  const tag = outer.tag
  if ((tag & 0xe0) !== 0xa0)
    throw new KomodoCcError(
      'CC_INVALID',
      `condition tag ${hex2(tag)} at offset ${pos} is not a constructed context tag (a0|type)`,
      { offset: pos, tag },
    )
  const typeId = tag & 0x1f
  if (!(allowSecp256k1Hash ? REGISTERED_TOKEL : REGISTERED).has(typeId))
    throw new KomodoCcError('CC_UNSUPPORTED', `condition type ${typeId} at offset ${pos} is not registered in Komodo`, {
      offset: pos,
      typeId,
    })
  let p = outer.start
  const fp = readTlv(data, p, outer.end, lenient, 'CC_INVALID')
  if (fp.tag !== 0x80) throw fieldError(0x80, fp.tag, p)
  const fpLen = fp.end - fp.start
  const fpSize = fingerprintSize(typeId)
  if (fpLen !== fpSize && !lenient)
    throw new KomodoCcError(
      'CC_NON_CANONICAL',
      `fingerprint expected ${fpSize} bytes, got ${fpLen} at offset ${fp.start}`,
      { offset: fp.start, got: fpLen },
    )
  const fingerprint = new Uint8Array(fpSize)
  fingerprint.set(data.subarray(fp.start, fp.start + Math.min(fpSize, fpLen)))
  p = fp.next
  const ct = readTlv(data, p, outer.end, lenient, 'CC_INVALID')
  if (ct.tag !== 0x81) throw fieldError(0x81, ct.tag, p)
  const cost = readUint(data, ct, lenient, 'CC_INVALID', 'cost')
  if (!lenient && cost > MAX_CONDITION_COST)
    throw new KomodoCcError('CC_INVALID', `cost ${cost} is above 2^32-1 at offset ${ct.start}`, {
      offset: ct.start,
      cost,
    })
  p = ct.next
  let subtypes = 0
  if (typeId === 1 || typeId === 2) {
    const st = readTlv(data, p, outer.end, lenient, 'CC_INVALID')
    if (st.tag !== 0x82) throw fieldError(0x82, st.tag, p)
    subtypes = readMask(data, st, lenient, 'CC_INVALID')
    p = st.next
  }
  if (p !== outer.end)
    throw new KomodoCcError(
      'CC_INVALID',
      `unexpected field ${hex2(data[p]!)} at offset ${p} in a type ${typeId} condition`,
      { offset: p },
    )
  return { cond: { type: 'anon', typeId: typeId as CcTypeId, fingerprint, cost, subtypes }, next: outer.next }
}

function fieldError(expected: number, got: number, offset: number): KomodoCcError {
  return new KomodoCcError('CC_INVALID', `expected field ${hex2(expected)} at offset ${offset}, got ${hex2(got)}`, {
    offset,
    expected,
    got,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// validation

/** @internal shape check of a caller-built tree (depth-bounded), so encoders never crash on foreign objects. @example assertCondition(x, 'condition') */
export function assertCondition(c: unknown, name: string, depth = 0): asserts c is CcCondition {
  checkNode(c, name, depth)
}

// A node's path, rendered only when an error needs it: a valid tree (the common case, checked on every encode)
// builds no strings. `index` -1 is a prefix condition's `.subcondition`.
type NodePath = string | { parent: NodePath; index: number }
const pathText = (p: NodePath): string =>
  typeof p === 'string' ? p : `${pathText(p.parent)}${p.index < 0 ? '.subcondition' : `.subconditions[${p.index}]`}`
const isBytes = (v: unknown, n: number | undefined): boolean =>
  v instanceof Uint8Array && (n === undefined || v.length === n)
const isIntIn = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
// called only once a check above has failed: the shared assert* throws, naming the rendered path
const badBytes = (v: unknown, n: number | undefined, path: NodePath, field: string): void =>
  void assertBytes(v, n, `${pathText(path)}.${field}`)
const badInt = (v: unknown, min: number, max: number, path: NodePath, field: string): void =>
  void assertInt(v, min, max, `${pathText(path)}.${field}`)

function checkNode(c: unknown, path: NodePath, depth: number): void {
  if (depth > 64)
    throw new KomodoCcError('ARG_INVALID', `${pathText(path)}: condition tree deeper than 64`, { name: pathText(path) })
  if (typeof c !== 'object' || c === null)
    throw new KomodoCcError('ARG_INVALID', `${pathText(path)} expected a condition object`, { name: pathText(path) })
  const o = c as Record<string, unknown>
  switch (o.type) {
    case 'preimage-sha-256':
      if (!isBytes(o.preimage, undefined)) badBytes(o.preimage, undefined, path, 'preimage')
      return
    case 'eval-sha-256':
      if (!isBytes(o.code, undefined)) badBytes(o.code, undefined, path, 'code')
      return
    case 'secp256k1-sha-256':
    case 'ed25519-sha-256': {
      const n = o.type === 'secp256k1-sha-256' ? 33 : 32
      if (!isBytes(o.publicKey, n)) badBytes(o.publicKey, n, path, 'publicKey')
      if (o.signature !== undefined && !isBytes(o.signature, undefined))
        badBytes(o.signature, undefined, path, 'signature')
      return
    }
    case 'secp256k1hash-sha-256':
      if (!isBytes(o.keyId, SECP256K1_HASH_SIZE)) badBytes(o.keyId, SECP256K1_HASH_SIZE, path, 'keyId')
      if (o.publicKey !== undefined && !isBytes(o.publicKey, 33)) badBytes(o.publicKey, 33, path, 'publicKey')
      if (o.signature !== undefined && !isBytes(o.signature, undefined))
        badBytes(o.signature, undefined, path, 'signature')
      return
    case 'prefix-sha-256':
      if (!isBytes(o.prefix, undefined)) badBytes(o.prefix, undefined, path, 'prefix')
      if (!isIntIn(o.maxMessageLength, 0, MAX_CONDITION_COST))
        badInt(o.maxMessageLength, 0, MAX_CONDITION_COST, path, 'maxMessageLength')
      checkNode(o.subcondition, { parent: path, index: -1 }, depth + 1)
      return
    case 'threshold-sha-256': {
      const subs = o.subconditions
      if (!Array.isArray(subs))
        throw new KomodoCcError('ARG_INVALID', `${pathText(path)}.subconditions expected an array`, {
          name: pathText(path),
        })
      if (!isIntIn(o.threshold, 0, subs.length)) badInt(o.threshold, 0, subs.length, path, 'threshold')
      for (let i = 0; i < subs.length; i++) checkNode(subs[i], { parent: path, index: i }, depth + 1)
      return
    }
    case 'anon': {
      if (!REGISTERED_TOKEL.has(o.typeId as number))
        throw new KomodoCcError(
          'CC_UNSUPPORTED',
          `${pathText(path)}: anon type ${String(o.typeId)} is not registered`,
          { name: pathText(path) },
        )
      const fpSize = fingerprintSize(o.typeId as number)
      if (!isBytes(o.fingerprint, fpSize)) badBytes(o.fingerprint, fpSize, path, 'fingerprint')
      if (!isIntIn(o.cost, 0, Number.MAX_SAFE_INTEGER)) badInt(o.cost, 0, Number.MAX_SAFE_INTEGER, path, 'cost')
      if (!isIntIn(o.subtypes, 0, 0xffffffff)) badInt(o.subtypes, 0, 0xffffffff, path, 'subtypes')
      return
    }
    default:
      throw new KomodoCcError(
        'ARG_INVALID',
        `${pathText(path)}: unknown condition type ${JSON.stringify(String(o.type))}`,
        { name: pathText(path) },
      )
  }
}

/** @internal 33 opaque bytes (hex or bytes). @example pubkey33('02' + 'ab'.repeat(32), 'pubkey').length // 33 */
export function pubkey33(v: string | Uint8Array, name: string): Uint8Array {
  const b = typeof v === 'string' ? bytesOrHex(v, undefined, name) : assertBytes(v, undefined, name)
  if (b.length !== 33)
    throw new KomodoCcError('PUBKEY_INVALID', `${name} expected 33 bytes, got ${b.length}`, { name, length: b.length })
  return b.slice()
}
