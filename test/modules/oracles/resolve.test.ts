// The oracles resolvers (issue 18) against the in-process devnet: every method key-locally (keys held by the test,
// unknown to the devnet's wallet), each choice checked against komodod's rule computed here, independently, from the
// devnet's chain (spec 5.5-5.10, 5.14), the early refusals with the daemon's texts, and lying views.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { p2pkhAddress } from '../../../src/address/address.js'
import { batonKey, batonPubkey, ccAddress, txidAddress } from '../../../src/cc/address.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { opretScript } from '../../../src/modules/opret.js'
import { formatCoins } from '../../../src/amount.js'
import { keySigner, type Signer } from '../../../src/tx/sign.js'
import { sha256 } from '../../../src/hash/index.js'
import type { Transaction } from '../../../src/tx/types.js'
import type { ChainView, Utxo } from '../../../src/cctx/types.js'
import { countingView } from '../../../src/cctx/counting-view.js'
import { StateReader, type ResolveContext } from '../../../src/cctx/resolve.js'
import type { BuildResult } from '../../../src/cctx/complete.js'
import { KomodoCcError } from '../../../src/errors.js'
import type { Devnet } from '../../../src/devnet/server.js'
import { startTestDevnet } from '../../_util/devnet.js'
import type { Coin } from '../../../src/devnet/chain.js'
import {
  buildOraclesCreate,
  buildOraclesData,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
  type OraclesDataState,
} from '../../../src/modules/oracles/build.js'
import { decodeOraclesOpret, encodeOraclesPayload, type OraclesOpret } from '../../../src/modules/oracles/opret.js'
import {
  oraclesResolvers,
  resolveOraclesCreate,
  resolveOraclesData,
  resolveOraclesFund,
  resolveOraclesRegister,
  resolveOraclesSubscribe,
} from '../../../src/modules/oracles/resolve.js'
import {
  oraclesBaton,
  oraclesDatafee,
  oraclesFundOutput,
  oraclesSubscriptions,
} from '../../../src/modules/oracles/resolve-state.js'
import { oraclesInfo, oraclesSamples } from '../../../src/modules/oracles/resolve-info.js'
import { resign } from '../../devnet/_helpers.js'
import { createWallet, type WalletMethod, type WalletResult } from '../../../src/wallet/index.js'
import { byTxid, byUnspentIndex, byWalletMap, sortedBy } from '../../_util/daemon-order.js'
import { lyingView } from '../../_util/lie.js'

type Key = { priv: Uint8Array; pub: string; pk: Uint8Array; baton: string; cc: string }
const keyOf = (seed: string): Key => {
  const priv = sha256(new TextEncoder().encode(`oracles resolve ${seed}`))
  const pk = keySigner(priv).publicKey
  return { priv, pk, pub: bytesToHex(pk), baton: ccAddress(0xec, batonPubkey(priv)), cc: ccAddress(0xec, pk) }
}
const K = keyOf('publisher K') // publishes oracle A
const S = keyOf('subscriber S') // another key: subscribes, crafts foreign outputs
const P = keyOf('publisher P') // publishes oracle C (mempool chaining)
const Q = keyOf('publisher Q') // publishes oracle E (the 60-input limit)
const P2 = keyOf('publisher P2') // registered, no subscription
const P3 = keyOf('publisher P3') // oraclessamples' off-by-one

let dev: Devnet
const REC = (s: string, n: number): string =>
  bytesToHex(new Uint8Array([s.length, ...new TextEncoder().encode(s)])) +
  n.toString(16).padStart(2, '0') +
  '00'.repeat(7)

// ---- round trips per method (view calls, broadcast excluded), the largest seen ----
const trips: Record<string, number> = {}
function countedView(method: string): { view: ChainView; calls: () => number } {
  const c = countingView(dev.view)
  return {
    view: c.view,
    calls: () => {
      const n = c.total() - c.counts.broadcast
      trips[method] = Math.max(trips[method] ?? 0, n)
      return n
    },
  }
}
const ctxOf = (k: Key, view: ChainView = dev.view): ResolveContext => ({ view, pubkey: k.pub, privateKey: k.priv })
/** Runs a resolver over a counting view for `method`, returns its build. */
async function resolveCounted<T>(method: string, run: (ctx: ResolveContext) => Promise<T>, k: Key): Promise<T> {
  const c = countedView(method)
  const r = await run(ctxOf(k, c.view))
  c.calls()
  return r
}

/** A context whose signers count their signatures: nothing may be signed on a refusal. */
function spyCtx(k: Key, view: ChainView = dev.view): { ctx: ResolveContext; signed: () => number } {
  let n = 0
  const spy = (s: Signer): Signer => ({
    publicKey: s.publicKey,
    sign: (d) => {
      n++
      return s.sign(d)
    },
  })
  return {
    ctx: { view, pubkey: k.pub, signer: spy(keySigner(k.priv)), batonSigner: spy(keySigner(batonKey(k.priv))) },
    signed: () => n,
  }
}
async function refusal(p: Promise<unknown>): Promise<KomodoCcError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(KomodoCcError)
  return e as KomodoCcError
}

const send = (r: BuildResult): Promise<string> => dev.view.broadcast(r.hex)

