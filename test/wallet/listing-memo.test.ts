// A wallet's second call on unchanged state (issue 34): over komodod's JSON-RPC the listings and the height are not
// asked again while the source's tip state (getbestblockhash + getrawmempool) is the same — one view call in all —
// and they are asked again after a block, after anything in the mempool changes, after the wallet sends, and after
// a failed call (a lie caught is never replayed from memory). Counts, not times.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../src/bytes/hex.js'
import { countingView } from '../../src/cctx/counting-view.js'
import type { ChainView } from '../../src/cctx/types.js'
import { createRpcView } from '../../src/rpc/view.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/wallet.js'
import { p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'

let dev: Devnet
let tokenid: string
let oracletxid: string
let plan: string
beforeAll(async () => {
  dev = await startTestDevnet()
  const rpc = dev.rpc
  const send = (r: { hex: string }) => rpc.sendrawtransaction(r.hex)
  tokenid = await send(await rpc.tokencreate('MEMOTOK', '0.0001', 'memo'))
  oracletxid = await send(await rpc.oraclescreate('MEMO', 'memo feed', 'L'))
  plan = await send(await rpc.rewardscreatefunding('MEMORW', '100', '5', 1, 10, '1'))
  await dev.mine(1)
  await send(await rpc.oraclesfund(oracletxid))
  await dev.mine(1)
  await send(await rpc.oraclesregister(oracletxid, 10000n))
  await dev.mine(1)
  await send(await rpc.oraclessubscribe(oracletxid, dev.pubkey, '1'))
  await dev.mine(1)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

const call = (w: Wallet, method: string, args: unknown[], o: Record<string, unknown> = { broadcast: false }) =>
  (w as unknown as Record<string, (...a: unknown[]) => Promise<WalletResult>>)[method]!(...args, o)

describe("a wallet's second call on unchanged state over JSON-RPC", () => {
  test('each of six methods: one view call (getTipState), the same transaction', async () => {
    const cases: [string, unknown[]][] = [
      ['tokencreate', ['T', '0.0001', 'd']],
      ['tokentransfer', [tokenid, dev.pubkey, 10n]],
      ['faucetfund', ['1']],
      ['oraclesdata', [oracletxid, 'e803000000000000']],
      ['rewardslock', ['MEMORW', plan, '1']],
      ['dicefund', ['BDICE', '100', '0.1', '1', 10, 5]],
    ]
    const c = countingView(createRpcView(dev.rpc))
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view: c.view })
    for (const [method, args] of cases) {
      const first = await call(wallet, method, args)
      c.reset()
      const second = await call(wallet, method, args)
      expect([method, c.total(), c.counts.getTipState]).toEqual([method, 1, 1])
      expect(second.txid).toBe(first.txid)
    }
  })

  test('a block, a stranger in the mempool, and the wallet sending each make it read the listings again', async () => {
    const c = countingView(createRpcView(dev.rpc))
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view: c.view })
    const listings = () => c.counts.listUnspent + c.counts.getAddressMempool
    await call(wallet, 'faucetfund', ['1'])
    // a block
    await dev.mine(1)
    c.reset()
    await call(wallet, 'faucetfund', ['1'])
    expect(listings()).toBeGreaterThan(0)
    // a transaction of someone else entering the mempool (same height, same tip)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(hexToBytes('02'.padEnd(66, '1'))), '1'])
    c.reset()
    await call(wallet, 'faucetfund', ['1'])
    expect(listings()).toBeGreaterThan(0)
    // the wallet sends: the next call reads again, and spends none of the coins the first one spent
    const a = await call(wallet, 'faucetfund', ['1'], {})
    c.reset()
    const b = await call(wallet, 'faucetfund', ['1'], {})
    expect(listings()).toBeGreaterThan(0)
    const spent = [a, b].flatMap((r) => r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`))
    expect(new Set(spent).size).toBe(spent.length)
    expect(dev.chain.mempool).toEqual(expect.arrayContaining([a.txid, b.txid]))
  })

  test('a listing lie caught by the first call is asked again by the second, not answered from memory', async () => {
    const base = createRpcView(dev.rpc)
    let lies = 1
    const lying: ChainView = {
      ...base,
      listUnspent: async (address) => {
        const list = await base.listUnspent(address)
        if (lies-- > 0 && list.length > 0) return [{ ...list[0]!, satoshis: list[0]!.satoshis + 1n }, ...list.slice(1)]
        return list
      },
    }
    const c = countingView(lying)
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view: c.view })
    await expect(call(wallet, 'faucetfund', ['1'])).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' })
    c.reset()
    const r = await call(wallet, 'faucetfund', ['1'])
    expect(c.counts.listUnspent).toBeGreaterThan(0)
    expect(r.txid).toMatch(/^[0-9a-f]{64}$/)
  })
})
