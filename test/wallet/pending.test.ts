// The wallet's own memory of what it sent (PendingSet) against a node that lags: no double spend, mempool chaining.
// The resolver is test/_util/stand-in-resolver.ts (a tokencreate that spends mempool coins too); the modules'
// resolvers have their own tests (test/modules/<m>/resolve.test.ts) and the wallet runs them all in
// test/wallet/wallet.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { WalletCallAny } from '../../src/wallet/wallet.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import type { MethodResolver } from '../../src/cctx/resolve.js'
import { mempoolTokenCreate } from '../_util/stand-in-resolver.js'
import type { ChainView } from '../../src/cctx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { lyingView } from '../_util/lie.js'
import { createWallet } from '../../src/wallet/wallet.js'
import { KomodoCcError } from '../../src/errors.js'
import { laggingView } from '../_util/lagging-view.js'

const tokencreate = mempoolTokenCreate

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

/** The devnet, but its mempool reads never show anything (a node whose mempool index lags). */
const lagging = (base: ChainView): ChainView => laggingView(base, dev.chain)

describe('the wallet chains its own transactions through the mempool', () => {
  test('consecutive calls against a lagging node spend the previous change, never the same coin', async () => {
    const wallet = createWallet({
      privateKey: hexToBytes(dev.privateKey),
      view: lagging(dev.view),
      methods: [tokencreate],
    })
    const a = await wallet.call('tokencreate', { name: 'A', supply: '0.0001' })
    const b = await wallet.call('tokencreate', { name: 'B', supply: '0.0001' })
    const c = await wallet.call('tokencreate', { name: 'C', supply: '0.0001' })
    expect(dev.chain.mempool).toEqual(expect.arrayContaining([a.txid, b.txid, c.txid]))
    const spent = [a, b, c].flatMap((r) => r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`))
    expect(new Set(spent).size).toBe(spent.length)
    expect(wallet.pending().map((p) => p.txid)).toEqual([a.txid, b.txid, c.txid])
    await dev.mine(1)
    await wallet.call('tokencreate', { name: 'D', supply: '0.0001' })
    // mined: the node shows them now, so the wallet forgets them
    expect(wallet.pending().map((p) => p.txid)).not.toContain(a.txid)
  })

  test('without the wallet (a bare resolver over the lagging node) the second build reuses the first coin', async () => {
    await dev.mine(1)
    const ctx = { view: lagging(dev.view), pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) }
    const x = await tokencreate.resolve({ name: 'X', supply: '0.0001' }, ctx)
    await dev.view.broadcast(x.hex)
    const y = await tokencreate.resolve({ name: 'Y', supply: '0.0001' }, ctx)
    expect(y.tx.vin[0]).toMatchObject({ txid: x.tx.vin[0]!.txid, vout: x.tx.vin[0]!.vout })
    const err = await dev.view.broadcast(y.hex).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KomodoCcError) // the devnet refuses the double spend
  })

  test('positional methods take the daemon parameters then options; unsigned builds carry sighashes', async () => {
    const wallet = createWallet({ privateKey: dev.privateKey, view: dev.view, methods: [tokencreate] })
    expect(wallet.methods).toEqual({ tokencreate: ['name', 'supply', 'description', 'data'] })
    const f = wallet.tokencreate as unknown as (
      ...a: unknown[]
    ) => Promise<{ broadcast: boolean; build: { signed: boolean; inputs: { sighash: string }[] } }>
    const r = await f('P', '0.0001', 'desc', { broadcast: false })
    expect(r.broadcast).toBe(false)
    expect(r.build.signed).toBe(true)
    const u = await f('P', '0.0001', 'desc', { sign: false })
    expect(u.build.signed).toBe(false)
    expect(u.build.inputs[0]!.sighash).toMatch(/^[0-9a-f]{64}$/)
    await expect(f('P', '0.0001', 'd', 'x', {}, 1)).rejects.toMatchObject({ code: 'ARG_INVALID' })
    await expect((wallet.call as WalletCallAny)('nosuch', {})).rejects.toMatchObject({ code: 'ARG_INVALID' })
  })

  test('a build that is not what was asked is refused before broadcast', async () => {
    const liar: MethodResolver = { ...tokencreate, method: 'tokentransfer' }
    const wallet = createWallet({ privateKey: dev.privateKey, view: dev.view, methods: [liar] })
    const before = dev.chain.mempool.length
    await expect(
      (wallet.call as WalletCallAny)('tokentransfer', { name: 'L', supply: '0.0001' }),
    ).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
    })
    expect(dev.chain.mempool.length).toBe(before)
  })

  test('two wallets of one key racing on the same coins: one is refused with a typed error, a retry succeeds', async () => {
    await dev.mine(1)
    const a = createWallet({ privateKey: dev.privateKey, view: dev.view, methods: [tokencreate] })
    const b = createWallet({ privateKey: dev.privateKey, view: dev.view, methods: [tokencreate] })
    const results = await Promise.allSettled([
      a.call('tokencreate', { name: 'RA', supply: '0.0001' }),
      b.call('tokencreate', { name: 'RB', supply: '0.0001' }),
    ])
    const ok = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(ok.length).toBe(1)
    expect(refused.length).toBe(1)
    expect(refused[0]!.reason).toBeInstanceOf(KomodoCcError)
    expect(String(refused[0]!.reason.message)).toMatch(/conflict|spent/)
    // the loser remembers nothing it did not send; asked again it spends around the winner
    const loser = results[0]!.status === 'rejected' ? a : b
    expect(loser.pending()).toEqual([])
    const again = await loser.call('tokencreate', { name: 'RC', supply: '0.0001' })
    expect(dev.chain.mempool).toContain(again.txid)
  })
})
