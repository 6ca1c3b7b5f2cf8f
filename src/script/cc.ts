import { concatBytes } from '../bytes/utils.js'
// CC scriptPubKey: `<push condition> OP_CHECKCRYPTOCONDITION [<push params> OP_DROP]` (komodo src/script/cc.cpp
// CCPubKey, src/script/script.cpp IsPayToCryptoCondition, src/cc/CCutils.cpp MakeCC1vout, src/script/standard.cpp
// COptCCParams). Owned by the cc area; the rest of src/script/ belongs to the script helper.
import { KomodoCcError } from '../errors.js'
import { assertBytes, assertInt } from '../bytes/assert.js'
import { encodeCondition } from '../cc/condition.js'
import type { CcCondition } from '../cc/types.js'

/** `OP_CHECKCRYPTOCONDITION`. */
export const OP_CHECKCRYPTOCONDITION = 0xcc
/** `OP_DROP`. */
const OP_DROP = 0x75
/** The interpreter's element size limit: the params push is executed when the output is spent. */
export const MAX_CC_PARAMS_SIZE = 520
/** komodod's `EvalCryptoConditionSig` bound on the scriptSig push (fulfillment + hashtype). */
export const MAX_CC_SCRIPTSIG_PUSH = 2048

/** The `COptCCParams` header of a vData blob: version (1), eval code, then n and m (MakeCC1vout 1,1; 1of2 1,2). */
export type CcParamsHeader = { version: number; evalCode: number; n: number; m: number }

/** Extra data appended after `OP_CHECKCRYPTOCONDITION` by `MakeCC1vout`/`MakeCC1of2vout`. */
export type CcVData = {
  /** Eval code written in the header (the module's). */
  evalCode: number
  /** Header byte 2 (1). */
  n?: number
  /** Header byte 3: 1 for a 1-of-1 output, 2 for a 1-of-2 (MakeCC1of2vout). */
  m?: number
  /** The data elements (normally each a complete OP_RETURN script `6a…`), each non-empty. */
  data: readonly Uint8Array[]
}

/** What {@link parseCcScript} returns. Byte arrays are copies. */
export type ParsedCcScript = {
  /** The condition binary (the first push). Not decoded: see `decodeCondition`. */
  condition: Uint8Array
  /** `<push condition> cc`: what the CC address hashes and what a spend signs as scriptCode. */
  subScript: Uint8Array
  /** Every element pushed after `cc` (GetBalancedData's vParams), empty when there is no tail. */
  tail: Uint8Array[]
  /** When the tail is one `<push P> OP_DROP` and P is pushes led by a 4-byte header: the header. */
  params?: CcParamsHeader
  /** …and the elements of P after the header (MakeCC1vout's vData). */
  vData?: Uint8Array[]
}

/**
 * Builds a CC scriptPubKey: `<push condition> cc`, plus `<push P> OP_DROP` when `vData` is given, with
 * P = push(01 evalCode n m) ‖ push(each element). Pushes are minimal (direct, then PUSHDATA1/2).
 * @throws KomodoCcError SCRIPT_INVALID (condition ≥ 76 bytes, empty element) | SCRIPT_TOO_LARGE (P > 520 bytes)
 * @example bytesToHex(ccScript(cc1of1(0xe4, faucetPk))) // '2ea22c8020e029…0401cc'
 */
