import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import {
  conditionCost,
  conditionFingerprint,
  conditionSubtypes,
  conditionTypeId,
  ed25519Condition,
  evalCondition,
  preimageCondition,
  prefixCondition,
  assertCondition,
  thresholdCondition,
} from './condition.js'
import { CC_TYPE_NAMES, type CcCondition } from './types.js'

/** A condition in the JSON form of `cc_conditionToJSON` / `cc_conditionFromJSON`. */
export type CcJson = { type: string; [key: string]: unknown }

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * Unpadded base64url, as the reference writes binary fields in JSON and URIs.
 * @example base64url(Uint8Array.of(0xe4)) // '5A'
 */
export function base64url(b: Uint8Array): string {
  let s = ''
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0)
    s += B64URL[(n >> 18) & 63]! + B64URL[(n >> 12) & 63]!
    if (i + 1 < b.length) s += B64URL[(n >> 6) & 63]!
    if (i + 2 < b.length) s += B64URL[n & 63]!
  }
  return s
}

/**
 * Decodes base64 or base64url, padded or not (what the reference's reader accepts).
 * @throws KomodoCcError ARG_INVALID on a character outside the alphabets or an impossible length
 * @example fromBase64url('5A') // Uint8Array [0xe4]
 */
export function fromBase64url(s: string, name = 'base64'): Uint8Array {
  if (typeof s !== 'string') throw new KomodoCcError('ARG_INVALID', `${name} expected a base64 string`, { name })
  const t = s.replace(/=+$/, '')
  if (t.length % 4 === 1)
    throw new KomodoCcError('ARG_INVALID', `${name} has an impossible base64 length ${s.length}`, { name })
  const out = new Uint8Array(Math.floor((t.length * 3) / 4))
  let acc = 0,
    bits = 0,
    o = 0
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!
    const v = c === '+' ? 62 : c === '/' ? 63 : B64URL.indexOf(c)
    if (v < 0)
      throw new KomodoCcError('ARG_INVALID', `${name} has a non-base64 character at offset ${i}`, { name, offset: i })
    acc = (acc << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (acc >> bits) & 0xff
    }
  }
  return out
}

function hexUpper(b: Uint8Array): string {
  let s = ''
  for (const x of b) s += x.toString(16).padStart(2, '0')
  return s.toUpperCase()
}

/**
 * The JSON form komodod and the crypto-conditions libraries print: `type` name, then the type's fields
 * (threshold: `threshold`, `subfulfillments` in original order; secp256k1: uppercase hex `publicKey`
 * [+ `signature`]; eval: base64url `code`; preimage: base64url `preimage`; ed25519: base64url fields;
 * prefix: `maxMessageLength`, `prefix`, `subfulfillment`; anon: `(anon)` with `fingerprint`, `cost`, `subtypes`).
 * @example conditionToJson(evalCondition(0xe4)) // { type: 'eval-sha-256', code: '5A' }
 */
export function conditionToJson(cond: CcCondition): CcJson {
  assertCondition(cond, 'condition')
  return toJson(cond)
}

function toJson(c: CcCondition): CcJson {
  switch (c.type) {
    case 'threshold-sha-256':
      return { type: c.type, threshold: c.threshold, subfulfillments: c.subconditions.map(toJson) }
    case 'secp256k1-sha-256': {
      const o: CcJson = { type: c.type, publicKey: hexUpper(c.publicKey) }
      if (c.signature !== undefined) o.signature = hexUpper(c.signature)
      return o
    }
    case 'secp256k1hash-sha-256': {
      // tokel secp256k1hash.c secp256k1hashToJSON: publicKeyHash, then publicKey and signature when present
      const o: CcJson = { type: c.type, publicKeyHash: hexUpper(c.keyId) }
      if (c.publicKey !== undefined) o.publicKey = hexUpper(c.publicKey)
      if (c.signature !== undefined) o.signature = hexUpper(c.signature)
      return o
    }
    case 'ed25519-sha-256': {
      const o: CcJson = { type: c.type, publicKey: base64url(c.publicKey) }
      if (c.signature !== undefined) o.signature = base64url(c.signature)
      return o
    }
    case 'eval-sha-256':
      return { type: c.type, code: base64url(c.code) }
    case 'preimage-sha-256':
      return { type: c.type, preimage: base64url(c.preimage) }
    case 'prefix-sha-256':
      return {
        type: c.type,
        maxMessageLength: c.maxMessageLength,
        prefix: base64url(c.prefix),
        subfulfillment: toJson(c.subcondition),
      }
    case 'anon':
      return { type: '(anon)', fingerprint: base64url(c.fingerprint), cost: c.cost, subtypes: c.subtypes }
  }
}

