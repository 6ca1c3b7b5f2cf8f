// The Electrum view's bounds (issue 28, "Bounds"): its transaction cache is bounded in bytes, not only by count; a
// transaction above the consensus size is refused, never kept; verifyInclusion fetches at most maxHeaders headers from
// its checkpoint (HEADER_LIMIT beyond), so a server claiming a far height cannot make it read millions of headers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import { startDevnet, type Devnet } from '../../src/devnet/server.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { MAX_TX_SIZE_AFTER_SAPLING } from '../../src/tx/types.js'
import { fakeServer, reply } from './_helpers.js'

let dev: Devnet
let txids: string[]
beforeAll(async () => {
  dev = await startDevnet({ electrum: true, privateKey: '51'.repeat(32) })
  const to = p2pkhAddress('03' + '5a'.repeat(32))
  for (let i = 0; i < 6; i++) await dev.rpc.call('sendtoaddress', [to, '1'])
  await dev.mine(12)
  txids = dev.chain.blocks[1]!.txids.slice(1)
}, 30_000)
afterAll(() => dev.stop())

const quick = { timeoutMs: 3000, backoffMs: 10, pingIntervalMs: 0 }

describe('the transaction cache is bounded in bytes', () => {
  test('with room for about two transactions, reading six again fetches the evicted ones again', async () => {
    const size = dev.chain.txs.get(txids[0]!)!.hex.length // hex digits; the view counts 2 bytes a digit
    const view = createElectrumView({ url: dev.electrum!.url, maxCachedBytes: size * 2 * 2 + 10, ...quick })
    try {
      await view.getTransactions!(txids)
      const before = view.client.stats.requests
      await view.getTransaction(txids.at(-1)!) // the newest is kept
      expect(view.client.stats.requests).toBe(before)
      await view.getTransaction(txids[0]!) // the oldest was evicted: asked again
      expect(view.client.stats.requests).toBe(before + 1)
    } finally {
      view.close()
    }
  })

  test('by count as before, and the default keeps them all', async () => {
    const view = createElectrumView({ url: dev.electrum!.url, ...quick })
    try {
      await view.getTransactions!(txids)
      const before = view.client.stats.requests
      await view.getTransactions!(txids)
      expect(view.client.stats.requests).toBe(before)
    } finally {
      view.close()
    }
  })

  test('a transaction above the consensus size is refused (CHAIN_MISMATCH) and not kept', async () => {
    const big = '00'.repeat(MAX_TX_SIZE_AFTER_SAPLING + 1)
    let asked = 0
    const f = await fakeServer((m, s) => {
      if (m?.method === 'server.version') return reply(s, m.id, ['fake 1.0', '1.4'])
      if (m?.method === 'blockchain.transaction.get') {
        asked++
        reply(s, m.id, big)
      }
    })
    const view = createElectrumView({ url: f.url, ...quick })
    try {
      for (let i = 0; i < 2; i++)
        await expect(view.getTransaction('ab'.repeat(32))).rejects.toMatchObject({
          code: 'CHAIN_MISMATCH',
          details: { size: MAX_TX_SIZE_AFTER_SAPLING + 1 },
        })
      expect(asked).toBe(2)
    } finally {
      view.close()
      await f.close()
    }
  })
})

describe('verifyInclusion fetches a bounded number of headers', () => {
  test('a transaction 12 blocks above the checkpoint with maxHeaders 5: HEADER_LIMIT; with the default: verified', async () => {
    const address = p2pkhAddress('03' + '5a'.repeat(32))
    const checkpoint = { height: 0, hash: dev.chain.blocks[0]!.hash }
    const tight = createElectrumView({
      url: dev.electrum!.url,
      verifyInclusion: { checkpoint },
      maxHeaders: 5,
      ...quick,
    })
    const roomy = createElectrumView({ url: dev.electrum!.url, verifyInclusion: { checkpoint }, ...quick })
    try {
      await dev.rpc.call('sendtoaddress', [address, '1'])
      await dev.mine(1)
      await expect(tight.listUnspent(address)).rejects.toMatchObject({
        code: 'HEADER_LIMIT',
        details: { maxHeaders: 5, checkpoint: 0 },
      })
      expect((await roomy.listUnspent(address)).length).toBe(7)
    } finally {
      tight.close()
      roomy.close()
    }
  })

  test('maxHeaders and maxCachedBytes are checked', () => {
    expect(() => createElectrumView({ url: dev.electrum!.url, maxHeaders: 0 })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => createElectrumView({ url: dev.electrum!.url, maxCachedBytes: -1 })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
})
