// Junk into every public function the wallet, chain-source, Electrum and publisher issues added: a KomodoCcError
// each time (never a TypeError, a hang or a wrong byte).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { WalletCallAny, WalletMethod, WalletReadMethod } from '../../src/wallet/wallet.js'
import * as root from '../../src/node.js'
import * as resolveKit from '../../src/resolve/index.js'
import * as testing from '../../src/testing/index.js'
import * as electrum from '../../src/electrum/index.js'
import * as tokens from '../../src/modules/tokens/index.js'
import * as faucet from '../../src/modules/faucet/index.js'
import * as dice from '../../src/modules/dice/index.js'
import * as oracles from '../../src/modules/oracles/index.js'
import * as gateways from '../../src/modules/gateways/index.js'
import * as rewards from '../../src/modules/rewards/index.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'

const JUNK: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  NaN,
  '',
  'zz',
  '00'.repeat(32),
  {},
  [],
  [1],
  new Uint8Array(3),
  10n,
]
JUNK.push(() => 1, Symbol('s'), { then: 1 })
// the root and the subpaths that hold the resolvers (each module's), the resolve kit, Electrum's helpers and the
// devnet's parts (issue 32 moved them off the root)
const api = {
  ...root,
  ...resolveKit,
  ...testing,
  ...electrum,
  ...tokens,
  ...faucet,
  ...dice,
  ...oracles,
  ...gateways,
  ...rewards,
} as unknown as Record<string, (...a: unknown[]) => unknown>

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
})
afterAll(async () => {
  await dev.stop()
})

/** Calls `f` with each junk value; returns the ones that did not end in a KomodoCcError (or ended in a hang). */
async function untyped(f: (j: unknown) => unknown): Promise<string[]> {
  const out: string[] = []
  for (const j of JUNK) {
    try {
      await Promise.race([
        Promise.resolve().then(() => f(j)),
        new Promise((_, reject) => setTimeout(() => reject(new Error('hang')), 5000)),
      ])
    } catch (e) {
      if (!(e instanceof KomodoCcError)) out.push(`${typeof j === 'symbol' ? 'symbol' : String(j)}: ${String(e)}`)
    }
  }
  return out
}

describe('hostile input to the wallet, its kit, the chain sources and the publisher', () => {
  test('every resolver: junk params and junk contexts', async () => {
    expect(Object.keys(api).filter((k) => /^resolve[A-Z]/.test(k)).length).toBeGreaterThanOrEqual(24)
    const ctx = { view: dev.view, pubkey: dev.pubkey, privateKey: dev.privateKey }
    for (const name of Object.keys(api).filter((k) => /^resolve[A-Z]/.test(k))) {
      expect(await untyped((j) => api[name]!(j, ctx)), name).toEqual([])
      expect(await untyped((j) => api[name]!({}, j)), name).toEqual([])
    }
  }, 120_000)

  test('createWallet, its calls and reads', async () => {
    expect(await untyped((j) => root.createWallet(j as never))).toEqual([])
    expect(await untyped((j) => root.createWallet({ privateKey: '11'.repeat(32), view: j as never }))).toEqual([])
    expect(await untyped((j) => root.createWallet({ privateKey: j as never, view: dev.view }))).toEqual([])
    const w = root.createWallet({ privateKey: '11'.repeat(32), view: dev.view })
    expect(await untyped((j) => (w.call as WalletCallAny)(j as never, {}))).toEqual([])
    expect(await untyped((j) => w.call('tokentransfer', j as never))).toEqual([])
    expect(await untyped((j) => w.read(j as never))).toEqual([])
    expect(await untyped((j) => (w.tokentransfer as WalletMethod)(j, j, j))).toEqual([])
    expect(await untyped((j) => (w.oraclessamples as WalletReadMethod)(j, j, j))).toEqual([])
    expect(await untyped((j) => w.rebroadcast(j as never))).toEqual([])
  }, 120_000)

  test('the kit, the sources, Electrum helpers and the publisher', async () => {
    const reader = new resolveKit.StateReader(dev.view)
    for (const [name, f] of [
      ['StateReader', (j: unknown) => new resolveKit.StateReader(j as never)],
      ['normalCoins', (j: unknown) => resolveKit.normalCoins(reader, j as never)],
      ['daemonUtxoOrder', (j: unknown) => api.daemonUtxoOrder!(j, j)],
      ['daemonMapOrder', (j: unknown) => api.daemonMapOrder!(j, { txid: '00'.repeat(32), vout: 0 })],
      ['countingView', (j: unknown) => api.countingView!(j)],
      ['createRpcView', (j: unknown) => api.createRpcView!(j)],
      ['createElectrumView', (j: unknown) => api.createElectrumView!(j)],
      ['scripthash', (j: unknown) => api.scripthash!(j)],
      ['electrumStatus', (j: unknown) => api.electrumStatus!(j)],
      ['samplesPaid', (j: unknown) => api.samplesPaid!(j, j)],
      ['webStorageJournal', (j: unknown) => api.webStorageJournal!(j, j)],
      ['createOraclePublisher', (j: unknown) => api.createOraclePublisher!(j)],
      ['devnetTxOutProof', (j: unknown) => api.devnetTxOutProof!(dev.chain, j)],
    ] as const)
      expect(await untyped(f), name).toEqual([])
  }, 120_000)
})
