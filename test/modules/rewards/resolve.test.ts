// The rewards resolvers (issue 18) against the in-process devnet: each method runs key-locally, its choices are
// checked against komodod's rules (rewards.cpp: RewardsPlanExists, RewardsPlanFunds, AddRewardsInputs, CCutxovalue,
// CCduration) on chains built to reach them, and a lying view gets a typed error.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { p2pkhAddress } from '../../../src/address/address.js'
import { ccAddress } from '../../../src/cc/address.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccModule } from '../../../src/cc/eval.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { sbits } from '../../../src/sbits.js'
import { serializeTransaction, txidOfBytes } from '../../../src/tx/codec.js'
import { keySigner, signTransaction } from '../../../src/tx/sign.js'
import type { TxOutput } from '../../../src/tx/types.js'
import { KomodoCcError } from '../../../src/errors.js'
import type { BuildResult } from '../../../src/cctx/complete.js'
import type { ResolveContext } from '../../../src/cctx/resolve.js'
import { StateReader } from '../../../src/cctx/resolve.js'
import type { ChainView } from '../../../src/cctx/types.js'
import { countingView } from '../../../src/cctx/counting-view.js'
import type { Devnet } from '../../../src/devnet/server.js'
import { startTestDevnet } from '../../_util/devnet.js'
import { decodeRewardsOpret, encodeRewardsOpret, type RewardsOpret } from '../../../src/modules/rewards/opret.js'
import {
  resolveRewardsAddFunding,
  resolveRewardsCreateFunding,
  resolveRewardsLock,
  resolveRewardsUnlock,
  rewardsInfo,
  rewardsResolvers,
} from '../../../src/modules/rewards/index.js'
import { rewardsPlanOutputs } from '../../../src/modules/rewards/resolve.js'
import { createWallet, type WalletResult } from '../../../src/wallet/wallet.js'
import { byTxid, byUnspentIndex, sortedBy } from '../../_util/daemon-order.js'
import { lyingView } from '../../_util/lie.js'

const COIN = 100_000_000n
const FEE = 10_000n
const DAY = 86_400
const R = ccModule('Rewards')
const GLOBAL = ccScript(cc1of1(0xe5, R.pubkey))
const CC_ADDRESS = ccAddress(0xe5, R.pubkey)
const B_PRIV = hexToBytes('00'.repeat(31) + '2b')
const B = keySigner(B_PRIV).publicKey

/** The reward rule of spec 4.7 (post-2019 formula), written out here, not taken from the code under test. */
const rewardOf = (amount: bigint, apr: bigint, seconds: bigint): bigint => {
  const r = (amount * apr * seconds) / (100_000_000n * 100n * 31_536_000n)
  return r > amount ? amount : r
}

/** Round trips per method (view calls), printed at the end for the closing note. */
const trips = new Map<string, number[]>()
/** Resolves with a counting view and records its round trips. */
async function timed<T>(method: string, view: ChainView, run: (v: ChainView) => Promise<T>): Promise<T> {
  const c = countingView(view)
  const out = await run(c.view)
  trips.set(method, [...(trips.get(method) ?? []), c.total() - c.counts.broadcast])
  return out
}

const errorOf = async (p: Promise<unknown>): Promise<KomodoCcError> => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(KomodoCcError)
  return e as KomodoCcError
}
const vins = (r: BuildResult): string[] => r.tx.vin.map((i) => `${i.txid}:${i.vout}`)

/** The first of make(0), make(1), … whose txid `ok` accepts: the test places a transaction in komodod's order. */
async function grind(
  make: (k: bigint) => BuildResult | Promise<BuildResult>,
  ok: (txid: string) => boolean,
): Promise<BuildResult> {
  for (let k = 0n; k < 20_000n; k++) {
    const r = await make(k)
    if (ok(r.txid)) return r
  }
  throw new Error('no transaction found where the test wants it in the txid order')
}
/** `a` comes before every one of `others` in komodod's txid order. */
const before = (a: string, others: readonly string[]): boolean => others.every((o) => byTxid(a, o) < 0)

type Chain = Devnet['chain']
/** The rewards opret of a transaction's last output, or null. */
const rewardsOpretOf = (chain: Chain, txid: string): RewardsOpret | null => {
  try {
    return decodeRewardsOpret(chain.txs.get(txid)!.tx.vout.at(-1)!.script)
  } catch {
    return null
  }
}
/** The plan an 'F'/'A'/'U'/'L' output belongs to: an 'F' is its own plan. */
const planOf = (txid: string, op: RewardsOpret): string => (op.funcid === 'F' ? txid : op.fundingtxid)
/**
 * The confirmed unspent outputs at the rewards CC address in the order SetCCunspents walks them (the
 * address-unspent index: txid, then index), with their oprets.
 */
const indexed = (chain: Chain) =>
  sortedBy(chain.addressCoins(CC_ADDRESS), byUnspentIndex).map((c) => ({ ...c, op: rewardsOpretOf(chain, c.txid) }))
