import { expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { tokensExample } from '../../examples/build-tokens.js'
import { parseTransaction } from '../../src/tx/codec.js'
import { sha256 } from '../../src/hash/index.js'
import { bytesToHex } from '../../src/bytes/hex.js'

test('README tokens example: create then transfer', () => {
  const r = tokensExample()
  expect(parseTransaction(r.createHex).vout[1]!.value).toBe(100_000_000n)
  expect(r.sent).toBe(25_000_000n)
  expect(r.kept).toBe(75_000_000n)
  const friend = bytesToHex(getPublicKey(sha256(new TextEncoder().encode('2')), true))
  expect(r.opret).toEqual({ funcid: 't', evalCode: 0xf2, tokenid: r.tokenid, pubkeys: [friend], blobs: [] })
})
