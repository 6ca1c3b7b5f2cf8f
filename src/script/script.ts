import { assertBytes } from '../bytes/assert.js'
import { bytesToHex } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { OP, opcodeName } from './opcodes.js'

/**
 * Scripts above this are non-standard outputs (`IGUANA_MAXSCRIPTSIZE`, komodod's "opreturn too big"). @example
 * opReturnScript(payload).length <= IGUANA_MAXSCRIPTSIZE
 */
export const IGUANA_MAXSCRIPTSIZE = 10001
/** Consensus limit on an executed script (`MAX_SCRIPT_SIZE`). @example MAX_SCRIPT_SIZE // 10000 */
export const MAX_SCRIPT_SIZE = 10000
/** Largest element a script may push when executed (`MAX_SCRIPT_ELEMENT_SIZE`): the CC vData blob limit. @example MAX_SCRIPT_ELEMENT_SIZE // 520 */
export const MAX_SCRIPT_ELEMENT_SIZE = 520
/** Default `-datacarriersize` policy on KMD since May 2024 (OP_RETURN script bytes). @example opReturnScript(p, { maxScriptSize: DATACARRIER_SIZE_KMD }) */
export const DATACARRIER_SIZE_KMD = 140
/** Default `-datacarriersize` policy on asset chains since May 2024. @example opReturnScript(p, { maxScriptSize: DATACARRIER_SIZE_ASSET_CHAIN }) */
export const DATACARRIER_SIZE_ASSET_CHAIN = 208

/** One decoded script operation: the opcode, and for pushes the pushed bytes (a view). */
export type ScriptOp = { opcode: number; data?: Uint8Array; start: number; end: number }

/**
 * Splits a script into operations the way komodod's `GetOp` does. A push that runs past the end throws
 * `SCRIPT_INVALID` with the offset (komodod prints `[error]` there; {@link scriptToAsm} does the same).
 * @throws KomodoCcError SCRIPT_INVALID | BYTES_TYPE
 * @example decompileScript(hexToBytes('76a914' + '00'.repeat(20) + '88ac')).length // 5
 */
export function decompileScript(script: Uint8Array): ScriptOp[] {
  assertBytes(script, undefined, 'script')
  const ops: ScriptOp[] = []
  let pc = 0
  while (pc < script.length) {
    const op = getOp(script, pc)
    if (op === null)
      throw new KomodoCcError(
        'SCRIPT_INVALID',
        `push at offset ${pc} runs past the end of the ${script.length}-byte script`,
        { offset: pc },
      )
    ops.push(op)
    pc = op.end
  }
  return ops
}

/** @internal komodod GetOp: null on a truncated push. @example getOp(script, 0)?.opcode */
export function getOp(s: Uint8Array, pc: number): ScriptOp | null {
  const start = pc
  const opcode = s[pc++]!
  if (opcode > OP.PUSHDATA4) return { opcode, start, end: pc }
  let n: number
  if (opcode < OP.PUSHDATA1) n = opcode
  else if (opcode === OP.PUSHDATA1) {
    if (pc + 1 > s.length) return null
    n = s[pc]!
    pc += 1
  } else if (opcode === OP.PUSHDATA2) {
    if (pc + 2 > s.length) return null
    n = s[pc]! | (s[pc + 1]! << 8)
    pc += 2
  } else {
    if (pc + 4 > s.length) return null
    n = (s[pc]! | (s[pc + 1]! << 8) | (s[pc + 2]! << 16) | (s[pc + 3]! << 24)) >>> 0
    pc += 4
  }
  if (n > s.length - pc) return null
  return { opcode, data: s.subarray(pc, pc + n), start, end: pc + n }
}

/**
 * The push komodod's `CScript << vector` writes: a length byte below 76, then `4c`/`4d`/`4e` forms; never the
 * OP_1..OP_16 substitution (a 1-byte payload stays `01 xx`).
 * @throws KomodoCcError BYTES_TYPE
 * @example bytesToHex(pushData(new Uint8Array([7]))) // '0107'
 */
