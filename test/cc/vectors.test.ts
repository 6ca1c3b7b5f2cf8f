// Every case of the reference C library's output (vectors/cc/cc-conditions.json), by kind.
import { fingerprintContents } from '../../src/cc/condition.js'
import { describe, expect, test } from 'vitest'
import v from '../../vectors/cc/cc-conditions.json' with { type: 'json' }
import {
  addSignature,
  cc1of1,
  cc1of2,
  ccAddress,
  ccAddress1of2,
  ccAddressOf,
  ccModule,
  ccScriptAddress,
  cclibGlobalKey,
  conditionCost,
  conditionSubtypes,
  decodeCondition,
  decodeFulfillment,
  encodeCondition,
  encodeFulfillment,
  evalCondition,
  fulfill1of1,
  fulfill1of2,
  moduleGlobalAddresses,
  secp256k1Condition,
  thresholdCondition,
  tokensCc1of1,
  tokensCcAddress,
  txidAddress,
  txidPubkey,
  verifyFulfillment,
  conditionFingerprint,
} from '../../src/cc/index.js'
import { ccScript, ccScriptSig, parseCcScript } from '../../src/script/cc.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { encodeWif, p2pkhAddress } from '../../src/address/index.js'
import { sha256 } from '../../src/hash/index.js'
import { getPublicKey } from '@noble/secp256k1'

type Case = Record<string, any> & { kind: string }
const cases = (v as { cases: Case[] }).cases
const of = (kind: string): Case[] => cases.filter((c) => c.kind === kind)
const ev = (h: string): number => parseInt(h, 16)
const h = hexToBytes

test('the vector file holds all 693 cases, and every kind is tested below', () => {
  expect(cases.length).toBe(693)
  expect(new Set(cases.map((c) => c.kind))).toEqual(
    new Set([
      'key',
      'module_global_cc1',
      'cclib_dynamic_global_cc1',
      'cc1',
      'cc1of2',
      'tokens_cc1',
      'cc_with_vdata',
      'cc1_components',
      'fulfillment_cc1',
      'fulfillment_cc1of2',
      'fulfillment_tokens_cc1',
      'decode_condition',
      'decode_fulfillment',
      'tx_cc_spend_example',
      'cctxidaddr',
    ]),
  )
})

describe('key material (25 test keys)', () => {
  test.each(of('key'))('key $keyIndex', (c) => {
    expect(bytesToHex(sha256(new TextEncoder().encode(String(c.keyIndex))))).toBe(c.privkey)
    expect(bytesToHex(getPublicKey(h(c.privkey), true))).toBe(c.pubkey)
    expect(p2pkhAddress(c.pubkey)).toBe(c.p2pkAddress)
    expect(encodeWif(h(c.privkey))).toBe(c.wif)
  })
})

describe('cc1: 1-of-1 condition, script, address (400 cases)', () => {
  test.each(of('cc1'))('key $keyIndex eval $evalcode', (c) => {
    const cond = cc1of1(ev(c.evalcode), c.pubkey)
    expect(bytesToHex(encodeCondition(cond))).toBe(c.condition)
    expect(bytesToHex(ccScript(cond))).toBe(c.scriptPubKey)
    expect(ccAddressOf(cond)).toBe(c.ccAddress)
    expect(ccAddress(ev(c.evalcode), c.pubkey)).toBe(c.ccAddress)
    expect(ccAddress(ev(c.evalcode), h(c.pubkey))).toBe(c.ccAddress)
    const parsed = parseCcScript(h(c.scriptPubKey))!
    expect(bytesToHex(parsed.condition)).toBe(c.condition)
    expect(parsed.tail).toEqual([])
    expect(ccScriptAddress(h(c.scriptPubKey))).toBe(c.ccAddress)
    expect(bytesToHex(encodeCondition(decodeCondition(h(c.condition))))).toBe(c.condition)
  })
})

