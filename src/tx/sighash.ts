import { assertBigInt, assertBytes, assertU32 } from '../bytes/assert.js'
import { ByteWriter, compactSizeLength } from '../bytes/writer.js'
import { KomodoCcError } from '../errors.js'
import { sha256d } from '../hash/index.js'
import { OP } from '../script/opcodes.js'
import { getOp } from '../script/script.js'
import {
  blake2b256Personal as b2,
  blake2bFromMidstate,
  blake2bMidstate,
  blake2bMode,
  type Blake2bMode,
} from '../hash/blake2b.js'
import { put, put32, put64, putCs, writeJoinSplit } from './codec.js'
import { reversedHexInto, reversedHexToBytes } from './hex.js'
import { OVERWINTER_VERSION_GROUP_ID, SAPLING_BRANCH_ID, SAPLING_VERSION_GROUP_ID, type Transaction } from './types.js'

const I64_MIN = -0x8000000000000000n
const I64_MAX = 0x7fffffffffffffffn

/** Hash types (`SIGHASH_*`). @example SIGHASH_ALL // 1 */
export const SIGHASH_ALL = 1
/** @example SIGHASH_NONE // 2 */
export const SIGHASH_NONE = 2
/** @example SIGHASH_SINGLE // 3 */
export const SIGHASH_SINGLE = 3
/** @example SIGHASH_ALL | SIGHASH_ANYONECANPAY // 0x81 */
export const SIGHASH_ANYONECANPAY = 0x80

/** What one input's signature hash commits to besides the transaction. */
export type SighashOptions = {
  /** The script being satisfied: the spent scriptPubKey for P2PK/P2PKH, `<push cond> cc` for CC inputs. */
  scriptCode: Uint8Array
  /** Value of the spent output in satoshis (ZIP-143/243; ignored by the legacy hash). */
  value: bigint
  /** Default SIGHASH_ALL. Only the six defined types are accepted (komodod enforces STRICTENC). */
  hashType?: number
  /** Consensus branch id for v3/v4; default Sapling 0x76b809bb (KMD and every asset chain). */
  branchId?: number
  /** Which BLAKE2b hashes it ({@link Blake2bMode}): default `'auto'` (WebAssembly where available), `'js'` forces pure JS. Same digest either way. */
  blake2b?: Blake2bMode
}

const utf8 = (s: string): Uint8Array => {
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}
const P_PREVOUT = /* @__PURE__ */ utf8('ZcashPrevoutHash')
const P_SEQUENCE = /* @__PURE__ */ utf8('ZcashSequencHash')
const P_OUTPUTS = /* @__PURE__ */ utf8('ZcashOutputsHash')
const P_JSPLITS = /* @__PURE__ */ utf8('ZcashJSplitsHash')
const P_SSPENDS = /* @__PURE__ */ utf8('ZcashSSpendsHash')
const P_SOUTPUTS = /* @__PURE__ */ utf8('ZcashSOutputHash')
const ZERO32: Uint8Array = /* @__PURE__ */ new Uint8Array(32)

/** The per-transaction ZIP-143/243 digests (32 bytes each; zero where the transaction has nothing to hash). */
export type SighashParts = {
  hashPrevouts: Uint8Array
  hashSequence: Uint8Array
  hashOutputs: Uint8Array
  hashJoinSplits: Uint8Array
  hashShieldedSpends: Uint8Array
  hashShieldedOutputs: Uint8Array
}

function checkHashType(v: unknown): number {
  if (v === undefined) return SIGHASH_ALL
  if (typeof v !== 'number' || !Number.isInteger(v) || ![1, 2, 3, 0x81, 0x82, 0x83].includes(v))
    throw new KomodoCcError(
      'SIGHASH_INVALID',
      `hashType expected ALL/NONE/SINGLE (1/2/3), optionally | ANYONECANPAY (0x80), got ${String(v)}`,
      { got: String(v) },
    )
  return v
}

