// CC v2 ("mixed mode") scriptPubKeys of Tokel's fork: `push('M'|'N' ‖ mixed-mode fulfillment) cc [push(P) OP_DROP]`
// (tokel src/script/cc.cpp CCPubKey, src/script/script.cpp IsPayToCryptoCondition / IsCCOpcodeValid / IsPayToCCV2,
// src/script/standard.cpp COptCCParams; spec tokel-v2 §2.1, §2.5, §2.6). Owned by the cc area.
import { KomodoCcError } from '../errors.js'
import { assertBytes, assertInt } from '../bytes/assert.js'
import { concatBytes } from '../bytes/utils.js'
import { hash160 } from '../hash/index.js'
import { hash160ToAddress } from '../address/address.js'
import { KMD, chainParams, type ChainParams } from '../address/chain.js'
import { encodeCondition, pubkey33 } from '../cc/condition.js'
import {
  MIXED_PREFIX,
  anonymiseFirstThreshold,
  decodeMixedFulfillment,
  encodeMixedFulfillment,
  type MixedSubver,
} from '../cc/mixed.js'
import type { CcCondition } from '../cc/types.js'
import { getOp, pushData } from './script.js'
import { MAX_CC_PARAMS_SIZE, OP_CHECKCRYPTOCONDITION } from './cc.js'

const OP_DROP = 0x75
/** Tokel's buffer for a sub-version-0 blob (`MAX_FULFILLMENT_SPK_SIZE_V0`, tokel src/script/cc.h). */
export const MAX_MIXED_BLOB_V0 = 1000
/** Tokel's buffer for a sub-version-1 blob (`MAX_FULFILLMENT_SIZE`). */
export const MAX_MIXED_BLOB_V1 = 10000

/**
 * The OP_DROP params of a v2 output (`COptCCParams`): `push([version, evalCode, m, n]) {push(pubkey)}×n
 * {push(vdata)}*`. Version 2 lists `n` pubkeys (the pubkey destinations of an M-of-N token output); version 1 is the
 * legacy form (no keys listed by the v2 writers; nspv-js writes it for R-address outputs).
 */
export type CcParamsV2 = {
  version: number
  evalCode: number
  m: number
  n: number
  /** The listed pubkeys (hex), `n` of them for version 2, none for version 1. */
  pubkeys: string[]
  /** The data elements after the keys (hex); a token or asset payload without `6a` when present. */
  vdata: string[]
  /**
   * Whether the daemon's `COptCCParams(vector)` reader accepts them (version 1: m = 1, n ∈ {1, 2}; version 2:
   * 1 ≤ m ≤ 128, 1 ≤ n ≤ 128, every listed key valid; both: more elements than n). The daemon's own keyID outputs
   * (n = 0) are not valid params — harmless, validation ignores params (spec tokel-v2 §2.5).
   */
  valid: boolean
}

/** What {@link parseCcV2Script} returns. Byte arrays are copies. */
export type ParsedCcV2Script = {
  /** 0 for 'M' (the first key threshold anonymised), 1 for 'N'. */
  subver: MixedSubver
  /** The mixed-mode fulfillment (after the prefix byte). */
  fulfillment: Uint8Array
  /** The tree it decodes to (anonymous nodes where the output hides them). */
  tree: CcCondition
  /** The condition binary of the tree: what a spend's fulfillment must produce. */
  condition: Uint8Array
  /** `push(B) cc`: what the CC address hashes. */
  subScript: Uint8Array
  /** The eval codes of the tree's eval nodes, at any depth, ascending (`GetEvalCodesCCV2`). */
  evalCodes: number[]
  /** The OP_DROP params when the tail is one `push(P) OP_DROP` whose P starts with a 4-byte header. */
  params?: CcParamsV2
  /** Every element pushed after `cc`. */
  tail: Uint8Array[]
}

/**
 * Encodes OP_DROP params P (`COptCCParams::AsVector`): version 2 for v2 token outputs, with the pubkey destinations.
 * Byte 2 is `m`, byte 3 is `n` = number of listed keys (spec tokel-v2 §2.5).
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID | SCRIPT_TOO_LARGE
 * @example bytesToHex(encodeCcParamsV2({ evalCode: 0xf5, m: 1, pubkeys: [pk1] })) // '0402f50101' + '21' + pk1
 */
