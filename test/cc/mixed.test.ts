// Mixed-mode (CC v2) conditions of Tokel's fork: scripts, addresses, the type-6 key-hash node, signing and
// verifyInput, against the C++-derived vectors and the documented TKLTEST transactions (vectors/tokel/).
import { describe, expect, test } from 'vitest'
import derived from '../../vectors/tokel/derived-cpp.json' with { type: 'json' }
import docs from '../../vectors/tokel/docs-tkltest-tx.json' with { type: 'json' }
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import {
  cc1of1,
  cc1of2,
  decodeCondition,
  encodeCondition,
  evalCondition,
  secp256k1Condition,
  secp256k1HashCondition,
  thresholdCondition,
} from '../../src/cc/condition.js'
import { ccAddressOf } from '../../src/cc/address.js'
import { decodeFulfillment } from '../../src/cc/fulfillment.js'
import { decodeMixedFulfillment, encodeMixedFulfillment } from '../../src/cc/mixed.js'
import { ccV2Address, ccV2Script, encodeCcParamsV2, isCcV2Script, parseCcV2Script } from '../../src/script/ccv2.js'
import { ccScript } from '../../src/script/cc.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { signTransaction, verifyInput } from '../../src/tx/sign.js'
import { TOKEL, TKLTEST, KMD } from '../../src/address/chain.js'
import type { CcCondition } from '../../src/cc/types.js'

type Case = { id: string; kind: string; hex?: string; expected: Record<string, any> }
const byId = (id: string): Case => {
  const c = [...(derived.cases as Case[]), ...(docs.cases as Case[])].find((x) => x.id === id)
  if (c === undefined) throw new Error(`no vector ${id}`)
  return c
}
const TOKENSV2_PK = '032fd27f72591b02f13a7f9701246eb0296b2be7cfdad32c520e594844ec3d4801'
const ASSETSV2_PK = '0345d2e7ab018619da6ed58ccc0138c5f58a7b754bd8e9a1a9d2b811c5fe72d467'
const PK1 = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
const PRIV1 = hexToBytes('00'.repeat(31) + '01')
const DOC_PK = '02ed3fcb2ace8a53cd8ed5350dc53c507167ad39238ba70345e51764c6d517e6ee'

/** TV2(E1, 0, 1, {dest}) built by hand from spec §2.2: {eval E1, eval F5 unless E1 = F5, 1 of {key}}. */
const tv2 = (e1: number, key: CcCondition): CcCondition =>
  thresholdCondition(e1 === 0xf5 ? 2 : 3, [
    evalCondition(e1),
    ...(e1 === 0xf5 ? [] : [evalCondition(0xf5)]),
    thresholdCondition(1, [key]),
  ])
const pkParams = (ev: number, pk: string) => encodeCcParamsV2({ evalCode: ev, m: 1, pubkeys: [pk] })

describe('CC v2 global outputs (CCcustom.cpp constants)', () => {
  test.each([
    ['derived-tokensv2-global-cc', 0xf5, TOKENSV2_PK],
    ['derived-assetsv2-global-cc', 0xf6, ASSETSV2_PK],
  ])('%s', (id, ev, pk) => {
    const e = byId(id).expected
    const script = ccV2Script(cc1of1(ev, pk), { subver: 0 })
    expect(bytesToHex(script)).toBe(e.scriptPubKey)
    expect(ccV2Address(script, 'TOKEL')).toBe(e.ccAddressVersion0x1c)
    expect(ccV2Address(script, TKLTEST)).toBe(e.ccAddressVersion0x1c)
    expect(ccV2Address(script)).toBe(e.ccAddressVersion60)
    expect(ccV2Address(script)).toBe(e.constantInSource)
    // the condition a spend produces and signs: the v1 condition script of the same tree
    const parsed = parseCcV2Script(script)!
    expect(bytesToHex(ccScript(parsed.condition))).toBe(e.v1ConditionScript)
    expect(parsed.subver).toBe(0)
    expect(parsed.evalCodes).toEqual([ev])
    // the v1 rule applied to the v2 output is not the chain's address
    expect(ccAddressOf(cc1of1(ev, pk))).toBe(e.v1RuleAddress_WRONG)
  })
})

