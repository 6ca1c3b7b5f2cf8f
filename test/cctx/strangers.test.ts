// Strangers' outputs (issue 28, finding 3): anyone may pay any address, in any script komodod's address index files
// there. komodod's look-ups skip what is not theirs: its CC walks (SetCCunspents(…, ccflag = true), src/cc/CCtx.cpp)
// read index type 3 only (GetAddressType, src/main.cpp), so a P2PKH or CLTV-prefixed output filed under a CC
// address's hash is never seen; of the CC outputs each module's Add*Inputs keeps only those whose transaction carries
// its opret, which a stranger's payment (with or without a data tail `<cond> OP_CHECKCRYPTOCONDITION <data> OP_DROP`)
// does not. So adding such outputs at every address a resolver reads must leave every choice as it was: the same
// transaction, byte for byte, never an error. The source here is the devnet with strangers' outputs added at each
// address asked for, confirmed and in the mempool; the twin is the same key's wallet over the plain devnet.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { base58checkDecode } from '../../src/address/base58check.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { batonPubkey, ccScriptAddress } from '../../src/cc/address.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { CC_MODULES } from '../../src/cc/eval.js'
import { ccPrefixEnd, ccScript } from '../../src/script/cc.js'
import { p2pkhScript } from '../../src/script/script.js'
import { sha256 } from '../../src/hash/index.js'
import { serializeTransaction, txidOfBytes } from '../../src/tx/codec.js'
import { keySigner } from '../../src/tx/sign.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction, type TxOutput } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { GATEWAYS_NODE, startTestDevnet } from '../_util/devnet.js'

import type { AddressMempool, ChainUtxo, ChainView, HistoryEntry } from '../../src/cctx/types.js'
import { StateReader, normalCoins, ccUnspent } from '../../src/cctx/resolve.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/wallet.js'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import {
  diceFlow,
  faucetFlow,
  FLOW_HOUSE as HOUSE,
  FLOW_KEY as KEY,
  FLOW_NEWCOMER as NEWCOMER,
  FLOW_ME as ME,
  fundFlow,
  gatewaysFlow,
  oraclesFlow,
  rewardsFlow,
  tokensFlow,
  type FlowContext,
} from '../_util/wallet-flow.js'

/** CC sub-scripts a stranger could pay (every module's 1-of-1 of the global key, of the flow's keys, of their batons). */
function candidateSubScripts(): Uint8Array[] {
  const keys = [ME, bytesToHex(keySigner(HOUSE).publicKey), batonPubkey(KEY), batonPubkey(HOUSE)]
  return CC_MODULES.flatMap((m) => [m.pubkey, ...keys].map((k) => ccScript(cc1of1(m.evalCode, k))))
}

/**
 * A stranger's transaction: spends an outpoint of nobody's (a hash of `seed`), pays `outs`, no opret. Its bytes
 * hash to its txid, so the reader takes it; it says nothing to any module.
 */
function strangerTx(seed: string, outs: TxOutput[]): { txid: string; hex: string } {
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: [
      {
        txid: bytesToHex(sha256(new TextEncoder().encode(seed))),
        vout: 7,
        scriptSig: Uint8Array.of(0x51),
        sequence: 0xffffffff,
      },
    ],
    vout: outs,
    lockTime: 0,
    expiryHeight: 0,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const raw = serializeTransaction(tx)
  return { txid: txidOfBytes(raw), hex: bytesToHex(raw) }
}

/**
 * The foreign outputs filed under `address` (KMD versions): a CLTV-prefixed P2PKH of its hash (ExtractDestination
 * files it there), at a CC address also a P2PKH of the same hash (index type 1: never in a CC walk) and the CC
 * sub-script with a data tail, for 10000 sat (the value of a baton or a marker) and 1 coin each. A plain P2PKH at
 * the caller's own address is left out: that would be a real coin of the caller's, which komodod's wallet spends.
 */
function foreignScripts(address: string, subs: readonly Uint8Array[], own: ReadonlySet<string>): Uint8Array[] {
  const hash = base58checkDecode(address).subarray(1)
  const cltv = Uint8Array.from([0x03, 0x40, 0x42, 0x0f, 0xb1, 0x75, ...p2pkhScript(hash)])
  const out: Uint8Array[] = [cltv]
  const sub = subs.find((s) => ccScriptAddress(s) === address)
  if (sub !== undefined) {
    out.push(p2pkhScript(hash))
    // <cond> OP_CHECKCRYPTOCONDITION <push 4 bytes> OP_DROP
    out.push(Uint8Array.from([...sub, 0x04, 0xde, 0xad, 0xbe, 0xef, 0x75]))
  } else if (!own.has(address)) out.push(p2pkhScript(hash))
  return out
}