describe('cc1of2 (168 cases, some reversed or self-paired)', () => {
  test.each(of('cc1of2'))('keys $keyIndexes eval $evalcode', (c) => {
    const [a, b] = c.pubkeys as [string, string]
    const cond = cc1of2(ev(c.evalcode), a, b)
    expect(bytesToHex(encodeCondition(cond))).toBe(c.condition)
    expect(bytesToHex(encodeCondition(cc1of2(ev(c.evalcode), b, a)))).toBe(c.condition)
    expect(bytesToHex(ccScript(cond))).toBe(c.scriptPubKey)
    expect(ccAddress1of2(ev(c.evalcode), a, b)).toBe(c.ccAddress)
  })
})

describe('tokens_cc1 dual-eval (20 cases)', () => {
  test.each(of('tokens_cc1'))('key $keyIndex eval $evalcode', (c) => {
    const cond = tokensCc1of1(ev(c.evalcode), c.pubkey, ev(c.evalcode2))
    expect(bytesToHex(encodeCondition(cond))).toBe(c.condition)
    expect(bytesToHex(ccScript(cond))).toBe(c.scriptPubKey)
    expect(tokensCcAddress(ev(c.evalcode), c.pubkey)).toBe(c.ccAddress)
    // the daemon relies on the order not mattering: TokensCC1(X, 0, P) == TokensCC1(0xf2, X, P)
    if (ev(c.evalcode) !== 0xf2) expect(tokensCcAddress(0xf2, c.pubkey, ev(c.evalcode))).toBe(c.ccAddress)
    else expect(ccAddress(0xf2, c.pubkey)).toBe(c.ccAddress) // tokens' own shape falls back to the plain 1-of-1
  })
})

describe('cc1_components: every node of the tree', () => {
  test.each(of('cc1_components'))('key $keyIndex eval $evalcode', (c) => {
    const evalNode = evalCondition(ev(c.evalcode))
    const secp = secp256k1Condition(c.pubkey)
    const inner = thresholdCondition(1, [secp])
    const outer = cc1of1(ev(c.evalcode), c.pubkey)
    const nodes = { eval: evalNode, secp256k1: secp, innerThreshold: inner, outerThreshold: outer }
    for (const [name, node] of Object.entries(nodes)) {
      const exp = c.components[name]
      expect(bytesToHex(fingerprintContents(node)), name).toBe(exp.fingerprintPreimage)
      expect(bytesToHex(conditionFingerprint(node)), name).toBe(exp.fingerprint)
      expect(conditionCost(node), name).toBe(exp.cost)
      expect(conditionSubtypes(node), name).toBe(exp.subtypesMask)
      expect(bytesToHex(encodeCondition(node)), name).toBe(exp.condition)
    }
  })
})

describe('cc_with_vdata: params push and OP_DROP', () => {
  test.each(of('cc_with_vdata'))('keys $keyIndexes eval $evalcode', (c) => {
    const keys = c.keyIndexes as number[]
    const pk = (i: number): string => of('key').find((k) => k.keyIndex === i)!.pubkey
    const cond =
      keys.length === 1 ? cc1of1(ev(c.evalcode), pk(keys[0]!)) : cc1of2(ev(c.evalcode), pk(keys[0]!), pk(keys[1]!))
    const script = ccScript(cond, {
      evalCode: ev(c.evalcode),
      n: 1,
      m: keys.length,
      data: (c.vData as string[]).map((x) => h(x)),
    })
    expect(bytesToHex(script)).toBe(c.scriptPubKey)
    const parsed = parseCcScript(h(c.scriptPubKey))!
    expect(bytesToHex(parsed.subScript)).toBe(c.ccSubScript)
    expect(parsed.params).toEqual({ version: 1, evalCode: ev(c.evalcode), n: 1, m: keys.length })
    expect(parsed.vData!.map(bytesToHex)).toEqual(c.vData)
    expect(ccScriptAddress(h(c.scriptPubKey))).toBe(c.ccAddress)
    expect(ccAddressOf(cond)).toBe(c.ccAddress)
  })
})

