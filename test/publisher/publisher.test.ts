// The oracle publisher (issue 20) against the in-process devnet: bursts chained through the mempool, idempotence by
// sequence number, funds running out, chunked payloads, the journal, the event stream.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { encodeOracleData } from '../../src/oracle-data/format.js'
import { relayPolicy } from '../../src/tx/policy.js'
import { batonPubkey, ccAddress } from '../../src/cc/address.js'
import { joinOracleData } from '../../src/oracle-data/chunk.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import {
  createOraclePublisher,
  memoryJournalStorage,
  samplesPaid,
  webStorageJournal,
  type PublisherEvent,
} from '../../src/publisher/index.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'

let dev: Devnet
let P: Publisher
let A: string // format IhhL
const hash = (i: number, c: string) => i.toString(16).padStart(4, '0') + c.repeat(60)
const sample = (i: number) => [1_700_000_000 + i, hash(i, 'a'), hash(i, 'b'), 1000n * BigInt(i)]
type Samples = { samples: { txid: string; data: string[] }[] }
const onChain = async (oracle: string, key: Uint8Array, n = 0): Promise<Samples['samples']> =>
  ((await dev.rpc.call('oraclessamples', [oracle, ccAddress(0xec, batonPubkey(key)), String(n)])) as Samples).samples

beforeAll(async () => {
  dev = await startTestDevnet()
  P = await fundedKey(dev, 'P')
  A = await registeredOracle(dev, P, 'IhhL')
  await subscribe(dev, A, P, 30, 3)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('createOraclePublisher', () => {
  test('a burst of 12 samples goes out in order without a block, each spending the previous baton; one block confirms them all', async () => {
    const journal = memoryJournalStorage()
    const pub = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })
    expect(pub.format).toBe('IhhL')
    const events: PublisherEvent[] = []
    pub.on('*', (e) => events.push(e))
    const height = dev.chain.height
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => pub.publish(sample(i))))
    expect(dev.chain.height).toBe(height)
    expect(results.map((r) => r.seq)).toEqual([...Array(12).keys()])
    for (const r of results) expect(dev.chain.mempool).toContain(r.txid)
    // each spends the previous one's baton (vin 1)
    for (let i = 1; i < 12; i++) {
      const tx = dev.chain.txs.get(results[i]!.txid!)!.tx
      expect(tx.vin[1]).toMatchObject({ txid: results[i - 1]!.txid, vout: 1 })
      // spec 5.12: inputs need not be confirmed; the devnet's validator accepted a baton and change still in the mempool
      expect(dev.chain.confirmations(results[i - 1]!.txid!)).toBe(0)
    }
    expect(events.filter((e) => e.type === 'sent').map((e) => (e as { seq: number }).seq)).toEqual([
      ...Array(12).keys(),
    ])
    let st = await pub.status()
    expect(st).toMatchObject({ published: 12, inMempool: 12, confirmed: 0, unsent: 0, datafee: 10000n })
    expect(st.funds).toBe(180000n)
    expect(st.samplesPaid).toBe(18)
    await dev.mine(1)
    st = await pub.status()
    expect(st).toMatchObject({ published: 12, inMempool: 0, confirmed: 12 })
    expect(events.filter((e) => e.type === 'confirmed')).toHaveLength(12)
    // on chain, newest first: exactly the 12, in order
    const s = await onChain(A, P.priv, 0)
    expect(s.map((x) => x.txid)).toEqual(results.map((r) => r.txid).reverse())
    expect(s[0]!.data).toEqual(['1700000011', hash(11, 'a'), hash(11, 'b'), '11000'])
    await pub.close()
    expect(JSON.parse(journal.text!)).toMatchObject({ next: 12, oracletxid: A, pubkey: P.pub })
  }, 60_000)

  test('idempotence by sequence number: replaying seqs signs nothing; identical values under new seqs publish twice', async () => {
    const journal = memoryJournalStorage()
    const pub = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })
    const a = await pub.publish(sample(100))
    const b = await pub.publish(sample(100))
    expect(b.txid).not.toBe(a.txid)
    expect([a.seq, b.seq, a.duplicate, b.duplicate]).toEqual([0, 1, false, false])
    const mempool = dev.chain.mempool.length
    const again = await pub.publish(sample(100), { seq: 0 })
    expect(again).toMatchObject({ seq: 0, txid: a.txid, duplicate: true })
    expect(dev.chain.mempool.length).toBe(mempool)
    const e = await pub.publish(sample(101), { seq: 1 }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KomodoCcError)
    expect((e as KomodoCcError).code).toBe('PUBLISH_CONFLICT')
    expect(((await pub.publish(sample(5), { seq: 7 }).catch((x: unknown) => x)) as KomodoCcError).code).toBe(
      'ARG_INVALID',
    )
    await pub.close()
    // a new publisher on the same journal: same answers, nothing new signed
    const pub2 = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })
    expect(await pub2.publish(sample(100), { seq: 1 })).toMatchObject({ txid: b.txid, duplicate: true })
    expect(dev.chain.mempool.length).toBe(mempool)
    await dev.mine(1)
    const s = await onChain(A, P.priv, 2)
    expect(s.map((x) => x.txid)).toEqual([b.txid, a.txid])
    expect(s[0]!.data).toEqual(s[1]!.data)
    await pub2.close()
  }, 60_000)

  test('with a wallet (not a key): each sample waits until the source shows the previous one, then chains on it', async () => {
    const pub = await createOraclePublisher({ oracletxid: A, wallet: P.wallet, view: dev.view, pollMs: 0 })
    const rs = await Promise.all([0, 1, 2].map((i) => pub.publish(sample(200 + i))))
    for (let i = 1; i < 3; i++)
      expect(dev.chain.txs.get(rs[i]!.txid!)!.tx.vin[1]).toMatchObject({ txid: rs[i - 1]!.txid, vout: 1 })
    await pub.close()
    await dev.mine(1)
  }, 60_000)

  test('a second publisher on a held journal refuses to start (JOURNAL_LOCKED)', async () => {
    const journal = memoryJournalStorage()
    const pub = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })
    const e = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal }).catch(
      (x: unknown) => x,
    )
    expect((e as KomodoCcError).code).toBe('JOURNAL_LOCKED')
    await pub.close()
    const again = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })
    await again.close()
  })

  test('a journal of another oracle or key is refused (JOURNAL_INVALID)', async () => {
    const journal = memoryJournalStorage(
      JSON.stringify({ version: 1, oracletxid: 'ab'.repeat(32), pubkey: P.pub, next: 0, compacted: 0, entries: [] }),
    )
    const e = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal }).catch(
      (x: unknown) => x,
    )
    expect((e as KomodoCcError).code).toBe('JOURNAL_INVALID')
  })
})

