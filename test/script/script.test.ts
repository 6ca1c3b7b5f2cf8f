import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import * as bitcoin from 'bitcoinjs-lib'
import vdata from '../../vectors/script/cc-vdata.json' with { type: 'json' }
import {
  decompileScript,
  isPushOnly,
  opReturnPayload,
  opReturnScript,
  p2pkhScript,
  p2pkScript,
  pushData,
  scriptToAsm,
  isStrictSignatureEncoding,
  IGUANA_MAXSCRIPTSIZE,
} from '../../src/script/script.js'
import { ccScriptParts, classifyScript, mayAcceptCondition } from '../../src/script/classify.js'
import { opcodeName } from '../../src/script/opcodes.js'
import { decodeScriptPubKey } from '../../src/tx/decode.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { KomodoCcError } from '../../src/errors.js'

const code = (c: string) => expect.objectContaining({ code: c })
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const h = hexToBytes
const PK = '03fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abc'

describe('builders', () => {
  test('pushData is CScript << vector (no OP_n substitution)', () => {
    expect(bytesToHex(pushData(h('07')))).toBe('0107')
    expect(bytesToHex(pushData(new Uint8Array(0)))).toBe('00')
    expect(bytesToHex(pushData(new Uint8Array(75))).slice(0, 2)).toBe('4b')
    expect(bytesToHex(pushData(new Uint8Array(76))).slice(0, 4)).toBe('4c4c')
    expect(bytesToHex(pushData(new Uint8Array(256))).slice(0, 6)).toBe('4d0001')
    expect(bytesToHex(pushData(new Uint8Array(0x10000))).slice(0, 10)).toBe('4e00000100')
  })
  test('P2PK, P2PKH, OP_RETURN match bitcoinjs-lib', () => {
    expect(bytesToHex(p2pkScript(h(PK)))).toBe(
      Buffer.from(bitcoin.payments.p2pk({ pubkey: Buffer.from(PK, 'hex') }).output!).toString('hex'),
    )
    const hash = h('f3f476150b5a0f65a0972520653e6523dc2bd5ac')
    expect(bytesToHex(p2pkhScript(hash))).toBe(
      Buffer.from(bitcoin.payments.p2pkh({ hash: Buffer.from(hash) }).output!).toString('hex'),
    )
    expect(bytesToHex(opReturnScript(h('e446')))).toBe('6a02e446')
    expect(bytesToHex(opReturnScript(new Uint8Array(80))).slice(0, 6)).toBe('6a4c50')
    expect(() => p2pkScript(new Uint8Array(33))).toThrow(code('PUBKEY_INVALID'))
    expect(() => p2pkhScript(new Uint8Array(21))).toThrow(code('BYTES_LENGTH'))
  })
  test('OP_RETURN size limit (IGUANA_MAXSCRIPTSIZE) and custom policy limits', () => {
    expect(opReturnScript(new Uint8Array(IGUANA_MAXSCRIPTSIZE - 4))).toHaveLength(IGUANA_MAXSCRIPTSIZE)
    expect(() => opReturnScript(new Uint8Array(IGUANA_MAXSCRIPTSIZE - 3))).toThrow(code('SCRIPT_TOO_LARGE'))
    expect(() => opReturnScript(new Uint8Array(140), { maxScriptSize: 140 })).toThrow(code('SCRIPT_TOO_LARGE'))
  })
  test('opReturnPayload reads the first push only', () => {
    expect(bytesToHex(opReturnPayload(h('6a02e44601ff'))!)).toBe('e446')
    expect(opReturnPayload(h('6a00'))).toBeNull()
    expect(opReturnPayload(h('6a4c'))).toBeNull()
    expect(opReturnPayload(h('51'))).toBeNull()
  })
})

