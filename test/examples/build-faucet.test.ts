import { expect, test } from 'vitest'
import { faucetExample } from '../../examples/build-faucet.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { sha256d } from '../../src/hash/index.js'
import { txidOfBytes } from '../../src/tx/codec.js'

test('README faucet example: fund, then faucetget with the proof of work (the fast search, from nonce 0)', async () => {
  const r = await faucetExample()
  expect(r.txid).toMatch(/^00[0-9a-f]{60}00$/)
  expect(sha256d(hexToBytes(r.getHex))[0]).toBe(0)
  expect(txidOfBytes(hexToBytes(r.getHex))).toBe(r.txid)
  expect(r.payout).toBe(10_000_000n)
  expect(r.fundHex.length).toBeGreaterThan(0)
})