/** An input's u32 field (`v >>> 0 === v` holds for exactly the u32 numbers), or INT_RANGE naming it. */
const u32Field = (v: number, i: number, field: string): number =>
  v >>> 0 === v ? v : assertU32(v, `vin[${i}].${field}`)

function checkIndex(tx: Transaction, inputIndex: number | null): void {
  if (inputIndex === null) return
  if (typeof inputIndex !== 'number' || !Number.isInteger(inputIndex) || inputIndex < 0 || inputIndex >= tx.vin.length)
    throw new KomodoCcError(
      'SIGHASH_INVALID',
      `inputIndex ${String(inputIndex)} is not an input of this ${tx.vin.length}-input transaction`,
      { inputIndex: String(inputIndex), inputs: tx.vin.length },
    )
}

type CheckedOptions = {
  scriptCode: Uint8Array
  value: bigint
  hashType: number
  branchId: number
  blake2b: Blake2bMode
}

function checkOptions(o: SighashOptions, fallback: Blake2bMode = 'auto'): CheckedOptions {
  if (typeof o !== 'object' || o === null)
    throw new KomodoCcError('ARG_INVALID', 'sighash options expected { scriptCode, value, hashType?, branchId? }')
  const scriptCode = assertBytes(o.scriptCode, undefined, 'scriptCode')
  if (typeof o.value !== 'bigint' || o.value < -(2n ** 63n) || o.value >= 2n ** 63n)
    throw new KomodoCcError('INT_RANGE', `value expected a bigint in the i64 range (satoshis), got ${typeof o.value}`, {
      name: 'value',
    })
  const branchId = o.branchId === undefined ? SAPLING_BRANCH_ID : o.branchId
  if (typeof branchId !== 'number' || !Number.isInteger(branchId) || branchId < 0 || branchId > 0xffffffff)
    throw new KomodoCcError('INT_RANGE', `branchId expected a u32, got ${String(branchId)}`, { name: 'branchId' })
  const blake2b = o.blake2b === undefined ? fallback : blake2bMode(o.blake2b, 'blake2b')
  return { scriptCode, value: o.value, hashType: checkHashType(o.hashType), branchId, blake2b }
}

/**
 * Computes the per-transaction digests once; {@link createSighasher} uses them for every input. `blake2b`: which
 * BLAKE2b hashes them ({@link Blake2bMode}, default `'auto'`).
 * @example bytesToHex(sighashParts(tx).hashPrevouts)
 */