describe('token outputs', () => {
  test('pubkey destination, subver 0, params 02 f5 01 01 + pk', () => {
    const e = byId('derived-token-output-pk1-pubkey-subver0').expected
    const tree = tv2(0xf5, secp256k1Condition(PK1))
    const script = ccV2Script(tree, { subver: 0, params: pkParams(0xf5, PK1) })
    expect(bytesToHex(script)).toBe(e.scriptPubKey)
    const p = parseCcV2Script(script)!
    expect(bytesToHex(p.subScript)).toBe(e.ccPart)
    expect(bytesToHex(p.condition)).toBe(e.v1ConditionForSighash)
    expect(bytesToHex(encodeCondition(tree))).toBe(e.v1ConditionForSighash)
    expect(ccV2Address(script, TOKEL)).toBe(e.ccAddressVersion0x1c)
    expect(ccV2Address(script, KMD)).toBe(e.ccAddressVersion60)
    expect(p.params).toEqual({ version: 2, evalCode: 0xf5, m: 1, n: 1, pubkeys: [PK1], vdata: [], valid: true })
  })

  test('keyID destination, subver 1, type-6 node with a 20-byte fingerprint, params 02 f5 01 00', () => {
    const e = byId('derived-token-output-pk1-keyid-subver1').expected
    const tree = tv2(0xf5, secp256k1HashCondition(PK1))
    const params = encodeCcParamsV2({ evalCode: 0xf5, m: 1, pubkeys: [] })
    const script = ccV2Script(tree, { subver: 1, params })
    expect(bytesToHex(script)).toBe(e.scriptPubKey)
    const p = parseCcV2Script(script)!
    expect(p.subver).toBe(1)
    expect(bytesToHex(p.subScript)).toBe(e.ccPart)
    expect(bytesToHex(p.condition)).toBe(e.v1ConditionForSighash)
    expect(bytesToHex(ccScript(p.condition))).toBe(e.scriptCodeForSighash)
    expect(ccV2Address(script, TOKEL)).toBe(e.ccAddressVersion0x1c)
    expect(ccV2Address(script)).toBe(e.ccAddressVersion60)
    // the daemon's own keyID outputs (N = 0) are not valid COptCCParams (spec §2.5)
    expect(p.params!.valid).toBe(false)
    // the type-6 condition binary: a6 1b 80 14 <keyID> 81 03 02 00 00 (29 bytes)
    const c6 = encodeCondition(secp256k1HashCondition(PK1))
    expect(bytesToHex(c6)).toBe('a61b8014751e76e8199196d454941c45d1b3a323f1433bd68103020000')
    expect(decodeCondition(c6, { allowSecp256k1Hash: true }).fingerprint.length).toBe(20)
    expect(() => decodeCondition(c6)).toThrow(expect.objectContaining({ code: 'CC_UNSUPPORTED' }))
  })

  test('tokenv2indexkey: the subver-0 pubkey and subver-1 keyID addresses', () => {
    const e = byId('derived-tokenv2indexkey-pk1').expected
    const a0 = ccV2Address(ccV2Script(tv2(0xf5, secp256k1Condition(e.pubkey)), { subver: 0 }), TOKEL)
    const a1 = ccV2Address(ccV2Script(tv2(0xf5, secp256k1HashCondition(e.pubkey)), { subver: 1 }), TOKEL)
    expect([a0, a1]).toEqual(e.result)
  })

  test.each(['derived-tokensv2-burn-old', 'derived-tokensv2-burn-fixed'])('%s', (id) => {
    const e = byId(id).expected
    const script = ccV2Script(tv2(0xf5, secp256k1Condition(e.pubkey)), { subver: 0, params: pkParams(0xf5, e.pubkey) })
    expect(bytesToHex(script)).toBe(e.scriptPubKey)
    expect(ccV2Address(script, TOKEL)).toBe(e.ccAddressVersion0x1c)
  })
})

