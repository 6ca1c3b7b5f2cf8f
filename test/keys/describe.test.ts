// describeKey and randomPrivateKey against independent implementations: tiny-secp256k1 (public key), node:crypto
// (HASH160), bs58check (WIF and address encodings), and komodod's CC addresses as moduleAddressInfo prints them.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createHash } from 'node:crypto'
import * as ecc from 'tiny-secp256k1'
import bs58check from 'bs58check'
import { describeKey, randomPrivateKey, hdKeyFromSeed, HARDENED } from '../../src/keys/index.js'
import { moduleAddressInfo } from '../../src/cc/moduleaddress.js'
import { CC_MODULES } from '../../src/cc/eval.js'
import { BAD_KEYS } from '../_util/keys.js'

const KEY = Buffer.from('c0ffee'.repeat(10) + 'c0ff', 'hex') // 32 bytes
const hash160 = (b: Uint8Array) => createHash('ripemd160').update(createHash('sha256').update(b).digest()).digest()
const code = (c: string) => expect.objectContaining({ code: c })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('describeKey', () => {
  test('pubkey, WIF and address as independent libraries make them; CC addresses as <module>address prints them', () => {
    expect(KEY.length).toBe(32)
    const d = describeKey(new Uint8Array(KEY))
    const pub = Buffer.from(ecc.pointFromScalar(KEY, true)!)
    expect(d.privateKey).toBe(KEY.toString('hex'))
    expect(d.pubkey).toBe(pub.toString('hex'))
    expect(d.wif).toBe(bs58check.encode(Buffer.concat([Buffer.from([188]), KEY, Buffer.from([1])])))
    expect(d.address).toBe(bs58check.encode(Buffer.concat([Buffer.from([60]), hash160(pub)])))
    expect(Object.keys(d.ccAddresses)).toEqual(CC_MODULES.map((m) => m.name))
    for (const m of CC_MODULES)
      expect(d.ccAddresses[m.name]).toBe(moduleAddressInfo(m, { pubkey: d.pubkey })[`PubkeyCCaddress(${m.name})`])
    // hex and WIF name the same key; BTC parameters give BTC's encodings
    expect(describeKey(d.privateKey)).toEqual(d)
    expect(describeKey(d.wif)).toEqual(d)
    const btc = describeKey(d.privateKey, { chain: 'BTC' })
    expect(btc.address).toBe(bs58check.encode(Buffer.concat([Buffer.from([0]), hash160(pub)])))
    expect(btc.wif).toBe(bs58check.encode(Buffer.concat([Buffer.from([128]), KEY, Buffer.from([1])])))
  })
  test.each(BAD_KEYS)('refuses key %s (outside 1..n-1), as bytes and as hex', (_name, k) => {
    expect(() => describeKey(k)).toThrow(code('PRIVKEY_INVALID'))
    expect(() => describeKey(Buffer.from(k).toString('hex'))).toThrow(code('PRIVKEY_INVALID'))
  })
  test('refuses junk without echoing it', () => {
    expect(() => describeKey(new Uint8Array(31))).toThrow(code('PRIVKEY_INVALID'))
    expect(() => describeKey(42 as never)).toThrow(code('PRIVKEY_INVALID'))
    let err: unknown
    try {
      describeKey('UtrRXqvRFUAtCrCTRAHPH6yroQKUrrTJRmxt2h5U4QTUN1jCxTAX')
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ code: expect.stringMatching(/WIF_INVALID|ADDRESS_CHECKSUM/) })
    expect(String((err as Error).message)).not.toContain('UtrRXqvR')
  })
})

describe('randomPrivateKey', () => {
  test('32 bytes from crypto.getRandomValues, a valid key, drawn again when the bytes are not one', () => {
    const draws = [new Uint8Array(32), new Uint8Array(32).fill(0xff), new Uint8Array(KEY)]
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(((a: Uint8Array) => {
      a.set(draws.shift()!)
      return a
    }) as typeof globalThis.crypto.getRandomValues)
    expect(Buffer.from(randomPrivateKey()).toString('hex')).toBe(KEY.toString('hex'))
    expect(spy).toHaveBeenCalledTimes(3) // 0 and 2^256-1 are not keys
  })
  test('two draws differ (the real source)', () => {
    expect(Buffer.from(randomPrivateKey()).equals(Buffer.from(randomPrivateKey()))).toBe(false)
  })
})

describe('HdKey', () => {
  const m = hdKeyFromSeed(new Uint8Array(16).fill(7))
  test('child(i + HARDENED) is the hardened step of a path; publicOnly drops the secret; toJSON has none', () => {
    expect(m.child(HARDENED + 44).xprv).toBe(m.derive("m/44'").xprv)
    const pub = m.derive("m/44'/141'/0'").publicOnly()
    expect([pub.privateKey, pub.xprv]).toEqual([null, null])
    expect(pub.derive('0/1').xpub).toBe(m.derive("m/44'/141'/0'/0/1").xpub)
    expect(JSON.stringify(m)).not.toContain('xprv')
    expect(m.toJSON()).toEqual({
      depth: 0,
      index: 0,
      publicKey: Buffer.from(m.publicKey).toString('hex'),
      xpub: m.xpub,
    })
    expect(() => m.child(-1)).toThrow(code('HD_PATH_RANGE'))
    expect(() => m.derive("m/44'").derive('m/0')).toThrow(code('HD_KEY_INVALID'))
  })
})