describe('funds', () => {
  test('samplesPaid follows the builder: inputs in order until the datafee, change reused when ≥ 10000', () => {
    expect(samplesPaid([30000n], 10000n)).toBe(3)
    expect(samplesPaid([15000n, 15000n], 10000n)).toBe(2) // each leaves 5000: stranded (below 10000)
    expect(samplesPaid([25000n], 20000n)).toBe(1)
    expect(samplesPaid([5000n, 30000n], 10000n)).toBe(3)
    expect(samplesPaid([], 10000n)).toBe(0)
    expect(samplesPaid([10n ** 12n], 10000n, 1000)).toBe(1000)
  })

  test('low-funds events below K samples, then a typed refusal with the numbers; a new subscription resumes', async () => {
    const Q = await fundedKey(dev, 'Q')
    const B = await registeredOracle(dev, Q, 'L', 'LOW')
    await subscribe(dev, B, Q, 4)
    const pub = await createOraclePublisher({
      oracletxid: B,
      privateKey: Q.priv,
      view: dev.view,
      lowFundsSamples: 2,
      pollMs: 0,
    })
    const low: number[] = []
    pub.on('low-funds', (e) => low.push(e.samplesPaid))
    for (let i = 0; i < 4; i++) await pub.publish([BigInt(i)])
    expect(low).toEqual([1, 0])
    const e = (await pub.publish([99n]).catch((x: unknown) => x)) as KomodoCcError
    expect(e).toBeInstanceOf(KomodoCcError)
    expect(e.code).toBe('INSUFFICIENT_FUNDS')
    expect(e.message).toMatch(
      /subscriptions hold 0 sat in 0 output\(s\), the datafee is 10000 sat, they pay for 0 sample/,
    )
    expect(e.details).toMatchObject({ seq: 4, datafee: '10000', funds: '0', samplesPaid: 0 })
    expect((await pub.status()).published).toBe(4)
    await subscribe(dev, B, Q, 2)
    expect(await pub.publish([99n])).toMatchObject({ seq: 4, duplicate: false })
    await pub.close()
  }, 60_000)
})

