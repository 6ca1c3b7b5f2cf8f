import { expect, test } from 'vitest'
import { faucetExample } from '../../examples/build-faucet.js'

test('README faucet example: fund, then faucetget with the proof of work (from a nonce known to finish fast)', async () => {
  const r = await faucetExample(61995)
  expect(r.nonce).toBe(62000)
  expect(r.txid).toMatch(/^00[0-9a-f]{60}00$/)
  expect(r.payout).toBe(10_000_000n)
  expect(r.fundHex.length).toBeGreaterThan(0)
})
