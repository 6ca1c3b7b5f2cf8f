import { expect, test } from 'vitest'
import fc from 'fast-check'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { ripemd160Of32 } from '../../src/hash/ripemd32.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { sha256 } from '../../src/hash/index.js'

test('RIPEMD-160 of 32 bytes: a known value and agreement with @noble/hashes', () => {
  // HASH160 of the faucet CC sub-script is 07c5e14a…bd1b (spec 4.2): RIPEMD-160(SHA-256(script))
  const sha = sha256(
    hexToBytes('2ea22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401cc'),
  )
  expect(bytesToHex(ripemd160Of32(sha, 0, new Uint8Array(20), 0))).toBe('07c5e14a9dc1c12e5b754f78f929a715f4f9bd1b')
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 40 }), fc.nat(8), (b, o) => {
      const off = Math.min(o, b.length - 32)
      const out = new Uint8Array(24)
      ripemd160Of32(b, off, out, 2)
      expect(bytesToHex(out.subarray(2, 22))).toBe(bytesToHex(ripemd160(b.subarray(off, off + 32))))
    }),
    { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) * 5 },
  )
})
