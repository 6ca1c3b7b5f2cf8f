import { describe, expect, test } from 'vitest'
import { countingView, CHAIN_VIEW_METHODS } from '../../src/cctx/counting-view.js'
import type { ChainView } from '../../src/cctx/types.js'
import { KomodoCcError } from '../../src/errors.js'

const base = (): ChainView => ({
  getTransaction: async (t) => `hex-of-${t}`,
  getTransactions: async (ts) => ts.map((t) => `hex-of-${t}`),
  listUnspent: async () => [],
  getAddressMempool: async () => ({ outputs: [], spends: [] }),
  getAddressHistory: async () => [],
  getMempool: async () => [],
  getHeight: async () => 7,
  getBlockTimes: async (hs) => hs.map((h) => 1000 + h),
  getTipState: async () => 'tip:0:mempool',
  broadcast: async () => {
    throw new KomodoCcError('RPC_ERROR', 'refused')
  },
})

describe('countingView', () => {
  test('counts each call per method, failed ones too, and passes answers through', async () => {
    const c = countingView(base())
    expect(Object.keys(c.counts)).toEqual([...CHAIN_VIEW_METHODS])
    expect(c.total()).toBe(0)
    expect(await c.view.getTransaction('t1')).toBe('hex-of-t1')
    expect(await c.view.getTransactions!(['a', 'b'])).toEqual(['hex-of-a', 'hex-of-b'])
    await c.view.getTransaction('t2')
    expect(await c.view.getHeight()).toBe(7)
    expect(await c.view.getBlockTimes!([1, 2])).toEqual([1001, 1002])
    await c.view.listUnspent('R1')
    await c.view.getAddressMempool('R1')
    await c.view.getAddressHistory('R1')
    await c.view.getMempool()
    expect(await c.view.getTipState!()).toBe('tip:0:mempool')
    await expect(c.view.broadcast('00')).rejects.toMatchObject({ code: 'RPC_ERROR' })
    expect(c.counts).toEqual({
      getTransaction: 2,
      getTransactions: 1,
      listUnspent: 1,
      getAddressMempool: 1,
      getAddressHistory: 1,
      getMempool: 1,
      getHeight: 1,
      getBlockTimes: 1,
      getTipState: 1,
      broadcast: 1,
    })
    expect(c.total()).toBe(11)
    c.reset()
    expect(c.total()).toBe(0)
  })
  test('a view without the optional methods stays without them; a synchronous throw becomes a rejection', async () => {
    const { getTransactions: _g, getBlockTimes: _b, getTipState: _t, ...rest } = base()
    const c = countingView({
      ...rest,
      getHeight: () => {
        throw new KomodoCcError('RPC_HTTP', 'down')
      },
    })
    expect(c.view.getTransactions).toBeUndefined()
    expect(c.view.getTipState).toBeUndefined()
    expect(c.view.getBlockTimes).toBeUndefined()
    await expect(c.view.getHeight()).rejects.toMatchObject({ code: 'RPC_HTTP' })
    expect(c.counts.getHeight).toBe(1)
  })
  test('two counting views count apart (no shared state)', async () => {
    const a = countingView(base())
    const b = countingView(a.view)
    await b.view.getMempool()
    await a.view.getMempool()
    expect([a.counts.getMempool, b.counts.getMempool]).toEqual([2, 1])
  })
  test('not a view: ARG_INVALID', () => {
    expect(() => countingView(null as unknown as ChainView)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })
  test("a learning source's addPubkeys/addScripts pass through, uncounted; a plain view gets none", () => {
    const learnt: unknown[] = []
    const learner = Object.assign(base(), {
      addPubkeys(keys: readonly string[]) {
        learnt.push(['keys', this === learner, ...keys])
      },
      addScripts(scripts: readonly Uint8Array[]) {
        learnt.push(['scripts', this === learner, scripts.length])
      },
    })
    const c = countingView(learner)
    const v = c.view as ChainView & { addPubkeys?: (k: string[]) => void; addScripts?: (s: Uint8Array[]) => void }
    v.addPubkeys!(['02aa'])
    v.addScripts!([new Uint8Array(1)])
    expect(learnt).toEqual([
      ['keys', true, '02aa'],
      ['scripts', true, 1],
    ])
    expect(c.total()).toBe(0)
    expect('addPubkeys' in countingView(base()).view).toBe(false)
  })
})
