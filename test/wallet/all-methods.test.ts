// Issues 18 and 19's "done when": all 24 state-changing methods of the six modules run key-locally through each chain
// source — komodod-style JSON-RPC (createRpcView over the devnet's HTTP JSON-RPC) and Electrum over TCP and over
// WebSocket (createElectrumView on the devnet's Electrum endpoint) — with keys the devnet never sees. Each call goes
// through createWallet: the resolver finds the state through the source, the build is signed in this process,
// inspected (method, change, fee) and broadcast once; the devnet's consensus validators accept every one, and the
// wallet's reads answer as the devnet's own RPCs. View calls per method are printed per source (docs/wallet.md,
// docs/electrum.md). One devnet per source: each flow starts from the same chain.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex } from '../../src/bytes/hex.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Devnet } from '../../src/devnet/server.js'
import { GATEWAYS_NODE, startTestDevnet } from '../_util/devnet.js'

import { createRpcView } from '../../src/rpc/view.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { countingView } from '../../src/cctx/counting-view.js'
import type { ChainView } from '../../src/cctx/types.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/wallet.js'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import { StateReader } from '../../src/cctx/resolve.js'
import { tokenBalance } from '../../src/modules/tokens/inputs.js'
import {
  diceFlow,
  faucetFlow,
  FLOW_FRIEND as FRIEND,
  FLOW_HOUSE as HOUSE,
  FLOW_KEY as KEY,
  FLOW_ME as me,
  FLOW_NEWCOMER as NEWCOMER,
  fundFlow,
  gatewaysFlow,
  oraclesFlow,
  rewardsFlow,
  tokensFlow,
  type FlowContext,
} from '../_util/wallet-flow.js'

/** A chain source over a running devnet: a fresh view each call (closed after the flow when it has `close`). */
type Source = { name: string; electrum: boolean; open: (dev: Devnet) => ChainView & { close?: () => void } }

const SOURCES: Source[] = [
  { name: 'JSON-RPC (createRpcView over HTTP)', electrum: false, open: (dev) => createRpcView(dev.rpc) },
  {
    name: 'Electrum over TCP (createElectrumView)',
    electrum: true,
    open: (dev) => createElectrumView({ url: dev.electrum!.url }),
  },
  {
    name: 'Electrum over WebSocket (createElectrumView)',
    electrum: true,
    open: (dev) => createElectrumView({ url: dev.electrum!.wsUrl }),
  },
]