export function ccScript(cond: CcCondition | Uint8Array, vData?: CcVData): Uint8Array {
  const c = cond instanceof Uint8Array ? cond : encodeCondition(cond)
  if (c.length < 1 || c.length > 75)
    throw new KomodoCcError(
      'SCRIPT_INVALID',
      `the condition push must be a direct push of 1..75 bytes, got ${c.length}`,
      { length: c.length },
    )
  const sub = new Uint8Array(c.length + 2)
  sub[0] = c.length
  sub.set(c, 1)
  sub[c.length + 1] = OP_CHECKCRYPTOCONDITION
  if (vData === undefined) return sub
  if (typeof vData !== 'object' || vData === null || !Array.isArray(vData.data))
    throw new KomodoCcError('ARG_INVALID', 'vData expected { evalCode, n?, m?, data: Uint8Array[] }')
  const header = Uint8Array.of(
    1,
    assertInt(vData.evalCode, 0, 255, 'vData.evalCode'),
    assertInt(vData.n ?? 1, 0, 255, 'vData.n'),
    assertInt(vData.m ?? 1, 0, 255, 'vData.m'),
  )
  const parts = [push(header)]
  vData.data.forEach((d, i) => {
    assertBytes(d, undefined, `vData.data[${i}]`)
    if (d.length === 0)
      throw new KomodoCcError('SCRIPT_INVALID', `vData.data[${i}] is empty (an empty push reads back as OP_0)`, {
        index: i,
      })
    parts.push(push(d))
  })
  const p = concatBytes(...parts)
  if (p.length > MAX_CC_PARAMS_SIZE)
    throw new KomodoCcError(
      'SCRIPT_TOO_LARGE',
      `the vData blob is ${p.length} bytes; a spend executes its push, limit ${MAX_CC_PARAMS_SIZE}`,
      { length: p.length, max: MAX_CC_PARAMS_SIZE },
    )
  return concatBytes(sub, push(p), Uint8Array.of(OP_DROP))
}

/**
 * @internal Where a CC scriptPubKey's `<push condition> cc` prefix ends (its length), or -1 when `script` does not
 * start with a direct push of 1..75 bytes followed by OP_CHECKCRYPTOCONDITION. The one check of that prefix.
 * @example ccPrefixEnd(ccScript(cond)) // 2 + condition length
 */
export function ccPrefixEnd(script: Uint8Array): number {
  const len = script[0] ?? 0
  return len >= 1 && len <= 75 && script.length >= len + 2 && script[len + 1] === OP_CHECKCRYPTOCONDITION ? len + 2 : -1
}

/**
 * Recognises a CC scriptPubKey as `IsPayToCryptoCondition` does and splits it: first op a direct push of 1..75
 * bytes, then `cc`, then only non-empty pushes / OP_0 / OP_1..16 and OP_DROPs, balanced. Returns null for any
 * other script (never throws on script bytes).
 * @throws KomodoCcError BYTES_TYPE when `script` is not a Uint8Array
 * @example parseCcScript(hexToBytes('2ea22c…0401cc'))!.condition.length // 46
 */
export function parseCcScript(script: Uint8Array): ParsedCcScript | null {
  assertBytes(script, undefined, 'script')
  const n = script.length
  const end = ccPrefixEnd(script)
  if (end < 0) return null
  const tail: Uint8Array[] = []
  let net = 0
  let p = end
  while (p < n) {
    const op = script[p++]!
    if (op === OP_DROP) {
      if (--net < 0) return null
      continue
    }
    net++
    if (op === 0) tail.push(Uint8Array.of(0))
    else if (op >= 0x51 && op <= 0x60) tail.push(Uint8Array.of(op - 0x50))
    else if (op <= 0x4e) {
      let size: number
      if (op < 0x4c) size = op
      else if (op === 0x4c) {
        if (p + 1 > n) return null
        size = script[p]!
        p += 1
      } else if (op === 0x4d) {
        if (p + 2 > n) return null
        size = script[p]! | (script[p + 1]! << 8)
        p += 2
      } else {
        if (p + 4 > n) return null
        size = (script[p]! | (script[p + 1]! << 8) | (script[p + 2]! << 16) | (script[p + 3]! << 24)) >>> 0
        p += 4
      }
      if (size === 0 || size > n - p) return null
      tail.push(script.slice(p, p + size))
      p += size
    } else return null
  }
  if (net !== 0) return null
  const out: ParsedCcScript = { condition: script.slice(1, end - 1), subScript: script.slice(0, end), tail }
  // with one element and net zero, the tail is exactly `<push P> OP_DROP`
  if (tail.length === 1) {
    const elems = pushes(tail[0]!)
    if (elems !== null && elems.length > 0 && elems[0]!.length === 4) {
      const h = elems[0]!
      out.params = { version: h[0]!, evalCode: h[1]!, n: h[2]!, m: h[3]! }
      out.vData = elems.slice(1)
    }
  }
  return out
}

