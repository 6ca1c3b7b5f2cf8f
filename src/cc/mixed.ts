// Mixed-mode ("CCv2") fulfillments of Tokel's fork: what a CC v2 output pushes after its 'M'/'N' prefix instead of a
// condition (tokel src/cryptoconditions/src/threshold.c thresholdToFulfillmentMixed / thresholdFromFulfillmentMixed,
// cryptoconditions.c cc_fulfillmentBinaryWithFlags; tokel src/script/cc.cpp CCPubKey, CCtoAnon). Spec tokel-v2 §2.4.
import { KomodoCcError } from '../errors.js'
import { assertBytes } from '../bytes/assert.js'
import { hex2, readTlv, tlvGroups } from './der.js'
import {
  anonCondition,
  assertCondition,
  conditionCost,
  conditionFingerprint,
  conditionSubtypes,
  conditionTypeId,
  compareDer,
  encodeCondition,
  readConditionAt,
  sortDer,
} from './condition.js'
import { decodeFulfillment } from './fulfillment.js'
import type { CcCondition, CcThreshold } from './types.js'

/** Mixed-mode sub-versions: 0 ('M', 0x4d) hides the first key threshold; 1 ('N', 0x4e) shows every node. */
export type MixedSubver = 0 | 1

/** The script prefix byte of a sub-version (`CC_MIXED_MODE_SUBVER_0` 'M', `CC_MIXED_MODE_SECHASH_SUBVER_1` 'N'). */
export const MIXED_PREFIX = /* @__PURE__ */ Object.freeze({ 0: 0x4d, 1: 0x4e } as const)

const MAX_DEPTH = 64

/**
 * The tree a sub-version-0 output encodes: the first threshold among the root's children replaced by its anonymous
 * condition (`CCtoAnon` stops after the first), so the output shows the eval codes but not the keys. Other trees
 * (a root that is not a threshold, or no threshold child) are returned as they are.
 * @throws KomodoCcError ARG_INVALID on a malformed tree
 * @example anonymiseFirstThreshold(cc1of1(0xf5, pk)).subconditions[1].type // 'anon'
 */
export function anonymiseFirstThreshold(cond: CcCondition): CcCondition {
  assertCondition(cond, 'condition')
  if (cond.type !== 'threshold-sha-256') return cond
  const i = cond.subconditions.findIndex((c) => c.type === 'threshold-sha-256')
  if (i < 0) return cond
  const subs = [...cond.subconditions]
  subs[i] = toAnon(subs[i]!)
  return { type: 'threshold-sha-256', threshold: cond.threshold, subconditions: Object.freeze(subs) }
}

function toAnon(c: CcCondition): CcCondition {
  if (c.type === 'anon') return c
  return anonCondition(conditionTypeId(c), conditionFingerprint(c), conditionCost(c), conditionSubtypes(c))
}

/**
 * The mixed-mode fulfillment of a tree (`cc_fulfillmentBinaryMixedMode`): a threshold writes a 1-byte preimage
 * holding its threshold, then every child that has a fulfillment as a fulfillment (eval and preimage nodes, mixed
 * thresholds, signed keys) and every other child (unsigned keys, anonymous nodes) as its condition binary; both sets
 * DER-sorted, the condition set always present. No "take exactly threshold" rule, unlike the standard encoding.
 * @throws KomodoCcError FULFILLMENT_INVALID for a root that has no mixed fulfillment (an unsigned key, an anon node);
 *   CC_UNSUPPORTED for a prefix node (never used in mixed mode)
 * @example bytesToHex(encodeMixedFulfillment(evalCondition(0xf5))) // 'af038001f5'
 */
export function encodeMixedFulfillment(cond: CcCondition): Uint8Array {
  assertCondition(cond, 'condition')
  const out = mixedOrNull(cond, 0)
  if (out === null)
    throw new KomodoCcError('FULFILLMENT_INVALID', `a ${cond.type} root has no mixed-mode fulfillment`, {
      type: cond.type,
    })
  return out
}

function mixedOrNull(c: CcCondition, depth: number): Uint8Array | null {
  switch (c.type) {
    case 'threshold-sha-256': {
      if (depth > MAX_DEPTH) throw new KomodoCcError('ARG_INVALID', `condition tree deeper than ${MAX_DEPTH}`)
      if (c.threshold > 255)
        throw new KomodoCcError('INT_RANGE', `a mixed-mode threshold is one byte, got ${c.threshold}`)
      const ful: Uint8Array[] = [tlvGroups(0xa0, [[0x80, [Uint8Array.of(c.threshold)]]])]
      const con: Uint8Array[] = []
      for (const s of c.subconditions) {
        const f = mixedOrNull(s, depth + 1)
        if (f !== null) ful.push(f)
        else con.push(encodeCondition(s))
      }
      return tlvGroups(0xa2, [
        [0xa0, sortDer(ful)],
        [0xa1, sortDer(con)],
      ])
    }
    case 'eval-sha-256':
      return tlvGroups(0xaf, [[0x80, [c.code]]])
    case 'preimage-sha-256':
      return tlvGroups(0xa0, [[0x80, [c.preimage]]])
    case 'secp256k1-sha-256':
    case 'secp256k1hash-sha-256':
    case 'ed25519-sha-256':
      if (c.signature === undefined || c.publicKey === undefined) return null
      return tlvGroups(c.type === 'secp256k1-sha-256' ? 0xa5 : c.type === 'ed25519-sha-256' ? 0xa4 : 0xa6, [
        [0x80, [c.publicKey]],
        [0x81, [c.signature]],
      ])
    case 'anon':
      return null
    case 'prefix-sha-256':
      throw new KomodoCcError('CC_UNSUPPORTED', 'a prefix node has no mixed-mode encoding')
  }
}