describe('chunked payloads', () => {
  test("a 300-byte payload goes out as 3 samples of a D oracle, each record within a default node's 208-byte OP_RETURN, and joins back", async () => {
    const R = await fundedKey(dev, 'R')
    const D = await registeredOracle(dev, R, 'D', 'BLOB')
    await subscribe(dev, D, R, 5)
    const pub = await createOraclePublisher({ oracletxid: D, privateKey: R.priv, view: dev.view, pollMs: 0 })
    // said at start: a D record of up to 8192 bytes, the devnet (komodod's asset-chain default) relays 104
    expect(pub.fit).toMatchObject({ fits: 'sometimes', limit: 104, max: 8192, datacarriersize: 208 })
    expect(pub.fit.message).toContain(`-datacarriersize=${pub.fit.datacarriersizeForAll}`)
    // a record over the policy is refused before it is signed: nothing journaled, nothing sent
    await expect(pub.publish({ record: new Uint8Array(200).fill(1) })).rejects.toMatchObject({
      code: 'TX_NONSTANDARD',
      details: { reason: 'scriptpubkey', limit: 208, option: expect.stringMatching(/^-datacarriersize=\d+$/) },
    })
    expect((await pub.status()).published).toBe(0)
    const payload = new Uint8Array(300).map((_, i) => (i * 7) & 0xff)
    const rs = await pub.publishChunked(payload)
    expect(rs.map((r) => r.seq)).toEqual([0, 1, 2])
    await dev.mine(1)
    const scripts = rs.map((r) => {
      const tx = dev.chain.txs.get(r.txid!)!.tx
      return tx.vout[tx.vout.length - 1]!.script
    })
    expect(scripts.map((op) => op.length <= 208)).toEqual([true, true, true])
    // read back through oraclessamples (hex of each D field), oldest first
    const s = (await onChain(D, R.priv, 3)).reverse()
    expect(s.map((x) => x.txid)).toEqual(rs.map((r) => r.txid))
    const parts = s.map((x) => x.data[0]!)
    expect(parts.join('')).toBe(bytesToHex(payload))
    const records = parts.map((p) => encodeOracleData('D', [hexToBytes(p)]))
    expect(records.every((r) => r.length <= 104)).toBe(true)
    expect(bytesToHex(joinOracleData('D', records))).toBe(bytesToHex(payload))
    await pub.close()
  }, 60_000)
  test("a record format the policy always admits says so; the node's -datacarriersize changes the answer", async () => {
    const pub = await createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, pollMs: 0 })
    expect(pub.fit).toMatchObject({ fits: 'always', min: 76, max: 76, limit: 104 })
    await pub.close()
    const kmd = await createOraclePublisher({
      oracletxid: A,
      privateKey: P.priv,
      view: dev.view,
      pollMs: 0,
      policy: relayPolicy('KMD'),
    })
    expect(kmd.fit).toMatchObject({ fits: 'never', limit: 36, datacarriersize: 140, datacarriersizeForAll: 180 })
    await kmd.close()
  }, 60_000)
})

describe('journal storages', () => {
  test('webStorageJournal: setItem whole, a lock item with a stale takeover', () => {
    const m = new Map<string, string>()
    const ls = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    }
    let now = 1000
    const a = webStorageJournal(ls, 'j', { now: () => now })
    const b = webStorageJournal(ls, 'j', { now: () => now })
    a.lock!()
    expect(() => b.lock!()).toThrow(/held by another publisher/)
    a.write('x')
    expect(b.read()).toBe('x')
    now += 61_000
    b.lock!()
    a.unlock!() // not the holder any more: leaves b's lock
    expect(m.has('j.lock')).toBe(true)
    b.unlock!()
    expect(m.has('j.lock')).toBe(false)
  })
})
