// The key-local wallet over komodod's JSON-RPC source (createRpcView on the devnet's HTTP server): consecutive calls
// chain through the mempool as the node reports it, every input is read and checked through the view, and the
// calls per look-up stay few. The resolver is the same stand-in (test/_util/stand-in-resolver.ts) as
// test/wallet/pending.test.ts; the modules' resolvers run over every source in their own tests.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../src/bytes/hex.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { mempoolTokenCreate } from '../_util/stand-in-resolver.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createRpcView } from '../../src/rpc/view.js'
import { createWallet } from '../../src/wallet/wallet.js'

const tokencreate = mempoolTokenCreate

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

describe('createWallet over createRpcView', () => {
  test('three calls in a row: each accepted, no coin spent twice, the view asked a bounded number of times', async () => {
    const counted = countingView(createRpcView(dev.rpc))
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view: counted.view, methods: [tokencreate] })
    const results = []
    for (const name of ['R1', 'R2', 'R3']) {
      counted.reset()
      results.push(await wallet.call('tokencreate', { name, supply: '0.0001' }))
      // normalCoins (listUnspent, its transactions, getAddressMempool, the mempool outputs' transactions), the
      // height, the broadcast, and what the wallet reads to forget or keep what it sent
      expect(counted.total()).toBeLessThanOrEqual(8) // 6 to 8 seen
      expect(counted.counts.broadcast).toBe(1)
    }
    expect(dev.chain.mempool).toEqual(expect.arrayContaining(results.map((r) => r.txid)))
    const spent = results.flatMap((r) => r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`))
    expect(new Set(spent).size).toBe(spent.length)
    await dev.mine(1)
    const after = await wallet.call('tokencreate', { name: 'R4', supply: '0.0001' })
    expect(dev.chain.mempool).toContain(after.txid)
  })
})