export function pushData(data: Uint8Array): Uint8Array {
  assertBytes(data, undefined, 'data')
  const n = data.length
  const head = n < OP.PUSHDATA1 ? 1 : n <= 0xff ? 2 : n <= 0xffff ? 3 : 5
  const out = new Uint8Array(head + n)
  if (head === 1) out[0] = n
  else if (head === 2) {
    out[0] = OP.PUSHDATA1
    out[1] = n
  } else if (head === 3) {
    out[0] = OP.PUSHDATA2
    out[1] = n & 0xff
    out[2] = n >>> 8
  } else {
    out[0] = OP.PUSHDATA4
    out[1] = n & 0xff
    out[2] = (n >>> 8) & 0xff
    out[3] = (n >>> 16) & 0xff
    out[4] = n >>> 24
  }
  out.set(data, head)
  return out
}

/**
 * P2PK output script `<33-byte pubkey> OP_CHECKSIG` (`21 … ac`): what komodod uses for change and markers.
 * The key is not checked to be on the curve (CCtxidaddr markers are not), only its shape (33 bytes, 02/03).
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | PUBKEY_INVALID
 * @example bytesToHex(p2pkScript(pubkey)).slice(0, 2) // '21'
 */
export function p2pkScript(pubkey: Uint8Array): Uint8Array {
  assertBytes(pubkey, undefined, 'pubkey')
  if (!((pubkey.length === 33 && (pubkey[0] === 2 || pubkey[0] === 3)) || (pubkey.length === 65 && pubkey[0] === 4)))
    throw new KomodoCcError(
      'PUBKEY_INVALID',
      `pubkey expected 33 bytes starting 02/03 (or 65 starting 04), got ${pubkey.length} bytes`,
      { length: pubkey.length },
    )
  const out = new Uint8Array(pubkey.length + 2)
  out[0] = pubkey.length
  out.set(pubkey, 1)
  out[pubkey.length + 1] = OP.CHECKSIG
  return out
}

/**
 * P2PKH output script `OP_DUP OP_HASH160 <20 bytes> OP_EQUALVERIFY OP_CHECKSIG`.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH
 * @example bytesToHex(p2pkhScript(hash)).length // 50
 */
export function p2pkhScript(hash160: Uint8Array): Uint8Array {
  assertBytes(hash160, 20, 'hash160')
  const out = new Uint8Array(25)
  out[0] = OP.DUP
  out[1] = OP.HASH160
  out[2] = 20
  out.set(hash160, 3)
  out[23] = OP.EQUALVERIFY
  out[24] = OP.CHECKSIG
  return out
}

/**
 * OP_RETURN script with one push of `payload` (komodod's opret envelope). Refuses scripts above
 * `maxScriptSize` (default {@link IGUANA_MAXSCRIPTSIZE}, the daemon's "opreturn too big"); relay policy is
 * stricter since 2024 ({@link DATACARRIER_SIZE_KMD}, {@link DATACARRIER_SIZE_ASSET_CHAIN}).
 * @throws KomodoCcError BYTES_TYPE | SCRIPT_TOO_LARGE
 * @example bytesToHex(opReturnScript(hexToBytes('e446'))) // '6a02e446'
 */
export function opReturnScript(payload: Uint8Array, options: { maxScriptSize?: number } = {}): Uint8Array {
  const push = pushData(payload)
  const max = options.maxScriptSize ?? IGUANA_MAXSCRIPTSIZE
  if (push.length + 1 > max)
    throw new KomodoCcError(
      'SCRIPT_TOO_LARGE',
      `OP_RETURN script would be ${push.length + 1} bytes, the limit is ${max}`,
      { size: push.length + 1, max },
    )
  const out = new Uint8Array(push.length + 1)
  out[0] = OP.RETURN
  out.set(push, 1)
  return out
}

/**
 * The payload komodod reads from an opret (`GetOpReturnData`): the first push after OP_RETURN, anything after
 * it ignored; `null` when the script is not OP_RETURN or has no (or an empty) first push.
 * @example bytesToHex(opReturnPayload(hexToBytes('6a02e446'))!) // 'e446'
 */
export function opReturnPayload(script: Uint8Array): Uint8Array | null {
  assertBytes(script, undefined, 'script')
  if (script.length < 2 || script[0] !== OP.RETURN) return null
  const op = getOp(script, 1)
  if (op === null || op.data === undefined || op.data.length === 0) return null
  return op.data
}