/**
 * AddRewardsInputs (rewards.cpp) by the rule, written here: the plan's confirmed F/A/U outputs (its sbits and
 * fundingtxid) at the global script, not spent in the mempool, not the lock, in the index's order, each at least
 * need/30, at most 30, until need.
 */
function fundingByRule(chain: Chain, plan: string, name: string, need: bigint, lock: string) {
  const picked: string[] = []
  let total = 0n
  for (const c of indexed(chain)) {
    if (total >= need || picked.length >= 30) break
    if (c.op === null || c.op.funcid === 'L' || c.op.sbits !== sbits(name) || planOf(c.txid, c.op) !== plan) continue
    if (chain.spentInMempool(c.txid, c.vout) || bytesToHex(c.script) !== bytesToHex(GLOBAL)) continue
    if (c.txid === lock || c.value < need / 30n) continue
    picked.push(`${c.txid}:${c.vout}`)
    total += c.value
  }
  return { picked, total }
}
/** reward + txfee of a lock of the plan (APR 5%), aged by the block times. */
const needOf = (chain: Chain, lock: string, apr = 5n * COIN): bigint => {
  const lockBlock = chain.blocks[chain.txs.get(lock)!.height]!
  return rewardOf(chain.output(lock, 0)!.value, apr, BigInt(chain.tip.time - lockBlock.time)) + FEE
}

// ----------------------------------------------------------------------------------------------------------------
// Devnet A: two plans and other keys' outputs at the one rewards CC address
// ----------------------------------------------------------------------------------------------------------------

let dev: Devnet
let P: string // plan PLAN (wallet W)
let Q: string // plan OTHER (key B)
let A1: string // addfunding PLAN 5 (B)
let AZ: string // an 'A' naming P with the sbits of another name (2 coins)
let X7: string // 7 coins to the CC address, no opret (B)
let A11: string // an 'A' of PLAN with two CC outputs: 0.002 at vout 0, 0.005 at vout 1
let L0: string // lock PLAN 12 (W)
let L2: string // lock PLAN 5 (W), below 2^30
let L3: string // lock OTHER 30 (W)
let L1: string // lock PLAN 20 (B)
let L4: string // lock PLAN 15 (W)

const W_PRIV = (): Uint8Array => hexToBytes(dev.privateKey)
const ctxW = (view: ChainView = dev.view): ResolveContext => ({
  view,
  pubkey: hexToBytes(dev.pubkey),
  privateKey: W_PRIV(),
})
const ctxB = (view: ChainView = dev.view): ResolveContext => ({ view, pubkey: B, privateKey: B_PRIV })
const send = async (r: BuildResult | Promise<BuildResult>): Promise<string> => dev.view.broadcast((await r).hex)

/** `base` with its outputs replaced, its (normal) inputs signed again with `key`. */
function craft(base: BuildResult, outputs: TxOutput[], key: Uint8Array): string {
  const tx = { ...base.tx, vout: outputs }
  const prevouts = tx.vin.map((i) => {
    const o = dev.chain.output(i.txid, i.vout)!
    return { value: o.value, script: o.script }
  })
  return bytesToHex(serializeTransaction(signTransaction(tx, prevouts, [key])))
}

beforeAll(async () => {
  dev = await startTestDevnet()
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(B), '400'])
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(B), '400'])
  await dev.mine(1)
  const plan = { APR: '5', mindays: 1, maxdays: 10, mindeposit: '1' }
  P = await send(resolveRewardsCreateFunding({ name: 'PLAN', amount: '100', ...plan }, ctxW()))
  Q = await send(resolveRewardsCreateFunding({ name: 'OTHER', amount: '50', ...plan }, ctxB()))
  await dev.mine(1)
  A1 = await send(resolveRewardsAddFunding({ name: 'PLAN', fundingtxid: P, amount: '5' }, ctxB()))
  await send(resolveRewardsAddFunding({ name: 'OTHER', fundingtxid: Q, amount: '3' }, ctxW()))
  const az = await resolveRewardsAddFunding({ name: 'PLAN', fundingtxid: P, amount: '2' }, ctxW())
  AZ = await dev.view.broadcast(
    craft(
      az,
      [
        ...az.tx.vout.slice(0, -1),
        { value: 0n, script: encodeRewardsOpret({ funcid: 'A', sbits: sbits('ZZZ'), name: 'ZZZ', fundingtxid: P }) },
      ],
      W_PRIV(),
    ),
  )
  const x = await resolveRewardsAddFunding({ name: 'PLAN', fundingtxid: P, amount: '7' }, ctxB())
  X7 = await dev.view.broadcast(craft(x, x.tx.vout.slice(0, -1), B_PRIV))
  const two = await resolveRewardsAddFunding({ name: 'PLAN', fundingtxid: P, amount: 700_000n }, ctxW())
  // A11 is built last, yet made to come first in komodod's order of the plan's funding (before P and A1): the
  // unlocks below take it first, whatever the heights say
  let a11 = ''
  for (let k = 0n; a11 === '' || !before(txidOfBytes(hexToBytes(a11)), [P, A1]); k++)
    a11 = craft(
      two,
      [{ value: 200_000n + k, script: GLOBAL }, { value: 500_000n - k, script: GLOBAL }, ...two.tx.vout.slice(1)],
      W_PRIV(),
    )
  A11 = await dev.view.broadcast(a11)
  await dev.mine(1)
  L0 = await send(resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '12' }, ctxW()))
  L2 = await send(resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '5' }, ctxW()))
  L3 = await send(resolveRewardsLock({ name: 'OTHER', fundingtxid: Q, amount: '30' }, ctxW()))
  L1 = await send(resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '20' }, ctxB()))
  L4 = await send(resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '15' }, ctxW()))
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

