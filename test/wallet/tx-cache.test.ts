// The wallet's verified-transaction cache (issue 34): a second call of a method on unchanged state asks the chain
// source for no transaction it verified in the first (counts, not times).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../src/bytes/hex.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { TxCache } from '../../src/cctx/tx-cache.js'
import { createWallet } from '../../src/wallet/wallet.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'

let dev: Devnet
let oracletxid: string

beforeAll(async () => {
  dev = await startTestDevnet()
  const rpc = dev.rpc
  oracletxid = await rpc.sendrawtransaction((await rpc.oraclescreate('CACHE', 'cache test', 'L')).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclesfund(oracletxid)).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclesregister(oracletxid, 10000n)).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclessubscribe(oracletxid, dev.pubkey, '1')).hex)
  await dev.mine(1)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe("the wallet's TxCache", () => {
  test('a second oraclesdata on unchanged state: no transaction asked again (11 → 8 calls, the listings and the height)', async () => {
    const c = countingView(dev.view)
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view: c.view })
    const call = () => wallet.call('oraclesdata', { oracletxid, hexstr: 'e803000000000000' }, { broadcast: false })
    const first = await call()
    const firstCalls = c.total()
    expect(c.counts.getTransaction + c.counts.getTransactions).toBeGreaterThan(0)
    c.reset()
    const second = await call()
    expect(second.txid).toBe(first.txid)
    expect(c.counts.getTransaction + c.counts.getTransactions).toBe(0)
    expect(c.total()).toBe(firstCalls - 3)
  })

  test('new TxCache(0) keeps nothing: the second call asks again', async () => {
    const c = countingView(dev.view)
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view: c.view, txCache: new TxCache(0) })
    const call = () => wallet.call('oraclesdata', { oracletxid, hexstr: 'e803000000000000' }, { broadcast: false })
    await call()
    const firstCalls = c.total()
    c.reset()
    await call()
    expect(c.total()).toBe(firstCalls)
  })
})
