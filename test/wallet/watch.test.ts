// waitForTransaction, watchBlocks and watchAddress over the devnet's in-process view and over Electrum (woken by the
// server's header notifications), and the wallet's pending set kept in a file across a restart.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hexToBytes, bytesToHex } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { keySigner } from '../../src/tx/sign.js'
import type { ChainView } from '../../src/cctx/types.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { createWallet } from '../../src/wallet/wallet.js'
import { decodePendingSet } from '../../src/wallet/pending-store.js'
import { fileJournal } from '../../src/publisher/file-journal.js'
import { waitForTransaction, watchAddress, watchBlocks, type TxProgress } from '../../src/wallet/watch.js'
import { mempoolTokenCreate } from '../_util/stand-in-resolver.js'
import { laggingView } from '../_util/lagging-view.js'

const OTHER = p2pkhAddress(keySigner(hexToBytes('00'.repeat(31) + '07')).publicKey)
const pay = (coins: number): Promise<string> => dev.rpc.call('sendtoaddress', [OTHER, coins]) as Promise<string>
const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms))

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

describe('waitForTransaction', () => {
  test('reports 0, 1, 2 confirmations as blocks come and resolves at the number asked', async () => {
    const txid = await pay(1)
    const seen: TxProgress[] = []
    const waiting = waitForTransaction(dev.view, txid, {
      confirmations: 2,
      pollMs: 10,
      onProgress: (p) => seen.push(p),
    })
    await tick()
    await dev.mine(1)
    const height = dev.chain.height
    await tick()
    await dev.mine(1)
    const done = await waiting
    expect(done).toEqual({ txid, confirmations: 2, height, tip: height + 1 })
    expect(seen.map((p) => p.confirmations)).toEqual([0, 1, 2])
    expect(seen[0]).toMatchObject({ height: -1 })
    // already there: resolves at once
    expect(await waitForTransaction(dev.view, txid, { confirmations: 1 })).toMatchObject({ confirmations: 2 })
  })
  test('abort, timeout, a dropped transaction and bad arguments are typed errors', async () => {
    const ac = new AbortController()
    const unknown = 'ab'.repeat(32)
    const w = waitForTransaction(dev.view, unknown, { signal: ac.signal, pollMs: 10 })
    ac.abort()
    await expect(w).rejects.toMatchObject({ code: 'ABORTED' })
    await expect(waitForTransaction(dev.view, unknown, { timeoutMs: 50, pollMs: 10 })).rejects.toMatchObject({
      code: 'WAIT_TIMEOUT',
    })
    // seen in the mempool, then gone (the devnet reverted under it)
    const id = await dev.snapshot()
    const txid = await pay(2)
    const dropped = waitForTransaction(dev.view, txid, { pollMs: 10 })
    await tick()
    await dev.revert(id)
    await expect(dropped).rejects.toMatchObject({ code: 'TX_DROPPED', details: { txid } })
    await expect(waitForTransaction(dev.view, 'xyz')).rejects.toMatchObject({ code: 'ARG_INVALID' })
    await expect(waitForTransaction(dev.view, unknown, { confirmations: -1 })).rejects.toMatchObject({
      code: 'ARG_INVALID',
    })
    await expect(waitForTransaction({} as ChainView, unknown)).rejects.toBeInstanceOf(KomodoCcError)
  })
  test('over Electrum a block wakes the wait at once (the poll alone would take a minute)', async () => {
    const view = createElectrumView({ url: dev.electrum!.url })
    try {
      const txid = await pay(1)
      const t0 = Date.now()
      const waiting = waitForTransaction(view, txid, { pollMs: 60_000, timeoutMs: 20_000 })
      await tick(200)
      await dev.rpc.call('generate', [1])
      expect(await waiting).toMatchObject({ txid, confirmations: 1 })
      expect(Date.now() - t0).toBeLessThan(10_000)
    } finally {
      view.close()
    }
  })
})

describe('revert under an Electrum view', () => {
  test('the devnet’s Electrum index follows a revert: a reverted payment is no longer listed', async () => {
    const view = createElectrumView({ url: dev.electrum!.url })
    try {
      const id = await dev.snapshot()
      const txid = await pay(4)
      await dev.rpc.call('generate', [1])
      await waitForTransaction(view, txid, { pollMs: 20, timeoutMs: 10_000 })
      expect((await view.listUnspent(OTHER)).map((u) => u.txid)).toContain(txid)
      expect(await dev.revert(id)).toBe(true)
      expect((await view.listUnspent(OTHER)).map((u) => u.txid)).not.toContain(txid)
      expect(await view.getHeight()).toBe(dev.chain.height)
    } finally {
      view.close()
    }
  })
})

