import { expect, test } from 'vitest'
import { electrumWalletExample } from '../../examples/electrum-wallet.js'

for (const transport of ['tcp', 'ws'] as const)
  test(`docs/electrum.md wallet example over ${transport}: tokencreate, tokentransfer, oraclescreate, reads`, async () => {
    const r = await electrumWalletExample(transport)
    expect(r.txids).toHaveLength(3)
    expect(r.fees).toEqual([10000n, 10000n, 10000n])
    expect(r.balances).toEqual({ mine: 60000n, theirs: 40000n })
    expect(r.oracle).toEqual({ name: 'DEMO', format: 'L' })
    expect(r.electrumMessages).toBeGreaterThan(0)
  }, 60_000)