export function sighashParts(tx: Transaction, blake2b: Blake2bMode = 'auto'): SighashParts {
  const mode = blake2bMode(blake2b, 'blake2b')
  const v4 = tx.overwintered && tx.version === 4 && tx.versionGroupId === SAPLING_VERSION_GROUP_ID
  // the transparent preimages are written straight into arrays of their exact size (checked field by field first)
  const nIn = tx.vin.length
  const prev = new Uint8Array(36 * nIn),
    seq = new Uint8Array(4 * nIn)
  for (let k = 0; k < nIn; k++) {
    const i = tx.vin[k]!
    reversedHexInto(i.txid, prev, 36 * k)
    put32(prev, 36 * k + 32, u32Field(i.vout, k, 'vout'))
    put32(seq, 4 * k, u32Field(i.sequence, k, 'sequence'))
  }
  let outLen = 0
  for (let k = 0; k < tx.vout.length; k++) {
    const o = tx.vout[k]!
    if (typeof o.value !== 'bigint' || o.value < I64_MIN || o.value > I64_MAX)
      assertBigInt(o.value, I64_MIN, I64_MAX, `vout[${k}].value`)
    const n =
      o.script instanceof Uint8Array ? o.script.length : assertBytes(o.script, undefined, `vout[${k}].script`).length
    outLen += 8 + compactSizeLength(n) + n
  }
  const outs = new Uint8Array(outLen)
  let q = 0
  for (const o of tx.vout) {
    put64(outs, q, o.value)
    q = put(outs, putCs(outs, q + 8, o.script.length), o.script)
  }
  // fresh zero digests: the parts are the caller's (a shared table handed out could be written through)
  let hashJoinSplits: Uint8Array = new Uint8Array(32)
  if (tx.joinSplits.length > 0) {
    const w = new ByteWriter(2000 * tx.joinSplits.length)
    for (const js of tx.joinSplits) writeJoinSplit(w, js)
    w.bytes(tx.joinSplitPubKey!)
    hashJoinSplits = b2(w.finish(), P_JSPLITS, mode)
  }
  let hashShieldedSpends: Uint8Array = new Uint8Array(32),
    hashShieldedOutputs: Uint8Array = new Uint8Array(32)
  if (v4 && tx.shieldedSpends.length > 0) {
    const w = new ByteWriter(320 * tx.shieldedSpends.length)
    for (const s of tx.shieldedSpends) w.bytes(s.cv).bytes(s.anchor).bytes(s.nullifier).bytes(s.rk).bytes(s.zkproof)
    hashShieldedSpends = b2(w.finish(), P_SSPENDS, mode)
  }
  if (v4 && tx.shieldedOutputs.length > 0) {
    const w = new ByteWriter(948 * tx.shieldedOutputs.length)
    for (const o of tx.shieldedOutputs)
      w.bytes(o.cv).bytes(o.cmu).bytes(o.ephemeralKey).bytes(o.encCiphertext).bytes(o.outCiphertext).bytes(o.zkproof)
    hashShieldedOutputs = b2(w.finish(), P_SOUTPUTS, mode)
  }
  return {
    hashPrevouts: b2(prev, P_PREVOUT, mode),
    hashSequence: b2(seq, P_SEQUENCE, mode),
    hashOutputs: b2(outs, P_OUTPUTS, mode),
    hashJoinSplits,
    hashShieldedSpends,
    hashShieldedOutputs,
  }
}

/**
 * A signature-hash function for one transaction that computes the prevouts/sequence/outputs/shielded digests
 * once and reuses them for every input (ZIP-143/243), or the legacy double-SHA256 for pre-Overwinter.
 * The transaction must not change between calls (scriptSigs may: no algorithm hashes them). `options.blake2b`: which
 * BLAKE2b this sighasher uses ({@link Blake2bMode}, default `'auto'`); a call's own `blake2b` option overrides it.
 * @throws KomodoCcError TX_INVALID | SIGHASH_INVALID | TX_VERSION | INT_RANGE | BYTES_TYPE | ARG_INVALID
 * @example const h = createSighasher(tx); h(0, { scriptCode, value: 100000000n })
 */
export function createSighasher(
  tx: Transaction,
  options: { blake2b?: Blake2bMode } = {},
): (inputIndex: number | null, options: SighashOptions) => Uint8Array {
  if (typeof tx !== 'object' || tx === null) throw new KomodoCcError('TX_INVALID', 'tx expected a Transaction object')
  if (!tx.overwintered) {
    blake2bMode(options?.blake2b, 'blake2b') // checked here too, though no BLAKE2b runs
    return (inputIndex, options) => legacySighash(tx, inputIndex, options)
  }
  return createOverwinterSighasher(tx, options)
}

/**
 * {@link createSighasher} for Overwinter v3 and Sapling v4 transactions only (`TX_VERSION` for any other): what a
 * module builder signs with, since it builds v4 alone (its bundle then holds no pre-Overwinter sighash).
 * @throws KomodoCcError TX_VERSION | SIGHASH_INVALID | INT_RANGE | BYTES_TYPE | ARG_INVALID
 * @internal used by tx/sign.ts and cctx/complete.ts
 * @example const h = createOverwinterSighasher(tx); h(0, { scriptCode, value: 100000000n })
 */
