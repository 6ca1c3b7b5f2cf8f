// The wallet refuses, before broadcasting, what the node's relay policy refuses (komodod IsStandardTx): the policy
// comes from the chain source (the devnet's view says its own) or from createWallet({ policy }).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../../src/devnet/server.js'
import { GATEWAYS_NODE, startTestDevnet } from '../_util/devnet.js'
import { createWallet } from '../../src/wallet/wallet.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { relayPolicy } from '../../src/tx/policy.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
}, 30_000)
afterAll(async () => {
  await dev.stop()
})

const LONG = 'a token whose description is long enough to carry its tokencreate OP_RETURN past 208 bytes. '.repeat(3)

describe('the wallet checks the relay policy before broadcasting', () => {
  test("a tokencreate whose OP_RETURN is over a default node's 208 bytes is refused with the node option named; nothing is sent", async () => {
    const counting = countingView(dev.view)
    const wallet = createWallet({ privateKey: dev.privateKey, view: counting.view })
    const mempool = [...dev.chain.mempool]
    const err = await wallet.tokencreate('LONGDESC', '1', LONG).catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'TX_NONSTANDARD',
      details: { reason: 'scriptpubkey', limit: 208, option: expect.stringMatching(/^-datacarriersize=\d+$/) },
    })
    const size = (err as { details: { size: number } }).details.size
    expect(size).toBeGreaterThan(208)
    expect((err as Error).message).toContain(`-datacarriersize=${size}`)
    expect(counting.counts.broadcast).toBe(0)
    expect([...dev.chain.mempool]).toEqual(mempool)
    // a wallet told its node runs with that -datacarriersize builds it; this devnet (208) is not that node
    const told = createWallet({
      privateKey: dev.privateKey,
      view: dev.view,
      policy: relayPolicy('asset', { datacarriersize: size }),
    })
    const built = await told.tokencreate('LONGDESC', '1', LONG, { broadcast: false })
    expect(built.broadcast).toBe(false)
    await expect(dev.view.broadcast(built.hex)).rejects.toMatchObject({
      rpcMessage: expect.stringMatching(/^64: scriptpubkey \(/),
    })
  })
  test('a short description goes through', async () => {
    const wallet = createWallet({ privateKey: dev.privateKey, view: dev.view })
    const r = await wallet.tokencreate('SHORT', '1', 'fits')
    expect(r.broadcast).toBe(true)
    expect(dev.chain.mempool).toContain(r.txid)
  })
  test('a devnet started with --datacarriersize tells the wallet through its view', async () => {
    const big = await startTestDevnet({ policy: GATEWAYS_NODE })
    try {
      expect(big.view.relayPolicy?.datacarriersize).toBe(10001)
      expect([big.policy.datacarriersize, big.chain.policy.datacarriersize, dev.chain.policy.datacarriersize]).toEqual([
        10001, 10001, 208,
      ])
      const wallet = createWallet({ privateKey: big.privateKey, view: big.view })
      const r = await wallet.tokencreate('LONGDESC', '1', LONG)
      expect(big.chain.mempool).toContain(r.txid)
    } finally {
      await big.stop()
    }
  })
})