describe('rewards state at one address: several plans, other keys, crafted outputs', () => {
  test('the chain holds what the test built, in the address index order it was built', async () => {
    const listed = (await dev.view.listUnspent(CC_ADDRESS)).map((u) => `${u.txid}:${u.vout}`)
    const built = [P, Q, A1].map((t) => `${t}:0`)
    expect(listed.slice(0, 3)).toEqual(built)
    expect(listed).toContain(`${X7}:0`)
    expect(listed).toContain(`${A11}:1`)
    expect(listed.slice(-5)).toEqual([L0, L2, L3, L1, L4].map((t) => `${t}:0`))
  })

  test('rewardsInfo: funding = F + A of the plan at any output + an A naming it under other sbits (the daemon counts it); locks apart; the other plan and the no-opret output never', async () => {
    // PLAN: F 100 + A1 5 + AZ 2 + A11 0.002 + 0.005; locks 12 + 5 + 20 + 15
    const info = await timed('rewardsinfo', dev.view, (v) => rewardsInfo(new StateReader(v), P))
    expect(info).toMatchObject({
      result: 'success',
      fundingtxid: P,
      name: 'PLAN',
      APR: '5.00000000',
      mindeposit: '1.00000000',
      funding: '107.00700000',
      locked: '52.00000000',
    })
    expect(await rewardsInfo(new StateReader(dev.view), Q)).toMatchObject({
      name: 'OTHER',
      funding: '53.00000000',
      locked: '30.00000000',
    })
    // the devnet's rewardsinfo is the same look-up
    expect(await dev.rpc.rewardsinfo(P)).toMatchObject({ funding: 10_700_700_000n, locked: 5_200_000_000n })
    const e = await errorOf(rewardsInfo(new StateReader(dev.view), L1))
    expect(e.code).toBe('OPRET_FUNCID')
    expect(e.details.daemonError).toBe('fundingtxid isnt rewards creation txid')
    expect((await errorOf(rewardsInfo(new StateReader(dev.view), 'ab'.repeat(32)))).details.daemonError).toBe(
      'cant find fundingtxid',
    )
  })

  test('rewardscreatefunding: equals the devnet RPC; a confirmed plan of the same name refuses; a plan only in the mempool is not seen (RewardsPlanExists reads the confirmed index)', async () => {
    const r = await timed('rewardscreatefunding', dev.view, (v) =>
      resolveRewardsCreateFunding(
        { name: 'NEW', amount: '10', APR: '5', mindays: 1, maxdays: 10, mindeposit: '1' },
        ctxW(v),
      ),
    )
    expect(r.hex).toBe((await dev.rpc.rewardscreatefunding('NEW', '10', '5', 1, 10, '1')).hex)
    const dup = await errorOf(resolveRewardsCreateFunding({ name: 'OTHER', amount: '10' }, ctxW()))
    expect(dup.details.daemonError).toBe('couldnt create rewards funding transaction')
    const memp = await send(resolveRewardsCreateFunding({ name: 'MEMP', amount: '1' }, ctxW()))
    expect(dev.chain.mempool).toContain(memp)
    const again = await resolveRewardsCreateFunding({ name: 'MEMP', amount: '1' }, ctxB())
    expect(again.signed).toBe(true)
    const add = await errorOf(resolveRewardsAddFunding({ name: 'MEMP', fundingtxid: memp, amount: '1' }, ctxW()))
    expect(add.details.daemonError).toBe('Rewards plan MEMP doesnt exist\n')
  })

  test("rewardsaddfunding: equals the devnet RPC; the plan is found by name among several; another plan's fundingtxid refuses", async () => {
    const r = await timed('rewardsaddfunding', dev.view, (v) =>
      resolveRewardsAddFunding({ name: 'OTHER', fundingtxid: Q, amount: '1.5' }, ctxW(v)),
    )
    expect(r.hex).toBe((await dev.rpc.rewardsaddfunding('OTHER', Q, '1.5')).hex)
    expect(r.tx.vout[0]).toEqual({ value: 150_000_000n, script: GLOBAL })
    expect((await errorOf(resolveRewardsAddFunding({ name: 'PLAN', fundingtxid: Q, amount: '1' }, ctxW()))).code).toBe(
      'BUILD_PARAMS',
    )
  })

  test('rewardslock: equals the devnet RPC; a deposit up to the plan funding (RewardsPlanFunds) builds, one satoshi more refuses before signing', async () => {
    const r = await timed('rewardslock', dev.view, (v) =>
      resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '20' }, ctxB(v)),
    )
    expect(r.tx.vout[1]!.script).toEqual(p2pkScript(B))
    const w = await resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '20' }, ctxW())
    expect(w.hex).toBe((await dev.rpc.rewardslock('PLAN', P, '20')).hex)
    const funding = 10_700_700_000n
    expect(
      (await resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: funding }, ctxB())).tx.vout[0]!.value,
    ).toBe(funding)
    let signs = 0
    const spy = { publicKey: B, sign: (d: Uint8Array) => (signs++, keySigner(B_PRIV).sign(d)) }
    const e = await errorOf(
      resolveRewardsLock(
        { name: 'PLAN', fundingtxid: P, amount: funding + 1n },
        { view: dev.view, pubkey: B, signer: spy },
      ),
    )
    expect(e.details.daemonError).toBe('couldnt create rewards lock transaction')
    expect(signs).toBe(0)
    const small = await errorOf(resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '0.5' }, ctxW()))
    expect(small.details.daemonError).toBe('Rewards plan PLAN deposit 0.50000000 < mindeposit 1.00000000\n')
  })

  test('units: a bigint is satoshis, a decimal string coins (the same lock); any JS number refuses', async () => {
    const as = (amount: bigint | string | number) =>
      resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: amount as string }, ctxW()).then((r) => r.hex)
    const hex = await as(250_000_000n)
    expect(await as('2.5')).toBe(hex)
    expect((await errorOf(as(2.5))).code).toBe('AMOUNT_INVALID')
    expect((await errorOf(as(0.123456789))).code).toBe('AMOUNT_INVALID')
  })

  test('parameters refused before any look-up, with the daemon texts where it has them', async () => {
    const none: ChainView = {
      ...dev.view,
      getAddressHistory: async () => {
        throw new Error('no look-up expected')
      },
    }
    const long = await errorOf(resolveRewardsUnlock({ name: 'NINECHARS', fundingtxid: P }, ctxW(none)))
    expect(long.details.daemonError).toBe('Plan name can be at most 8 ASCII characters')
    const self = await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: P }, ctxW(none)))
    expect(self.details.daemonError).toBe('Rewards plan cant unlock fundingtxid')
    expect((await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: 'xyz' }, ctxW(none)))).code).toBe(
      'BUILD_PARAMS',
    )
    const extra = { name: 'PLAN', fundingtxid: P, amount: '1', foo: 1 } as unknown as Parameters<
      typeof resolveRewardsLock
    >[0]
    expect((await errorOf(resolveRewardsLock(extra, ctxW(none)))).code).toBe('BUILD_PARAMS')
    const c = new AbortController()
    c.abort()
    const aborted = await errorOf(
      resolveRewardsAddFunding({ name: 'PLAN', fundingtxid: P, amount: '1' }, { ...ctxW(), signal: c.signal }),
    )
    expect(aborted.code).toBe('ABORTED')
  })

  test('rewardsunlock of a lock younger than minseconds: refused before anything is built, with the daemon text', async () => {
    const e = await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L1 }, ctxB()))
    expect(e.code).toBe('BUILD_STATE')
    expect(e.details.daemonError).toBe('reward 0 is <= the transaction fee')
    // the automatic mode picks the same lock and refuses alike
    expect((await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P }, ctxB()))).details.daemonError).toBe(
      'reward 0 is <= the transaction fee',
    )
  })

  describe('after two days', () => {
    let U0: string
    let otherLock: string // the lock of L1 and L4 the automatic unlock did not take
    beforeAll(async () => {
      dev.advanceTime(2 * DAY)
      await dev.mine(1)
    })

    test("explicit unlock of L0: the lock, then the plan funding in komodod's order (txid, not height): A11's output 0 then its output 1, though the F and A1 came blocks and places before; equals the devnet RPC; the reward follows the block times", async () => {
      const r = await timed('rewardsunlock', dev.view, (v) =>
        resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L0 }, ctxW(v)),
      )
      expect(r.hex).toBe((await dev.rpc.rewardsunlock('PLAN', P, L0)).hex)
      const lockBlock = dev.chain.blocks[dev.chain.txs.get(L0)!.height]!
      const reward = rewardOf(12n * COIN, 5n * COIN, BigInt(dev.chain.tip.time - lockBlock.time))
      expect(reward).toBeGreaterThan(FEE)
      const need = reward + FEE
      const rule = fundingByRule(dev.chain, P, 'PLAN', need, L0)
      expect(rule.picked).toEqual([`${A11}:0`, `${A11}:1`]) // an A's output 1 taken as the daemon takes it
      expect(vins(r)).toEqual([`${L0}:0`, ...rule.picked])
      expect(r.tx.vout[1]).toEqual({ value: 12n * COIN + reward, script: p2pkScript(hexToBytes(dev.pubkey)) })
      expect(r.tx.vout[0]).toEqual({ value: rule.total - need, script: GLOBAL })
      U0 = await dev.view.broadcast(r.hex)
    })

    test('RewardsPlanFunds still counts the plan funding the mempool unlock spends (confirmed unspent, as the daemon)', async () => {
      expect((await rewardsInfo(new StateReader(dev.view), P)).funding).toBe('107.00700000')
    })

    test('explicit unlock of a lock spent in the mempool, or only in the mempool: locktxid/v0 is spent', async () => {
      const e = await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L0 }, ctxW()))
      expect(e.details.daemonError).toBe('locktxid/v0 is spent')
      const L5 = await send(resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '11' }, ctxW()))
      const f = await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L5 }, ctxW()))
      expect(f.details.daemonError).toBe('locktxid/v0 is spent')
    })

    test("explicit unlock naming another plan's lock: refused (the daemon would build an unlock validation rejects)", async () => {
      const e = await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L3 }, ctxW()))
      expect(e.code).toBe('BUILD_STATE')
      expect(e.message).toMatch(/not an 'L' of plan/)
    })

    test("automatic unlock: the first lock of the plan ≥ 2^30 not spent in the mempool in komodod's order (L1 or L4, whichever txid comes first: L0 is spent in the mempool, L2 is small, L3 is another plan), by anyone, paid to the locker; funding by the rule, skipping what the mempool spends", async () => {
      expect(5n * COIN).toBeLessThan(1n << 30n)
      // rule: the plan's outputs ≥ 2^30 not spent in the mempool, in the index's order; the first 'L' is the lock
      // unless a non-'L' before it is older than maxseconds (the F and A1 are two days old, maxseconds is 10 days)
      const candidates = indexed(dev.chain).filter(
        (c) =>
          c.value >= 1n << 30n &&
          !dev.chain.spentInMempool(c.txid, c.vout) &&
          c.op !== null &&
          c.op.sbits === sbits('PLAN') &&
          planOf(c.txid, c.op) === P,
      )
      const lock = candidates.find((c) => c.op!.funcid === 'L')!
      expect([L1, L4]).toContain(lock.txid)
      const other = lock.txid === L1 ? L4 : L1
      const locker = lock.txid === L1 ? B : hexToBytes(dev.pubkey)
      // by anyone: the key that did not lock it asks
      const asker = (v: ChainView) => (lock.txid === L1 ? ctxW(v) : ctxB(v))
      const r = await timed('rewardsunlock (automatic)', dev.view, (v) =>
        resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P }, asker(v)),
      )
      expect(r.hex).toBe((await dev.rpc.rewardsunlock('PLAN', P)).hex)
      const rule = fundingByRule(dev.chain, P, 'PLAN', needOf(dev.chain, lock.txid), lock.txid)
      expect(vins(r)).toEqual([`${lock.txid}:0`, ...rule.picked])
      expect(r.tx.vout[1]!.script).toEqual(p2pkScript(locker))
      const zero = await resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: '00'.repeat(32) }, asker(dev.view))
      expect(zero.hex).toBe(r.hex)
      otherLock = other
      await dev.view.broadcast(r.hex)
      await dev.mine(1)
      expect(dev.chain.confirmations(U0)).toBe(1)
      expect(dev.chain.confirmations(r.txid)).toBe(1)
    })

    test("explicit unlock of the other lock: the plan's remaining funding by the rule (AZ names the plan under other sbits and is never taken: AddRewardsInputs wants both), and the devnet accepts the unlock", async () => {
      const need = needOf(dev.chain, otherLock)
      const rule = fundingByRule(dev.chain, P, 'PLAN', need, otherLock)
      expect(rule.total).toBeGreaterThanOrEqual(need)
      expect(rule.picked.some((o) => o.startsWith(AZ))).toBe(false)
      const r = await resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: otherLock }, ctxB())
      expect(vins(r)).toEqual([`${otherLock}:0`, ...rule.picked])
      expect(r.tx.vout[0]!.value).toBe(rule.total - need)
      await dev.view.broadcast(r.hex)
    })

    test('through the wallet facade (rewardsResolvers): lock, then an unlock refused while young, positional parameters', async () => {
      const wallet = createWallet({ privateKey: B_PRIV, view: dev.view, methods: rewardsResolvers })
      const lock = (await wallet.call('rewardslock', { name: 'PLAN', fundingtxid: P, amount: '11' })) as WalletResult
      expect(lock.broadcast).toBe(true)
      expect(dev.chain.mempool).toContain(lock.txid)
      await dev.mine(1)
      const unlock = wallet.rewardsunlock as (...a: unknown[]) => Promise<WalletResult>
      const e = await errorOf(unlock('PLAN', P, lock.txid))
      expect(e.details.daemonError).toBe('reward 0 is <= the transaction fee')
    })

    test('the rewardsResolvers table lists the four RPCs with the daemon parameter names', () => {
      expect(rewardsResolvers.map((m) => [m.method, m.params])).toEqual([
        ['rewardscreatefunding', ['name', 'amount', 'APR', 'mindays', 'maxdays', 'mindeposit']],
        ['rewardsaddfunding', ['name', 'fundingtxid', 'amount']],
        ['rewardslock', ['name', 'fundingtxid', 'amount']],
        ['rewardsunlock', ['name', 'fundingtxid', 'txid']],
      ])
    })
  })
})

