// What a CC input's scriptSig says about the output it spends: the eval codes of its fulfillment and the keys
// that signed it (legacy-2018-layouts.md §0 and §8 rule 2: classify every input from its scriptSig).
import { getOp } from '../script/script.js'
import { decodeFulfillment } from './fulfillment.js'
import type { CcCondition } from './types.js'

/** The eval codes (first code byte of every eval node) and signing secp256k1 keys (hex) of a CC input. */
export type CcSpend = { evalCodes: number[]; signers: string[] }

const HEX = /* @__PURE__ */ (() => {
  const t: string[] = []
  for (let i = 0; i < 256; i++) t.push((i < 16 ? '0' : '') + i.toString(16))
  return t
})()

// The CC1 (1-of-1) scriptSig: 4c 79 | a2 76 a0 72 a2 6b a0 67 a5 65 80 21 <pk 33> 81 40 <sig 64> a1 00 af 03 80 01 <E>
// a1 00 | hashType. Every byte but the key, the signature, E and the hash type is fixed.
const CC1_HEAD = [0x4c, 0x79, 0xa2, 0x76, 0xa0, 0x72, 0xa2, 0x6b, 0xa0, 0x67, 0xa5, 0x65, 0x80, 0x21]
const CC1_LEN = 123
const PK_AT = 14
const SIG_TAG_AT = PK_AT + 33
const TAIL_AT = SIG_TAG_AT + 2 + 64

/**
 * Reads a transaction input's scriptSig as a CC spend: one push of `fulfillment ‖ hashType` whose fulfillment is a
 * crypto-condition tree. Returns its eval codes and the secp256k1 keys that carry a signature, or null when the
 * scriptSig is not a CC fulfillment (a normal P2PK/P2PKH signature, an empty or malformed script). The common
 * 1-of-1 form is read at its fixed offsets; other shapes go through the (lenient) fulfillment decoder. Never throws.
 * @example ccSpendOf(vin.scriptSig) // { evalCodes: [0xe4], signers: ['03682b…fe12'] } for a faucet input
 */
export function ccSpendOf(scriptSig: Uint8Array): CcSpend | null {
  if (!(scriptSig instanceof Uint8Array) || scriptSig.length < 3) return null
  if (scriptSig.length === CC1_LEN && isCc1(scriptSig)) {
    let pk = ''
    for (let i = PK_AT; i < PK_AT + 33; i++) pk += HEX[scriptSig[i]!]
    return { evalCodes: [scriptSig[TAIL_AT + 6]!], signers: [pk] }
  }
  const data = singlePush(scriptSig)
  if (data === null || data.length < 2 || (data[0]! & 0xe0) !== 0xa0) return null
  let tree: CcCondition
  try {
    // type 6 (Tokel's secp256k1hash) is read too: this only describes an input, it judges nothing
    tree = decodeFulfillment(data.subarray(0, data.length - 1), { lenient: true, allowSecp256k1Hash: true })
  } catch {
    return null
  }
  const out: CcSpend = { evalCodes: [], signers: [] }
  walk(tree, out, 0)
  return out
}

function isCc1(s: Uint8Array): boolean {
  for (let i = 0; i < CC1_HEAD.length; i++) if (s[i] !== CC1_HEAD[i]) return false
  if (s[PK_AT] !== 2 && s[PK_AT] !== 3) return false
  if (s[SIG_TAG_AT] !== 0x81 || s[SIG_TAG_AT + 1] !== 0x40) return false
  // a1 00 | af 03 80 01 E | a1 00 | hashType
  const t = TAIL_AT
  return (
    s[t] === 0xa1 &&
    s[t + 1] === 0 &&
    s[t + 2] === 0xaf &&
    s[t + 3] === 3 &&
    s[t + 4] === 0x80 &&
    s[t + 5] === 1 &&
    s[t + 7] === 0xa1 &&
    s[t + 8] === 0
  )
}

/** The data of a scriptSig made of exactly one push, or null. */
function singlePush(s: Uint8Array): Uint8Array | null {
  const op = getOp(s, 0)
  return op !== null && op.data !== undefined && op.end === s.length ? op.data : null
}

function walk(c: CcCondition, out: CcSpend, depth: number): void {
  if (depth > 64) return
  switch (c.type) {
    case 'eval-sha-256':
      if (c.code.length > 0 && !out.evalCodes.includes(c.code[0]!)) out.evalCodes.push(c.code[0]!)
      return
    case 'secp256k1-sha-256':
    case 'secp256k1hash-sha-256':
      if (c.signature !== undefined && c.publicKey !== undefined) {
        let pk = ''
        for (const b of c.publicKey) pk += HEX[b]
        if (!out.signers.includes(pk)) out.signers.push(pk)
      }
      return
    case 'threshold-sha-256':
      for (const s of c.subconditions) walk(s, out, depth + 1)
      return
    case 'prefix-sha-256':
      walk(c.subcondition, out, depth + 1)
      return
    default:
  }
}
