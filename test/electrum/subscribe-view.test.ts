// The Electrum view with `subscribe: true` (issue 34): listings answered again until the server notifies a change of
// one of the address's script hashes, instead of re-listing on every call (counts of Electrum messages, not times).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { sha256 } from '../../src/hash/index.js'
import { keySigner } from '../../src/tx/sign.js'
import { createElectrumView, type ElectrumView } from '../../src/electrum/view.js'
import { createWallet } from '../../src/wallet/wallet.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

/** Resolves at the next scripthash notification the view's client receives. */
const nextNotification = (view: ElectrumView): Promise<void> =>
  new Promise((resolve) => {
    const stop = view.client.onNotification((method) => {
      if (method !== 'blockchain.scripthash.subscribe') return
      stop()
      resolve()
    })
  })

describe('createElectrumView({ subscribe: true })', () => {
  test('a listing is asked once, answered again until a notification, then asked again and new', async () => {
    const priv = sha256(new TextEncoder().encode('subscribe view'))
    const pub = bytesToHex(keySigner(priv).publicKey)
    const address = p2pkhAddress(pub)
    const view = createElectrumView({ url: dev.electrum!.url, pubkeys: [pub], subscribe: true })
    try {
      expect(await view.getAddressMempool(address)).toEqual({ outputs: [], spends: [] })
      expect(await view.listUnspent(address)).toEqual([])
      const requests = view.client.stats.requests
      expect(await view.getAddressMempool(address)).toEqual({ outputs: [], spends: [] })
      expect(await view.listUnspent(address)).toEqual([])
      expect(view.client.stats.requests).toBe(requests) // nothing asked: no change notified
      // a payment to the address: the server notifies, the next listing is asked again and shows it
      const notified = nextNotification(view)
      const txid = (await dev.rpc.call('sendtoaddress', [address, '1'])) as string
      await notified
      const m = await view.getAddressMempool(address)
      expect(m.outputs.map((o) => o.txid)).toEqual([txid])
      expect(view.client.stats.requests).toBeGreaterThan(requests)
      // mined: notified again (its status changes), the confirmed listing shows it
      const mined = nextNotification(view)
      await dev.mine(1)
      await mined
      expect((await view.listUnspent(address)).map((u) => u.txid)).toEqual([txid])
      // every answer is the caller's own copy
      const a = await view.listUnspent(address)
      a[0]!.script[0] = 0
      expect((await view.listUnspent(address))[0]!.script[0]).not.toBe(0)
    } finally {
      view.close()
    }
  }, 60_000)

  test("a wallet's second call on unchanged state: the same transaction, fewer Electrum messages", async () => {
    const priv = sha256(new TextEncoder().encode('subscribe wallet'))
    const pub = bytesToHex(keySigner(priv).publicKey)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(pub), '5'])
    await dev.mine(1)
    const messages = async (subscribe: boolean): Promise<{ first: number; second: number; same: boolean }> => {
      const view = createElectrumView({ url: dev.electrum!.url, subscribe })
      try {
        const wallet = createWallet({ privateKey: priv, view })
        const call = () => wallet.call('tokencreate', { name: 'SUB', supply: '0.0001' }, { broadcast: false })
        const r0 = view.client.stats.requests
        const a = await call()
        const r1 = view.client.stats.requests
        const b = await call()
        return { first: r1 - r0, second: view.client.stats.requests - r1, same: a.txid === b.txid }
      } finally {
        view.close()
      }
    }
    const plain = await messages(false)
    const sub = await messages(true)
    // measured: plain 9 then 7 messages, subscribed 13 (its subscriptions) then 1
    expect(plain.same && sub.same).toBe(true)
    expect(sub.second).toBeLessThan(plain.second)
    expect(sub.second).toBeLessThanOrEqual(1) // the height (headers.subscribe) only
  }, 60_000)

  test('an address whose history the server will not follow (history too large): listed on every call, still right', async () => {
    const small = await startTestDevnet({ electrum: { historyLimit: 2 } })
    const priv = sha256(new TextEncoder().encode('subscribe too large'))
    const pub = bytesToHex(keySigner(priv).publicKey)
    const address = p2pkhAddress(pub)
    for (let i = 0; i < 3; i++) await small.rpc.call('sendtoaddress', [address, '1'])
    await small.mine(1)
    const view = createElectrumView({ url: small.electrum!.url, pubkeys: [pub], subscribe: true })
    try {
      expect(await view.listUnspent(address)).toHaveLength(3)
      const requests = view.client.stats.requests
      expect(await view.listUnspent(address)).toHaveLength(3)
      expect(view.client.stats.requests).toBeGreaterThan(requests) // asked again: no subscription to trust
    } finally {
      view.close()
      await small.stop()
    }
  }, 60_000)
})