describe('watchers', () => {
  test('watchBlocks sees each new tip; stop ends it', async () => {
    const heights: number[] = []
    const w = watchBlocks(dev.view, (b) => heights.push(b.height), { pollMs: 10 })
    await tick()
    await dev.mine(1)
    await tick()
    await dev.mine(1)
    await tick()
    w.stop()
    await w.done
    const h = dev.chain.height
    expect(heights).toEqual([h - 2, h - 1, h])
  })
  test('watchAddress reports a payment in the mempool, then confirmed; an aborted signal ends it', async () => {
    const ac = new AbortController()
    const events: { unspent: string[]; mempool: string[] }[] = []
    const w = watchAddress(
      dev.view,
      OTHER,
      (e) => events.push({ unspent: e.unspent.map((u) => u.txid), mempool: e.mempool.outputs.map((u) => u.txid) }),
      { pollMs: 10, signal: ac.signal },
    )
    await tick()
    const before = events.length
    const txid = await pay(3)
    await tick(60)
    await dev.mine(1)
    await tick(60)
    ac.abort()
    await w.done
    const after = events.slice(before)
    expect(after[0]!.mempool).toContain(txid)
    expect(after[after.length - 1]!.unspent).toContain(txid)
    expect(after[after.length - 1]!.mempool).not.toContain(txid)
    expect(() => watchAddress(dev.view, '', () => {})).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })
})

describe('the wallet’s pending set in a file', () => {
  const lagging = (base: ChainView): ChainView => laggingView(base, dev.chain)
  const spends = (r: { build: { tx: { vin: { txid: string; vout: number }[] } } }) =>
    r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`)

  test('a restarted wallet on the same file never spends what the first one sent (a lagging node)', async () => {
    await dev.mine(1)
    const path = join(mkdtempSync(join(tmpdir(), 'pending-')), 'wallet-pending.json')
    const key = hexToBytes(dev.privateKey)
    const opts = { privateKey: key, view: lagging(dev.view), methods: [mempoolTokenCreate] }
    const firstStore = fileJournal(path)
    const first = createWallet({ ...opts, pendingStore: firstStore })
    const a = await first.call('tokencreate', { name: 'A', supply: '0.0001' })
    const stored = decodePendingSet(readFileSync(path, 'utf8'))
    expect(stored.map((r) => [r.result.txid, r.uncertain])).toEqual([[a.txid, false]])
    expect(bytesToHex(stored[0]!.result.inputs[0]!.script)).toBe(bytesToHex(a.build.inputs[0]!.script))
    firstStore.unlock?.() // the first wallet's process ends: its lock goes
    // restart: a new wallet object on the same file
    const second = createWallet({ ...opts, pendingStore: fileJournal(path) })
    const b = await second.call('tokencreate', { name: 'B', supply: '0.0001' })
    expect(spends(b).filter((s) => spends(a).includes(s))).toEqual([])
    expect(dev.chain.mempool).toEqual(expect.arrayContaining([a.txid, b.txid]))
    expect(second.pending().map((p) => p.txid)).toEqual([a.txid, b.txid])
    // without the file, a restarted wallet over the same lagging node picks the first one's coin again
    const forgetful = createWallet(opts)
    const c = await forgetful.call('tokencreate', { name: 'C', supply: '0.0001' }, { broadcast: false })
    expect(spends(c).some((s) => spends(a).includes(s) || spends(b).includes(s))).toBe(true)
    // mined: the node shows them; the file is emptied at the next call
    await dev.mine(1)
    await second.call('tokencreate', { name: 'D', supply: '0.0001' })
    expect(decodePendingSet(readFileSync(path, 'utf8')).map((r) => r.result.txid)).not.toContain(a.txid)
  })
  test('a corrupt or forged store is refused with PENDING_STORE', async () => {
    expect(() => decodePendingSet('{')).toThrow(expect.objectContaining({ code: 'PENDING_STORE' }))
    expect(() => decodePendingSet('{"format":"x","txs":[]}')).toThrow(
      expect.objectContaining({ code: 'PENDING_STORE' }),
    )
    const a = dev.chain.txs.get(dev.chain.blocks[1]!.txids[0]!)!
    const forged = JSON.stringify({
      format: 'komodo-cc-pending/1',
      txs: [
        {
          hex: a.hex,
          uncertain: false,
          fee: '0',
          signed: true,
          inputs: [{ txid: '00'.repeat(32), vout: 1, satoshis: '1', script: '', kind: 'p2pk', role: 'caller' }],
        },
      ],
    })
    expect(() => decodePendingSet(forged)).toThrow(expect.objectContaining({ code: 'PENDING_STORE' }))
  })
})