describe('assets v2 outputs', () => {
  test('order marker CC1of2(F6, pk1, global), no params; assetsv2indexkey', () => {
    const e = byId('derived-assetsv2-marker-pk1').expected
    const script = ccV2Script(cc1of2(0xf6, PK1, ASSETSV2_PK), { subver: 0 })
    expect(bytesToHex(script)).toBe(e.scriptPubKey)
    expect(ccV2Address(script, TOKEL)).toBe(e.ccAddressVersion0x1c)
    expect(ccV2Address(ccV2Script(cc1of1(0xf6, PK1), { subver: 0 }), TOKEL)).toBe(e.assetsv2indexkey_pk1)
  })
  test('ask lock: 3 of {F6, F5, 1 of {global}}, params 02 f6 01 01 + global', () => {
    const e = byId('derived-assetsv2-ask-lock-output').expected
    const script = ccV2Script(tv2(0xf6, secp256k1Condition(ASSETSV2_PK)), {
      subver: 0,
      params: pkParams(0xf6, ASSETSV2_PK),
    })
    expect(bytesToHex(script)).toBe(e.scriptPubKey)
    expect(ccV2Address(script, TOKEL)).toBe(e.ccAddressVersion0x1c)
    expect(parseCcV2Script(script)!.evalCodes).toEqual([0xf5, 0xf6])
  })
})

describe('the documented TKLTEST transactions', () => {
  test.each(docs.cases as Case[])('$id: every CC output parses, re-encodes and has the documented addresses', (c) => {
    const tx = parseTransaction(hexToBytes(c.hex!))
    c.expected.vout.forEach((o: any, n: number) => {
      expect(bytesToHex(tx.vout[n]!.script)).toBe(o.script)
      if (o.ccAddress === undefined) {
        expect(isCcV2Script(tx.vout[n]!.script)).toBe(false)
        return
      }
      const p = parseCcV2Script(tx.vout[n]!.script)!
      expect(p).not.toBeNull()
      expect(ccV2Address(tx.vout[n]!.script, KMD)).toBe(o.ccAddress.R)
      expect(ccV2Address(tx.vout[n]!.script, TOKEL)).toBe(o.ccAddress.C)
      // the blob re-encodes from its decoded tree byte for byte
      expect(bytesToHex(encodeMixedFulfillment(p.tree))).toBe(bytesToHex(p.fulfillment))
    })
  })

  test('the creates: the supply output of 2021 is 3 of {F5, F7, 1 of {creator}} with params 02 f7 01 01 + pk', () => {
    const c = byId('docs-tkltest-tokenv2createtokel-nft')
    const tx = parseTransaction(hexToBytes(c.hex!))
    const tree = tv2(0xf7, secp256k1Condition(DOC_PK))
    expect(bytesToHex(ccV2Script(tree, { subver: 0, params: pkParams(0xf7, DOC_PK) }))).toBe(
      bytesToHex(tx.vout[1]!.script),
    )
    // and the funding input verifies with the amount the oracle's check script uses (100000000)
    const prev = { value: 100000000n, script: hexToBytes('21' + DOC_PK + 'ac') }
    expect(verifyInput(tx, 0, prev)).toEqual({ valid: true, kind: 'p2pk' })
  })

  test('the transfer: its CC input (a v2 subver-0 F5 output) passes verifyInput; a changed value fails', () => {
    const c = byId('docs-tkltest-tokenv2transfer')
    const tx = parseTransaction(hexToBytes(c.hex!))
    // the spent token output of create 8d7322de…: TV2(F5,0,1,{creator}), 10^8 units (100 sent + 99999900 change)
    const spent = ccV2Script(tv2(0xf5, secp256k1Condition(DOC_PK)), { subver: 0 })
    expect(bytesToHex(spent)).toBe(c.expected.vout[1].script)
    expect(verifyInput(tx, 1, { value: 100000000n, script: spent })).toEqual({ valid: true, kind: 'cc' })
    expect(verifyInput(tx, 1, { value: 99999999n, script: spent }).valid).toBe(false)
    expect(verifyInput(tx, 0, { value: 999989899970000n, script: hexToBytes('21' + DOC_PK + 'ac') }).valid).toBe(true)
    // the scriptSig is the v1 fulfillment format (spec §3.1)
    expect(bytesToHex(tx.vin[1]!.scriptSig).slice(0, 28)).toBe('4c79a276a072a26ba067a5658021')
  })
})

