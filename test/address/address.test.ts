import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import bs58check from 'bs58check'
import { base58 } from '@scure/base'
import keys from '../../vectors/foundation/keys.json' with { type: 'json' }
import {
  base58Decode,
  base58Encode,
  base58checkDecode,
  base58checkEncode,
  p2pkhAddress,
  p2shAddress,
  decodeAddress,
  encodeWif,
  decodeWif,
  chainParams,
  hash160ToAddress,
  isAddress,
  BTC,
  ZEC,
} from '../../src/address/index.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { hash160, sha256, sha256d, blake2b256 } from '../../src/hash/index.js'
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const code = (c: string) => expect.objectContaining({ code: c })
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('hashes agree with node:crypto', () => {
  test('sha256, sha256d, hash160', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const s = createHash('sha256').update(b).digest()
        expect(bytesToHex(sha256(b))).toBe(s.toString('hex'))
        expect(bytesToHex(sha256d(b))).toBe(createHash('sha256').update(s).digest('hex'))
        expect(bytesToHex(hash160(b))).toBe(createHash('ripemd160').update(s).digest('hex'))
      }),
      { numRuns: 50 },
    )
  })
  test('sha256 of views at any offset and of many-block messages equals node:crypto', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 3000 }), fc.nat(), fc.nat(), (b, x, y) => {
        const start = x % b.length,
          end = start + (y % (b.length - start + 1))
        const view = b.subarray(start, end)
        expect(bytesToHex(sha256(view))).toBe(createHash('sha256').update(view).digest('hex'))
      }),
      { numRuns },
    )
  })
  test('src/hash/sha256-compress.ts is what scripts/gen-sha256.mjs writes', () => {
    const r = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../scripts/gen-sha256.mjs', import.meta.url)), '--check'],
      { encoding: 'utf8' },
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
  })
  test('sha256 at every padding boundary (0..300 bytes) equals node:crypto', () => {
    for (let n = 0; n <= 300; n++) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 0xff)
      expect(bytesToHex(sha256(b))).toBe(createHash('sha256').update(b).digest('hex'))
    }
  })
  test('hash functions refuse non-bytes with a typed error', () => {
    expect(() => sha256('00' as never)).toThrow(code('BYTES_TYPE'))
    expect(() => sha256d(null as never)).toThrow(code('BYTES_TYPE'))
  })
  test('blake2b256 personalization must be 16 bytes', () => {
    expect(blake2b256(new Uint8Array(), new TextEncoder().encode('ZcashPrevoutHash'))).toHaveLength(32)
    expect(() => blake2b256(new Uint8Array(), new Uint8Array(15))).toThrow(code('BYTES_LENGTH'))
  })
})

describe('base58 / base58check', () => {
  test('agree with @scure/base and bs58check on random inputs (leading zeros included)', () => {
    const bytes = fc
      .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ maxLength: 60 }))
      .map(([z, b]) => Uint8Array.from([...new Array(z).fill(0), ...b]))
    fc.assert(
      fc.property(bytes, (b) => {
        const enc = base58Encode(b)
        expect(enc).toBe(base58.encode(b))
        expect(bytesToHex(base58Decode(enc))).toBe(bytesToHex(b))
        const chk = base58checkEncode(b)
        expect(chk).toBe(bs58check.encode(b))
        expect(bytesToHex(base58checkDecode(chk))).toBe(bytesToHex(b))
      }),
      { numRuns },
    )
  })
  test('bad characters, bad checksums and short payloads are typed', () => {
    expect(() => base58Decode('0OIl')).toThrow(
      expect.objectContaining({ code: 'ADDRESS_INVALID', details: { offset: 0 } }),
    )
    expect(() => base58checkDecode('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLi')).toThrow(code('ADDRESS_CHECKSUM'))
    expect(() => base58checkDecode('111')).toThrow(code('ADDRESS_INVALID'))
    expect(() => base58Decode('1'.repeat(300))).toThrow(code('ADDRESS_INVALID'))
  })
})

describe("addresses and WIF (Komodo's own encoder output)", () => {
  test.each(keys.cases)('key $keyIndex', ({ privkey, pubkey, p2pkAddress, wif }) => {
    expect(p2pkhAddress(pubkey)).toBe(p2pkAddress)
    expect(p2pkhAddress(hexToBytes(pubkey))).toBe(p2pkAddress)
    expect(encodeWif(hexToBytes(privkey))).toBe(wif)
    expect(bytesToHex(decodeWif(wif).privateKey)).toBe(privkey)
    expect(decodeAddress(p2pkAddress)).toMatchObject({ kind: 'p2pkh' })
    expect(bytesToHex(decodeAddress(p2pkAddress).hash)).toBe(bytesToHex(hash160(hexToBytes(pubkey))))
  })
  test.each(keys.spec_addresses)('$source', ({ pubkey, address }) => expect(p2pkhAddress(pubkey)).toBe(address))
  test('P2SH (version 85) and foreign chains with 1- and 2-byte prefixes', () => {
    const script = hexToBytes('51')
    expect(p2shAddress(script)[0]).toBe('b')
    expect(decodeAddress(p2shAddress(script)).kind).toBe('p2sh')
    const pk = keys.cases[0]!.pubkey
    expect(p2pkhAddress(pk, BTC)[0]).toBe('1')
    expect(p2pkhAddress(pk, 'btc')).toBe(p2pkhAddress(pk, BTC))
    expect(p2pkhAddress(pk, ZEC).startsWith('t1')).toBe(true)
    expect(hash160ToAddress(new Uint8Array(20), 'p2sh', ZEC).startsWith('t3')).toBe(true)
    expect(decodeAddress(p2pkhAddress(pk, ZEC), ZEC).kind).toBe('p2pkh')
    expect(p2pkhAddress(pk, { pubtype: 60, p2shtype: 85, wiftype: 188, taddr: 0 } as never)).toBe(p2pkhAddress(pk))
    expect(isAddress(p2pkhAddress(pk, BTC))).toBe(false)
  })
  test('bad keys, WIFs and chain params are typed and never echo the WIF', () => {
    expect(() => p2pkhAddress('05' + '00'.repeat(32))).toThrow(code('PUBKEY_INVALID'))
    expect(() => p2pkhAddress('02' + '00'.repeat(31))).toThrow(code('PUBKEY_INVALID'))
    expect(() => p2pkhAddress('zz')).toThrow(code('HEX_INVALID'))
    expect(() => encodeWif(new Uint8Array(31))).toThrow(code('BYTES_LENGTH'))
    const wif = keys.cases[0]!.wif
    expect(() => decodeWif(wif, BTC)).toThrow(code('WIF_INVALID'))
    try {
      decodeWif(wif.slice(0, -1) + (wif.endsWith('a') ? 'b' : 'a'))
    } catch (e) {
      expect((e as Error).message).not.toContain(wif.slice(5, 20))
      expect(e).toMatchObject({ code: 'WIF_INVALID' })
    }
    expect(() => chainParams('NOPE')).toThrow(code('CHAIN_PARAMS'))
    expect(() => chainParams({ pubtype: 256, p2shtype: 5, wiftype: 128 })).toThrow(code('CHAIN_PARAMS'))
    expect(() => decodeAddress(p2pkhAddress(keys.cases[0]!.pubkey, BTC))).toThrow(code('ADDRESS_VERSION'))
  })
})