describe('asm (ScriptToAsmStr)', () => {
  test.each([
    ['6a02e446', 'OP_RETURN 18148'],
    ['6a04ffffffff', 'OP_RETURN -2147483647'],
    ['6a0180', 'OP_RETURN 0'],
    ['00515f60', '0 1 15 16'],
    ['4f50', '-1 OP_RESERVED'],
    [
      '76a914f3f476150b5a0f65a0972520653e6523dc2bd5ac88ac',
      'OP_DUP OP_HASH160 f3f476150b5a0f65a0972520653e6523dc2bd5ac OP_EQUALVERIFY OP_CHECKSIG',
    ],
    ['cccdb1b2ba', 'OP_CHECKCRYPTOCONDITION OP_CHECKCRYPTOCONDITIONVERIFY OP_CHECKLOCKTIMEVERIFY OP_NOP3 OP_UNKNOWN'],
    ['0501020304', '[error]'],
    ['51 4c'.replace(' ', ''), '1 [error]'],
  ])('%s → %s', (hex, asm) => {
    expect(scriptToAsm(h(hex))).toBe(asm)
  })
  test('signatures in scriptSigs get their hash type decoded, only when strict DER with a defined type', () => {
    const der =
      '3045022100b265993f541d580f10e8820f9986bdd479859fdcb2e636dd1ee1b23506eebeac02202234a6e5141345459c4b4959e921aa85b9fa616f4c44ea15e53d08bf48852595'
    expect(scriptToAsm(h('48' + der + '01'), true)).toBe(der + '[ALL]')
    expect(scriptToAsm(h('48' + der + '83'), true)).toBe(der + '[SINGLE|ANYONECANPAY]')
    expect(scriptToAsm(h('48' + der + '04'), true)).toBe(der + '04')
    expect(scriptToAsm(h('48' + der + '01'), false)).toBe(der + '01')
    expect(isStrictSignatureEncoding(h(der + '01'))).toBe(true)
    expect(isStrictSignatureEncoding(h('3006020180020101' + '01'))).toBe(false)
  })
  test('opcode names', () => {
    expect(opcodeName(0xac)).toBe('OP_CHECKSIG')
    expect(opcodeName(0xfa)).toBe('OP_UNKNOWN')
  })
  test('random scripts: asm never throws; decompile throws only SCRIPT_INVALID', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.boolean(), (s, sig) => {
        expect(typeof scriptToAsm(s, sig)).toBe('string')
        try {
          const ops = decompileScript(s)
          expect(ops.reduce((n, o) => n + (o.end - o.start), 0)).toBe(s.length)
        } catch (e) {
          expect(e).toBeInstanceOf(KomodoCcError)
          expect((e as KomodoCcError).code).toBe('SCRIPT_INVALID')
        }
        expect(classifyScript(s).type).toBeTypeOf('string')
      }),
      { numRuns },
    )
  })
})

describe('classification (Solver + ExtractDestinations)', () => {
  test('kinds and addresses', () => {
    expect(decodeScriptPubKey(h('21' + PK + 'ac'))).toMatchObject({
      type: 'pubkey',
      reqSigs: 1,
      addresses: ['RANyPgfZZLhSjQB9jrzztSw66zMMYDZuxQ'],
    })
    // a "pubkey" with a wrong length for its first byte: type only
    expect(decodeScriptPubKey(h('21' + '04' + PK.slice(2) + 'ac'))).toEqual({
      asm: '04' + PK.slice(2) + ' OP_CHECKSIG',
      hex: '2104' + PK.slice(2) + 'ac',
      type: 'pubkey',
    })
    expect(decodeScriptPubKey(h('a914' + '11'.repeat(20) + '87'))).toMatchObject({
      type: 'scripthash',
      addresses: [expect.stringMatching(/^b/)],
    })
    expect(classifyScript(h('6a')).type).toBe('nulldata')
    expect(classifyScript(h('6a02e44651')).type).toBe('nulldata')
    expect(classifyScript(h('6a02e446ac')).type).toBe('nonstandard')
    const ms = classifyScript(h('51' + '21' + PK + '21' + PK + '52ae'))
    expect(ms).toMatchObject({ type: 'multisig', reqSigs: 1 })
    expect(ms.hashes).toHaveLength(2)
    expect(classifyScript(h('53' + '21' + PK + '21' + PK + '52ae')).type).toBe('nonstandard') // m > n
    expect(classifyScript(h('ac')).type).toBe('nonstandard')
  })
  test.each(vdata.cases.map((c) => [c.ccAddress, c] as const))(
    'CC with vData %s: address of the sub-script only',
    (_a, c) => {
      const s = h(c.scriptPubKey)
      expect(bytesToHex(s.subarray(0, ccScriptParts(s)!.ccSubScriptEnd))).toBe(c.ccSubScript)
      expect(decodeScriptPubKey(s)).toMatchObject({ type: 'cryptocondition', reqSigs: 1, addresses: [c.ccAddress] })
      expect(decodeScriptPubKey(h(c.ccSubScript)).addresses).toEqual([c.ccAddress])
    },
  )
  test('CC layout rules (IsPayToCryptoCondition) and condition acceptance', () => {
    const sub = vdata.cases[0]!.ccSubScript
    expect(ccScriptParts(h(sub + '5175'))).not.toBeNull() // OP_1 OP_DROP
    expect(ccScriptParts(h(sub + '75'))).toBeNull() // drop of nothing
    expect(ccScriptParts(h(sub + '51'))).toBeNull() // unbalanced
    expect(ccScriptParts(h(sub + '4c0075'))).toBeNull() // empty non-OP_0 push
    expect(ccScriptParts(h(sub + 'ac'))).toBeNull()
    expect(ccScriptParts(h('4c2e' + sub.slice(2)))).toBeNull() // PUSHDATA1 condition push
    expect(mayAcceptCondition(h(sub.slice(2, -2)))).toBe(true)
    // an eval-only condition has no signing node: not standard
    expect(
      mayAcceptCondition(h('af2780205e1effe9b7bab73dce628ccd9f0cbbb16c1e6efc6c4f311e59992a467bc119fd8103100000')),
    ).toBe(false)
    expect(
      classifyScript(h('29af2780205e1effe9b7bab73dce628ccd9f0cbbb16c1e6efc6c4f311e59992a467bc119fd8103100000cc')).type,
    ).toBe('nonstandard')
    expect(isPushOnly(h('0051604f'))).toBe(true)
    expect(isPushOnly(h('61'))).toBe(false)
  })
})