/** True when every op is a push or OP_1NEGATE..OP_16 (komodod `IsPushOnly`, from `from`). @example isPushOnly(s) */
export function isPushOnly(script: Uint8Array, from = 0): boolean {
  let pc = from
  while (pc < script.length) {
    const op = getOp(script, pc)
    if (op === null || op.opcode > OP['16']) return false
    pc = op.end
  }
  return true
}

const SIGHASH_NAMES: Readonly<Record<number, string>> = /* @__PURE__ */ Object.freeze({
  1: 'ALL',
  0x81: 'ALL|ANYONECANPAY',
  2: 'NONE',
  0x82: 'NONE|ANYONECANPAY',
  3: 'SINGLE',
  0x83: 'SINGLE|ANYONECANPAY',
})

/**
 * The asm text komodod prints (`ScriptToAsmStr`): pushes of ≤ 4 bytes as decimal script numbers, longer pushes
 * as hex, opcodes by name, `[error]` at a truncated push. With `attemptSighashDecode` (scriptSigs), a push that
 * is a strict-DER signature with a defined hash type prints as `<sig hex>[ALL]` etc.
 * @example scriptToAsm(hexToBytes('6a02e446')) // 'OP_RETURN 18148'
 */
export function scriptToAsm(script: Uint8Array, attemptSighashDecode = false): string {
  assertBytes(script, undefined, 'script')
  const unspendable = script.length > 0 && (script[0] === OP.RETURN || script.length > MAX_SCRIPT_SIZE)
  const parts: string[] = []
  let pc = 0
  while (pc < script.length) {
    const op = getOp(script, pc)
    if (op === null) {
      parts.push('[error]')
      break
    }
    pc = op.end
    if (op.data !== undefined) {
      const d = op.data
      if (d.length <= 4) parts.push(String(scriptNumToInt(d)))
      else if (attemptSighashDecode && !unspendable && isStrictSignatureEncoding(d)) {
        const name = SIGHASH_NAMES[d[d.length - 1]!]
        parts.push(name === undefined ? bytesToHex(d) : bytesToHex(d.subarray(0, d.length - 1)) + `[${name}]`)
      } else parts.push(bytesToHex(d))
    } else parts.push(opcodeName(op.opcode))
  }
  return parts.join(' ')
}

/** CScriptNum(vch, false).getint(): little-endian sign-magnitude, ≤ 4 bytes. */
function scriptNumToInt(d: Uint8Array): number {
  if (d.length === 0) return 0
  let v = 0
  for (let i = 0; i < d.length; i++) v += d[i]! * 2 ** (8 * i)
  const last = d[d.length - 1]!
  if (last & 0x80) return -(v - 0x80 * 2 ** (8 * (d.length - 1)))
  return v
}

/**
 * BIP66 strict DER signature with a trailing hash-type byte, and a defined hash type (komodod
 * `CheckSignatureEncoding` with `SCRIPT_VERIFY_STRICTENC`; low-S is not part of it).
 * @example isStrictSignatureEncoding(sigWithHashType) // true
 */
export function isStrictSignatureEncoding(sig: Uint8Array): boolean {
  if (!isValidSignatureEncoding(sig)) return false
  const t = sig[sig.length - 1]! & ~0x80
  return t >= 1 && t <= 3
}

/** BIP66 `IsValidSignatureEncoding` over `DER ‖ hashtype`. @example isValidSignatureEncoding(sig) */
export function isValidSignatureEncoding(sig: Uint8Array): boolean {
  const n = sig.length
  if (n < 9 || n > 73) return false
  if (sig[0] !== 0x30) return false
  if (sig[1] !== n - 3) return false
  const lenR = sig[3]!
  if (5 + lenR >= n) return false
  const lenS = sig[5 + lenR]!
  if (lenR + lenS + 7 !== n) return false
  if (sig[2] !== 0x02) return false
  if (lenR === 0) return false
  if (sig[4]! & 0x80) return false
  if (lenR > 1 && sig[4] === 0x00 && !(sig[5]! & 0x80)) return false
  if (sig[lenR + 4] !== 0x02) return false
  if (lenS === 0) return false
  if (sig[lenR + 6]! & 0x80) return false
  if (lenS > 1 && sig[lenR + 6] === 0x00 && !(sig[lenR + 7]! & 0x80)) return false
  return true
}