// ---- komodod's rules, written here from the spec against the devnet's own chain (not through the code under test) ----
const opretOf = (txid: string): OraclesOpret | null => {
  const t = dev.chain.txs.get(txid)!.tx
  try {
    return decodeOraclesOpret(t.vout[t.vout.length - 1]!.script)
  } catch {
    return null
  }
}
const utxo = (c: Coin): Utxo => ({
  txid: c.txid,
  vout: c.vout,
  satoshis: c.value,
  script: c.script,
  height: Math.max(0, c.height),
})
const key = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`
/**
 * Build context of a key with its coins as local-mode AddNormalinputs walks them: the wallet's coins (confirmed and
 * mempool, none spent in the mempool) in mapWallet's order (txid, then vout).
 */
const walletCtx = (k: Key) => ({
  pubkey: k.pub,
  utxos: sortedBy(dev.chain.walletUtxos(k.pk), byWalletMap),
  height: dev.chain.height,
  privateKey: k.priv,
})
/** The confirmed outputs at an address in the order SetCCunspents walks them (address-unspent index: txid, index). */
const indexed = (address: string): Coin[] => sortedBy(dev.chain.addressCoins(address), byUnspentIndex)
/** The mempool's outputs to an address (not spent there) in mapTx's order (txid, then vout). */
const pooled = (address: string): Coin[] => sortedBy(dev.chain.mempoolAddressCoins(address), byWalletMap)
/** Spec 5.10: newest confirmed 'R' on the marker address, lower fee on a tie. */
function ruleDatafee(oracle: string, k: Key): bigint {
  let best: { h: number; fee: bigint } | undefined
  for (const c of indexed(txidAddress(oracle))) {
    const p = opretOf(c.txid)
    if (p?.funcid !== 'R' || p.oracletxid !== oracle || p.pubkey !== k.pub) continue
    if (best === undefined || c.height > best.h || (c.height === best.h && p.datafee < best.fee))
      best = { h: c.height, fee: p.datafee }
  }
  return best?.fee ?? 0n
}
/**
 * Spec 5.9: the newest confirmed 10000 baton of a 'D'/'R' of (oracle, publisher) (the first in the address index's
 * order on a tie), then its mempool spenders at vin 1.
 */
function ruleBaton(oracle: string, k: Key): Utxo | undefined {
  let best: Coin | undefined
  for (const c of indexed(k.baton)) {
    const p = opretOf(c.txid)
    if (c.value !== 10000n || (p?.funcid !== 'D' && p?.funcid !== 'R')) continue
    if (p.oracletxid !== oracle || p.pubkey !== k.pub) continue
    if (best === undefined || c.height > best.height) best = c
  }
  if (best === undefined) return undefined
  let id = best.txid
  for (;;) {
    const by = dev.chain.mempoolSpends.get(`${id}:1`)
    if (by === undefined) break
    expect(dev.chain.txs.get(by)!.tx.vin[1]).toMatchObject({ txid: id, vout: 1 })
    id = by
  }
  const o = dev.chain.output(id, 1)!
  return { txid: id, vout: 1, satoshis: o.value, script: o.script }
}
/** Spec 5.8: confirmed 'S'/'D' outputs of this oracle on CC1(publisher), >= 10000, not spent in the mempool. */
function ruleSubscriptions(oracle: string, k: Key, mempool = false): Utxo[] {
  const coins = [
    ...indexed(k.cc).filter((c) => !dev.chain.spentInMempool(c.txid, c.vout)),
    ...(mempool ? pooled(k.cc) : []),
  ]
  return coins
    .filter((c) => {
      const p = opretOf(c.txid)
      return c.value >= 10000n && (p?.funcid === 'S' || p?.funcid === 'D') && p.oracletxid === oracle
    })
    .map(utxo)
}
/** Spec 5.6: first confirmed 'F' (oracle, key, amount = value) not spent in the mempool, else a mempool 'F' vout 0. */
function ruleFund(oracle: string, k: Key): Utxo | undefined {
  const ok = (c: Coin) => {
    const p = opretOf(c.txid)
    return p?.funcid === 'F' && p.oracletxid === oracle && p.pubkey === k.pub && p.amount === c.value
  }
  const conf = indexed(k.cc).find((c) => !dev.chain.spentInMempool(c.txid, c.vout) && ok(c))
  if (conf !== undefined) return utxo(conf)
  const pend = pooled(k.cc).find((c) => c.vout === 0 && ok(c))
  return pend === undefined ? undefined : utxo(pend)
}
/** The transaction oraclesdata must give, built from the rule's state. */
function ruleData(oracle: string, k: Key, hexstr: string, mempool = false): BuildResult {
  const baton = ruleBaton(oracle, k)
  const state: OraclesDataState = {
    oracle: dev.chain.txs.get(oracle)!.hex,
    datafee: ruleDatafee(oracle, k),
    ...(baton === undefined ? {} : { baton }),
    subscriptions: ruleSubscriptions(oracle, k, mempool),
  }
  return buildOraclesData({ oracletxid: oracle, hexstr }, walletCtx(k), state)
}

async function fundKey(k: Key, coins: string, n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(k.pk), coins])
}

let A: string // oracle 'sL' of K
let B: string // another oracle, K funds it too
let C: string // oracle 'sL' of P
beforeAll(async () => {
  dev = await startTestDevnet()
  await fundKey(K, '20', 3)
  await fundKey(S, '50', 2)
  await fundKey(P, '5')
  await fundKey(Q, '5')
  await fundKey(P2, '5')
  await fundKey(P3, '5')
  await dev.mine(1)
})
afterAll(async () => {
  // the closing note's figures: view calls per method, the largest seen in these tests
  console.log('oracles resolvers, round trips (view calls) per method:', JSON.stringify(trips))
  await dev?.stop()
})

describe('every method key-locally, each equal to the build from the rule', () => {
  test('create, fund (then register from the mempool fund), subscribe (another key), data: the devnet accepts each', async () => {
    const create = await resolveCounted(
      'oraclescreate',
      (c) => resolveOraclesCreate({ name: 'A', description: 'a', format: 'sL' }, c),
      K,
    )
    expect(create.hex).toBe(buildOraclesCreate({ name: 'A', description: 'a', format: 'sL' }, walletCtx(K)).hex)
    A = await send(create)
    const createB = await resolveOraclesCreate({ name: 'B', description: 'b', format: 's' }, ctxOf(K))
    B = await send(createB)
    await dev.mine(1)

    const fund = await resolveCounted('oraclesfund', (c) => resolveOraclesFund({ oracletxid: A }, c), K)
    expect(fund.hex).toBe(buildOraclesFund({ oracletxid: A }, walletCtx(K), { oracle: dev.chain.txs.get(A)!.hex }).hex)
    await send(fund)
    // mempool-only state: the register finds the fund in the mempool (vout 0 of a mempool 'F')
    const f = ruleFund(A, K)!
    expect(f.txid).toBe(fund.txid)
    expect(f.height).toBe(0)
    const reg = await resolveCounted(
      'oraclesregister',
      (c) => resolveOraclesRegister({ oracletxid: A, datafee: '0.0001' }, c),
      K,
    )
    expect(reg.hex).toBe(
      buildOraclesRegister({ oracletxid: A, datafee: 10000n }, walletCtx(K), {
        oracle: dev.chain.txs.get(A)!.hex,
        fund: f,
      }).hex,
    )
    await send(reg)
    await dev.mine(1)

    // another key subscribes to K (an output at K's CC address that K did not make), K subscribes itself
    const sub = await resolveCounted(
      'oraclessubscribe',
      (c) => resolveOraclesSubscribe({ oracletxid: A, publisher: K.pub, amount: '0.001' }, c),
      S,
    )
    expect(sub.hex).toBe(
      buildOraclesSubscribe({ oracletxid: A, publisher: K.pub, amount: 100000n }, walletCtx(S), {
        oracle: dev.chain.txs.get(A)!.hex,
      }).hex,
    )
    await send(sub)
    await send(await resolveOraclesSubscribe({ oracletxid: A, publisher: K.pub, amount: 50000n }, ctxOf(K)))
    await dev.mine(1)

    const want = ruleData(A, K, REC('abc', 1))
    const d = await resolveCounted(
      'oraclesdata',
      (c) => resolveOraclesData({ oracletxid: A, hexstr: REC('abc', 1) }, c),
      K,
    )
    expect(d.hex).toBe(want.hex)
    expect(d.tx.vin[1]).toMatchObject({ txid: reg.txid, vout: 1 }) // the register's baton
    expect(await send(d)).toBe(d.txid)
    await dev.mine(1)
    expect(dev.chain.confirmations(d.txid)).toBe(1)
  })

  test("the devnet's daemon-style RPCs answer the resolvers' bytes (the wallet key, the same chain)", async () => {
    const w: ResolveContext = { view: dev.view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) }
    const viaRpc = async (m: string, params: string[]) => ((await dev.rpc.call(m, params)) as { hex: string }).hex
    const create = await resolveOraclesCreate({ name: 'W', description: 'w', format: 's' }, w)
    expect(await viaRpc('oraclescreate', ['W', 'w', 's'])).toBe(create.hex)
    const W = await send(create)
    await dev.mine(1)
    const fund = await resolveOraclesFund({ oracletxid: W }, w)
    expect(await viaRpc('oraclesfund', [W])).toBe(fund.hex)
    await send(fund)
    await dev.mine(1)
    const reg = await resolveOraclesRegister({ oracletxid: W, datafee: 20000n }, w)
    expect(await viaRpc('oraclesregister', [W, '20000'])).toBe(reg.hex)
    await send(reg)
    const sub = await resolveOraclesSubscribe({ oracletxid: W, publisher: dev.pubkey, amount: '0.01' }, w)
    expect(await viaRpc('oraclessubscribe', [W, dev.pubkey, '0.01'])).toBe(sub.hex)
    await send(sub)
    await dev.mine(1)
    const d = await resolveOraclesData({ oracletxid: W, hexstr: '0178' }, w)
    expect(await viaRpc('oraclesdata', [W, '0178'])).toBe(d.hex)
    await send(d)
    await dev.mine(1)
  })

  test("without a key: the unsigned transaction with each input's sighash, given the baton pubkey", async () => {
    const d = await resolveOraclesData(
      { oracletxid: A, hexstr: REC('u', 1) },
      { view: dev.view, pubkey: K.pub },
      { batonPubkey: batonPubkey(K.priv) },
    )
    expect(d.signed).toBe(false)
    expect(d.inputs.map((i) => i.role)).toEqual(['caller', 'baton', ...d.inputs.slice(2).map(() => 'caller')])
    expect(d.inputs[1]).toMatchObject({ txid: ruleBaton(A, K)!.txid, vout: 1, kind: 'cc' })
    const e = await refusal(
      resolveOraclesData({ oracletxid: A, hexstr: REC('u', 1) }, { view: dev.view, pubkey: K.pub }),
    )
    expect(e.code).toBe('BUILD_STATE')
  })

  test('oraclesResolvers lists the five methods with the daemon parameter names, and runs them', async () => {
    expect(oraclesResolvers.map((r) => [r.method, r.params])).toEqual([
      ['oraclescreate', ['name', 'description', 'format']],
      ['oraclesfund', ['oracletxid']],
      ['oraclesregister', ['oracletxid', 'datafee']],
      ['oraclessubscribe', ['oracletxid', 'publisher', 'amount']],
      ['oraclesdata', ['oracletxid', 'hexstr']],
    ])
    const r = oraclesResolvers.find((x) => x.method === 'oraclesdata')!
    const built = await r.resolve({ oracletxid: A, hexstr: REC('x', 2) }, ctxOf(K))
    expect(built.hex).toBe(ruleData(A, K, REC('x', 2)).hex)
  })
})

describe('the fund output (spec 5.6)', () => {
  test("skips another oracle's 'F' and another key's 'F' at the caller's CC address; confirmed first, then the mempool", async () => {
    // K funds B (another oracle); S crafts an 'F' of oracle A naming S but paying K's CC address
    await send(await resolveOraclesFund({ oracletxid: B }, ctxOf(K)))
    const sf = await resolveOraclesFund({ oracletxid: A }, ctxOf(S))
    const forged: Transaction = { ...sf.tx, vout: sf.tx.vout.map((o) => ({ ...o })) }
    forged.vout[0] = { value: 10000n, script: ccScript(cc1of1(0xec, K.pk)) }
    const forgedId = await dev.view.broadcast(resign(dev, forged, [], [S.priv]))
    await dev.mine(1)
    const f1 = await resolveOraclesFund({ oracletxid: A }, ctxOf(K))
    await send(f1)
    await dev.mine(1)
    const f2 = await resolveOraclesFund({ oracletxid: A }, ctxOf(K))
    await send(f2) // stays in the mempool
    expect(dev.chain.addressCoins(K.cc).some((c) => c.txid === forgedId)).toBe(true)
    const reader = new StateReader(dev.view)
    expect(key((await oraclesFundOutput(reader, A, K.pub))!)).toBe(key(ruleFund(A, K)!))
    expect(ruleFund(A, K)!.txid).toBe(f1.txid) // confirmed before mempool
    // two registers in one block: the first spends f1, the second (f1 spent in the mempool) the mempool f2
    const r1 = await resolveOraclesRegister({ oracletxid: A, datafee: 20000n }, ctxOf(K))
    expect(r1.tx.vin.some((i) => i.txid === f1.txid)).toBe(true)
    await send(r1)
    expect(ruleFund(A, K)!.txid).toBe(f2.txid)
    const r2 = await resolveOraclesRegister({ oracletxid: A, datafee: 10000n }, ctxOf(K))
    expect(r2.tx.vin.some((i) => i.txid === f2.txid && i.vout === 0)).toBe(true)
    await send(r2)
    await dev.mine(1)
    // no fund left: the daemon's message (the forged 'F' names S, B's 'F' another oracle)
    const none = await refusal(resolveOraclesRegister({ oracletxid: A, datafee: 10000n }, ctxOf(K)))
    expect(none.code).toBe('BUILD_STATE')
    expect(none.details.daemonError).toBe(
      'error adding inputs from your Oracles CC address, please fund it first with oraclesfund rpc!',
    )
  })
})

describe('the datafee (spec 5.10) and the baton (spec 5.9)', () => {
  test("two registers at one height: the lower fee; the baton is the first of them in the address index's order (txid)", async () => {
    const reader = new StateReader(dev.view)
    expect(ruleDatafee(A, K)).toBe(10000n)
    expect(await oraclesDatafee(reader, A, K.pub)).toBe(10000n)
    const b = ruleBaton(A, K)!
    const regs = dev.chain.tip.txids.filter((t) => opretOf(t)?.funcid === 'R')
    expect(regs).toHaveLength(2)
    expect(b.txid).toBe(sortedBy(regs, byTxid)[0]) // their batons are both vout 1: the lower txid wins the tie
    expect(key((await oraclesBaton(reader, A, K.pub, batonPubkey(K.priv)))!)).toBe(key(b))
  })

  test("a later register wins over older batons; another oracle's newer baton on the same address is not taken", async () => {
    await send(await resolveOraclesFund({ oracletxid: A }, ctxOf(K)))
    await dev.mine(1)
    const r3 = await resolveOraclesRegister({ oracletxid: A, datafee: 30000n }, ctxOf(K))
    await send(r3)
    await dev.mine(1)
    const rb = await resolveOraclesRegister({ oracletxid: B, datafee: 10000n }, ctxOf(K)) // B's fund from before
    await send(rb)
    await dev.mine(1)
    // the baton address now holds: the first data transaction's baton, two same-height registers, r3, B's register
    expect(dev.chain.addressCoins(K.baton).length).toBeGreaterThanOrEqual(5)
    expect(ruleBaton(A, K)!.txid).toBe(r3.txid)
    expect(ruleDatafee(A, K)).toBe(30000n)
    const d = await resolveOraclesData({ oracletxid: A, hexstr: REC('y', 3) }, ctxOf(K))
    expect(d.hex).toBe(ruleData(A, K, REC('y', 3)).hex)
    expect(d.tx.vin[1]).toMatchObject({ txid: r3.txid, vout: 1 })
    expect(d.tx.vout[2]!.value).toBe(30000n)
    await send(d)
    await dev.mine(1)
  })
})

describe('subscriptions (spec 5.8) and chaining through the mempool', () => {
  beforeAll(async () => {
    C = await send(await resolveOraclesCreate({ name: 'C', description: 'c', format: 'sL' }, ctxOf(P)))
    await dev.mine(1)
    await send(await resolveOraclesFund({ oracletxid: C }, ctxOf(P)))
    await dev.mine(1)
    await send(await resolveOraclesRegister({ oracletxid: C, datafee: 10000n }, ctxOf(P)))
    await send(await resolveOraclesSubscribe({ oracletxid: C, publisher: P.pub, amount: '0.0004' }, ctxOf(P)))
    await dev.mine(1)
  })

  test("the daemon's rule reads confirmed subscriptions only: a second sample in the same block cannot pay", async () => {
    const d1 = await resolveOraclesData({ oracletxid: C, hexstr: REC('p', 1) }, ctxOf(P))
    expect(d1.hex).toBe(ruleData(C, P, REC('p', 1)).hex)
    await send(d1)
    const { ctx, signed } = spyCtx(P)
    const e = await refusal(resolveOraclesData({ oracletxid: C, hexstr: REC('p', 2) }, ctx))
    expect(e.code).toBe('INSUFFICIENT_FUNDS')
    expect(e.details.daemonError).toBe(`couldnt find enough oracle inputs ${P.cc}, limit 1 per utxo`)
    expect(signed()).toBe(0)
  })

  test('{ mempool: true } also takes the mempool change: samples chain, baton after baton, without a block', async () => {
    const chain: BuildResult[] = []
    for (let i = 2; i <= 4; i++) {
      const prev = dev.chain.mempool.at(-1)!
      const want = ruleData(C, P, REC('p', i), true)
      const d = await resolveCounted(
        'oraclesdata (mempool)',
        (c) => resolveOraclesData({ oracletxid: C, hexstr: REC('p', i) }, c, { mempool: true }),
        P,
      )
      expect(d.hex).toBe(want.hex)
      expect(d.tx.vin[1]).toMatchObject({ txid: prev, vout: 1 }) // the mempool walk's baton
      expect(d.tx.vin[2]).toMatchObject({ txid: prev, vout: 0 }) // the previous sample's change
      await send(d)
      chain.push(d)
    }
    // 40000 - 4 x 10000: the last change is 0, stranded (below 10000): no input left
    const { ctx, signed } = spyCtx(P)
    const e = await refusal(resolveOraclesData({ oracletxid: C, hexstr: REC('p', 5) }, ctx, { mempool: true }))
    expect(e.details.daemonError).toBe(`couldnt find enough oracle inputs ${P.cc}, limit 1 per utxo`)
    expect(signed()).toBe(0)
    // samples: the mempool's first, in mapTx's order (by txid, not the order they came in), then after a block
    // newest first (the address index: height, then position in the block)
    const d1 = dev.chain.mempool[0]!
    const ids = [d1, ...chain.map((d) => d.txid)]
    const pool = sortedBy(ids, byTxid)
    let s = await oraclesSamples(new StateReader(dev.view), C, P.baton, 0)
    expect(s.samples.map((x) => x.txid)).toEqual(pool)
    expect(s.samples[pool.indexOf(chain[0]!.txid)]!.data).toEqual(['p', '2'])
    expect((await oraclesSamples(new StateReader(dev.view), C, P.baton, 2)).samples.map((x) => x.txid)).toEqual(
      pool.slice(0, 2),
    )
    await dev.mine(1)
    for (const id of ids) expect(dev.chain.confirmations(id)).toBe(1)
    s = await oraclesSamples(new StateReader(dev.view), C, P.baton, 0)
    expect(s.samples.map((x) => x.txid)).toEqual([...ids].reverse())
    expect(await dev.rpc.oraclessamples(C, P.baton, 0)).toEqual(s)
  })
})

describe('through the wallet (createWallet over the same resolvers)', () => {
  test('consecutive oraclesdata calls chain through the mempool with { resolve: { mempool: true } }', async () => {
    await send(await resolveOraclesSubscribe({ oracletxid: C, publisher: P.pub, amount: '0.0003' }, ctxOf(S)))
    await dev.mine(1)
    const wallet = createWallet({ privateKey: P.priv, view: dev.view, methods: oraclesResolvers })
    const sent: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = (await (wallet.oraclesdata as WalletMethod)(C, REC('w', i), {
        resolve: { mempool: true },
      })) as WalletResult
      expect(r.broadcast).toBe(true)
      if (i > 0) expect(r.build.tx.vin[1]).toMatchObject({ txid: sent[i - 1], vout: 1 })
      sent.push(r.txid)
    }
    // the daemon's rule (the default): nothing confirmed is left to pay with
    const e = await refusal((wallet.oraclesdata as WalletMethod)(C, REC('w', 3)))
    expect(e.details.daemonError).toBe(`couldnt find enough oracle inputs ${P.cc}, limit 1 per utxo`)
    await dev.mine(1)
    for (const id of sent) expect(dev.chain.confirmations(id)).toBe(1)
  })
})

describe('the 60-input limit, the 10000 minimum, other oracles (spec 5.8, 5.11)', () => {
  let E: string
  beforeAll(async () => {
    E = await send(await resolveOraclesCreate({ name: 'E', description: 'e', format: 's' }, ctxOf(Q)))
    await dev.mine(1)
    await send(await resolveOraclesFund({ oracletxid: E }, ctxOf(Q)))
    await send(await resolveOraclesFund({ oracletxid: E }, ctxOf(Q)))
    await dev.mine(1)
    await send(await resolveOraclesRegister({ oracletxid: E, datafee: 610000n }, ctxOf(Q)))
    // at Q's CC address, before 65 subscriptions of 10000 by another key: one of 5000 and one of another oracle
    await send(await resolveOraclesSubscribe({ oracletxid: E, publisher: Q.pub, amount: 5000n }, ctxOf(S)))
    await send(await resolveOraclesSubscribe({ oracletxid: A, publisher: Q.pub, amount: 10000n }, ctxOf(S)))
    for (let i = 0; i < 65; i++)
      await send(await resolveOraclesSubscribe({ oracletxid: E, publisher: Q.pub, amount: '0.0001' }, ctxOf(S)))
    await dev.mine(1)
  }, 60_000)

  test("the candidates are the rule's, in address-index order", async () => {
    const got = await oraclesSubscriptions(new StateReader(dev.view), E, Q.pub)
    const want = ruleSubscriptions(E, Q)
    expect(want).toHaveLength(65)
    expect(got.map(key)).toEqual(want.map(key))
    // the daemon's order (txid) is not the order of the block they are in
    const inBlock = dev.chain.tip.txids.filter((t) => want.some((u) => u.txid === t))
    expect(want.map((u) => u.txid)).not.toEqual(inBlock)
    // the 65, the 5000, the other oracle's and the second fund output
    expect(dev.chain.addressCoins(Q.cc)).toHaveLength(68)
  })

  test("60 inputs of 10000 cannot pay a 610000 datafee: refused before signing with the daemon's text", async () => {
    const { ctx, signed } = spyCtx(Q)
    const e = await refusal(resolveOraclesData({ oracletxid: E, hexstr: '0161' }, ctx))
    expect(e.code).toBe('INSUFFICIENT_FUNDS')
    expect(e.details).toMatchObject({
      inputs: 60,
      total: '600000',
      datafee: '610000',
      daemonError: `couldnt find enough oracle inputs ${Q.cc}, limit 1 per utxo`,
    })
    expect(signed()).toBe(0)
  })

  test('with a 30000 datafee: the first three of the rule, the 5000 and the other oracle skipped', async () => {
    await send(await resolveOraclesRegister({ oracletxid: E, datafee: 30000n }, ctxOf(Q)))
    await dev.mine(1)
    const want = ruleSubscriptions(E, Q).slice(0, 3)
    const d = await resolveOraclesData({ oracletxid: E, hexstr: '0161' }, ctxOf(Q))
    expect(d.hex).toBe(ruleData(E, Q, '0161').hex)
    expect(d.tx.vin.slice(2, 5).map(key)).toEqual(want.map(key))
    expect(d.tx.vout[0]!.value).toBe(0n)
    await send(d)
    await dev.mine(1)
  })

  test('normal inputs: at most 64 for a subscription (coins below total/64 ignored)', async () => {
    const M = keyOf('many coins')
    for (let i = 0; i < 70; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(M.pk), '0.0001'])
    await dev.mine(1)
    // 0.0062 + 2 x txfee = 640000 = 64 coins of 10000
    const ok = await resolveOraclesSubscribe({ oracletxid: E, publisher: Q.pub, amount: '0.0062' }, ctxOf(M))
    expect(ok.tx.vin).toHaveLength(64)
    expect(ok.hex).toBe(
      buildOraclesSubscribe({ oracletxid: E, publisher: Q.pub, amount: 620000n }, walletCtx(M), {
        oracle: dev.chain.txs.get(E)!.hex,
      }).hex,
    )
    const e = await refusal(resolveOraclesSubscribe({ oracletxid: E, publisher: Q.pub, amount: '0.0063' }, ctxOf(M)))
    expect(e.details.daemonError).toBe('error adding normal inputs')
    await send(ok)
    await dev.mine(1)
  }, 60_000)
})

describe("early refusals: the daemon's texts, nothing signed", () => {
  test('unknown oracle, not a create, not registered, no subscriptions, record too big', async () => {
    const unknown = 'ab'.repeat(32)
    const cases: [Promise<unknown>, string][] = []
    const run = (f: (ctx: ResolveContext) => Promise<unknown>, text: string, k: Key = K) => {
      const s = spyCtx(k)
      cases.push([
        f(s.ctx).then(
          (r) => r,
          (e: unknown) => {
            expect(s.signed()).toBe(0)
            throw e
          },
        ),
        text,
      ])
    }
    run((c) => resolveOraclesFund({ oracletxid: unknown }, c), `cant find oracletxid ${unknown}`)
    run((c) => resolveOraclesRegister({ oracletxid: unknown, datafee: 10000n }, c), `cant find oracletxid ${unknown}`)
    run(
      (c) => resolveOraclesSubscribe({ oracletxid: unknown, publisher: K.pub, amount: '1' }, c),
      `cant find oracletxid ${unknown}`,
    )
    const notCreate = dev.chain.blocks[1]!.txids[1]!
    run((c) => resolveOraclesFund({ oracletxid: notCreate }, c), `invalid oracletxid ${notCreate}`)
    run((c) => resolveOraclesData({ oracletxid: unknown, hexstr: '0161' }, c), 'datafee 0is illegal')
    run((c) => resolveOraclesData({ oracletxid: A, hexstr: REC('s', 1) }, c), 'datafee 0is illegal', S)
    run((c) => resolveOraclesData({ oracletxid: A, hexstr: '00'.repeat(8193) }, c), 'datasize 8193 is too big')
    run(
      (c) => resolveOraclesData({ oracletxid: A, hexstr: '05ff' }, c),
      'data does not match length or content format specification',
    )
    run((c) => resolveOraclesRegister({ oracletxid: A, datafee: 9999n }, c), 'datafee must be txfee or more')
    for (const [p, text] of cases) expect((await refusal(p)).details.daemonError).toBe(text)
  })

  test('a publisher without subscriptions', async () => {
    const F = await send(await resolveOraclesCreate({ name: 'F', description: 'f', format: 's' }, ctxOf(P2)))
    await dev.mine(1)
    await send(await resolveOraclesFund({ oracletxid: F }, ctxOf(P2)))
    await dev.mine(1)
    await send(await resolveOraclesRegister({ oracletxid: F, datafee: 10000n }, ctxOf(P2)))
    await dev.mine(1)
    const { ctx, signed } = spyCtx(P2)
    const e = await refusal(resolveOraclesData({ oracletxid: F, hexstr: '0161' }, ctx))
    expect(e.code).toBe('INSUFFICIENT_FUNDS')
    expect(e.details.daemonError).toBe(`couldnt find enough oracle inputs ${P2.cc}, limit 1 per utxo`)
    expect(signed()).toBe(0)
  })

  test('amounts: a decimal string is coins, a bigint satoshis, a number refused', async () => {
    const r = await resolveOraclesSubscribe({ oracletxid: A, publisher: K.pub, amount: '0.0002' }, ctxOf(S))
    expect(r.tx.vout[0]!.value).toBe(20000n)
    const g = await resolveOraclesRegister({ oracletxid: B, datafee: '0.0002' }, spyCtx(K).ctx).catch((e) => e)
    // K has no fund left for B: the datafee was read as 20000 sat first (it passed the txfee check)
    expect((g as KomodoCcError).details.daemonError).toBe(
      'error adding inputs from your Oracles CC address, please fund it first with oraclesfund rpc!',
    )
    const bad = await refusal(
      resolveOraclesSubscribe({ oracletxid: A, publisher: K.pub, amount: 0.0002 as unknown as string }, ctxOf(S)),
    )
    expect(bad.code).toBe('AMOUNT_INVALID')
    expect(bad.message).toContain("pass '0.0002' (coins, as komodo-cli reads it) or 20000n")
  })
})

describe('lying views: a typed error, nothing signed', () => {
  const lie = (over: Partial<ChainView>): ChainView => lyingView(dev.view, over).view
  async function expectLie(view: ChainView, code: string, k: Key = K, oracle = () => A, options = {}) {
    const { ctx, signed } = spyCtx(k, view)
    const e = await refusal(resolveOraclesData({ oracletxid: oracle(), hexstr: REC('z', 9) }, ctx, options))
    expect(e.code).toBe(code)
    expect(signed()).toBe(0)
    return e
  }
  beforeAll(async () => {
    await send(await resolveOraclesSubscribe({ oracletxid: A, publisher: K.pub, amount: '0.01' }, ctxOf(S)))
    await dev.mine(1)
    // the fixture is sound: the honest view resolves
    expect((await resolveOraclesData({ oracletxid: A, hexstr: REC('z', 9) }, ctxOf(K))).hex).toBe(
      ruleData(A, K, REC('z', 9)).hex,
    )
  })

  test("the oracle's bytes are another transaction's", async () => {
    const other = dev.chain.txs.get(B)!.hex
    await expectLie(
      lie({ getTransaction: async (t) => (t === A ? other : dev.view.getTransaction(t)), getTransactions: undefined }),
      'CHAIN_MISMATCH',
    )
  })

  test('a subscription claimed with another value', async () => {
    await expectLie(
      lie({
        listUnspent: async (a) =>
          (await dev.view.listUnspent(a)).map((u) => (a === K.cc ? { ...u, satoshis: u.satoshis + 1n } : u)),
      }),
      'CHAIN_MISMATCH',
    )
  })

  test("another address's output listed under the baton address (a subscription made to look like a baton)", async () => {
    const e = await expectLie(
      lie({
        listUnspent: async (a) =>
          a === K.baton
            ? [...(await dev.view.listUnspent(a)), ...(await dev.view.listUnspent(K.cc))]
            : dev.view.listUnspent(a),
      }),
      'CHAIN_MISMATCH',
    )
    expect(e.message).toMatch(/under/)
  })

  test('a mempool spend of the baton by a transaction that does not spend it; a spend at another input', async () => {
    const baton = ruleBaton(A, K)!
    const notSpender = dev.chain.tip.txids[1]!
    const claim = (vin: number) =>
      lie({
        getAddressMempool: async (a) => {
          const m = await dev.view.getAddressMempool(a)
          return a === K.baton
            ? { ...m, spends: [...m.spends, { txid: baton.txid, vout: 1, spender: notSpender, vin }] }
            : m
        },
      })
    await expectLie(claim(1), 'CHAIN_MISMATCH')
    const e = await expectLie(claim(2), 'BUILD_STATE')
    expect(e.message).toMatch(/forever/)
  })

  test("a mempool output claimed for the caller's CC address that its transaction does not pay", async () => {
    const some = dev.chain.tip.txids[0]! // the coinbase: its vout 0 pays the devnet wallet
    const o = dev.chain.output(some, 0)!
    await expectLie(
      lie({
        getAddressMempool: async (a) => {
          const m = await dev.view.getAddressMempool(a)
          return a === K.cc
            ? {
                ...m,
                outputs: [
                  ...m.outputs,
                  { txid: some, vout: 0, satoshis: o.value, script: ccScript(cc1of1(0xec, K.pk)), height: 0 },
                ],
              }
            : m
        },
      }),
      'CHAIN_MISMATCH',
      K,
      () => A,
      { mempool: true },
    )
  })

  test("another oracle's subscription at the caller's address is skipped (the daemon skips it), not spent", async () => {
    // S subscribes K to oracle B: an 'S' output at K's CC address
    await send(await resolveOraclesSubscribe({ oracletxid: B, publisher: K.pub, amount: '0.01' }, ctxOf(S)))
    await dev.mine(1)
    const d = await resolveOraclesData({ oracletxid: A, hexstr: REC('z', 9) }, ctxOf(K))
    const bOutputs = dev.chain
      .addressCoins(K.cc)
      .filter((c) => (opretOf(c.txid) as { oracletxid?: string } | null)?.oracletxid === B)
    expect(bOutputs.length).toBeGreaterThan(0)
    for (const c of bOutputs) expect(d.tx.vin.some((i) => i.txid === c.txid)).toBe(false)
    expect(d.hex).toBe(ruleData(A, K, REC('z', 9)).hex)
  })
})

describe('oraclesinfo and oraclessamples from a chain source (spec 5.14)', () => {
  test("oraclesinfo: the rule's values for each publisher", async () => {
    const info = await oraclesInfo(new StateReader(dev.view), A)
    expect(info).toMatchObject({ result: 'success', txid: A, name: 'A', description: 'a', format: 'sL' })
    expect(info.marker).toBe(txidAddress(A))
    const mine = info.registered.find((r) => r.publisher === K.pub)!
    expect(mine).toEqual({
      publisher: K.pub,
      baton: K.baton,
      batontxid: ruleBaton(A, K)!.txid,
      // self-subscriptions only (the 'S' opret names the subscriber): K's own 0.0005
      lifetime: '0.00050000',
      funds: formatCoins(ruleSubscriptions(A, K).reduce((s, u) => s + u.satoshis, 0n)),
      datafee: formatCoins(ruleDatafee(A, K)),
    })
    const rpc = await dev.rpc.oraclesinfo(A)
    expect(rpc.registered.find((r) => r.publisher === K.pub)!.datafee).toBe(ruleDatafee(A, K))
    const unknown = await refusal(oraclesInfo(new StateReader(dev.view), 'cd'.repeat(32)))
    expect(unknown.details.daemonError).toBe('cant find oracleid')
  })

  test('lying views: an output listed under the marker address or in the baton mempool that pays elsewhere', async () => {
    const marker = txidAddress(A)
    const lying: ChainView = lyingView(dev.view, {
      listUnspent: async (a) =>
        a === marker
          ? [...(await dev.view.listUnspent(a)), ...(await dev.view.listUnspent(K.cc))]
          : dev.view.listUnspent(a),
    }).view
    expect((await refusal(oraclesInfo(new StateReader(lying), A))).code).toBe('CHAIN_MISMATCH')
    expect((await refusal(oraclesDatafee(new StateReader(lying), A, K.pub))).code).toBe('CHAIN_MISMATCH')
    const cb = dev.chain.tip.txids[0]!
    const o = dev.chain.output(cb, 0)!
    const pool: ChainView = lyingView(dev.view, {
      getAddressMempool: async (a) => {
        const m = await dev.view.getAddressMempool(a)
        return a === K.baton
          ? { ...m, outputs: [...m.outputs, { txid: cb, vout: 0, satoshis: o.value, script: o.script, height: 0 }] }
          : m
      },
    }).view
    expect((await refusal(oraclesSamples(new StateReader(pool), A, K.baton, 0))).code).toBe('CHAIN_MISMATCH')
  })

  test("oraclessamples never examines the oldest receipt of the baton address (the daemon's off-by-one)", async () => {
    // S pays P3's baton address first, with a valid-looking 'D' of oracle A (no Oracles input: no consensus check)
    const base = await resolveOraclesSubscribe({ oracletxid: A, publisher: S.pub, amount: '0.001' }, ctxOf(S))
    const fake: Transaction = { ...base.tx, vout: base.tx.vout.map((o) => ({ ...o })) }
    fake.vout[1] = { value: 10000n, script: ccScript(cc1of1(0xec, batonPubkey(P3.priv))) }
    fake.vout[fake.vout.length - 1] = {
      value: 0n,
      script: opretScript(
        encodeOraclesPayload({
          funcid: 'D',
          oracletxid: A,
          batontxid: '00'.repeat(32),
          pubkey: P3.pub,
          data: REC('f', 1),
        }),
      ),
    }
    const fakeId = await dev.view.broadcast(resign(dev, fake, [], [S.priv]))
    await dev.mine(1)
    await send(await resolveOraclesFund({ oracletxid: A }, ctxOf(P3)))
    await dev.mine(1)
    await send(await resolveOraclesRegister({ oracletxid: A, datafee: 10000n }, ctxOf(P3)))
    await send(await resolveOraclesSubscribe({ oracletxid: A, publisher: P3.pub, amount: '0.001' }, ctxOf(P3)))
    await dev.mine(1)
    const d = await resolveOraclesData({ oracletxid: A, hexstr: REC('g', 2) }, ctxOf(P3))
    await send(d)
    await dev.mine(1)
    // receipts of the baton address: [fake, register, d] — examined: d, register; never the fake
    const hist = await dev.view.getAddressHistory(P3.baton)
    expect(hist[0]!.txid).toBe(fakeId)
    const s = await oraclesSamples(new StateReader(dev.view), A, P3.baton, 0)
    expect(s.samples).toEqual([{ txid: d.txid, data: ['g', '2'] }])
    // the fake is a sample in every other respect: from the mempool it would be listed
    expect(opretOf(fakeId)).toMatchObject({ funcid: 'D', oracletxid: A })
  })
})
