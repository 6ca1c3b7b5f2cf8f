// Edge cases of scripts, builders, fulfillments, JSON and errors (expected bytes written out by hand from the spec).
import { describe, expect, test } from 'vitest'
import {
  addSignature,
  cc1of1,
  cc1of2,
  conditionFromJson,
  conditionToJson,
  decodeCondition,
  decodeFulfillment,
  ed25519Condition,
  encodeCondition,
  encodeFulfillment,
  evalCondition,
  preimageCondition,
  prefixCondition,
  secp256k1Condition,
  thresholdCondition,
  verifyFulfillment,
  fromBase64url,
  base64url,
  type CcThreshold,
} from '../../src/cc/index.js'
import { ccScript, ccScriptSig, ccSubScript, isCcScript, parseCcScript } from '../../src/script/cc.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

const PK = '03fdf4907810a9f5d9462a1ae09feee5ab205d32798b0ffcc379442021f84c5bbf'
const COND = 'a22c802053aa7b060657c0bfe8303df66849a42b0e08b67a5355c94623588de01a7214208103120c008203000401'
const SCRIPT = '2e' + COND + 'cc'
const EVAL_E4 = 'af2780205e1effe9b7bab73dce628ccd9f0cbbb16c1e6efc6c4f311e59992a467bc119fd8103100000'
const code = (fn: () => unknown): string => {
  try {
    fn()
  } catch (e) {
    return (e as { code: string }).code
  }
  return 'no error'
}

describe('CC script recognition (IsPayToCryptoCondition)', () => {
  const parse = (hex: string) => parseCcScript(hexToBytes(hex))
  test('plain and tails', () => {
    expect(parse(SCRIPT)!.tail).toEqual([])
    expect(isCcScript(hexToBytes(SCRIPT))).toBe(true)
    expect(parse(SCRIPT + '5175')!.tail).toEqual([Uint8Array.of(1)]) // OP_1 OP_DROP
    expect(parse(SCRIPT + '0075')!.tail).toEqual([Uint8Array.of(0)]) // OP_0 OP_DROP
    const two = parse(SCRIPT + '01aa01bb7575')!
    expect(two.tail.map(bytesToHex)).toEqual(['aa', 'bb'])
    expect(two.params).toBeUndefined()
    expect(parse(SCRIPT + '4c01aa75')!.tail.map(bytesToHex)).toEqual(['aa']) // non-minimal pushes are still pushes
    expect(bytesToHex(ccSubScript(hexToBytes(SCRIPT + '5175')))).toBe(SCRIPT)
  })
  test('refusals', () => {
    for (const bad of [
      '4c2e' + COND + 'cc', // PUSHDATA1 condition
      '2e' + COND + 'cd', // VERIFY variant
      '2e' + COND + 'fc',
      SCRIPT + '01aa', // unbalanced push
      SCRIPT + '75', // drop of nothing
      SCRIPT + '754c0175', // drop before push
      SCRIPT + '4c0075', // empty push
      SCRIPT + '4f75', // OP_1NEGATE is not a push here
      SCRIPT + '5075', // OP_RESERVED
      SCRIPT + '02aa', // truncated push
      SCRIPT + '4d0100', // truncated PUSHDATA2
      '00cc',
      'cc',
      '',
      '2e' + COND, // no cc
      SCRIPT + 'ac',
    ]) {
      expect(parse(bad), bad).toBeNull()
      expect(isCcScript(hexToBytes(bad))).toBe(false)
    }
    expect(isCcScript('2e' as unknown)).toBe(false)
    expect(code(() => parseCcScript('00' as never))).toBe('BYTES_TYPE')
    expect(code(() => ccSubScript(hexToBytes('76a9')))).toBe('SCRIPT_INVALID')
  })
  test('build limits', () => {
    expect(code(() => ccScript(new Uint8Array(76)))).toBe('SCRIPT_INVALID')
    expect(code(() => ccScript(new Uint8Array(0)))).toBe('SCRIPT_INVALID')
    expect(code(() => ccScript(hexToBytes(COND), { evalCode: 0xe4, data: [new Uint8Array(0)] }))).toBe('SCRIPT_INVALID')
    // P = 5-byte header push + 3 + 512 = 520: allowed; one more byte: refused
    expect(ccScript(hexToBytes(COND), { evalCode: 0xe4, data: [new Uint8Array(512)] }).length).toBe(48 + 3 + 520 + 1)
    expect(code(() => ccScript(hexToBytes(COND), { evalCode: 0xe4, data: [new Uint8Array(513)] }))).toBe(
      'SCRIPT_TOO_LARGE',
    )
    expect(code(() => ccScript(hexToBytes(COND), { evalCode: 300, data: [] }))).toBe('INT_RANGE')
    expect(code(() => ccScript(hexToBytes(COND), { data: 'x' } as never))).toBe('ARG_INVALID')
    // 1-of-2 header from the spec: 01 ev 01 02
    expect(bytesToHex(ccScript(hexToBytes(COND), { evalCode: 0xe4, m: 2, data: [hexToBytes('6a02e446')] }))).toBe(
      SCRIPT + '0a0401e40102046a02e44675',
    )
  })
  test('scriptSig: one push of fulfillment ‖ hashtype, at most 2048 bytes', () => {
    expect(bytesToHex(ccScriptSig(hexToBytes('af038001e4')))).toBe('06af038001e401')
    expect(bytesToHex(ccScriptSig(new Uint8Array(300)).subarray(0, 3))).toBe('4d2d01')
    expect(ccScriptSig(new Uint8Array(2047)).length).toBe(3 + 2048)
    expect(code(() => ccScriptSig(new Uint8Array(2048)))).toBe('SCRIPT_TOO_LARGE')
  })
})