describe('signing v2 inputs', () => {
  test.each([0, 1] as const)('a 1-of-1 F5 output of subver %s to pk1 (pubkey, then keyID) signs and verifies', (sv) => {
    const key = sv === 0 ? secp256k1Condition(PK1) : secp256k1HashCondition(PK1)
    const tree = tv2(0xf5, key)
    const script = ccV2Script(tree, { subver: sv, params: encodeCcParamsV2({ evalCode: 0xf5, m: 1, pubkeys: [] }) })
    const tx = parseTransaction(
      hexToBytes(
        '0400008085202f8901' +
          '11'.repeat(32) +
          '00000000' +
          '00' +
          'ffffffff' +
          '01' +
          '1027000000000000' +
          '2321' +
          PK1 +
          'ac' +
          '00000000' +
          '00000000' +
          '0000000000000000' +
          '000000',
      ),
    )
    const prev = { value: 20000n, script, condition: tree }
    const signed = signTransaction(tx, [prev], [PRIV1])
    expect(verifyInput(signed, 0, { value: 20000n, script })).toEqual({ valid: true, kind: 'cc' })
    const push = signed.vin[0]!.scriptSig
    // subver 1: the signed node is a6 (secp256k1hash) carrying the key
    const ful = decodeFulfillment(push.subarray(2, push.length - 1), { allowSecp256k1Hash: true })
    expect(JSON.stringify(ful)).toContain(sv === 0 ? 'secp256k1-sha-256' : 'secp256k1hash-sha-256')
    if (sv === 1) expect(() => decodeFulfillment(push.subarray(2, push.length - 1))).toThrow()
    // re-serialises
    expect(serializeTransaction(signed).length).toBeGreaterThan(100)
    // another key's output: the fulfillment is for another condition
    const other = ccV2Script(
      tv2(0xf5, sv === 0 ? secp256k1Condition(TOKENSV2_PK) : secp256k1HashCondition(TOKENSV2_PK)),
      {
        subver: sv,
      },
    )
    expect(verifyInput(signed, 0, { value: 20000n, script: other }).valid).toBe(false)
  })
})

describe('mixed-mode codec rules', () => {
  test('a threshold without its 1-byte preimage marker, or a marker above its children, is refused', () => {
    // 1 of {eval f5} without the marker: a2 0a a0 05 af 03 80 01 f5 a1 00 → reads af as the first fulfillment
    expect(() => decodeMixedFulfillment(hexToBytes('a209a005af038001f5a100'))).toThrow(
      expect.objectContaining({ code: 'FULFILLMENT_INVALID' }),
    )
    // marker 3 over two children
    const ok = encodeMixedFulfillment(thresholdCondition(2, [evalCondition(0xf5), evalCondition(0xf6)]))
    const bad = ok.slice()
    bad[bad.indexOf(0x02, 4)] = 0x03
    expect(() => decodeMixedFulfillment(bad)).toThrow(expect.objectContaining({ code: 'FULFILLMENT_INVALID' }))
    expect(() => decodeMixedFulfillment(Uint8Array.of(...ok, 0))).toThrow(
      expect.objectContaining({ code: 'TRAILING_BYTES' }),
    )
  })
  test('a v1 CC script is not a v2 script, and a v2 script with a bad blob is refused', () => {
    expect(parseCcV2Script(ccScript(cc1of1(0xf5, PK1)))).toBeNull()
    const good = ccV2Script(cc1of1(0xf5, PK1), { subver: 0 })
    const bad = good.slice()
    bad[3] = 0xa3
    expect(parseCcV2Script(bad)).toBeNull()
    expect(isCcV2Script(bad)).toBe(true) // IsPayToCCV2 looks at the prefix byte only
    expect(() => ccV2Address(ccScript(cc1of1(0xf5, PK1)))).toThrow(expect.objectContaining({ code: 'SCRIPT_INVALID' }))
  })
})
