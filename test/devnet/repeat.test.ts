// Two test devnets that do the same things make the same transactions (issue 30): the fixed wallet key fixes the
// premine, and nothing on the way draws at random — the devnet's faucetget included (its nonce search starts from the
// chain's state, where komodod uses rand()). A devnet with another key makes other ones.
import { describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet, TEST_ACCOUNTS } from '../_util/devnet.js'

/** A few RPCs that build and send transactions, the txids and the unsent faucetget hex they produce. */
async function steps(dev: Devnet): Promise<string[]> {
  const rpc = dev.rpc
  const out: string[] = []
  out.push((await rpc.call('sendtoaddress', [p2pkhAddress(TEST_ACCOUNTS.alice.pubkey), '12.5'])) as string)
  out.push(await rpc.sendrawtransaction((await rpc.tokencreate('REPEAT', '0.001', 'same every run')).hex))
  out.push(await rpc.sendrawtransaction((await rpc.faucetfund('100')).hex))
  await dev.mine(1)
  // the wallet's address is old, so this faucetget is only built (its nonce search is what must repeat)
  out.push((await rpc.faucetget()).hex)
  return out
}

describe('a test devnet repeats itself', () => {
  test('the same steps on two devnets with the fixed key: the same txids and the same faucetget bytes', async () => {
    const a = await startTestDevnet()
    const first = await steps(a).finally(() => a.stop())
    const b = await startTestDevnet()
    const second = await steps(b).finally(() => b.stop())
    expect(a.pubkey).toBe(TEST_ACCOUNTS.devnet.pubkey)
    expect(second).toEqual(first)
    // another key: other transactions (the comparison above can fail)
    const c = await startTestDevnet({ privateKey: TEST_ACCOUNTS.carol.privateKey })
    const third = await steps(c).finally(() => c.stop())
    expect(third.filter((x, i) => x === first[i])).toEqual([])
  }, 120_000)
})