describe('builders refuse bad input with typed errors', () => {
  test('codes', () => {
    expect(code(() => cc1of1(256, PK))).toBe('INT_RANGE')
    expect(code(() => cc1of1(-1, PK))).toBe('INT_RANGE')
    expect(code(() => cc1of1(0xe4, PK.slice(2)))).toBe('PUBKEY_INVALID')
    expect(code(() => cc1of1(0xe4, 'zz' + PK.slice(2)))).toBe('HEX_INVALID')
    expect(code(() => cc1of1(0xe4, 42 as never))).toBe('BYTES_TYPE')
    expect(code(() => thresholdCondition(3, [evalCondition(1), evalCondition(2)]))).toBe('INT_RANGE')
    expect(code(() => thresholdCondition(1, 'x' as never))).toBe('ARG_INVALID')
    expect(code(() => encodeCondition({ type: 'bogus' } as never))).toBe('ARG_INVALID')
    expect(code(() => encodeCondition(null as never))).toBe('ARG_INVALID')
    expect(code(() => evalCondition(new Uint8Array(0)))).toBe('BYTES_LENGTH')
    expect(code(() => secp256k1Condition(PK, new Uint8Array(63)))).toBe('BYTES_LENGTH')
    expect(code(() => decodeCondition(hexToBytes(COND), { lenient: 'yes' as never }))).toBe('ARG_INVALID')
    // a self-referencing tree is refused, not a stack overflow
    const loop: { type: string; threshold: number; subconditions: unknown[] } = {
      type: 'threshold-sha-256',
      threshold: 0,
      subconditions: [],
    }
    loop.subconditions.push(loop)
    expect(code(() => encodeCondition(loop as never))).toBe('ARG_INVALID')
  })
  test('a malformed node deep in a caller-built tree is named by its path', () => {
    const err = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return e as { code: string; message: string; details: Record<string, unknown> }
      }
      throw new Error('no error')
    }
    const bad1 = cc1of1(0xe4, PK) as unknown as {
      subconditions: Array<{ subconditions: Array<Record<string, unknown>> }>
    }
    bad1.subconditions[1]!.subconditions[0]!.publicKey = new Uint8Array(5)
    const e1 = err(() => encodeCondition(bad1 as never))
    expect(e1.code).toBe('BYTES_LENGTH')
    expect(e1.message).toContain('condition.subconditions[1].subconditions[0].publicKey')
    const bad2 = {
      type: 'prefix-sha-256',
      prefix: new Uint8Array(1),
      maxMessageLength: 10,
      subcondition: { type: 'threshold-sha-256', threshold: 5, subconditions: [evalCondition(1)] },
    }
    const e2 = err(() => encodeCondition(bad2 as never))
    expect(e2.code).toBe('INT_RANGE')
    expect(e2.message).toContain('condition.subcondition.threshold')
    const bad3 = {
      type: 'threshold-sha-256',
      threshold: 1,
      subconditions: [evalCondition(1), { type: 'eval-sha-256', code: 'e4' }],
    }
    const e3 = err(() => encodeCondition(bad3 as never))
    expect(e3.code).toBe('BYTES_TYPE')
    expect(e3.message).toContain('condition.subconditions[1].code')
  })
  test('off-curve "pubkeys" are fine in conditions (CCtxidaddr)', () => {
    const offCurve = '02' + '00'.repeat(31) + '05'
    expect(encodeCondition(cc1of1(0xec, offCurve)).length).toBe(46)
  })
})