function allMethods(source: Source): void {
  describe(`all 24 methods, key-locally, through ${source.name}`, () => {
    let dev: Devnet
    let view: ChainView & { close?: () => void }
    const opened: { close?: () => void }[] = []
    let counting: ReturnType<typeof countingView>
    let wallet: Wallet
    // over Electrum, the same key's wallet over the devnet's JSON-RPC builds each call first (not broadcast): the
    // Electrum view must lead the resolvers to the very same transaction
    let twin: Wallet | undefined
    let twinned = 0
    let made = 0
    const trips: Record<string, number> = {}
    const wire: Record<string, [number, number]> = {} // Electrum: [messages, requests] per method
    const done = new Set<string>()
    const ids: Record<string, string> = {}

    type W = (...a: unknown[]) => Promise<WalletResult>
    /** A wallet method by its daemon name. */
    const byName = (w: Wallet, method: string): W => (w as unknown as Record<string, W>)[method]!
    async function call(by: Wallet, rpcTwin: Wallet | undefined, method: string, args: unknown[]) {
      const expected = rpcTwin === undefined ? undefined : await byName(rpcTwin, method)(...args, { broadcast: false })
      const before = totalCalls()
      const wireBefore = wireStats()
      const r = await byName(by, method)(...args)
      trips[method] = totalCalls() - before
      const wireAfter = wireStats()
      if (wireBefore !== undefined && wireAfter !== undefined)
        wire[method] = [wireAfter.roundTrips - wireBefore.roundTrips, wireAfter.requests - wireBefore.requests]
      made++
      if (expected !== undefined) {
        expect(r.hex, `${method}: the same transaction as over JSON-RPC`).toBe(expected.hex)
        twinned++
      }
      return r
    }
    /** One call of `by`: counted, twinned over Electrum, broadcast, accepted by the devnet. */
    async function run(by: Wallet, rpcTwin: Wallet | undefined, method: string, args: unknown[]) {
      const r = await call(by, rpcTwin, method, args)
      expect(r.broadcast).toBe(true)
      expect(r.inspection.method).toBe(method)
      expect(dev.chain.txs.has(r.txid)).toBe(true) // the devnet validated and took it
      done.add(method)
      return r
    }
    const totalCalls = (): number => counting.total()
    /** The Electrum client's messages sent (a batch is one) and requests in them, when the source is Electrum. */
    const wireStats = () => {
      const st = (view as { client?: { stats: { roundTrips: number; requests: number } } }).client?.stats
      return st === undefined ? undefined : { ...st }
    }
    let house: Wallet
    let houseTwin: Wallet | undefined
    /** The flow's calls: the wallet's and the house's through `call` (twinned over Electrum), faucetget's own. */
    const flow: FlowContext = {
      get dev() {
        return dev
      },
      w: (method, ...args) => run(wallet, twin, method, args),
      h: (method, ...args) => run(house, houseTwin, method, args),
      faucetget: async () => {
        const newcomerView = source.open(dev)
        opened.push(newcomerView)
        const newcomer = createWallet({ privateKey: NEWCOMER, view: newcomerView })
        const r = await newcomer.faucetget()
        expect(r.inspection.method).toBe('faucetget')
        expect(dev.chain.mempool).toContain(r.txid)
        done.add('faucetget')
        return r
      },
      ids,
    }

    beforeAll(async () => {
      // gatewaysdeposit/partialsign/completesigning need a node with a larger -datacarriersize (docs/policy.md)
      dev = await startTestDevnet({ electrum: source.electrum, policy: GATEWAYS_NODE })
      await fundFlow(dev) // the wallet's coins are P2PK only: the source must know its key to find them
      view = source.open(dev)
      counting = countingView(view)
      wallet = createWallet({ privateKey: KEY, view: counting.view, policy: GATEWAYS_NODE })
      house = createWallet({ privateKey: HOUSE, view: counting.view, policy: GATEWAYS_NODE })
      if (source.electrum) {
        twin = createWallet({ privateKey: KEY, view: createRpcView(dev.rpc), policy: GATEWAYS_NODE })
        houseTwin = createWallet({ privateKey: HOUSE, view: createRpcView(dev.rpc), policy: GATEWAYS_NODE })
      }
    }, 60_000)
    afterAll(async () => {
      // eslint-disable-next-line no-console
      console.log(`wallet over ${source.name}, view calls per method:`, JSON.stringify(trips))
      if (Object.keys(wire).length > 0)
        // eslint-disable-next-line no-console
        console.log(`wallet over ${source.name}, Electrum [messages, requests] per method:`, JSON.stringify(wire))
      for (const v of [view, ...opened]) v?.close?.()
      await dev?.stop()
    })

    test('tokens: tokencreate, tokentransfer', async () => {
      await tokensFlow(flow)
      expect(await tokenBalance(new StateReader(dev.view), ids.token!, FRIEND)).toBe(250n)
      expect(await tokenBalance(new StateReader(dev.view), ids.token!, me)).toBe(750n)
    })

    test('faucet: faucetfund, then faucetget to a brand-new key (proof of work in this process)', async () => {
      const r = await faucetFlow(flow)
      expect(dev.chain.blocks.at(-1)!.txids).toContain(r.txid)
    }, 120_000)

    test('oracles: create, fund, register, subscribe, data', async () => {
      await oraclesFlow(flow)
    })

    test('gateways: bind, deposit, claim, withdraw, partialsign, completesigning, markdone', async () => {
      await gatewaysFlow(flow)
    })

    test('dice: fund, addfunds, bet, finish (the house a second key-local wallet)', { timeout: 120_000 }, async () => {
      await diceFlow(flow)
    })

    test('rewards: createfunding, addfunding, lock, unlock after the minimum time', async () => {
      await rewardsFlow(flow)
    })

    test("the wallet's reads, computed from the source, answer as the devnet's own RPCs", async () => {
      const ask = (m: string, ...p: unknown[]) =>
        (wallet as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[m]!(...p)
      const plain = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)))
      const same = async (m: string, mine: unknown[], theirs: unknown[] = mine) =>
        expect(plain(await ask(m, ...mine))).toEqual(plain(await dev.rpc.call(m, theirs as never)))
      await same('tokenbalance', [ids.token, FRIEND])
      await same('faucetinfo', [])
      await same('oraclesinfo', [ids.oracle!])
      await same('diceinfo', [ids.dice])
      await same('rewardsinfo', [ids.rewards])
      await same('gatewaysinfo', [ids.bind])
      const baton = ((await ask('oraclesinfo', ids.oracle!)) as { registered: { baton: string }[] }).registered[0]!
      await same('oraclessamples', [ids.oracle!, baton.baton, 10], [ids.oracle!, baton.baton, '10'])
      expect(await ask('tokenaddress', FRIEND)).toMatchObject({ result: 'success' })
    })

    test('every method of the registry ran', () => {
      // Tokel's ten need a Tokel chain: test/tokel/wallet.test.ts runs them over the same sources
      expect([...done].sort()).toEqual(
        WALLET_METHODS.map((m) => m.method)
          .filter((m) => !m.startsWith('tokenv2'))
          .sort(),
      )
      expect(done.size).toBe(24)
      // every call but faucetget (its proof of work searches a nonce) also built byte for byte as over JSON-RPC
      expect(made).toBeGreaterThan(120)
      if (source.electrum) expect(twinned).toBe(made)
    })
  })
}

for (const source of SOURCES) allMethods(source)
