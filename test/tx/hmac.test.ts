import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { hmacSha256 } from '../../src/hash/sha256.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('hmacSha256 (the RFC 6979 HMAC of the noble secp256k1 backend)', () => {
  test('RFC 4231 test cases 1, 2 and 6 (key longer than a block)', () => {
    expect(bytesToHex(hmacSha256(new Uint8Array(20).fill(0x0b), new TextEncoder().encode('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    )
    expect(
      bytesToHex(
        hmacSha256(new TextEncoder().encode('Jefe'), new TextEncoder().encode('what do ya want for nothing?')),
      ),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
    expect(
      bytesToHex(
        hmacSha256(
          new Uint8Array(131).fill(0xaa),
          new TextEncoder().encode('Test Using Larger Than Block-Size Key - Hash Key First'),
        ),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54')
  })
  test('equals @noble/hashes hmac(sha256) on random keys and messages (block edges included)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 140 }), fc.uint8Array({ maxLength: 200 }), (k, m) => {
        expect(bytesToHex(hmacSha256(k, m))).toBe(bytesToHex(hmac(sha256, k, m)))
      }),
      { numRuns },
    )
  })
  test('returns a fresh array each call (callers keep RFC 6979 K and V)', () => {
    const k = hexToBytes('00'.repeat(32))
    const a = hmacSha256(k, new Uint8Array([1]))
    const b = hmacSha256(k, new Uint8Array([2]))
    expect(a).not.toBe(b)
    expect(bytesToHex(a)).toBe(bytesToHex(hmac(sha256, k, new Uint8Array([1]))))
  })
})