describe('module globals (CCcustom.cpp)', () => {
  test.each(of('module_global_cc1'))('$module', (c) => {
    const mod = ccModule(c.module)
    expect(mod.evalCode).toBe(ev(c.evalcode))
    expect(mod.pubkey).toBe(c.pubkey)
    expect(mod.privkey).toBe(c.privkey)
    expect(bytesToHex(encodeCondition(cc1of1(mod.evalCode, mod.pubkey)))).toBe(c.condition)
    expect(bytesToHex(ccScript(cc1of1(mod.evalCode, mod.pubkey)))).toBe(c.scriptPubKey)
    const g = moduleGlobalAddresses(mod)
    expect(g.ccAddress).toBe(c.ccAddress)
    expect(mod.ccAddress).toBe(c.ccAddress)
    if (c.match !== null) expect(mod.sourceCcAddress === c.ccAddress).toBe(c.match)
    if (c.expectedCCAddress) expect(mod.sourceCcAddress).toBe(c.expectedCCAddress)
    expect(g.normalAddress).toBe(c.normalAddress)
    expect(mod.normalAddress).toBe(c.normalAddress)
    expect(bytesToHex(encodeCondition(cc1of2(mod.evalCode, mod.pubkey, mod.pubkey)))).toBe(c.selfPair1of2Condition)
    expect(g.ccSelfPairAddress).toBe(c.selfPair1of2Address)
  })
  test.each(of('cclib_dynamic_global_cc1'))('cclib eval $evalcode', (c) => {
    const k = cclibGlobalKey(ev(c.evalcode))
    expect(bytesToHex(k.privkey)).toBe(c.privkey)
    expect(bytesToHex(k.pubkey)).toBe(c.pubkey)
    expect(bytesToHex(encodeCondition(cc1of1(ev(c.evalcode), k.pubkey)))).toBe(c.condition)
    expect(ccAddress(ev(c.evalcode), k.pubkey)).toBe(c.ccAddress)
  })
})

describe('cctxidaddr markers (off-curve pubkeys accepted)', () => {
  test.each(of('cctxidaddr'))('$txidDisplay', (c) => {
    expect(bytesToHex(txidPubkey(c.txidDisplay))).toBe(c.pubkey)
    expect(txidAddress(c.txidDisplay)).toBe(c.p2pkAddress)
    expect(bytesToHex(encodeCondition(cc1of1(0xec, txidPubkey(c.txidDisplay))))).toBe(c.cc1EvalcodeEcCondition)
    expect(ccAddress(0xec, txidPubkey(c.txidDisplay))).toBe(c.cc1EvalcodeEcAddress)
  })
})