export function createOverwinterSighasher(
  tx: Transaction,
  options: { blake2b?: Blake2bMode } = {},
): (inputIndex: number | null, options: SighashOptions) => Uint8Array {
  const mode = blake2bMode(options?.blake2b, 'blake2b')
  const v3 = tx.overwintered && tx.version === 3 && tx.versionGroupId === OVERWINTER_VERSION_GROUP_ID
  const v4 = tx.overwintered && tx.version === 4 && tx.versionGroupId === SAPLING_VERSION_GROUP_ID
  if (!v3 && !v4)
    throw new KomodoCcError(
      'TX_VERSION',
      tx.overwintered
        ? `no signature hash for overwintered v${tx.version} with group ${tx.versionGroupId}`
        : 'a pre-Overwinter transaction where an Overwinter v3 or Sapling v4 one was expected',
    )
  let parts: SighashParts | undefined
  // the first 128 preimage bytes depend only on the transaction, the hash type and the branch id: their
  // compressed BLAKE2b state is kept per (hashType, branchId) and each input only hashes the rest
  const mids = new Map<number, Int32Array>()
  return (inputIndex, options) => {
    checkIndex(tx, inputIndex)
    const o = checkOptions(options, mode)
    parts ??= sighashParts(tx, o.blake2b)
    return zcashSighash(tx, parts, v4, inputIndex, o, mids)
  }
}

/**
 * The signature hash komodod signs for input `inputIndex` (`null` = NOT_AN_INPUT): ZIP-243 for Sapling v4,
 * ZIP-143 for Overwinter v3 (personalization `ZcashSigHash` ‖ branch id LE), the legacy double-SHA256 below
 * Overwinter (with the `SIGHASH_SINGLE` "one" quirk). The 32 bytes are the ECDSA message as is (never reversed).
 * For a CC input, `scriptCode` is `<push condition> cc` only, even when the spent output carries vData.
 * @throws KomodoCcError TX_INVALID | SIGHASH_INVALID | TX_VERSION | INT_RANGE | BYTES_TYPE
 * @example bytesToHex(sighash(tx, 0, { scriptCode, value: 100000000n })) // 'b07a68d0…70bc'
 */
export function sighash(tx: Transaction, inputIndex: number | null, options: SighashOptions): Uint8Array {
  const v4 = isTransparentV4OrV3(tx)
  if (v4 === null) return createSighasher(tx)(inputIndex, options)
  checkIndex(tx, inputIndex)
  const o = checkOptions(options)
  return zcashSighash(tx, sighashParts(tx, o.blake2b), v4, inputIndex, o)
}

/** true = transparent v4, false = transparent v3, null = anything else (not cached: legacy, shielded, JoinSplits, malformed). */
function isTransparentV4OrV3(tx: Transaction): boolean | null {
  if (typeof tx !== 'object' || tx === null || tx.overwintered !== true) return null
  if (!Array.isArray(tx.vin) || !Array.isArray(tx.vout) || !Array.isArray(tx.joinSplits) || tx.joinSplits.length !== 0)
    return null
  if (tx.version === 4 && tx.versionGroupId === SAPLING_VERSION_GROUP_ID) {
    if (
      !Array.isArray(tx.shieldedSpends) ||
      !Array.isArray(tx.shieldedOutputs) ||
      tx.shieldedSpends.length !== 0 ||
      tx.shieldedOutputs.length !== 0
    )
      return null
    return true
  }
  if (tx.version === 3 && tx.versionGroupId === OVERWINTER_VERSION_GROUP_ID) return false
  return null
}

