// The publisher against a node that fails (issue 20): timing out for a while, restarting with samples lost from its
// mempool, and over Electrum. Nothing lost, nothing doubled.
import { afterAll, describe, expect, test } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hexToBytes } from '../../src/bytes/hex.js'
import { txidOfBytes } from '../../src/tx/codec.js'
import { batonPubkey, ccAddress } from '../../src/cc/address.js'
import { KomodoCcError } from '../../src/errors.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { createRpcView } from '../../src/rpc/view.js'
import { createElectrumView } from '../../src/electrum/view.js'
import type { ChainView } from '../../src/cctx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createOraclePublisher, memoryJournalStorage, type PublisherEvent } from '../../src/publisher/index.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'

const dir = mkdtempSync(join(tmpdir(), 'publisher-faults-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const samplesOf = async (dev: Devnet, oracle: string, p: Publisher): Promise<string[]> =>
  (
    (await dev.rpc.call('oraclessamples', [oracle, ccAddress(0xec, batonPubkey(p.priv)), '0'])) as {
      samples: { data: string[] }[]
    }
  ).samples.map((s) => s.data[0]!)
const range = (n: number): string[] => [...Array(n).keys()].reverse().map((i) => String(i))

/** A view forwarding to `target()`, failing every call with `fault()` while it returns an error. */
function switchable(target: () => ChainView, fault: () => KomodoCcError | undefined): ChainView {
  const v: Record<string, unknown> = {}
  for (const k of [
    'getTransaction',
    'getTransactions',
    'listUnspent',
    'getAddressMempool',
    'getAddressHistory',
    'getMempool',
    'getHeight',
    'broadcast',
  ])
    v[k] = async (...a: unknown[]) => {
      const f = fault()
      if (f !== undefined) throw f
      return (target() as unknown as Record<string, (...x: unknown[]) => unknown>)[k]!(...a)
    }
  return v as unknown as ChainView
}

describe('a node that goes away', () => {
  test('timing out for a while: retry events, then every sample once, in order', async () => {
    const dev = await startTestDevnet()
    try {
      const P = await fundedKey(dev, 'faults timeout')
      const O = await registeredOracle(dev, P, 'L', 'TIMEOUT')
      await subscribe(dev, O, P, 20, 2)
      let down = false
      const view = switchable(
        () => dev.view,
        () => (down ? new KomodoCcError('RPC_TIMEOUT', 'no answer (test)') : undefined),
      )
      const pub = await createOraclePublisher({
        oracletxid: O,
        privateKey: P.priv,
        view,
        pollMs: 0,
        retry: { delayMs: 20, maxDelayMs: 100 },
      })
      const retries: PublisherEvent[] = []
      pub.on('retry', (e) => retries.push(e))
      const first = await Promise.all([0, 1, 2].map((i) => pub.publish([BigInt(i)])))
      down = true
      const later = Promise.all([3, 4, 5].map((i) => pub.publish([BigInt(i)])))
      // down until three retries were seen (waiting on events, not on a time that a loaded machine may not keep)
      while (retries.length <= 2) await new Promise((r) => setTimeout(r, 20))
      expect(retries.length).toBeGreaterThan(2)
      down = false
      const rest = await later
      expect([...first, ...rest].map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5])
      await pub.close()
      await dev.mine(1)
      expect(await samplesOf(dev, O, P)).toEqual(range(6))
    } finally {
      await dev.stop()
    }
  }, 60_000)

  test('restarting (its data file) with two samples lost from its mempool: they go out again, the same bytes, before the next', async () => {
    const dataFile = join(dir, 'node.json')
    let dev = await startTestDevnet({ dataFile })
    const port = Number(new URL(dev.url).port)
    const P = await fundedKey(dev, 'faults restart')
    const O = await registeredOracle(dev, P, 'L', 'RESTART')
    await subscribe(dev, O, P, 20, 2)
    let current = createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password }))
    const view = switchable(
      () => current,
      () => undefined,
    )
    const pub = await createOraclePublisher({
      oracletxid: O,
      privateKey: P.priv,
      view,
      pollMs: 50,
      retry: { delayMs: 50, maxDelayMs: 200 },
    })
    const events: PublisherEvent[] = []
    pub.on('*', (e) => events.push(e))
    const first = await Promise.all([0, 1, 2, 3, 4].map((i) => pub.publish([BigInt(i)])))
    await dev.stop()
    // the node comes back without samples 3 and 4 in its mempool
    const snap = JSON.parse(readFileSync(dataFile, 'utf8')) as { mempool: string[] }
    const lost = [first[3]!.txid, first[4]!.txid]
    const before = snap.mempool.length
    snap.mempool = snap.mempool.filter((h) => !lost.includes(txidOfBytes(hexToBytes(h))))
    expect(before - snap.mempool.length).toBe(2)
    expect(snap.mempool.length).toBeGreaterThanOrEqual(3)
    writeFileSync(dataFile, JSON.stringify(snap))
    const later = Promise.all([5, 6].map((i) => pub.publish([BigInt(i)])))
    // down: connection refused, retried (waited for, not timed)
    while (!events.some((e) => e.type === 'retry' && e.reason !== 'dropped'))
      await new Promise((r) => setTimeout(r, 20))
    dev = await startTestDevnet({ dataFile, port })
    try {
      current = createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password }))
      const rest = await later
      expect(rest.map((r) => r.seq)).toEqual([5, 6])
      for (const t of lost) expect(dev.chain.mempool).toContain(t)
      expect(events.some((e) => e.type === 'retry' && e.reason === 'dropped')).toBe(true)
      expect(events.some((e) => e.type === 'retry' && e.reason !== 'dropped')).toBe(true)
      await pub.close()
      await dev.mine(1)
      expect(await samplesOf(dev, O, P)).toEqual(range(7))
    } finally {
      await dev.stop()
    }
  }, 60_000)
})