describe('fulfillments built from the reference signatures', () => {
  const flip = (m: string): Uint8Array => {
    const b = h(m)
    b[31]! ^= 1
    return b
  }
  test.each(of('fulfillment_cc1'))('1-of-1 key $keyIndex eval $evalcode msg $message', (c) => {
    const sig = h(c.signatures[0].signature)
    expect(bytesToHex(fulfill1of1(ev(c.evalcode), c.signerPubkey, sig))).toBe(c.fulfillment)
    expect(bytesToHex(ccScriptSig(h(c.fulfillment)))).toBe(c.scriptSig)
    expect(bytesToHex(encodeCondition(decodeFulfillment(h(c.fulfillment))))).toBe(c.condition)
    expect(verifyFulfillment(h(c.fulfillment), h(c.condition), h(c.message))).toBe(c.referenceVerifies)
    expect(verifyFulfillment(h(c.fulfillment), h(c.condition), flip(c.message))).toBe(
      c.referenceVerifiesWithFlippedMessageBit,
    )
    if (c.rfc6979ReducedMessageSignature) {
      // the strict-RFC6979 (noble) signature for a message ≥ n is different but equally valid
      const alt = fulfill1of1(ev(c.evalcode), c.signerPubkey, h(c.rfc6979ReducedMessageSignature))
      expect(verifyFulfillment(alt, h(c.condition), h(c.message))).toBe(true)
    }
  })
  test.each(of('fulfillment_cc1of2'))('1-of-2 signer key $keyIndex pair $pairKeyIndexes', (c) => {
    const [a, b] = c.pairPubkeys as [string, string]
    const sig = h(c.signatures[0].signature)
    expect(bytesToHex(fulfill1of2(ev(c.evalcode), a, b, c.signerPubkey, sig))).toBe(c.fulfillment)
    expect(bytesToHex(fulfill1of2(ev(c.evalcode), b, a, c.signerPubkey, sig))).toBe(c.fulfillment)
    expect(bytesToHex(ccScriptSig(h(c.fulfillment)))).toBe(c.scriptSig)
    expect(bytesToHex(encodeCondition(cc1of2(ev(c.evalcode), a, b)))).toBe(c.condition)
    expect(verifyFulfillment(h(c.fulfillment), h(c.condition), h(c.message))).toBe(c.referenceVerifies)
    expect(verifyFulfillment(h(c.fulfillment), h(c.condition), flip(c.message))).toBe(
      c.referenceVerifiesWithFlippedMessageBit,
    )
    expect(ccAddressOf(h(c.condition))).toBe(c.ccAddress)
  })
  test.each(of('fulfillment_tokens_cc1'))('tokens key $keyIndex eval $evalcode', (c) => {
    const sig = h(c.signatures[0].signature)
    const f = encodeFulfillment(addSignature(tokensCc1of1(ev(c.evalcode), c.signerPubkey), c.signerPubkey, sig))
    expect(bytesToHex(f)).toBe(c.fulfillment)
    expect(bytesToHex(ccScriptSig(f))).toBe(c.scriptSig)
    expect(verifyFulfillment(f, h(c.condition), h(c.message))).toBe(c.referenceVerifies)
    expect(verifyFulfillment(f, h(c.condition), flip(c.message))).toBe(c.referenceVerifiesWithFlippedMessageBit)
  })
  test.each(of('tx_cc_spend_example'))('tx example: fulfillment, scriptSig and verify over the sighash', (c) => {
    const f = h(c.fulfillment)
    expect(bytesToHex(ccScriptSig(f))).toBe(c.scriptSig)
    expect(bytesToHex(ccScript(decodeFulfillment(f)))).toBe(c.scriptCode)
    const cond = parseCcScript(h(c.spentOutput.scriptPubKey))!.condition
    expect(verifyFulfillment(f, cond, h(c.sighash))).toBe(true)
    if (c.sighashIfFullScriptPubKeyWereUsed_WRONG)
      expect(verifyFulfillment(f, cond, h(c.sighashIfFullScriptPubKeyWereUsed_WRONG))).toBe(false)
  })
})

// What our strict decoder says for each malformed input (the reference's lenient verdict is in the vector).
const STRICT_CONDITION: Record<string, string | null> = {
  valid_cc1_condition: null,
  condition_truncated_by_one_byte: 'READ_PAST_END',
  condition_with_trailing_zero_byte: 'TRAILING_BYTES',
  condition_with_trailing_garbage: 'TRAILING_BYTES',
  condition_long_form_outer_length: 'CC_NON_CANONICAL',
  condition_fingerprint_31_bytes: 'CC_NON_CANONICAL',
  condition_fingerprint_33_bytes: 'CC_NON_CANONICAL',
  condition_cost_with_redundant_leading_zero: 'CC_NON_CANONICAL',
  condition_cost_2pow32: 'CC_INVALID',
  condition_threshold_missing_subtypes: 'READ_PAST_END',
  condition_secp256k1_with_subtypes_field: 'CC_INVALID',
  condition_eval_type_15: null,
  condition_rsa_type_3: 'CC_UNSUPPORTED',
  condition_ed25519_type_4: null,
  condition_unknown_type_6: 'CC_UNSUPPORTED',
  condition_primitive_outer_tag: 'CC_INVALID',
  condition_subtypes_wrong_unused_bits: 'CC_NON_CANONICAL',
  condition_subtypes_trailing_zero_octet: 'CC_NON_CANONICAL',
  condition_fields_out_of_order: 'CC_INVALID',
}