export function encodeCcParamsV2(p: {
  version?: number
  evalCode: number
  m: number
  pubkeys: readonly (string | Uint8Array)[]
  vdata?: readonly Uint8Array[]
}): Uint8Array {
  const version = assertInt(p.version ?? 2, 0, 255, 'params.version')
  const keys = (Array.isArray(p.pubkeys) ? p.pubkeys : []).map((k, i) => pubkey33(k, `params.pubkeys[${i}]`))
  const header = Uint8Array.of(
    version,
    assertInt(p.evalCode, 0, 255, 'params.evalCode'),
    assertInt(p.m, 0, 255, 'params.m'),
    assertInt(keys.length, 0, 255, 'params.pubkeys.length'),
  )
  const parts = [pushData(header), ...keys.map((k) => pushData(k))]
  ;(p.vdata ?? []).forEach((d, i) => {
    assertBytes(d, undefined, `params.vdata[${i}]`)
    if (d.length === 0) throw new KomodoCcError('SCRIPT_INVALID', `params.vdata[${i}] is empty`, { index: i })
    parts.push(pushData(d))
  })
  const out = concatBytes(...parts)
  if (out.length > MAX_CC_PARAMS_SIZE)
    throw new KomodoCcError('SCRIPT_TOO_LARGE', `params are ${out.length} bytes, limit ${MAX_CC_PARAMS_SIZE}`, {
      length: out.length,
      max: MAX_CC_PARAMS_SIZE,
    })
  return out
}

/**
 * Builds a CC v2 scriptPubKey (`CCPubKey` with a mixed-mode sub-version): `push(prefix ‖ F) cc [push(P) OP_DROP]`, F
 * the mixed-mode fulfillment of the tree — for sub-version 0 after anonymising its first key threshold. The push is
 * what `CScript << vector` writes (direct below 76 bytes, then PUSHDATA1/2).
 * @throws KomodoCcError SCRIPT_TOO_LARGE (blob above Tokel's buffer, 1000 / 10000 bytes) | FULFILLMENT_INVALID | …
 * @example bytesToHex(ccV2Script(cc1of1(0xf5, tokensV2GlobalPk), { subver: 0 })).slice(0, 6) // '3e4da2'
 */
export function ccV2Script(cond: CcCondition, options: { subver: MixedSubver; params?: Uint8Array }): Uint8Array {
  const subver = options.subver
  if (subver !== 0 && subver !== 1)
    throw new KomodoCcError('ARG_INVALID', `subver expected 0 or 1, got ${String(subver)}`, { path: 'subver' })
  const f = encodeMixedFulfillment(subver === 0 ? anonymiseFirstThreshold(cond) : cond)
  const max = subver === 0 ? MAX_MIXED_BLOB_V0 : MAX_MIXED_BLOB_V1
  if (f.length + 1 > max)
    throw new KomodoCcError('SCRIPT_TOO_LARGE', `mixed-mode blob of ${f.length + 1} bytes, Tokel's buffer is ${max}`, {
      length: f.length + 1,
      max,
    })
  const blob = new Uint8Array(f.length + 1)
  blob[0] = MIXED_PREFIX[subver]
  blob.set(f, 1)
  const parts = [pushData(blob), Uint8Array.of(OP_CHECKCRYPTOCONDITION)]
  if (options.params !== undefined) {
    assertBytes(options.params, undefined, 'params')
    if (options.params.length === 0) throw new KomodoCcError('SCRIPT_INVALID', 'params are empty')
    parts.push(pushData(options.params), Uint8Array.of(OP_DROP))
  }
  return concatBytes(...parts)
}

/**
 * Recognises and decodes a CC v2 scriptPubKey: the first op pushes data starting with 'M' or 'N' (any push form,
 * `IsCCOpcodeValid`), then `cc`, then only non-empty pushes / OP_0 / OP_1..16 and OP_DROPs, balanced; the blob after
 * the prefix must decode as a mixed-mode fulfillment with no trailing byte. Null for anything else (a v1 CC script
 * included); never throws on script bytes.
 * @throws KomodoCcError BYTES_TYPE when `script` is not a Uint8Array
 * @example parseCcV2Script(script)?.evalCodes // [0xf5]
 */
export function parseCcV2Script(script: Uint8Array): ParsedCcV2Script | null {
  const head = ccV2Head(script)
  if (head === null) return null
  const { blob, end } = head
  let tree: CcCondition
  let condition: Uint8Array
  try {
    tree = decodeMixedFulfillment(blob.subarray(1))
    condition = encodeCondition(tree)
  } catch {
    return null
  }
  const tail: Uint8Array[] = []
  let depth = 0
  for (let pc = end; pc < script.length;) {
    const op = getOp(script, pc)
    if (op === null) return null
    pc = op.end
    if (op.opcode === OP_DROP) {
      if (depth === 0) return null
      depth--
    } else if (op.data !== undefined) {
      if (op.data.length === 0 && op.opcode !== 0) return null
      tail.push(op.data.slice())
      depth++
    } else if (op.opcode === 0x4f || (op.opcode >= 0x51 && op.opcode <= 0x60)) {
      tail.push(Uint8Array.of(op.opcode === 0x4f ? 0x81 : op.opcode - 0x50))
      depth++
    } else return null
  }
  if (depth !== 0) return null
  const out: ParsedCcV2Script = {
    subver: blob[0] === MIXED_PREFIX[0] ? 0 : 1,
    fulfillment: blob.slice(1),
    tree,
    condition,
    subScript: script.slice(0, end),
    evalCodes: evalCodesOf(tree),
    tail,
  }
  if (tail.length === 1) {
    const params = decodeCcParams(tail[0]!)
    if (params !== null) out.params = params
  }
  return out
}

