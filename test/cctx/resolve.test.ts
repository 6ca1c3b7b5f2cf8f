import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import { daemonMapOrder, daemonUtxoOrder, normalCoins, StateReader } from '../../src/cctx/resolve.js'
import { compareTxids } from '../../src/bytes/uint256.js'
import { byUnspentIndex, byWalletMap, sortedBy } from '../_util/daemon-order.js'
import type { ChainView } from '../../src/cctx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { KomodoCcError } from '../../src/errors.js'
import { lyingView } from '../_util/lie.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
  await dev.mine(2)
  // a mempool spend of a premine coin and a mempool output back to the wallet
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(dev.pubkey), '1.5'])
})
afterAll(async () => {
  await dev.stop()
})

const key = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`

describe('StateReader and normalCoins over the devnet view', () => {
  test("normalCoins lists what the devnet wallet spends, in the daemon wallet's (mapWallet) order", async () => {
    const r = new StateReader(dev.view)
    const coins = await normalCoins(r, dev.pubkey)
    expect(coins.map(key)).toEqual(sortedBy(dev.chain.walletUtxos(), byWalletMap).map(key))
    expect(coins.some((c) => c.height === 0)).toBe(true) // the mempool change is there
    const confirmed = await normalCoins(new StateReader(dev.view), dev.pubkey, { confirmedOnly: true })
    // AddNormalinputs2: the address-unspent index's order, and no maturity check (AddNormalinputsRemote has none):
    // the two block rewards, immature at KMD's 100, are there too
    const rewards = [1, 2].map((h) => `${dev.chain.blocks[h]!.txids[0]!}:0`)
    expect(confirmed.map(key)).toEqual(
      sortedBy(
        [
          ...dev.chain.walletUtxos().filter((u) => (u.height ?? 0) > 0 || dev.chain.txs.get(u.txid)!.height === 0),
          ...rewards.map((k) => ({ txid: k.slice(0, 64), vout: 0 })),
        ],
        byUnspentIndex,
      ).map(key),
    )
    expect(coins.map(key)).not.toContain(rewards[0])
    expect(confirmed.every((c) => (c.height ?? 0) > 0 || dev.chain.txs.get(c.txid)!.height === 0)).toBe(true)
    expect(confirmed.length).toBe(
      coins.length + rewards.length - coins.filter((c) => dev.chain.txs.get(c.txid)!.height < 0).length,
    )
  })

  test('each look-up is asked once per reader', async () => {
    const r = new StateReader(dev.view)
    await normalCoins(r, dev.pubkey)
    const n = r.roundTrips
    await normalCoins(r, dev.pubkey)
    expect(r.roundTrips).toBe(n)
  })

  test('a transaction that does not hash to the txid asked for is refused', async () => {
    const [a, b] = dev.chain.blocks[1]!.txids.concat(dev.chain.blocks[2]!.txids)
    const lying: ChainView = lyingView(dev.view, { getTransaction: async () => dev.chain.txs.get(b!)!.hex }).view
    const err = await new StateReader(lying).tx(a!).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KomodoCcError)
    expect((err as KomodoCcError).code).toBe('CHAIN_MISMATCH')
  })

  test("an unspent output whose value is not its transaction's is refused", async () => {
    const lying: ChainView = lyingView(dev.view, {
      getTransactions: undefined,
      listUnspent: async (a) =>
        (await dev.view.listUnspent(a)).map((u, i) => (i === 3 ? { ...u, satoshis: u.satoshis + 1n } : u)),
    }).view
    const err = await normalCoins(new StateReader(lying), dev.pubkey).catch((e: unknown) => e)
    expect((err as KomodoCcError).code).toBe('CHAIN_MISMATCH')
    expect((err as KomodoCcError).message).toMatch(/claims [0-9a-f]{64}:\d+ holds/)
  })

  test('history lists the confirmed transactions paying the wallet, in chain order, each once', async () => {
    const h = await new StateReader(dev.view).history(p2pkhAddress(dev.pubkey))
    expect(h.map((e) => e.height)).toEqual([0, 1, 2])
    expect(h.map((e) => e.txid)).toEqual([0, 1, 2].map((n) => dev.chain.blocks[n]!.txids[0]))
  })

  test('an unknown txid rejects with TX_NOT_FOUND', async () => {
    const err = await new StateReader(dev.view).tx('00'.repeat(32)).catch((e: unknown) => e)
    expect((err as KomodoCcError).code).toBe('TX_NOT_FOUND')
  })

  test('an aborted signal stops before the next look-up', async () => {
    const c = new AbortController()
    c.abort()
    const err = await new StateReader(dev.view, c.signal).height().catch((e: unknown) => e)
    expect((err as KomodoCcError).code).toBe('ABORTED')
  })
})

describe("komodod's orders on hand-made txids", () => {
  // display hex; the internal bytes are the display bytes reversed, so the LAST display byte is compared first
  const A = 'ff'.repeat(31) + '01' // internal 01 ff ff …
  const B = '00'.repeat(31) + '02' // internal 02 00 00 …
  const C = '01' + '00'.repeat(30) + '02' // internal 02 00 … 00 01: after B
  const D = 'AB'.repeat(32) // upper case reads as lower case

  test('compareTxids is memcmp of the internal bytes, not of the display hex', () => {
    expect([B, C, A].sort(compareTxids)).toEqual([A, B, C])
    expect(compareTxids(A, A.toUpperCase())).toBe(0)
    expect(compareTxids(D, D.toLowerCase())).toBe(0)
    expect(compareTxids(B, C)).toBeLessThan(0)
    // the display order would say the opposite for A and B
    expect(A > B).toBe(true)
  })

  test("daemonUtxoOrder: txid first, then the index's little-endian bytes (256 before 1, 1 before 257)", () => {
    const outs = [
      { txid: B, vout: 1 },
      { txid: A, vout: 257 },
      { txid: A, vout: 1 },
      { txid: A, vout: 256 },
      { txid: A, vout: 0 },
      { txid: A, vout: 2 },
    ]
    // keys after the txid: 0 → 00 00 00 00, 256 → 00 01 00 00, 1 → 01 00 00 00, 257 → 01 01 00 00, 2 → 02 00 00 00
    expect([...outs].sort(daemonUtxoOrder).map((o) => `${o.txid === A ? 'A' : 'B'}:${o.vout}`)).toEqual([
      'A:0',
      'A:256',
      'A:1',
      'A:257',
      'A:2',
      'B:1',
    ])
    expect([...outs].sort(daemonUtxoOrder)).toEqual(sortedBy(outs, byUnspentIndex))
    // 65536 and 16777216 sort by their low bytes too
    expect(daemonUtxoOrder({ txid: A, vout: 65536 }, { txid: A, vout: 255 })).toBeLessThan(0)
    expect(daemonUtxoOrder({ txid: A, vout: 16777216 }, { txid: A, vout: 65536 })).toBeLessThan(0)
  })

  test('daemonMapOrder: txid first, then the index as a number (the wallet map, the mempool index)', () => {
    const outs = [
      { txid: C, vout: 0 },
      { txid: A, vout: 256 },
      { txid: A, vout: 1 },
      { txid: B, vout: 3 },
    ]
    expect([...outs].sort(daemonMapOrder)).toEqual([
      { txid: A, vout: 1 },
      { txid: A, vout: 256 },
      { txid: B, vout: 3 },
      { txid: C, vout: 0 },
    ])
    expect([...outs].sort(daemonMapOrder)).toEqual(sortedBy(outs, byWalletMap))
  })

  test('the reader re-sorts whatever order a source answers in', async () => {
    const address = p2pkhAddress(dev.pubkey)
    const real = await dev.view.listUnspent(address)
    const reversed: ChainView = lyingView(dev.view, { listUnspent: async () => [...real].reverse() }).view
    const got = await new StateReader(reversed).unspent(address)
    expect(got.map(key)).toEqual(sortedBy(real, byUnspentIndex).map(key))
    const hist = await dev.view.getAddressHistory(address)
    const shuffled: ChainView = lyingView(dev.view, { getAddressHistory: async () => [...hist].reverse() }).view
    expect((await new StateReader(shuffled).history(address)).map((h) => h.height)).toEqual(hist.map((h) => h.height))
    // two transactions in the mempool at least, so that the reversed answer is another order (one was a lie never told)
    await dev.rpc.call('sendtoaddress', [address, '0.5'])
    const pool = await dev.view.getMempool()
    expect(pool.length).toBeGreaterThanOrEqual(2)
    const backwards: ChainView = lyingView(dev.view, { getMempool: async () => [...pool].reverse() }).view
    expect(await new StateReader(backwards).mempool()).toEqual([...pool].sort(byTxidText))
  })
})

function byTxidText(a: string, b: string): number {
  return byUnspentIndex({ txid: a, vout: 0 }, { txid: b, vout: 0 })
}
