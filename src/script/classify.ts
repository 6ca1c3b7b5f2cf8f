import { assertBytes } from '../bytes/assert.js'
import { decodeCondition } from '../cc/condition.js'
import { hash160 } from '../hash/index.js'
import { OP } from './opcodes.js'
import { getOp, isPushOnly } from './script.js'

/** komodod's output types (`GetTxnOutputType`). */
export type ScriptType =
  'nonstandard' | 'pubkey' | 'pubkeyhash' | 'scripthash' | 'multisig' | 'nulldata' | 'cryptocondition'

/**
 * What komodod's `Solver` makes of an output script. `hashes` are the 20-byte ids `ExtractDestinations` turns
 * into addresses (`pubkeyhash` version for keys and CC, `scripthash` version for P2SH); `reqSigs` is absent
 * when the daemon prints none (nulldata, nonstandard, a pubkey output whose key has the wrong length byte).
 */
export type ScriptClass = {
  type: ScriptType
  reqSigs?: number
  hashes: { kind: 'p2pkh' | 'p2sh'; hash: Uint8Array }[]
  /** P2PK / multisig keys as pushed. */
  pubkeys?: Uint8Array[]
  /** CC: the condition binary and where the CC sub-script (push ‖ 0xcc) ends. */
  condition?: Uint8Array
  ccSubScriptEnd?: number
}

/** Length a serialized key must have given its first byte (CPubKey::GetLen); 0 when invalid. */
function pubkeyLen(first: number): number {
  return first === 2 || first === 3 ? 33 : first === 4 || first === 6 || first === 7 ? 65 : 0
}
const validPubkey = (k: Uint8Array): boolean => k.length > 0 && pubkeyLen(k[0]!) === k.length

/**
 * The CC layout of `IsPayToCryptoCondition`: a direct push of 1..75 bytes, then 0xcc, then only non-empty
 * pushes / OP_0 / OP_1..16 and OP_DROPs, balanced. Returns the condition bytes and the sub-script end, or null.
 * The condition is not decoded here.
 * @example ccScriptParts(script)?.ccSubScriptEnd // 48
 */
export function ccScriptParts(script: Uint8Array): { condition: Uint8Array; ccSubScriptEnd: number } | null {
  assertBytes(script, undefined, 'script')
  if (script.length < 2) return null
  const first = script[0]!
  if (first < 1 || first > 75 || 1 + first >= script.length) return null
  if (script[1 + first] !== OP.CHECKCRYPTOCONDITION) return null
  const end = 2 + first
  let depth = 0
  let pc = end
  while (pc < script.length) {
    const op = getOp(script, pc)
    if (op === null) return null
    pc = op.end
    if (op.opcode === OP.DROP) {
      if (depth === 0) return null
      depth--
    } else if (op.data !== undefined) {
      if (op.data.length === 0 && op.opcode !== OP['0']) return null
      depth++
    } else if (op.opcode === OP['1NEGATE'] || (op.opcode >= OP['1'] && op.opcode <= OP['16'])) depth++
    else return null
  }
  if (depth !== 0) return null
  return { condition: script.subarray(1, 1 + first), ccSubScriptEnd: end }
}

// Types the script layer allows (CCEnabledTypes) and the signing ones (CCSigningNodes), as type masks.
const CC_ENABLED_MASK = (1 << 0) | (1 << 2) | (1 << 4) | (1 << 5) | (1 << 15)
const CC_SIGNING_MASK = (1 << 4) | (1 << 5)

/**
 * komodod's `MayAcceptCryptoCondition` on a condition binary: it decodes (with the daemon's lax reader), uses only
 * preimage/threshold/ed25519/secp256k1/eval and contains a signing node.
 * @example mayAcceptCondition(hexToBytes('a22c8020…0401')) // true
 */
export function mayAcceptCondition(condition: Uint8Array): boolean {
  try {
    const c = decodeCondition(condition, { lenient: true })
    const mask = (1 << c.typeId) | c.subtypes
    return (mask & ~CC_ENABLED_MASK) === 0 && (mask & CC_SIGNING_MASK) !== 0
  } catch {
    return false
  }
}

