import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import { normalCoins, StateReader } from '../../src/cctx/resolve.js'
import type { ChainView } from '../../src/cctx/types.js'
import { startDevnet, type Devnet } from '../../src/devnet/server.js'
import { KomodoCcError } from '../../src/errors.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startDevnet()
  await dev.mine(2)
  // a mempool spend of a premine coin and a mempool output back to the wallet
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(dev.pubkey), '1.5'])
})
afterAll(async () => {
  await dev.stop()
})

const key = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`

describe('StateReader and normalCoins over the devnet view', () => {
  test('normalCoins lists what the devnet wallet spends, in its order', async () => {
    const r = new StateReader(dev.view)
    const coins = await normalCoins(r, dev.pubkey)
    expect(coins.map(key)).toEqual(dev.chain.walletUtxos().map(key))
    expect(coins.some((c) => c.height === 0)).toBe(true) // the mempool change is there
    const confirmed = await normalCoins(new StateReader(dev.view), dev.pubkey, { confirmedOnly: true })
    expect(confirmed.every((c) => (c.height ?? 0) > 0 || dev.chain.txs.get(c.txid)!.height === 0)).toBe(true)
    expect(confirmed.length).toBe(coins.length - coins.filter((c) => dev.chain.txs.get(c.txid)!.height < 0).length)
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
    const lying: ChainView = { ...dev.view, getTransaction: async () => dev.chain.txs.get(b!)!.hex }
    const err = await new StateReader(lying).tx(a!).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KomodoCcError)
    expect((err as KomodoCcError).code).toBe('CHAIN_MISMATCH')
  })

  test("an unspent output whose value is not its transaction's is refused", async () => {
    const lying: ChainView = {
      ...dev.view,
      getTransactions: undefined,
      listUnspent: async (a) =>
        (await dev.view.listUnspent(a)).map((u, i) => (i === 3 ? { ...u, satoshis: u.satoshis + 1n } : u)),
    }
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