/**
 * True when `script` starts as a CC v2 output (`IsPayToCCV2`: first pushed byte 'M' or 'N', then `cc`), without
 * decoding the blob. Never throws.
 * @example isCcV2Script(script) // true
 */
export function isCcV2Script(script: unknown): boolean {
  return script instanceof Uint8Array && ccV2Head(script) !== null
}

/**
 * The CC address of a v2 output: base58check(the chain's CC version, HASH160(`push(B) cc`)) — the v1 rule applied to
 * the v2 bytes, the OP_DROP tail excluded (`Getscriptaddress`; spec tokel-v2 §2.6). TOKEL and TKLTEST print version
 * 0x1C (`C…`); KMD params give the version-60 form of the source constants.
 * @throws KomodoCcError SCRIPT_INVALID when not a v2 script | CHAIN_PARAMS
 * @example ccV2Address(tokensV2GlobalScript, 'TOKEL') // 'CZnkvW5VyQQUEWZVSVnLv3PBn74gj6p3he'
 */
export function ccV2Address(script: Uint8Array, chain: ChainParams | string = KMD): string {
  assertBytes(script, undefined, 'script')
  const head = ccV2Head(script)
  if (head === null)
    throw new KomodoCcError('SCRIPT_INVALID', "not a CC v2 scriptPubKey (a push starting 'M' or 'N', then cc)")
  return hash160ToAddress(hash160(script.subarray(0, head.end)), 'cc', chain === KMD ? KMD : chainParams(chain))
}

/** The CC address of a tree's v2 output of sub-version `subver` (params never count). @example ccV2AddressOf(cc1of1(0xf5, pk), 0, 'TOKEL') */
export function ccV2AddressOf(cond: CcCondition, subver: MixedSubver, chain: ChainParams | string = KMD): string {
  return ccV2Address(ccV2Script(cond, { subver }), chain)
}

/** First op a non-empty push starting 'M'/'N' (any push opcode, `IsCCOpcodeValid`), second op `cc`. */
function ccV2Head(script: Uint8Array): { blob: Uint8Array; end: number } | null {
  assertBytes(script, undefined, 'script')
  if (script.length < 3 || script[0]! < 1 || script[0]! > 0x4e) return null
  const op = getOp(script, 0)
  if (op === null || op.data === undefined || op.data.length === 0) return null
  const b0 = op.data[0]!
  if (b0 !== MIXED_PREFIX[0] && b0 !== MIXED_PREFIX[1]) return null
  if (script[op.end] !== OP_CHECKCRYPTOCONDITION) return null
  return { blob: op.data, end: op.end + 1 }
}

/** @internal The eval codes (first code byte) of every eval node, ascending. @example evalCodesOf(tree) // [0xf5, 0xf6] */
export function evalCodesOf(c: CcCondition, out: Set<number> = new Set(), depth = 0): number[] {
  if (depth <= 64) {
    if (c.type === 'eval-sha-256' && c.code.length > 0) out.add(c.code[0]!)
    else if (c.type === 'threshold-sha-256') for (const s of c.subconditions) evalCodesOf(s, out, depth + 1)
  }
  return [...out].sort((a, b) => a - b)
}

/**
 * Decodes OP_DROP params P (`COptCCParams(vector)`): a 4-byte header element then pushes; null when P is not pushes
 * led by a 4-byte element. `valid` says whether the daemon's reader accepts them.
 * @example decodeCcParams(hexToBytes('0402f50101' + '21' + pk1))?.pubkeys // [pk1]
 */
export function decodeCcParams(p: Uint8Array): CcParamsV2 | null {
  assertBytes(p, undefined, 'params')
  const elems: Uint8Array[] = []
  for (let pc = 0; pc < p.length;) {
    const op = getOp(p, pc)
    if (op === null || op.data === undefined) return null
    elems.push(op.data)
    pc = op.end
  }
  const h = elems[0]
  if (h === undefined || h.length !== 4) return null
  const [version, evalCode, m, n] = [h[0]!, h[1]!, h[2]!, h[3]!]
  const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  const rest = elems.slice(1)
  if (version === 2) {
    const keys = rest.slice(0, n)
    const keysOk = keys.length === n && keys.every((k) => k.length === 33 && (k[0] === 2 || k[0] === 3))
    return {
      version,
      evalCode,
      m,
      n,
      pubkeys: keys.map(hex),
      vdata: rest.slice(keys.length).map(hex),
      valid: m >= 1 && m <= 128 && n >= 1 && n <= 128 && keysOk && elems.length > n,
    }
  }
  return {
    version,
    evalCode,
    m,
    n,
    pubkeys: [],
    vdata: rest.map(hex),
    valid: version === 1 && m === 1 && (n === 1 || n === 2) && elems.length > n,
  }
}