function zcashSighash(
  tx: Transaction,
  p: SighashParts,
  v4: boolean,
  nIn: number | null,
  o: CheckedOptions,
  mids?: Map<number, Int32Array>,
): Uint8Array {
  const ht = o.hashType
  const base = ht & 0x1f
  const acp = (ht & SIGHASH_ANYONECANPAY) !== 0
  const hashPrevouts = acp ? ZERO32 : p.hashPrevouts
  const hashSequence = !acp && base !== SIGHASH_SINGLE && base !== SIGHASH_NONE ? p.hashSequence : ZERO32
  let hashOutputs: Uint8Array = ZERO32
  if (base !== SIGHASH_SINGLE && base !== SIGHASH_NONE) hashOutputs = p.hashOutputs
  else if (base === SIGHASH_SINGLE && nIn !== null && nIn < tx.vout.length) {
    const out = tx.vout[nIn]!
    hashOutputs = b2(
      new ByteWriter(out.script.length + 12).i64le(out.value).varBytes(out.script).finish(),
      P_OUTPUTS,
      o.blake2b,
    )
  }
  // the preimage, written straight into an exact-size buffer
  const sc = o.scriptCode
  const csLen = sc.length < 0xfd ? 1 : sc.length <= 0xffff ? 3 : 5
  const size = 8 + 128 + (v4 ? 64 : 0) + 8 + (v4 ? 8 : 0) + 4 + (nIn === null ? 0 : 36 + csLen + sc.length + 12)
  // every byte of pre[0, size) is written below: a reused scratch buffer needs no clearing
  const pre = size <= PRE.length ? PRE : new Uint8Array(size)
  const dv = pre === PRE ? PRE_DV : new DataView(pre.buffer)
  dv.setUint32(0, 0x80000000 + tx.version, true)
  dv.setUint32(4, tx.versionGroupId, true)
  pre.set(hashPrevouts, 8)
  pre.set(hashSequence, 40)
  pre.set(hashOutputs, 72)
  pre.set(p.hashJoinSplits, 104)
  let q = 136
  if (v4) {
    pre.set(p.hashShieldedSpends, q)
    pre.set(p.hashShieldedOutputs, q + 32)
    q += 64
  }
  dv.setUint32(q, tx.lockTime, true)
  dv.setUint32(q + 4, tx.expiryHeight, true)
  q += 8
  if (v4) {
    dv.setBigInt64(q, tx.valueBalance, true)
    q += 8
  }
  dv.setUint32(q, ht, true)
  q += 4
  if (nIn !== null) {
    const input = tx.vin[nIn]!
    const v = u32Field(input.vout, nIn, 'vout')
    reversedHexInto(input.txid, pre, q)
    pre[q + 32] = v
    pre[q + 33] = v >>> 8
    pre[q + 34] = v >>> 16
    pre[q + 35] = v >>> 24
    q += 36
    if (csLen === 1) pre[q] = sc.length
    else if (csLen === 3) {
      pre[q] = 0xfd
      dv.setUint16(q + 1, sc.length, true)
    } else {
      pre[q] = 0xfe
      dv.setUint32(q + 1, sc.length, true)
    }
    q += csLen
    pre.set(sc, q)
    q += sc.length
    dv.setBigInt64(q, o.value, true)
    dv.setUint32(q + 8, input.sequence, true)
  }
  // SINGLE hashes a per-input output digest into the first block: no shared prefix then
  if (mids === undefined || base === SIGHASH_SINGLE || size <= 128)
    return b2(pre.subarray(0, size), personalization(o.branchId), o.blake2b)
  const key = ht * 0x100000000 + o.branchId
  let mid = mids.get(key)
  if (mid === undefined)
    mids.set(key, (mid = blake2bMidstate(personalization(o.branchId), pre.subarray(0, 128), o.blake2b)))
  return blake2bFromMidstate(mid, pre.subarray(128, size), o.blake2b)
}

const PRE = /* @__PURE__ */ new Uint8Array(512)
const PRE_DV = /* @__PURE__ */ new DataView(PRE.buffer)