describe('a lying view: typed error, nothing signed', () => {
  const lying = (patch: Partial<ChainView>): ChainView => lyingView(dev.view, patch).view

  test("another plan's transaction given for the plan's txid: CHAIN_MISMATCH", async () => {
    const hexOf = (t: string): string => dev.chain.txs.get(t)!.hex
    const swap = (t: string): string => (t === P ? hexOf(Q) : hexOf(t))
    const v = lying({
      getTransaction: async (t) => swap(t),
      getTransactions: async (ts) => ts.map(swap),
    })
    let signs = 0
    const spy = { publicKey: B, sign: (d: Uint8Array) => (signs++, keySigner(B_PRIV).sign(d)) }
    const e = await errorOf(
      resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '2' }, { view: v, pubkey: B, signer: spy }),
    )
    expect(e.code).toBe('CHAIN_MISMATCH')
    expect(signs).toBe(0)
  })

  test('a lock claimed with another value: CHAIN_MISMATCH', async () => {
    const v = lying({
      listUnspent: async (a) =>
        (await dev.view.listUnspent(a)).map((u) => (u.txid === L2 ? { ...u, satoshis: 50n * COIN } : u)),
    })
    expect((await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L2 }, ctxW(v)))).code).toBe(
      'CHAIN_MISMATCH',
    )
  })

  test("the wallet's own coin listed as an output at the rewards CC address: CHAIN_MISMATCH", async () => {
    const v = lying({
      listUnspent: async (a) =>
        a === CC_ADDRESS
          ? [...(await dev.view.listUnspent(a)), ...(await dev.view.listUnspent(p2pkhAddress(B))).slice(0, 1)]
          : dev.view.listUnspent(a),
    })
    const e = await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L2 }, ctxW(v)))
    expect(e.code).toBe('CHAIN_MISMATCH')
    expect(e.message).toMatch(/pays another address/) // StateReader checks every listed output against the address asked
  })

  test('a lock claimed above the tip, or a block time that is no nTime: CHAIN_MISMATCH', async () => {
    const high = lying({
      listUnspent: async (a) =>
        (await dev.view.listUnspent(a)).map((u) => (u.txid === L2 ? { ...u, height: dev.chain.height + 5 } : u)),
    })
    expect((await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L2 }, ctxW(high)))).code).toBe(
      'CHAIN_MISMATCH',
    )
    const times = lying({ getBlockTimes: async (hs) => hs.map(() => 1.5) })
    expect((await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L2 }, ctxW(times)))).code).toBe(
      'CHAIN_MISMATCH',
    )
  })

  test('a view without block times cannot resolve an unlock (ARG_INVALID); the other methods do not need them', async () => {
    const v = lying({ getBlockTimes: undefined })
    expect((await errorOf(resolveRewardsUnlock({ name: 'PLAN', fundingtxid: P, txid: L2 }, ctxW(v)))).code).toBe(
      'ARG_INVALID',
    )
    expect((await resolveRewardsLock({ name: 'PLAN', fundingtxid: P, amount: '1' }, ctxW(v))).signed).toBe(true)
  })

  test('rewardsPlanOutputs refuses a txid that is not one', async () => {
    expect((await errorOf(rewardsPlanOutputs(new StateReader(dev.view), 'xyz'))).code).toBe('ARG_INVALID')
  })
})