/** `base` with strangers' outputs at every address asked for: in its unspent list, its history and its mempool. */
function withStrangers(base: ChainView, own: ReadonlySet<string>): ChainView & { added: () => number } {
  const subs = candidateSubScripts()
  const txs = new Map<string, string>()
  let added = 0
  const at = (address: string, kind: string) => {
    // learn the CC sub-scripts the address really holds too
    const scripts = foreignScripts(address, subs, own)
    const values = [10_000n, 100_000_000n]
    const t = strangerTx(
      `${kind}:${address}`,
      scripts.flatMap((script) => values.map((value) => ({ value, script }))),
    )
    txs.set(t.txid, t.hex)
    return scripts.flatMap((script, i) =>
      values.map((satoshis, j) => ({ txid: t.txid, vout: i * values.length + j, satoshis, script })),
    )
  }
  const hex = async (txid: string) => txs.get(txid.toLowerCase()) ?? base.getTransaction(txid)
  return {
    added: () => added,
    getTransaction: hex,
    getTransactions: (ids: readonly string[]) => Promise.all(ids.map(hex)),
    async listUnspent(address: string): Promise<ChainUtxo[]> {
      const [list, height] = await Promise.all([base.listUnspent(address), base.getHeight()])
      const more = at(address, 'confirmed').map((u) => ({ ...u, height }))
      added += more.length
      return [...list, ...more]
    },
    async getAddressMempool(address: string): Promise<AddressMempool> {
      const m = await base.getAddressMempool(address)
      // in the mempool only at CC addresses: komodod's CCCointxidExists counts any mempool output at a cointxid's
      // marker address (myIs_coinaddr_inmempoolvout), so a stranger's there would refuse a deposit in komodod too
      if (!subs.some((s) => ccScriptAddress(s) === address)) return m
      const more = at(address, 'mempool').map((u) => ({ ...u, height: 0 }))
      added += more.length
      return { outputs: [...m.outputs, ...more], spends: m.spends }
    },
    async getAddressHistory(address: string): Promise<HistoryEntry[]> {
      const [list, height] = await Promise.all([base.getAddressHistory(address), base.getHeight()])
      return [...list, { txid: at(address, 'confirmed')[0]!.txid, height }]
    },
    getMempool: () => base.getMempool(),
    getHeight: () => base.getHeight(),
    getBlockTimes: (h: readonly number[]) => base.getBlockTimes!(h),
    broadcast: (h: string) => base.broadcast(h),
  }
}