const SIGHASH_PREFIX = /* @__PURE__ */ utf8('ZcashSigHash')
function personalizationOf(branchId: number): Uint8Array {
  const p = new Uint8Array(16)
  p.set(SIGHASH_PREFIX)
  p[12] = branchId & 0xff
  p[13] = (branchId >>> 8) & 0xff
  p[14] = (branchId >>> 16) & 0xff
  p[15] = branchId >>> 24
  return p
}
// a table (never written after it is made): Sapling's, the branch of KMD and every asset chain
const SAPLING_PERSON = /* @__PURE__ */ personalizationOf(SAPLING_BRANCH_ID)
/** "ZcashSigHash" ‖ branch id LE: Sapling's from the table, any other made for the call. */
function personalization(branchId: number): Uint8Array {
  return branchId === SAPLING_BRANCH_ID ? SAPLING_PERSON : personalizationOf(branchId)
}

/** scriptCode with every OP_CODESEPARATOR removed (legacy algorithm). */
function stripCodeSeparators(s: Uint8Array): Uint8Array {
  const parts: number[] = []
  let pc = 0
  while (pc < s.length) {
    const op = getOp(s, pc)
    if (op === null) {
      for (let i = pc; i < s.length; i++) parts.push(s[i]!)
      break
    }
    if (op.opcode !== OP.CODESEPARATOR) for (let i = op.start; i < op.end; i++) parts.push(s[i]!)
    pc = op.end
  }
  return parts.length === s.length ? s : Uint8Array.from(parts)
}

function legacySighash(tx: Transaction, nIn: number | null, options: SighashOptions): Uint8Array {
  const o = checkOptions(options)
  if (nIn === null) throw new KomodoCcError('SIGHASH_INVALID', 'the legacy signature hash needs an input index')
  checkIndex(tx, nIn)
  const base = o.hashType & 0x1f
  const acp = (o.hashType & SIGHASH_ANYONECANPAY) !== 0
  if (base === SIGHASH_SINGLE && nIn >= tx.vout.length) {
    const one = new Uint8Array(32)
    one[0] = 1
    return one
  }
  const scriptCode = stripCodeSeparators(o.scriptCode)
  const w = new ByteWriter(256 + scriptCode.length)
  w.u32le(tx.version)
  const inputs = acp ? [nIn] : tx.vin.map((_, i) => i)
  w.compactSize(inputs.length)
  for (const i of inputs) {
    const input = tx.vin[i]!
    w.bytes(reversedHexToBytes(input.txid)).u32le(input.vout)
    w.varBytes(i === nIn ? scriptCode : new Uint8Array(0))
    w.u32le(i !== nIn && (base === SIGHASH_SINGLE || base === SIGHASH_NONE) ? 0 : input.sequence)
  }
  const nOut = base === SIGHASH_NONE ? 0 : base === SIGHASH_SINGLE ? nIn + 1 : tx.vout.length
  w.compactSize(nOut)
  for (let i = 0; i < nOut; i++) {
    if (base === SIGHASH_SINGLE && i !== nIn) w.i64le(-1n).varBytes(new Uint8Array(0))
    else w.i64le(tx.vout[i]!.value).varBytes(tx.vout[i]!.script)
  }
  w.u32le(tx.lockTime)
  if (tx.version >= 2) {
    w.compactSize(tx.joinSplits.length)
    for (const js of tx.joinSplits) writeJoinSplit(w, js)
    if (tx.joinSplits.length > 0) w.bytes(tx.joinSplitPubKey!).bytes(new Uint8Array(64)) // joinSplitSig blanked
  }
  w.u32le(o.hashType)
  return sha256d(w.finish())
}

/** @internal for tests: the personalization of the final digest. @example sighashPersonalization(0x76b809bb) */
export function sighashPersonalization(branchId: number): Uint8Array {
  const p = new Uint8Array(16)
  p.set(utf8('ZcashSigHash'))
  new DataView(p.buffer).setUint32(12, branchId >>> 0, true)
  return p
}
