// The publisher's own chain of samples (issue 34): in steady state a sample's only round trip is its broadcast, each
// sample is the transaction the full resolve would build, and the chain is read again at start, every `pollMs` and
// after a refusal (counts, not times: countingView's counts are deterministic).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex } from '../../src/bytes/hex.js'
import { encodeOracleData } from '../../src/oracle-data/format.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { createWallet } from '../../src/wallet/wallet.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createOraclePublisher, memoryJournalStorage, type JournalData } from '../../src/publisher/index.js'
import { journalText, type JournalTextMemo } from '../../src/publisher/journal.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'

let dev: Devnet
let P: Publisher
let O: string

beforeAll(async () => {
  dev = await startTestDevnet()
  P = await fundedKey(dev, 'local chain')
  O = await registeredOracle(dev, P, 'L', 'LOCAL')
  await subscribe(dev, O, P, 60, 3)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('the local chain of samples', () => {
  test('steady state: exactly 1 source call per sample (its broadcast), 20 samples in a row', async () => {
    const c = countingView(dev.view)
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: c.view, pollMs: 0 })
    await pub.publish([0n]) // the first sample after start: the state was read at start
    c.reset()
    for (let i = 1; i <= 20; i++) await pub.publish([BigInt(i)])
    expect(c.counts.broadcast).toBe(20)
    expect(c.total()).toBe(20)
    await pub.close()
    await dev.mine(1)
  }, 60_000)

  test("each sample is the transaction the full resolve builds on the same chain (the daemon's choice of inputs)", async () => {
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: dev.view, pollMs: 0 })
    // a wallet of the same key that resolves every look-up through the chain source, nothing remembered
    const fresh = () => createWallet({ privateKey: P.priv, view: dev.view })
    for (let i = 0; i < 6; i++) {
      const record = bytesToHex(encodeOracleData('L', [BigInt(100 + i)]))
      const expected = await fresh().call(
        'oraclesdata',
        { oracletxid: O, hexstr: record },
        { broadcast: false, resolve: { mempool: true } },
      )
      const r = await pub.publish({ record })
      expect(r.txid).toBe(expected.txid)
    }
    await pub.close()
    await dev.mine(1)
  }, 60_000)

  test('a block mined between samples: still valid, still one call per sample; status() reads the chain again', async () => {
    const c = countingView(dev.view)
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: c.view, pollMs: 0 })
    const a = await pub.publish([1n])
    await dev.mine(1)
    c.reset()
    const b = await pub.publish([2n])
    expect(c.total()).toBe(1)
    expect(dev.chain.mempool).toContain(b.txid)
    expect(dev.chain.txs.get(b.txid!)!.tx.vin[1]).toMatchObject({ txid: a.txid, vout: 1 })
    c.reset()
    await pub.status()
    expect(c.counts.listUnspent).toBeGreaterThan(0) // reconciled with the chain
    c.reset()
    await pub.publish([3n])
    expect(c.total()).toBe(1)
    await pub.close()
    await dev.mine(1)
  }, 60_000)

  test('a reconcile after a block asks for the confirmed samples in one batch, and reads verified transactions from the cache', async () => {
    const c = countingView(dev.view)
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: c.view, pollMs: 0 })
    for (let i = 0; i < 10; i++) await pub.publish([BigInt(300 + i)])
    await dev.mine(1)
    c.reset()
    expect(await pub.status()).toMatchObject({ confirmed: 10, inMempool: 0 })
    expect(c.counts.getTransaction).toBe(0) // was one per confirmed sample
    expect(c.counts.getTransactions).toBe(1)
    await pub.close()
  }, 60_000)

  test('another spender on the same key between samples is caught at the next reconcile: no conflict after it', async () => {
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: dev.view, pollMs: 0 })
    await pub.publish([10n])
    // a wallet of the same key spends every normal coin the publisher knows of (to itself)
    const other = createWallet({ privateKey: P.priv, view: dev.view })
    await other.oraclesfund(O)
    await pub.status() // a reconcile, as every pollMs
    const r = await pub.publish([11n])
    expect(dev.chain.mempool).toContain(r.txid)
    await pub.close()
    await dev.mine(1)
  }, 60_000)
})

describe('the journal text', () => {
  test('journalText is JSON.stringify of the journal, entries re-encoded when their state or hex change', async () => {
    const journal = memoryJournalStorage()
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })
    for (let i = 0; i < 3; i++) await pub.publish([BigInt(200 + i)])
    await pub.close()
    const d = JSON.parse(journal.text!) as JournalData
    expect(journal.text).toBe(JSON.stringify(d)) // what the publisher wrote
    const memo: JournalTextMemo = new WeakMap()
    expect(journalText(d, memo)).toBe(JSON.stringify(d))
    d.entries[0]!.state = 'confirmed'
    delete d.entries[0]!.hex
    expect(journalText(d, memo)).toBe(JSON.stringify(d))
    // a change in the middle (the joined text of the entries before it is reused, not that of the ones after)
    d.entries[1]!.state = 'confirmed'
    expect(journalText(d, memo)).toBe(JSON.stringify(d))
    // a new entry, then the first one compacted away
    d.entries.push({ ...d.entries[2]!, seq: d.entries[2]!.seq + 1 })
    expect(journalText(d, memo)).toBe(JSON.stringify(d))
    d.entries.shift()
    d.compacted += 1
    expect(journalText(d, memo)).toBe(JSON.stringify(d))
    await dev.mine(1)
  }, 60_000)
})

describe('a long burst', () => {
  test('past 256 samples the pending set is trimmed with the confirmed samples asked in one batch, not one by one', async () => {
    const Q = await fundedKey(dev, 'long burst')
    const oracle = await registeredOracle(dev, Q, 'L', 'BURST')
    await subscribe(dev, oracle, Q, 300)
    const c = countingView(dev.view)
    const pub = await createOraclePublisher({ oracletxid: oracle, privateKey: Q.priv, view: c.view, pollMs: 0 })
    c.reset()
    for (let i = 0; i < 270; i++) {
      await pub.publish([BigInt(i)])
      if ((i + 1) % 40 === 0) await dev.mine(1)
    }
    // 270 broadcasts; past 256 pending: one refresh (getMempool + getTransactions) and one reconcile (getMempool)
    // per sample while the set stays above 256 — never a getTransaction per confirmed sample
    expect(c.counts.broadcast).toBe(270)
    expect(c.counts.getTransaction).toBe(0)
    expect(c.total()).toBeLessThan(270 * 1.2)
    await pub.close()
    await dev.mine(1)
  }, 120_000)
})