describe('decode_condition: strict by default, lenient reproduces cc_readConditionBinary', () => {
  test.each(of('decode_condition'))('$name', (c) => {
    const bytes = h(c.hex)
    const strict = STRICT_CONDITION[c.name]
    expect(strict, 'every vector case has a strict verdict').not.toBeUndefined()
    if (strict === null) {
      expect(bytesToHex(encodeCondition(decodeCondition(bytes)))).toBe(c.hex)
    } else expect(() => decodeCondition(bytes)).toThrow(expect.objectContaining({ code: strict }))
    if (c.referenceAccepts) {
      const cond = decodeCondition(bytes, { lenient: true })
      expect(cond.typeId).toBe(c.referenceTypeId)
      expect(bytesToHex(encodeCondition(cond))).toBe(c.referenceReencoding)
      expect(c.reencodingIdentical).toBe(c.referenceReencoding === c.hex)
    } else {
      expect(() => decodeCondition(bytes, { lenient: true })).toThrow(
        expect.objectContaining({ name: 'KomodoCcError' }),
      )
    }
  })
})

const STRICT_FULFILLMENT: Record<string, string | null> = {
  valid_cc1_fulfillment: null,
  fulfillment_trailing_byte: 'TRAILING_BYTES',
  fulfillment_long_form_length: 'CC_NON_CANONICAL',
  fulfillment_unsorted_subfulfillments: 'CC_NON_CANONICAL',
  fulfillment_missing_subconditions_field: 'READ_PAST_END',
  fulfillment_indefinite_length: 'CC_NON_CANONICAL',
  fulfillment_signature_63_bytes: 'FULFILLMENT_INVALID',
  fulfillment_signature_65_bytes_trailing_zero: 'FULFILLMENT_INVALID',
  fulfillment_high_s_signature: null,
  fulfillment_der_signature_instead_of_compact: 'FULFILLMENT_INVALID',
  fulfillment_pubkey_not_on_curve: 'FULFILLMENT_INVALID',
  fulfillment_empty_threshold: null,
  fulfillment_eval_code_changed: null,
  fulfillment_eval_given_as_condition: null,
  fulfillment_1of2_with_both_signatures: null,
}

describe('decode_fulfillment: strict by default, lenient reproduces cc_readFulfillmentBinary + cc_verify', () => {
  test.each(of('decode_fulfillment'))('$name', (c) => {
    const bytes = h(c.hex)
    const strict = STRICT_FULFILLMENT[c.name]
    expect(strict, 'every vector case has a strict verdict').not.toBeUndefined()
    if (strict === null) {
      expect(bytesToHex(encodeFulfillment(decodeFulfillment(bytes)))).toBe(c.hex)
      expect(verifyFulfillment(bytes, h(c.targetCC1Condition), h(c.message))).toBe(c.referenceVerifiesAgainstCC1)
    } else {
      expect(() => decodeFulfillment(bytes)).toThrow(expect.objectContaining({ code: strict }))
      expect(() => verifyFulfillment(bytes, h(c.targetCC1Condition), h(c.message))).toThrow(
        expect.objectContaining({ code: strict }),
      )
    }
    if (c.referenceAccepts) {
      const tree = decodeFulfillment(bytes, { lenient: true })
      expect(bytesToHex(encodeCondition(tree))).toBe(c.derivedCondition)
      expect(c.derivedConditionMatchesCC1).toBe(c.derivedCondition === c.targetCC1Condition)
      expect(verifyFulfillment(bytes, h(c.targetCC1Condition), h(c.message), { lenient: true })).toBe(
        c.referenceVerifiesAgainstCC1,
      )
      if (c.targetCC1of2Condition)
        expect(verifyFulfillment(bytes, h(c.targetCC1of2Condition), h(c.message), { lenient: true })).toBe(
          c.referenceVerifiesAgainstCC1of2,
        )
    } else {
      expect(() => decodeFulfillment(bytes, { lenient: true })).toThrow(
        expect.objectContaining({ name: 'KomodoCcError' }),
      )
      expect(c.referenceVerifiesAgainstCC1).toBe(false)
    }
  })
})