describe("strangers' outputs at every address a resolver reads change nothing (all 24 methods)", () => {
  let dev: Devnet
  let view: ReturnType<typeof withStrangers>
  let wallet: Wallet
  let house: Wallet
  let twin: Wallet
  let houseTwin: Wallet
  let made = 0
  const done = new Set<string>()
  const ids: Record<string, string> = {}
  type W = (...a: unknown[]) => Promise<WalletResult>
  const byName = (w: Wallet, method: string): W => (w as unknown as Record<string, W>)[method]!
  async function run(by: Wallet, plain: Wallet, method: string, args: unknown[]) {
    const expected = await byName(plain, method)(...args, { broadcast: false })
    const r = await byName(by, method)(...args)
    expect(r.hex, `${method}: the same transaction as without strangers`).toBe(expected.hex)
    expect(dev.chain.txs.has(r.txid)).toBe(true)
    made++
    done.add(method)
    return r
  }
  const flow: FlowContext = {
    get dev() {
      return dev
    },
    w: (method, ...args) => run(wallet, twin, method, args),
    h: (method, ...args) => run(house, houseTwin, method, args),
    faucetget: async () => {
      const newcomer = createWallet({ privateKey: NEWCOMER, view, policy: GATEWAYS_NODE })
      const r = await newcomer.faucetget()
      done.add('faucetget')
      return r
    },
    ids,
  }

  beforeAll(async () => {
    dev = await startTestDevnet({ privateKey: '21'.repeat(32), policy: GATEWAYS_NODE })
    await fundFlow(dev)
    const own = new Set(
      [ME, bytesToHex(keySigner(HOUSE).publicKey), bytesToHex(keySigner(NEWCOMER).publicKey)].map((k) =>
        p2pkhAddress(hexToBytes(k)),
      ),
    )
    view = withStrangers(dev.view, own)
    wallet = createWallet({ privateKey: KEY, view, policy: GATEWAYS_NODE })
    house = createWallet({ privateKey: HOUSE, view, policy: GATEWAYS_NODE })
    twin = createWallet({ privateKey: KEY, view: dev.view, policy: GATEWAYS_NODE })
    houseTwin = createWallet({ privateKey: HOUSE, view: dev.view, policy: GATEWAYS_NODE })
  }, 60_000)
  afterAll(() => dev?.stop())

  test('tokens', () => tokensFlow(flow))
  test('faucet', () => faucetFlow(flow).then(() => undefined), 120_000)
  test('oracles', () => oraclesFlow(flow))
  test('gateways', () => gatewaysFlow(flow))
  test('dice', () => diceFlow(flow), 120_000)
  test('rewards', () => rewardsFlow(flow))

  test("the wallet's reads over the strangers' view answer as over the plain devnet", async () => {
    const ask = (w: Wallet, m: string, ...p: unknown[]) =>
      (w as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[m]!(...p)
    const plain = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x)))
    const same = async (m: string, args: unknown[]) =>
      expect(plain(await ask(wallet, m, ...args)), m).toEqual(plain(await ask(twin, m, ...args)))
    await same('tokenbalance', [ids.token, ME])
    await same('oraclesinfo', [ids.oracle!])
    await same('diceinfo', [ids.dice])
    await same('rewardsinfo', [ids.rewards])
    await same('gatewaysinfo', [ids.bind])
    // faucetinfo is the one where komodod counts a stranger's output: AddFaucetInputs (src/cc/faucet.cpp) takes every
    // CC output whose address is the faucet's (IsFaucetvout: IsPayToCryptoCondition + Getscriptaddress), no opret
    // asked, above 0.01 coin: the 1-coin data-tail output counts, the 10000-sat one and the P2PKH / CLTV ones do not
    const f = (await ask(wallet, 'faucetinfo')) as { funding: string }
    const g = (await ask(twin, 'faucetinfo')) as { funding: string }
    expect(Math.round((Number(f.funding) - Number(g.funding)) * 1e8)).toBe(100_000_000)
  })

  test('every method ran, each with strangers at its addresses', () => {
    // Tokel's ten run on a Tokel chain (test/tokel)
    expect([...done].sort()).toEqual(
      WALLET_METHODS.map((m) => m.method)
        .filter((m) => !m.startsWith('tokenv2'))
        .sort(),
    )
    expect(made).toBeGreaterThan(20)
    expect(view.added()).toBeGreaterThan(100)
  })
})

describe('the reader and the shared look-ups', () => {
  let dev: Devnet
  beforeAll(async () => {
    dev = await startTestDevnet({ privateKey: '22'.repeat(32), policy: GATEWAYS_NODE })
  })
  afterAll(() => dev.stop())

  test('normalCoins skips a CLTV-prefixed output at the caller address; ccUnspent skips P2PKH at a CC address', async () => {
    const pk = hexToBytes(dev.pubkey)
    const view = withStrangers(dev.view, new Set([p2pkhAddress(pk)]))
    const plain = await normalCoins(new StateReader(dev.view), pk, { chain: dev.chainParams })
    expect(await normalCoins(new StateReader(view), pk, { chain: dev.chainParams })).toEqual(plain)
    const faucet = CC_MODULES.find((m) => m.name === 'Faucet')!.ccAddress
    const got = await ccUnspent(new StateReader(view), faucet)
    expect(got.every((u) => ccPrefixEnd(u.script) > 0)).toBe(true)
    expect(got.length).toBe(2) // the data-tail outputs (2 values) are CC outputs filed there; the module decides (no opret)
  })

  test('CHAIN_MISMATCH stays for a contradiction: an output listed under an address it is not filed under', async () => {
    const pk = hexToBytes(dev.pubkey)
    const mine = p2pkhAddress(pk)
    const faucet = CC_MODULES.find((m) => m.name === 'Faucet')!.ccAddress
    await dev.rpc.sendrawtransaction((await dev.rpc.faucetfund('1')).hex)
    await dev.mine(1)
    // a source listing the faucet's CC output under the caller's address: that output is not filed there
    const liar: ChainView = {
      ...dev.view,
      listUnspent: async (a: string) => [
        ...(await dev.view.listUnspent(a)),
        ...(a === mine ? await dev.view.listUnspent(faucet) : []),
      ],
    }
    await expect(normalCoins(new StateReader(liar), pk)).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' })
  })
})