/**
 * Builds a condition from its JSON form (the inverse of {@link conditionToJson}; anon nodes are refused, as by the
 * reference). Public keys stay opaque bytes (not checked to be on the curve, unlike the C reader).
 * @throws KomodoCcError ARG_INVALID | CC_UNSUPPORTED | BYTES_LENGTH | PUBKEY_INVALID | HEX_INVALID | INT_RANGE
 * @example conditionFromJson({ type: 'eval-sha-256', code: '5A' }) // evalCondition(0xe4)
 */
export function conditionFromJson(json: unknown): CcCondition {
  return fromJson(json, 'json', 0)
}

function fromJson(j: unknown, path: string, depth: number): CcCondition {
  if (depth > 64) throw new KomodoCcError('ARG_INVALID', `${path}: JSON condition deeper than 64`)
  if (typeof j !== 'object' || j === null || Array.isArray(j))
    throw new KomodoCcError('ARG_INVALID', `${path} expected an object`, { path })
  const o = j as Record<string, unknown>
  const str = (k: string): string => {
    if (typeof o[k] !== 'string')
      throw new KomodoCcError('ARG_INVALID', `${path}.${k} is required and must be a string`, { path: `${path}.${k}` })
    return o[k] as string
  }
  const num = (k: string): number => {
    if (typeof o[k] !== 'number')
      throw new KomodoCcError('ARG_INVALID', `${path}.${k} must be a number`, { path: `${path}.${k}` })
    return o[k] as number
  }
  switch (o.type) {
    case 'threshold-sha-256': {
      if (!Array.isArray(o.subfulfillments))
        throw new KomodoCcError('ARG_INVALID', `${path}.subfulfillments must be an array`, { path })
      const subs = o.subfulfillments.map((s, i) => fromJson(s, `${path}.subfulfillments[${i}]`, depth + 1))
      return thresholdCondition(num('threshold'), subs)
    }
    case 'secp256k1-sha-256': {
      const pk = hexToBytes(str('publicKey'), `${path}.publicKey`)
      if (pk.length !== 33)
        throw new KomodoCcError('PUBKEY_INVALID', `${path}.publicKey expected 33 bytes, got ${pk.length}`, { path })
      const sig = o.signature === undefined ? undefined : hexToBytes(str('signature'), `${path}.signature`)
      if (sig !== undefined && sig.length !== 64)
        throw new KomodoCcError('BYTES_LENGTH', `${path}.signature expected 64 bytes, got ${sig.length}`, { path })
      return sig === undefined
        ? { type: 'secp256k1-sha-256', publicKey: pk }
        : { type: 'secp256k1-sha-256', publicKey: pk, signature: sig }
    }
    case 'ed25519-sha-256': {
      // the reference treats a null ed25519 signature as absent
      const sig =
        o.signature === undefined || o.signature === null
          ? undefined
          : fromBase64url(str('signature'), `${path}.signature`)
      return ed25519Condition(fromBase64url(str('publicKey'), `${path}.publicKey`), sig)
    }
    case 'eval-sha-256':
      return evalCondition(fromBase64url(str('code'), `${path}.code`))
    case 'preimage-sha-256':
      return preimageCondition(fromBase64url(str('preimage'), `${path}.preimage`))
    case 'prefix-sha-256':
      return prefixCondition(
        fromBase64url(str('prefix'), `${path}.prefix`),
        num('maxMessageLength'),
        fromJson(o.subfulfillment, `${path}.subfulfillment`, depth + 1),
      )
    case '(anon)':
      throw new KomodoCcError(
        'CC_UNSUPPORTED',
        `${path}: an anonymous condition has no JSON reader (it lacks its type id)`,
        { path },
      )
    default:
      throw new KomodoCcError('CC_UNSUPPORTED', `${path}: unknown condition type ${JSON.stringify(o.type)}`, { path })
  }
}

/**
 * The condition URI `ni:///sha-256;<fingerprint>?fpt=<type>&cost=<n>[&subtypes=<names in bit order>]`.
 * @example conditionUri(cc1of1(0xe4, faucetPk)) // 'ni:///sha-256;4CnFEdpV…KCQ?fpt=threshold-sha-256&cost=1182720&subtypes=secp256k1-sha-256,eval-sha-256'
 */
export function conditionUri(cond: CcCondition): string {
  assertCondition(cond, 'condition')
  const typeName = CC_TYPE_NAMES[conditionTypeId(cond)]!
  let s = `ni:///sha-256;${base64url(conditionFingerprint(cond))}?fpt=${typeName}&cost=${conditionCost(cond)}`
  const mask = conditionSubtypes(cond)
  const names: string[] = []
  for (let i = 0; i < 32; i++) if ((mask >>> i) & 1) names.push(CC_TYPE_NAMES[i] ?? `type-${i}`)
  if (names.length > 0) s += `&subtypes=${names.join(',')}`
  return s
}