/**
 * Classifies an output script as komodod's `Solver` + `ExtractDestinations` do, including Komodo's
 * `cryptocondition` type (address = Hash160 of the CC sub-script, vData tail excluded).
 * @example classifyScript(p2pkScript(pk)).type // 'pubkey'
 */
export function classifyScript(script: Uint8Array): ScriptClass {
  assertBytes(script, undefined, 'script')
  const cc = ccScriptParts(script)
  if (cc !== null) {
    if (!mayAcceptCondition(cc.condition)) return { type: 'nonstandard', hashes: [] }
    return {
      type: 'cryptocondition',
      reqSigs: 1,
      hashes: [{ kind: 'p2pkh', hash: hash160(script.subarray(0, cc.ccSubScriptEnd)) }],
      condition: cc.condition,
      ccSubScriptEnd: cc.ccSubScriptEnd,
    }
  }
  const n = script.length
  if (n === 23 && script[0] === OP.HASH160 && script[1] === 20 && script[22] === OP.EQUAL)
    return { type: 'scripthash', reqSigs: 1, hashes: [{ kind: 'p2sh', hash: script.slice(2, 22) }] }
  if (n >= 1 && script[0] === OP.RETURN && isPushOnly(script, 1)) return { type: 'nulldata', hashes: [] }
  // <pubkey> OP_CHECKSIG (any push form of 33..65 bytes)
  const op0 = n > 0 ? getOp(script, 0) : null
  if (
    op0 !== null &&
    op0.data !== undefined &&
    op0.data.length >= 33 &&
    op0.data.length <= 65 &&
    op0.end === n - 1 &&
    script[n - 1] === OP.CHECKSIG
  ) {
    const pk = op0.data
    if (!validPubkey(pk)) return { type: 'pubkey', hashes: [], pubkeys: [pk] }
    return { type: 'pubkey', reqSigs: 1, hashes: [{ kind: 'p2pkh', hash: hash160(pk) }], pubkeys: [pk] }
  }
  // OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG (the hash push in any push form)
  if (n >= 25 && script[0] === OP.DUP && script[1] === OP.HASH160) {
    const h = getOp(script, 2)
    if (
      h !== null &&
      h.data !== undefined &&
      h.data.length === 20 &&
      h.end === n - 2 &&
      script[n - 2] === OP.EQUALVERIFY &&
      script[n - 1] === OP.CHECKSIG
    )
      return { type: 'pubkeyhash', reqSigs: 1, hashes: [{ kind: 'p2pkh', hash: h.data.slice() }] }
  }
  const ms = multisig(script)
  if (ms !== null) return ms
  return { type: 'nonstandard', hashes: [] }
}

function smallInt(op: number): number | null {
  if (op === OP['0']) return 0
  if (op >= OP['1'] && op <= OP['16']) return op - 0x50
  return null
}

function multisig(s: Uint8Array): ScriptClass | null {
  if (s.length < 3 || s[s.length - 1] !== OP.CHECKMULTISIG) return null
  const m = smallInt(s[0]!)
  if (m === null) return null
  const keys: Uint8Array[] = []
  let pc = 1
  for (;;) {
    const op = getOp(s, pc)
    if (op === null) return null
    if (op.data !== undefined && op.data.length >= 33 && op.data.length <= 65) {
      keys.push(op.data)
      pc = op.end
      continue
    }
    const n = smallInt(op.opcode)
    if (n === null || op.end !== s.length - 1) return null
    if (m < 1 || n < 1 || m > n || keys.length !== n) return null
    const valid = keys.filter(validPubkey)
    if (valid.length === 0) return { type: 'multisig', hashes: [], pubkeys: keys }
    return {
      type: 'multisig',
      reqSigs: m,
      hashes: valid.map((k) => ({ kind: 'p2pkh' as const, hash: hash160(k) })),
      pubkeys: keys,
    }
  }
}
