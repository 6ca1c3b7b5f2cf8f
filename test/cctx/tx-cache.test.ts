// The verified-transaction cache (issue 34): bounded in bytes, least recently used out first, nothing in it that does
// not hash to its txid, and a lying source gets nothing through a StateReader that holds one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import { StateReader } from '../../src/cctx/resolve.js'
import { TxCache } from '../../src/cctx/tx-cache.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { lyingView } from '../_util/lie.js'

let dev: Devnet
/** Three transactions of the devnet's chain: txid and hex. */
let txs: { txid: string; hex: string }[]

beforeAll(async () => {
  dev = await startTestDevnet()
  for (let i = 0; i < 3; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(dev.pubkey), '1'])
  txs = await Promise.all(
    dev.chain.mempool.slice(0, 3).map(async (txid) => ({ txid, hex: await dev.view.getTransaction(txid) })),
  )
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('TxCache', () => {
  test('bounded in bytes (the hex lengths): the least recently used goes first', () => {
    const [a, b, c] = txs as [(typeof txs)[0], (typeof txs)[0], (typeof txs)[0]]
    // room for a and the larger of b and c: c fits once b alone is evicted, whatever the seed makes their sizes
    const cache = new TxCache(a.hex.length + Math.max(b.hex.length, c.hex.length))
    cache.set(a.txid, a.hex)
    cache.set(b.txid, b.hex)
    expect(cache.bytes).toBe(a.hex.length + b.hex.length)
    expect(cache.get(a.txid)).toBe(a.hex) // a is now the most recently used
    cache.set(c.txid, c.hex)
    expect(cache.get(b.txid)).toBeUndefined()
    expect(cache.get(a.txid)).toBe(a.hex)
    expect(cache.get(c.txid)).toBe(c.hex)
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
    expect(cache.size).toBe(2)
    const none = new TxCache(0)
    none.set(a.txid, a.hex)
    expect(none.size).toBe(0)
    expect(() => new TxCache(-1)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })

  test('refuses bytes that are not the transaction named', () => {
    const [a, b] = txs as [(typeof txs)[0], (typeof txs)[0]]
    const cache = new TxCache()
    expect(() => cache.set(a.txid, b.hex)).toThrow(expect.objectContaining({ code: 'CHAIN_MISMATCH' }))
    expect(cache.size).toBe(0)
  })
})

describe('a StateReader holding a TxCache', () => {
  test('a second reader on the same cache asks the source nothing for transactions the first verified', async () => {
    const counting = countingView(dev.view)
    const cache = new TxCache()
    const ids = txs.map((t) => t.txid)
    await new StateReader(counting.view, undefined, cache).txs(ids)
    expect(counting.counts.getTransactions + counting.counts.getTransaction).toBe(1)
    counting.reset()
    const again = await new StateReader(counting.view, undefined, cache).txs(ids)
    expect(again.map((t) => t.hex)).toEqual(txs.map((t) => t.hex))
    expect(counting.total()).toBe(0)
  })

  test('a lie about a transaction not in the cache is caught (CHAIN_MISMATCH) and never enters it', async () => {
    const [a, b] = txs as [(typeof txs)[0], (typeof txs)[0]]
    const liar = lyingView(dev.view, { getTransaction: async () => b.hex })
    const cache = new TxCache()
    const e = await new StateReader(liar.view, undefined, cache).tx(a.txid).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KomodoCcError)
    expect((e as KomodoCcError).code).toBe('CHAIN_MISMATCH')
    expect(liar.told('getTransaction')).toBe(1)
    expect(cache.size).toBe(0)
  })

  test('a lie about a cached transaction is irrelevant: the source is not asked, the verified bytes answer', async () => {
    const [a, b] = txs as [(typeof txs)[0], (typeof txs)[0]]
    const cache = new TxCache()
    await new StateReader(dev.view, undefined, cache).tx(a.txid)
    // a source that would answer every txid with b's bytes (a lie about a), counted: never asked
    const liar = countingView({ ...dev.view, getTransaction: async () => b.hex, getTransactions: async () => [b.hex] })
    const t = await new StateReader(liar.view, undefined, cache).tx(a.txid)
    expect(t.hex).toBe(a.hex)
    expect(liar.total()).toBe(0)
  })
})