describe('fulfillments', () => {
  const sig = new Uint8Array(64).fill(7)
  test('an unsigned tree or an anon node cannot be fulfilled', () => {
    expect(code(() => encodeFulfillment(cc1of1(0xe4, PK)))).toBe('FULFILLMENT_INVALID')
    expect(code(() => encodeFulfillment(decodeCondition(hexToBytes(COND))))).toBe('FULFILLMENT_INVALID')
    expect(code(() => addSignature(cc1of1(0xe4, PK), '02' + '11'.repeat(32), sig))).toBe('SIGNER_FAILED')
  })
  test('the cheapest fulfillable children are chosen; the rest become conditions', () => {
    // 1 of {eval e4 (cost 1048576), preimage 01 (cost 1)}: the preimage is fulfilled, the eval written as condition
    const t = thresholdCondition(1, [evalCondition(0xe4), preimageCondition(Uint8Array.of(1))])
    expect(bytesToHex(encodeFulfillment(t))).toBe('a232a005a003800101a129' + EVAL_E4)
    const back = decodeFulfillment(encodeFulfillment(t)) as CcThreshold
    expect(back.threshold).toBe(1)
    expect(bytesToHex(encodeCondition(back))).toBe(bytesToHex(encodeCondition(t)))
  })
  test('self-paired 1-of-2: both nodes signed, the first becomes the fulfillment, the other a condition', () => {
    const t = addSignature(cc1of2(0xe4, PK, PK), PK, sig) as CcThreshold
    const inner = t.subconditions[1] as CcThreshold
    expect(inner.subconditions.every((s) => s.type === 'secp256k1-sha-256' && s.signature !== undefined)).toBe(true)
    const back = decodeFulfillment(encodeFulfillment(t)) as CcThreshold
    const innerBack = back.subconditions.find((s) => s.type === 'threshold-sha-256') as CcThreshold
    expect(innerBack.subconditions.map((s) => s.type)).toEqual(['secp256k1-sha-256', 'anon'])
    expect(bytesToHex(encodeCondition(back))).toBe(bytesToHex(encodeCondition(cc1of2(0xe4, PK, PK))))
  })
  test('long-form DER lengths (a2 81 …) for a 1-of-2', () => {
    const f = encodeFulfillment(
      addSignature(cc1of2(0xe4, PK, '039ebd374eea3befddf46bbb182e291fb719ee1b705b0b7802161038eb7da8a036'), PK, sig),
    )
    expect(bytesToHex(f.subarray(0, 3))).toBe('a281a1')
    expect(f.length).toBe(164)
  })
  test('verify: no signing node, prefix, ed25519, wrong sizes', () => {
    const evalOnly = evalCondition(0xe4)
    expect(verifyFulfillment(encodeFulfillment(evalOnly), encodeCondition(evalOnly), new Uint8Array(32))).toBe(false)
    const pre = prefixCondition(Uint8Array.of(1), 10, evalOnly)
    expect(verifyFulfillment(encodeFulfillment(pre), encodeCondition(pre), new Uint8Array(32))).toBe(false)
    const ed = ed25519Condition(new Uint8Array(32), new Uint8Array(64))
    expect(verifyFulfillment(encodeFulfillment(ed), encodeCondition(ed), new Uint8Array(32))).toBe(false)
    expect(
      code(() => verifyFulfillment(encodeFulfillment(evalOnly), encodeCondition(evalOnly), new Uint8Array(31))),
    ).toBe('BYTES_LENGTH')
    expect(code(() => verifyFulfillment('af' as never, new Uint8Array(1), new Uint8Array(32)))).toBe('BYTES_TYPE')
  })
})

describe('JSON and base64url', () => {
  test('the faucet condition in the reference JSON form', () => {
    const j = conditionToJson(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'))
    expect(j).toEqual({
      type: 'threshold-sha-256',
      threshold: 2,
      subfulfillments: [
        { type: 'eval-sha-256', code: '5A' },
        {
          type: 'threshold-sha-256',
          threshold: 1,
          subfulfillments: [
            {
              type: 'secp256k1-sha-256',
              publicKey: '03682B255C40D0CDE8FAEE381A1A50BBB89980FF24539CB8518E294D3A63CEFE12',
            },
          ],
        },
      ],
    })
    expect(Object.keys(j)).toEqual(['type', 'threshold', 'subfulfillments'])
  })
  test('anon JSON, and it has no reader', () => {
    const a = conditionToJson(decodeCondition(hexToBytes(EVAL_E4)))
    expect(a).toEqual({
      type: '(anon)',
      fingerprint: 'Xh7_6be6tz3OYozNnwy7sWwebvxsTzEeWZkqRnvBGf0',
      cost: 1048576,
      subtypes: 0,
    })
    expect(code(() => conditionFromJson(a))).toBe('CC_UNSUPPORTED')
  })
  test('base64url against known values; standard alphabet and padding accepted on input', () => {
    expect(base64url(Uint8Array.of(0xe4))).toBe('5A')
    expect(base64url(Uint8Array.of(0xfb, 0xff))).toBe('-_8')
    expect(bytesToHex(fromBase64url('+/8='))).toBe('fbff')
    expect(bytesToHex(fromBase64url('5A=='))).toBe('e4')
    expect(code(() => fromBase64url('5'))).toBe('ARG_INVALID')
    expect(code(() => fromBase64url('5*'))).toBe('ARG_INVALID')
    expect(code(() => conditionFromJson({ type: 'secp256k1-sha-256', publicKey: 'AB' }))).toBe('PUBKEY_INVALID')
    expect(code(() => conditionFromJson({ type: 'threshold-sha-256', threshold: 1 }))).toBe('ARG_INVALID')
  })
})