// ----------------------------------------------------------------------------------------------------------------
// Devnet B: the funding limits (threshold, 30 inputs), the mempool 'U', the automatic choice of old funding
// ----------------------------------------------------------------------------------------------------------------

describe('funding selection limits and mempool rules (AddRewardsInputs)', () => {
  let d: Devnet
  let S: string // APR 25%, maxdays 2: threshold and stop-at-need
  let T: string // APR 25%, maxdays 100: the 30-input cap
  let M: string // APR 25%, maxdays 2: the mempool 'U'
  let LS: string
  let LT: string
  let LM1: string
  let LM2: string
  const small: string[] = [] // S: 3 outputs below the threshold
  const fives: string[] = [] // S: 40 outputs of 0.05
  const caps: string[] = [] // T: 31 outputs of exactly the threshold
  let bigS: string
  // maxseconds binds (the clock moves 101 days), so the rewards are exact:
  const needS = rewardOf(1000n * COIN, 25n * COIN, 2n * 86_400n) + FEE
  const needT = rewardOf(1000n * COIN, 25n * COIN, 100n * 86_400n) + FEE
  const needM = (lock: string) => rewardOf(d.chain.output(lock, 0)!.value, 25n * COIN, 2n * 86_400n) + FEE
  const ctx = (pub = true): ResolveContext =>
    pub
      ? { view: d.view, pubkey: hexToBytes(d.pubkey), privateKey: hexToBytes(d.privateKey) }
      : { view: d.view, pubkey: B, privateKey: B_PRIV }
  const put = async (r: Promise<BuildResult>): Promise<string> => d.view.broadcast((await r).hex)
  const add = (name: string, fundingtxid: string, amount: bigint) =>
    put(resolveRewardsAddFunding({ name, fundingtxid, amount }, ctx()))
  /** An addfunding of amount(k), k = 0, 1, …, the first whose txid `ok` accepts. */
  const addWhere = async (
    name: string,
    fundingtxid: string,
    amount: (k: bigint) => bigint,
    ok: (t: string) => boolean,
  ) => put(grind((k) => resolveRewardsAddFunding({ name, fundingtxid, amount: amount(k) }, ctx()), ok))
  /** The first byte of a txid's internal bytes (the last of its display hex): what komodod's order compares first. */
  const firstByte = (t: string): number => parseInt(t.slice(62), 16)

  beforeAll(async () => {
    d = await startTestDevnet()
    const plan = { amount: '1', APR: '25', mindays: 1, mindeposit: '1' }
    S = await put(resolveRewardsCreateFunding({ name: 'SMALL', ...plan, maxdays: 2 }, ctx()))
    T = await put(resolveRewardsCreateFunding({ name: 'CAP', ...plan, maxdays: 100 }, ctx()))
    M = await put(resolveRewardsCreateFunding({ name: 'MEMPU', ...plan, amount: '250', maxdays: 2 }, ctx()))
    await d.mine(1)
    // komodod walks the plan's funding by txid: the first small output is placed first of SMALL's funding (so the
    // rule passes over it), the 1000-coin A's last of their plans' (they let the 1000-coin locks pass the funding
    // rule, and must not reach the inputs), the MEMPU locks after its F
    small.push(
      await addWhere(
        'SMALL',
        S,
        (k) => needS / 30n - 1n - k,
        (t) => before(t, [S]) && firstByte(t) < 0x10,
      ),
    )
    // the others of SMALL and the fives stay out of the top sixteenth of the order, so that the 1000-coin addfunding
    // placed after all of them below is found in a few tries whatever the random txids (one in 16, not one in 45)
    for (let i = 1; i < 3; i++)
      small.push(
        await addWhere(
          'SMALL',
          S,
          (k) => needS / 30n - 1n - k,
          (t) => firstByte(t) < 0xf0,
        ),
      )
    for (let i = 0; i < 40; i++)
      fives.push(
        await addWhere(
          'SMALL',
          S,
          (k) => 5_000_000n + k,
          (t) => before(small[0]!, [t]) && firstByte(t) < 0xf0,
        ),
      )
    for (let i = 0; i < 31; i++) caps.push(await add('CAP', T, needT / 30n))
    await d.mine(1)
    const after = (others: string[]) => (t: string) => others.every((o) => byTxid(o, t) < 0)
    bigS = await addWhere('SMALL', S, (k) => 1000n * COIN + k, after([S, ...small, ...fives]))
    await addWhere('CAP', T, (k) => 1000n * COIN + k, after([T, ...caps]))
    await d.mine(1)
    LS = await put(resolveRewardsLock({ name: 'SMALL', fundingtxid: S, amount: '1000' }, ctx()))
    LT = await put(resolveRewardsLock({ name: 'CAP', fundingtxid: T, amount: '1000' }, ctx()))
    const lockAfterM = () =>
      put(
        grind((k) => resolveRewardsLock({ name: 'MEMPU', fundingtxid: M, amount: 100n * COIN + k }, ctx()), after([M])),
      )
    LM1 = await lockAfterM()
    LM2 = await lockAfterM()
    await d.mine(1)
    d.advanceTime(101 * DAY)
    await d.mine(1)
  }, 120_000)
  afterAll(async () => {
    await d.stop()
  })

  test("outputs below (reward + fee)/30 are skipped; inputs stop once reward + fee is reached (more outputs than needed), in komodod's order", async () => {
    // rule: in the index's order, the small ones skipped, the F (1 coin ≥ threshold) and the 0.05s until needS
    const t = needS / 30n
    expect(needS / 30n - 1n).toBeLessThan(t)
    const funding = indexed(d.chain).filter((c) => c.op !== null && c.op.funcid !== 'L' && planOf(c.txid, c.op) === S)
    expect(small).toContain(funding[0]!.txid) // the first the rule passes over
    expect(funding.at(-1)!.txid).toBe(bigS)
    const { picked: want, total } = fundingByRule(d.chain, S, 'SMALL', needS, LS)
    expect(want.length).toBeLessThan(30)
    expect(want).not.toContain(`${bigS}:0`)
    for (const x of small) expect(want).not.toContain(`${x}:0`)
    const r = await resolveRewardsUnlock({ name: 'SMALL', fundingtxid: S, txid: LS }, ctx())
    expect(vins(r)).toEqual([`${LS}:0`, ...want])
    expect(r.tx.vout[0]!.value).toBe(total - needS)
    expect(r.tx.vout[1]!.value).toBe(1000n * COIN + needS - FEE)
    expect(r.hex).toBe((await d.rpc.rewardsunlock('SMALL', S, LS)).hex)
    await d.view.broadcast(r.hex)
  })

  test('at most 30 funding inputs: 30 outputs of exactly ⌊need/30⌋ fall short, no mempool search after 29, so the daemon builds the recover form — for the locker; anyone else is refused', async () => {
    const t = needT / 30n
    expect(30n * t).toBeLessThan(needT) // the cap binds before the 1000-coin A further on
    expect(COIN).toBeLessThan(t) // the plan's own F is below the threshold
    const r = await resolveRewardsUnlock({ name: 'CAP', fundingtxid: T, txid: LT }, ctx())
    expect(vins(r)).toEqual([`${LT}:0`])
    expect(r.tx.vout[0]).toEqual({ value: 1000n * COIN - 2n * FEE, script: p2pkScript(hexToBytes(d.pubkey)) })
    expect(r.hex).toBe((await d.rpc.rewardsunlock('CAP', T, LT)).hex)
    expect((await errorOf(resolveRewardsUnlock({ name: 'CAP', fundingtxid: T, txid: LT }, ctx(false)))).code).toBe(
      'BUILD_STATE',
    )
    await d.view.broadcast(r.hex)
    expect(caps.length).toBe(31)
  })

  test('the automatic mode refuses where the daemon would pick plan funding older than maxseconds (an unlock validation rejects)', async () => {
    // MEMPU: index order F (250 coins ≥ 2^30, older than 2 days) before LM1
    const e = await errorOf(resolveRewardsUnlock({ name: 'MEMPU', fundingtxid: M }, ctx()))
    expect(e.code).toBe('BUILD_STATE')
    expect(e.details).toMatchObject({ txid: M, vout: 0, funcid: 'F', validation: 'cant unlock fundingtxid' })
    // SMALL: its 1000-coin A precedes LS (spent in the mempool above, and skipped anyway)
    const s = await errorOf(resolveRewardsUnlock({ name: 'SMALL', fundingtxid: S }, ctx()))
    expect(s.details).toMatchObject({ txid: bigS, funcid: 'A', validation: 'can only unlock locktxid' })
  })

  test("confirmed funding short and a mempool 'U' of the plan covering the rest: refused first with 'cant rewards from mempool'; once it confirms, its output 0 is plan funding", async () => {
    const r1 = await resolveRewardsUnlock({ name: 'MEMPU', fundingtxid: M, txid: LM1 }, ctx())
    expect(vins(r1)).toEqual([`${LM1}:0`, `${M}:0`])
    const U1 = await d.view.broadcast(r1.hex)
    expect(r1.tx.vout[0]!.value).toBe(250n * COIN - needM(LM1))
    const e = await errorOf(resolveRewardsUnlock({ name: 'MEMPU', fundingtxid: M, txid: LM2 }, ctx()))
    expect(e.details).toMatchObject({ daemonError: 'cant rewards from mempool', mempoolTxid: U1 })
    await expect(d.rpc.rewardsunlock('MEMPU', M, LM2)).rejects.toThrow(/cant rewards from mempool/)
    // automatic: F and LM1 are spent in the mempool, so LM2 is the choice, and it meets the same refusal
    expect((await errorOf(resolveRewardsUnlock({ name: 'MEMPU', fundingtxid: M }, ctx()))).details.daemonError).toBe(
      'cant rewards from mempool',
    )
    await d.mine(1)
    const r2 = await resolveRewardsUnlock({ name: 'MEMPU', fundingtxid: M, txid: LM2 }, ctx())
    expect(vins(r2)).toEqual([`${LM2}:0`, `${U1}:0`])
    await d.view.broadcast(r2.hex)
    await d.mine(1)
    expect(d.chain.confirmations(r2.txid)).toBe(1)
  })
})

afterAll(() => {
  const lines = [...trips].map(([m, n]) => `${m}: ${n.join(', ')}`)
  console.log(`rewards resolvers, view round trips per call:\n  ${lines.join('\n  ')}`)
  for (const [m, n] of trips) expect(Math.max(...n), m).toBeLessThanOrEqual(m === 'rewardslock' ? 8 : 7)
})