/**
 * True when `script` is a CC scriptPubKey (see {@link parseCcScript}); false for anything else, including non-bytes.
 * @example isCcScript(hexToBytes('2ea22c…0401cc')) // true
 */
export function isCcScript(script: unknown): boolean {
  return script instanceof Uint8Array && parseCcScript(script) !== null
}

/**
 * The part of a CC scriptPubKey up to and including `cc` (the CC address preimage and the spend's scriptCode).
 * @throws KomodoCcError SCRIPT_INVALID when `script` is not a CC script
 * @example bytesToHex(ccSubScript(scriptWithVData)) // '2ea22c…0401cc'
 */
export function ccSubScript(script: Uint8Array): Uint8Array {
  const p = parseCcScript(script)
  if (p === null)
    throw new KomodoCcError(
      'SCRIPT_INVALID',
      'not a CC scriptPubKey (push of 1..75 bytes, OP_CHECKCRYPTOCONDITION, balanced pushes/drops)',
    )
  return p.subScript
}

/**
 * The CC input scriptSig (`CCSig`): one push of `fulfillment ‖ hashType` (SIGHASH_ALL = 1).
 * @throws KomodoCcError SCRIPT_TOO_LARGE when the push exceeds 2048 bytes
 * @example bytesToHex(ccScriptSig(fulfillment120)).slice(0, 4) // '4c79'
 */
export function ccScriptSig(fulfillment: Uint8Array, hashType = 1): Uint8Array {
  assertBytes(fulfillment, undefined, 'fulfillment')
  assertInt(hashType, 0, 255, 'hashType')
  const data = new Uint8Array(fulfillment.length + 1)
  data.set(fulfillment)
  data[fulfillment.length] = hashType
  if (data.length > MAX_CC_SCRIPTSIG_PUSH)
    throw new KomodoCcError(
      'SCRIPT_TOO_LARGE',
      `the CC scriptSig push is ${data.length} bytes, limit ${MAX_CC_SCRIPTSIG_PUSH}`,
      { length: data.length, max: MAX_CC_SCRIPTSIG_PUSH },
    )
  return push(data)
}

function pushLength(n: number): number {
  return n < 0x4c ? 1 : n <= 0xff ? 2 : n <= 0xffff ? 3 : 5
}

function push(d: Uint8Array): Uint8Array {
  const n = d.length
  const h = pushLength(n)
  const out = new Uint8Array(h + n)
  if (h === 1) out[0] = n
  else if (h === 2) out.set([0x4c, n])
  else if (h === 3) out.set([0x4d, n & 0xff, n >> 8])
  else out.set([0x4e, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24])
  out.set(d, h)
  return out
}

function pushes(b: Uint8Array): Uint8Array[] | null {
  const out: Uint8Array[] = []
  let p = 0
  while (p < b.length) {
    const op = b[p++]!
    if (op === 0) out.push(Uint8Array.of(0))
    else if (op >= 0x51 && op <= 0x60) out.push(Uint8Array.of(op - 0x50))
    else if (op <= 0x4e) {
      let size: number
      if (op < 0x4c) size = op
      else if (op === 0x4c) {
        if (p + 1 > b.length) return null
        size = b[p++]!
      } else if (op === 0x4d) {
        if (p + 2 > b.length) return null
        size = b[p]! | (b[p + 1]! << 8)
        p += 2
      } else {
        if (p + 4 > b.length) return null
        size = (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0
        p += 4
      }
      if (size === 0 || size > b.length - p) return null
      out.push(b.slice(p, p + size))
      p += size
    } else return null
  }
  return out
}