describe('a second publisher on the same key', () => {
  test('its sample took the baton while ours was lost from the mempool: our journal is older than the chain, refused at start, nothing sent or re-signed', async () => {
    const dataFile = join(dir, 'second.json')
    let dev = await startTestDevnet({ dataFile })
    const port = Number(new URL(dev.url).port)
    try {
      const P = await fundedKey(dev, 'second publisher')
      const O = await registeredOracle(dev, P, 'L', 'SECOND')
      await subscribe(dev, O, P, 20, 1)
      const journal = memoryJournalStorage()
      const first = await createOraclePublisher({
        oracletxid: O,
        privateKey: P.priv,
        view: dev.view,
        journal,
        pollMs: 0,
      })
      const lost = await first.publish([1n])
      await first.close()
      await dev.stop()
      // the node comes back without that sample
      const snap = JSON.parse(readFileSync(dataFile, 'utf8')) as { mempool: string[] }
      snap.mempool = snap.mempool.filter((h) => txidOfBytes(hexToBytes(h)) !== lost.txid)
      writeFileSync(dataFile, JSON.stringify(snap))
      dev = await startTestDevnet({ dataFile, port })
      // another process with the same key (its own journal) publishes: it spends the baton ours had spent
      const other = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: dev.view, pollMs: 0 })
      const theirs = await other.publish([2n])
      await other.close()
      const journalBefore = journal.text
      const mempoolBefore = [...dev.chain.mempool]
      const e = await createOraclePublisher({
        oracletxid: O,
        privateKey: P.priv,
        view: dev.view,
        journal,
        pollMs: 0,
      }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(KomodoCcError)
      // the chain's latest sample of this publisher is one the journal does not know (issue 28): refused before any
      // entry is sent (it used to be PUBLISH_CONFLICT, after trying to send ours)
      expect((e as KomodoCcError).code).toBe('JOURNAL_INVALID')
      expect((e as KomodoCcError).details).toMatchObject({ latest: theirs.txid, ahead: 1 })
      expect(dev.chain.mempool).toEqual(mempoolBefore) // nothing new was sent
      expect(dev.chain.mempool).toContain(theirs.txid)
      expect(JSON.parse(journal.text!).next).toBe(JSON.parse(journalBefore!).next) // nothing new was signed
      // the journal is not left locked: the operator can open it again once they have decided
      const again = await createOraclePublisher({
        oracletxid: O,
        privateKey: P.priv,
        view: dev.view,
        journal,
        pollMs: 0,
      }).catch((x: unknown) => x)
      expect((again as KomodoCcError).code).toBe('JOURNAL_INVALID')
    } finally {
      await dev.stop()
    }
  }, 60_000)
})

describe('over Electrum', () => {
  test('a burst of 6 samples through the devnet Electrum server, chained in its mempool, confirmed in one block', async () => {
    const dev = await startTestDevnet({ electrum: true })
    const view = createElectrumView({ url: dev.electrum!.url })
    try {
      const P = await fundedKey(dev, 'electrum')
      const O = await registeredOracle(dev, P, 'L', 'ELECTRUM')
      await subscribe(dev, O, P, 10, 1)
      const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view, pollMs: 0 })
      const rs = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => pub.publish([BigInt(i)])))
      for (const r of rs) expect(dev.chain.mempool).toContain(r.txid)
      await dev.mine(1)
      const st = await pub.status()
      expect(st).toMatchObject({
        published: 6,
        confirmed: 6,
        inMempool: 0,
        funds: 40000n,
        samplesPaid: 4,
        datafee: 10000n,
      })
      await pub.close()
      expect(await samplesOf(dev, O, P)).toEqual(range(6))
    } finally {
      view.close()
      await dev.stop()
    }
  }, 60_000)
})
