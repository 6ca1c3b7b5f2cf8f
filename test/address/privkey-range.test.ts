// A private key must be a secp256k1 scalar 1..n-1. Keys of 0, n, n+1 and 2^256-1 are refused with PRIVKEY_INVALID
// everywhere a key enters: WIF encoding and decoding, keySigner, signTransaction (noble and tiny-secp256k1).
import { describe, expect, test } from 'vitest'
import * as tiny from 'tiny-secp256k1'
import { encodeWif, decodeWif } from '../../src/address/address.js'
import { base58checkEncode } from '../../src/address/base58check.js'
import { keySigner, signTransaction, tinySecp256k1Backend, nobleSecp256k1 } from '../../src/tx/sign.js'
import { p2pkScript } from '../../src/script/script.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'

import { BAD_KEYS, N, be32 } from '../_util/keys.js'

const GOOD = [be32(1n), be32(N - 1n)]
const invalid = expect.objectContaining({ name: 'KomodoCcError', code: 'PRIVKEY_INVALID' })
const backends = [
  ['noble', nobleSecp256k1],
  ['tiny-secp256k1', tinySecp256k1Backend(tiny)],
] as const

describe('private keys out of 1..n-1 are refused with PRIVKEY_INVALID', () => {
  test.each(BAD_KEYS)('encodeWif: key %s', (_name, k) => {
    expect(() => encodeWif(k)).toThrow(invalid)
    expect(() => encodeWif(k, { compressed: false })).toThrow(invalid)
  })
  test.each(BAD_KEYS)('decodeWif: a well-formed WIF holding key %s', (_name, k) => {
    for (const compressed of [true, false]) {
      const payload = Uint8Array.from([188, ...k, ...(compressed ? [1] : [])])
      expect(() => decodeWif(base58checkEncode(payload))).toThrow(invalid)
    }
  })
  test('1 and n-1 are valid keys and round-trip through WIF', () => {
    for (const k of GOOD)
      for (const compressed of [true, false])
        expect(decodeWif(encodeWif(k, { compressed }))).toEqual({ privateKey: k, compressed })
  })

  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    lockTime: 0,
    expiryHeight: 10,
    valueBalance: 0n,
    vin: [{ txid: '11'.repeat(32), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
    vout: [{ value: 1000n, script: new Uint8Array([0x51]) }],
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const prevouts = [
    {
      value: 20000n,
      script: p2pkScript(hexToBytes('02' + '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798')),
    },
  ]
  for (const [bname, backend] of backends) {
    test.each(BAD_KEYS)(`keySigner and signTransaction (${bname}): key %s`, (_name, k) => {
      expect(() => keySigner(k, backend)).toThrow(invalid)
      expect(() => signTransaction(tx, prevouts, [k], { backend })).toThrow(invalid)
    })
    test(`a valid key still signs (${bname})`, () => {
      const signed = signTransaction(tx, prevouts, [be32(1n)], { backend })
      expect(signed.vin[0]!.scriptSig.length).toBeGreaterThan(64)
    })
  }
})

describe('hostile amount text and the baton key', () => {
  test('a fraction of 200,000 zeros then a digit is refused at once (the trailing-zero trim was quadratic)', async () => {
    const { toSatoshis } = await import('../../src/amount.js')
    const text = '0.' + '0'.repeat(200_000) + '1'
    const t0 = performance.now()
    expect(() => toSatoshis(text)).toThrow(expect.objectContaining({ code: 'AMOUNT_INVALID' }))
    expect(performance.now() - t0).toBeLessThan(2000) // a hang bound, not a speed figure: main took far longer
    expect(toSatoshis('1.50000000' + '0'.repeat(100_000))).toBe(150_000_000n)
  })
  test('batonKey and batonPubkey refuse keys of 0 and ≥ n', async () => {
    const { batonKey, batonPubkey } = await import('../../src/cc/address.js')
    const n = hexToBytes('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141')
    for (const k of [new Uint8Array(32), n, new Uint8Array(32).fill(0xff)]) {
      expect(() => batonKey(k)).toThrow(expect.objectContaining({ code: 'PRIVKEY_INVALID' }))
      expect(() => batonPubkey(k)).toThrow(expect.objectContaining({ code: 'PRIVKEY_INVALID' }))
    }
  })
})