/**
 * Decodes a mixed-mode fulfillment (`thresholdFromFulfillmentMixed`): strict DER as the standard reader; each
 * threshold's first fulfillment (after DER sorting) must be a 1-byte preimage, its threshold, which must not exceed
 * the number of the other children; the other fulfillments, then the conditions (anonymous nodes), are the children.
 * Type 6 (secp256k1hash) is accepted: mixed mode exists only in Tokel's fork, which registers it.
 * @throws KomodoCcError FULFILLMENT_INVALID | CC_NON_CANONICAL | CC_UNSUPPORTED | TRAILING_BYTES | READ_PAST_END
 * @example decodeMixedFulfillment(hexToBytes('a23ba00aa003800102af038001f5a12d…')).threshold // 2
 */
export function decodeMixedFulfillment(bytes: Uint8Array): CcCondition {
  assertBytes(bytes, undefined, 'fulfillment')
  const { cond, next } = readMixedAt(bytes, 0, bytes.length, 0)
  if (next !== bytes.length)
    throw new KomodoCcError(
      'TRAILING_BYTES',
      `${bytes.length - next} byte(s) after the mixed-mode fulfillment at offset ${next}`,
      { offset: next },
    )
  return cond
}

function readMixedAt(d: Uint8Array, pos: number, limit: number, depth: number): { cond: CcCondition; next: number } {
  if (depth > MAX_DEPTH)
    throw new KomodoCcError('FULFILLMENT_INVALID', `fulfillment nested deeper than ${MAX_DEPTH} at offset ${pos}`, {
      offset: pos,
    })
  const t = readTlv(d, pos, limit, false, 'FULFILLMENT_INVALID')
  if (t.tag !== 0xa2) {
    // a leaf: the standard reader (eval, preimage, signed keys); type 6 allowed
    const cond = decodeFulfillment(d.subarray(pos, t.next), { allowSecp256k1Hash: true })
    return { cond, next: t.next }
  }
  const fs = readTlv(d, t.start, t.end, false, 'FULFILLMENT_INVALID')
  if (fs.tag !== 0xa0) throw field(0xa0, fs.tag, t.start)
  const cs = readTlv(d, fs.next, t.end, false, 'FULFILLMENT_INVALID')
  if (cs.tag !== 0xa1) throw field(0xa1, cs.tag, fs.next)
  if (cs.next !== t.end)
    throw new KomodoCcError('FULFILLMENT_INVALID', `unexpected field ${hex2(d[cs.next]!)} at offset ${cs.next}`, {
      offset: cs.next,
    })
  const ful: CcCondition[] = []
  let prev: Uint8Array | null = null
  for (let p = fs.start; p < fs.end;) {
    const r = readMixedAt(d, p, fs.end, depth + 1)
    prev = ordered(d, prev, p, r.next)
    ful.push(r.cond)
    p = r.next
  }
  const marker = ful.shift()
  if (marker === undefined || marker.type !== 'preimage-sha-256' || marker.preimage.length !== 1)
    throw new KomodoCcError(
      'FULFILLMENT_INVALID',
      `a mixed-mode threshold at offset ${pos} must start with a 1-byte preimage holding its threshold`,
      { offset: pos },
    )
  const subs: CcCondition[] = ful
  prev = null
  for (let p = cs.start; p < cs.end;) {
    const r = readConditionAt(d, p, cs.end, false, true)
    prev = ordered(d, prev, p, r.next)
    subs.push(r.cond)
    p = r.next
  }
  const threshold = marker.preimage[0]!
  if (threshold > subs.length)
    throw new KomodoCcError(
      'FULFILLMENT_INVALID',
      `mixed-mode threshold ${threshold} at offset ${pos} is above its ${subs.length} children`,
      { offset: pos },
    )
  const cond: CcThreshold = { type: 'threshold-sha-256', threshold, subconditions: Object.freeze(subs) }
  return { cond, next: t.next }
}

function field(expected: number, got: number, offset: number): KomodoCcError {
  return new KomodoCcError(
    'FULFILLMENT_INVALID',
    `expected field ${hex2(expected)} at offset ${offset}, got ${hex2(got)}`,
    {
      offset,
    },
  )
}

function ordered(d: Uint8Array, prev: Uint8Array | null, start: number, end: number): Uint8Array {
  const cur = d.subarray(start, end)
  if (prev !== null && compareDer(prev, cur) > 0)
    throw new KomodoCcError('CC_NON_CANONICAL', `SET OF elements not in DER order at offset ${start}`, {
      offset: start,
    })
  return cur
}
