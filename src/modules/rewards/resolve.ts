// The rewards module's resolvers (issue 18): each finds through a ChainView exactly the state komodod's rewards.cpp
// picks for the same chain (RewardsPlanExists, RewardsPlanFunds, AddRewardsInputs, CCutxovalue, CCduration), checks
// it, and calls the module's builder. Everything sits at one address, the rewards global CC address, told apart by
// the opret of each output's transaction (sbits + fundingtxid).
import { KomodoCcError } from '../../errors.js'
import { utf8ToBytes } from '../../bytes/utils.js'
import { KMD, type ChainParams } from '../../address/chain.js'
import { ccAddress, ccScriptAddress } from '../../cc/address.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { isCcScript } from '../../script/cc.js'
import { formatCoins } from '../../amount.js'
import { sbits } from '../../sbits.js'
import type { Transaction } from '../../tx/types.js'
import { builderParams } from '../../cctx/params.js'
import type { BuildResult } from '../../cctx/complete.js'
import type { ChainUtxo, Utxo } from '../../cctx/types.js'
import type { TxOutputsView } from '../../cctx/state-tx.js'
import {
  buildContextOf,
  ccUnspent,
  normalCoins,
  outpointKey,
  StateReader,
  txidText,
  methodResolver,
  type MethodResolver,
  type ResolveContext,
  type VerifiedTx,
  readerOf,
} from '../../cctx/resolve.js'
import { decodeRewardsOpret, rewardsAprToPercent, type RewardsFundingOpret, type RewardsOpret } from './opret.js'
import { rewardsPayout } from './payout.js'
import type { RewardsInfo } from './info.js'
import {
  buildRewardsAddFunding,
  buildRewardsCreateFunding,
  buildRewardsLock,
  buildRewardsUnlock,
  type RewardsAddFundingParams,
  type RewardsCreateFundingParams,
  type RewardsLockCandidate,
  type RewardsLockParams,
  type RewardsUnlockParams,
  type RewardsUnlockResult,
} from './build.js'

const TXFEE = 10000n
/** `AddRewardsInputs(…, 1LL << 30, 1, …)`: the automatic unlock's threshold. */
const AUTO_UNLOCK_MIN = 1n << 30n
/** `AddRewardsInputs(…, reward + txfee, 30, …)`: at most 30 funding inputs. */
const MAX_FUNDING_INPUTS = 30n
const ZERO_TXID = '0'.repeat(64)

function rewardsPubkey(): string {
  return ccModule(EVAL.REWARDS).pubkey
}

/** The rewards global CC address on the context's chain (`GetCCaddress(cp, coinaddr, rewardspk)`). */
function globalAddress(chain: ChainParams | undefined): string {
  return ccAddress(EVAL.REWARDS, rewardsPubkey(), chain ?? KMD)
}

/**
 * The rewards opret of a transaction as `DecodeRewardsOpRet` reads it: the last output, an OP_RETURN, its first push
 * (bytes after it ignored), exactly 42 bytes; null when there is none.
 */
function opretOf(tx: Transaction): RewardsOpret | null {
  const last = tx.vout[tx.vout.length - 1]
  if (last === undefined || last.script[0] !== 0x6a) return null
  try {
    return decodeRewardsOpret(last.script, { allowTrailingScript: true })
  } catch {
    return null
  }
}

/** The plan a rewards opret belongs to: an 'F' is its own plan, the others name it. */
function planIdOf(txid: string, op: RewardsOpret): string {
  return op.funcid === 'F' ? txid : op.fundingtxid
}

/** A transaction as the builders' state takes it: its txid and outputs (already checked against the txid). */
function outputsView(t: VerifiedTx): TxOutputsView {
  return { txid: t.txid, vout: t.tx.vout }
}

/** A display txid, or undefined when the text is not one (the builder then refuses it with its own message). */
function txidOrUndefined(v: unknown): string | undefined {
  try {
    return txidText(v, 'txid')
  } catch {
    return undefined
  }
}

/** The plan-name sbits, or undefined when the name fails the RPC's check (the builder refuses it). */
function planBits(name: unknown): bigint | undefined {
  return typeof name === 'string' && utf8ToBytes(name).length <= 8 ? sbits(name) : undefined
}

/**
 * One unspent output at the rewards global CC address: the output, its transaction, the transaction's rewards opret
 * (null: none), and whether a mempool transaction spends it.
 * @example const o: RewardsOutput = (await rewardsOutputs(reader)).at(0)!
 */
export type RewardsOutput = Readonly<{
  utxo: ChainUtxo
  tx: VerifiedTx
  opret: RewardsOpret | null
  spentInMempool: boolean
}>

/**
 * The confirmed unspent outputs at the rewards global CC address, in the address index's order (`SetCCunspents`),
 * each checked against its transaction and to pay that address, with its transaction's opret. `mempool`: also ask
 * which of them mempool transactions spend (else `spentInMempool` is false for all: `RewardsPlanFunds` does not ask).
 * @throws KomodoCcError CHAIN_MISMATCH when the source lists an output that is not a CC output of that address
 * @example const outs = await rewardsOutputs(new StateReader(view), undefined, true)
 */
export async function rewardsOutputs(
  reader: StateReader,
  chain: ChainParams | undefined,
  mempool: boolean,
): Promise<RewardsOutput[]> {
  const address = globalAddress(chain)
  const [list, spent] = await Promise.all([
    ccUnspent(reader, address, { chain, name: `the rewards CC address ${address}` }),
    mempool ? reader.mempoolSpends(address) : new Set<string>(),
  ])
  const txs = await reader.txs(list.map((u) => u.txid))
  return list.map((u, i) => {
    const tx = txs[i]!
    return { utxo: u, tx, opret: opretOf(tx.tx), spentInMempool: spent.has(outpointKey(u.txid, u.vout)) }
  })
}

/**
 * `RewardsPlanExists`: the first confirmed transaction paying the rewards global CC address (chain order) whose vout 0
 * is a CC output there and whose opret is an 'F' with these sbits; undefined when there is none. Two round trips (the
 * address's history, its transactions in one batch).
 * @example const plan = await rewardsPlan(reader, sbits('FREE'))
 */
export async function rewardsPlan(
  reader: StateReader,
  bits: bigint,
  chain?: ChainParams,
): Promise<{ tx: VerifiedTx; plan: RewardsFundingOpret } | undefined> {
  const address = globalAddress(chain)
  const history = await reader.history(address)
  const txs = await reader.txs(history.map((h) => h.txid))
  for (const t of txs) {
    const v0 = t.tx.vout[0]
    if (v0 === undefined || !isCcScript(v0.script)) continue
    let at: string
    try {
      at = ccScriptAddress(v0.script, chain ?? KMD)
    } catch {
      continue
    }
    const op = opretOf(t.tx)
    if (at === address && op?.funcid === 'F' && op.sbits === bits) return { tx: t, plan: op }
  }
  return undefined
}

/**
 * `RewardsPlanFunds`: the plan's confirmed unspent outputs at the rewards global CC address (those a mempool
 * transaction spends included, as the daemon counts them), split into funding ('F' with this txid, 'A'/'U' naming it)
 * and locks ('L' naming it). As in the daemon, an 'A'/'U'/'L' counts by its fundingtxid alone, whatever its sbits
 * (the daemon's `refsbits == sbits && … || reffundingtxid == fundingtxid`), and any output of it at the address.
 * @example const { funding } = await rewardsPlanOutputs(new StateReader(view), fundingtxid)
 */
export async function rewardsPlanOutputs(
  reader: StateReader,
  fundingtxid: string,
  chain?: ChainParams,
): Promise<{ funding: ChainUtxo[]; locks: ChainUtxo[] }> {
  const id = txidText(fundingtxid, 'fundingtxid')
  const funding: ChainUtxo[] = []
  const locks: ChainUtxo[] = []
  for (const o of await rewardsOutputs(reader, chain, false)) {
    if (o.opret === null || planIdOf(o.tx.txid, o.opret) !== id) continue
    if (o.opret.funcid === 'L') locks.push(o.utxo)
    else funding.push(o.utxo)
  }
  return { funding, locks }
}

/**
 * The wallet's offline `rewardsinfo fundingtxid` from a chain source (`RewardsInfo`): the plan from its 'F'
 * transaction, `funding` and `locked` as the daemon's `RewardsPlanFunds` counts them, printed as the daemon prints them.
 * Three round trips (the transaction, the address's unspent outputs, their transactions).
 * @throws KomodoCcError TX_NOT_FOUND (`cant find fundingtxid`) | OPRET_FUNCID (`fundingtxid isnt rewards creation
 *   txid`), each with `details.daemonError`; CHAIN_MISMATCH from the reader
 * @example const info = await rewardsInfo(new StateReader(view), fundingtxid) // { result: 'success', APR: '5.00000000', … }
 */
export async function rewardsInfo(
  reader: StateReader,
  fundingtxid: string,
  chain?: ChainParams,
): Promise<RewardsInfo<'offline'>> {
  const id = txidText(fundingtxid, 'fundingtxid')
  let t: VerifiedTx
  try {
    t = await reader.tx(id)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND')
      throw new KomodoCcError('TX_NOT_FOUND', 'cant find fundingtxid', {
        fundingtxid: id,
        daemonError: 'cant find fundingtxid',
      })
    throw e
  }
  const f = opretOf(t.tx)
  if (f?.funcid !== 'F')
    throw new KomodoCcError('OPRET_FUNCID', 'fundingtxid isnt rewards creation txid', {
      fundingtxid: id,
      daemonError: 'fundingtxid isnt rewards creation txid',
    })
  const { funding, locks } = await rewardsPlanOutputs(reader, id, chain)
  const sum = (l: readonly ChainUtxo[]): bigint => l.reduce((s, u) => s + u.satoshis, 0n)
  return {
    result: 'success',
    fundingtxid: id,
    name: f.name ?? '',
    sbits: f.sbits,
    APR: rewardsAprToPercent(f.APR),
    minseconds: f.minseconds,
    maxseconds: f.maxseconds,
    mindeposit: formatCoins(f.mindeposit),
    funding: formatCoins(sum(funding)),
    locked: formatCoins(sum(locks)),
  }
}

/**
 * `rewardscreatefunding name amount [APR [mindays [maxdays [mindeposit]]]]` resolved and built: the plan lookup of
 * `RewardsPlanExists` (a confirmed 'F' with this name at the rewards global CC address: the daemon refuses to create
 * it twice; a plan only in the mempool is not seen), the caller's normal coins (`AddNormalinputs`: confirmed and
 * mempool), the height. Units: `amount`, `mindeposit` coins (decimal string) or satoshis (bigint); `APR` percent text
 * or percent × 10^8 (bigint); `mindays`/`maxdays` whole days. At most 7 round trips.
 * @throws KomodoCcError as {@link buildRewardsCreateFunding}; CHAIN_MISMATCH | TX_NOT_FOUND from the reader
 * @example const r = await resolveRewardsCreateFunding({ name: 'FREE', amount: '1000', APR: '5', mindays: 1, maxdays:
 *   10, mindeposit: '10' }, { view, pubkey, privateKey })
 */
export async function resolveRewardsCreateFunding(
  params: RewardsCreateFundingParams,
  ctx: ResolveContext,
): Promise<BuildResult> {
  builderParams(params, 'resolveRewardsCreateFunding', ['name', 'amount'], ['APR', 'mindays', 'maxdays', 'mindeposit'])
  const reader = readerOf(ctx)
  const bits = planBits(params.name)
  const [plan, utxos, height] = await Promise.all([
    bits === undefined ? undefined : rewardsPlan(reader, bits, ctx.chain),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ])
  return buildRewardsCreateFunding(params, buildContextOf(ctx, utxos, height), {
    plans: plan === undefined ? [] : [outputsView(plan.tx)],
  })
}

/**
 * `rewardsaddfunding name fundingtxid amount` resolved and built: the plan by name (`RewardsPlanExists`; the
 * daemon's `Rewards plan <name> doesnt exist\n` when there is none), the caller's normal coins (`AddNormalinputs`),
 * the height. `amount`: coins (decimal string) or satoshis (bigint). At most 7 round trips.
 * @throws KomodoCcError as {@link buildRewardsAddFunding}; CHAIN_MISMATCH | TX_NOT_FOUND from the reader
 * @example const r = await resolveRewardsAddFunding({ name: 'FREE', fundingtxid, amount: '100' }, { view, pubkey, privateKey })
 */
export async function resolveRewardsAddFunding(
  params: RewardsAddFundingParams,
  ctx: ResolveContext,
): Promise<BuildResult> {
  builderParams(params, 'resolveRewardsAddFunding', ['name', 'fundingtxid', 'amount'])
  const reader = readerOf(ctx)
  const bits = planBits(params.name)
  const [plan, utxos, height] = await Promise.all([
    bits === undefined ? undefined : rewardsPlan(reader, bits, ctx.chain),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ])
  // no plan: the builder refuses with the daemon's text
  return buildRewardsAddFunding(params, buildContextOf(ctx, utxos, height), {
    plan: plan === undefined ? (undefined as never) : outputsView(plan.tx),
  })
}

/**
 * `rewardslock name fundingtxid amount` resolved and built: the plan by name, its available funding
 * (the daemon's `RewardsPlanFunds`: a deposit above it gives the daemon's
 * `couldnt create rewards lock transaction`), the caller's normal coins (`AddNormalinputs`), the height. `amount`:
 * coins (decimal string) or satoshis (bigint). At most 8 round trips.
 * @throws KomodoCcError as {@link buildRewardsLock}; CHAIN_MISMATCH | TX_NOT_FOUND from the reader
 * @example const r = await resolveRewardsLock({ name: 'FREE', fundingtxid, amount: '200' }, { view, pubkey, privateKey })
 */
export async function resolveRewardsLock(params: RewardsLockParams, ctx: ResolveContext): Promise<BuildResult> {
  builderParams(params, 'resolveRewardsLock', ['name', 'fundingtxid', 'amount'])
  const reader = readerOf(ctx)
  const bits = planBits(params.name)
  const id = txidOrUndefined(params.fundingtxid)
  const planAndFunds = async () => {
    const plan = bits === undefined ? undefined : await rewardsPlan(reader, bits, ctx.chain)
    if (plan === undefined || id === undefined) return { plan, funding: 0n }
    const { funding } = await rewardsPlanOutputs(reader, id, ctx.chain)
    return { plan, funding: funding.reduce((s, u) => s + u.satoshis, 0n) }
  }
  const [{ plan, funding }, utxos, height] = await Promise.all([
    planAndFunds(),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ])
  return buildRewardsLock(params, buildContextOf(ctx, utxos, height), {
    plan: plan === undefined ? (undefined as never) : outputsView(plan.tx),
    funding,
  })
}

/** Options of {@link resolveRewardsUnlock}. @example const o: RewardsUnlockOptions = { chain: 'KMD' } */
export type RewardsUnlockOptions = {
  /** Which December-2019 formula switch applies: 'asset' (by the tip's time, the default) or 'KMD' (by height). */
  chain?: 'KMD' | 'asset'
}

/**
 * `rewardsunlock name fundingtxid [txid]` resolved and built, as komodod's `RewardsUnlock` finds its state:
 * - the plan by name (`Rewards plan does not exist`);
 * - the lock: with `txid`, output 0 of that transaction among the confirmed unspent outputs at the rewards global CC
 *   address (`CCutxovalue`; else `locktxid/v0 is spent`); without (or with the zero txid), the daemon's automatic
 *   choice: the first of those outputs, in address-index order, not spent in the mempool, ≥ 2^30 satoshis, of this
 *   plan by sbits and fundingtxid, that is an 'L' (or an 'F'/'A'/'U' older than maxseconds: the daemon would take it
 *   and build an unlock validation rejects, so this refuses);
 * - the reward from the lock's block time and the tip's (`CCduration`: two block times, one round trip), refused
 *   before anything is signed when it is ≤ the fee (`reward N is <= the transaction fee`: a lock younger than the
 *   plan's minseconds, or too small);
 * - the plan's funding (`AddRewardsInputs`): its confirmed F/A/U outputs (sbits and fundingtxid both the plan's) not
 *   spent in the mempool, in address-index order, each ≥ (reward + fee)/30, at most 30, until reward + fee. When they
 *   fall short the daemon looks for a mempool 'U' of the plan covering the rest and spends it, which validation
 *   refuses: this refuses first with `cant rewards from mempool`. Otherwise short funding gives the recover form
 *   (the locker only; see {@link buildRewardsUnlock}).
 * No normal coins. At most 7 round trips. The view must serve `getBlockTimes`.
 * @throws KomodoCcError BUILD_STATE (with `details.daemonError` where the daemon has a message) | as
 *   {@link buildRewardsUnlock}; CHAIN_MISMATCH | TX_NOT_FOUND from the reader; ARG_INVALID when the view has no block times
 * @example const r = await resolveRewardsUnlock({ name: 'FREE', fundingtxid, txid: locktxid }, { view, pubkey, privateKey })
 */
export async function resolveRewardsUnlock(
  params: RewardsUnlockParams,
  ctx: ResolveContext,
  options: RewardsUnlockOptions = {},
): Promise<RewardsUnlockResult> {
  builderParams(params, 'resolveRewardsUnlock', ['name', 'fundingtxid'], ['txid'])
  const reader = readerOf(ctx)
  const bits = planBits(params.name)
  const id = txidOrUndefined(params.fundingtxid)
  const given = params.txid === undefined ? undefined : txidOrUndefined(params.txid)
  // the zero txid (what komodod's Parseuint256 makes of a malformed one) is the automatic mode
  const p: RewardsUnlockParams =
    given === ZERO_TXID ? { name: params.name, fundingtxid: params.fundingtxid } : { ...params }
  const lockid = given === ZERO_TXID ? undefined : given
  const empty = { locks: [], funding: [], tipTime: 0 }
  const build = (state: Parameters<typeof buildRewardsUnlock>[2], utxos: readonly Utxo[] = [], height = 0) =>
    buildRewardsUnlock(p, buildContextOf(ctx, utxos, height), state)
  // parameters the builder refuses without state (a bad name or txid, txid = fundingtxid)
  if (bits === undefined || id === undefined || (params.txid !== undefined && given === undefined) || lockid === id)
    return build({ ...empty, plan: undefined as never })
  const found = await rewardsPlan(reader, bits, ctx.chain)
  if (found === undefined || found.tx.txid !== id)
    return build({ ...empty, plan: found === undefined ? (undefined as never) : outputsView(found.tx) })
  const plan = found.plan
  const planView = outputsView(found.tx)
  const [outputs, tip] = await Promise.all([rewardsOutputs(reader, ctx.chain, true), reader.height()])
  const ofPlan = (o: RewardsOutput): o is RewardsOutput & { opret: RewardsOpret } =>
    o.opret !== null && o.opret.sbits === bits && planIdOf(o.tx.txid, o.opret) === id
  const heightOf = (o: RewardsOutput): number => {
    if (o.utxo.height < 1 || o.utxo.height > tip)
      throw new KomodoCcError(
        'CHAIN_MISMATCH',
        `the chain source lists ${o.utxo.txid}:${o.utxo.vout} as confirmed at height ${o.utxo.height}, tip ${tip}`,
        { txid: o.utxo.txid, height: o.utxo.height, tip },
      )
    return o.utxo.height
  }

  // the lock
  let lock: RewardsOutput | undefined
  if (lockid !== undefined) {
    // CCutxovalue: a confirmed unspent (lockid, 0) of non-zero value; one a mempool transaction spends is refused
    // here as spent (the daemon would build a double spend the mempool rejects)
    lock = outputs.find((o) => o.utxo.txid === lockid && o.utxo.vout === 0 && o.utxo.satoshis > 0n && !o.spentInMempool)
  } else {
    const candidates = outputs.filter(
      (o) => o.utxo.satoshis >= AUTO_UNLOCK_MIN && !o.spentInMempool && isCcScript(o.utxo.script) && ofPlan(o),
    )
    const firstL = candidates.findIndex((o) => o.opret!.funcid === 'L' && plan.maxseconds !== 0n)
    const before = (firstL < 0 ? candidates : candidates.slice(0, firstL)).filter((o) => o.opret!.funcid !== 'L')
    let pick: RewardsOutput | undefined = firstL < 0 ? undefined : candidates[firstL]
    if (plan.maxseconds === 0n) pick = before[0]
    else if (before.length > 0) {
      // the first lock's block time is read in the same round trip: it is the lock when none of these is old
      const lockHeight = firstL < 0 ? [] : [heightOf(candidates[firstL]!)]
      const times = await reader.blockTimes([...before.map(heightOf), tip, ...lockHeight])
      const tipTime = times[before.length]!
      const old = before.findIndex((_, i) => BigInt(Math.max(0, tipTime - times[i]!)) >= plan.maxseconds)
      if (old >= 0) pick = before[old]
    }
    if (pick !== undefined && pick.opret!.funcid !== 'L') {
      const where = `${pick.utxo.txid}:${pick.utxo.vout}`
      if (plan.maxseconds === 0n)
        // the daemon takes it but finds no payout script (it copies vout 1 only for maxseconds ≠ 0)
        throw new KomodoCcError('BUILD_STATE', 'invalid scriptPubKey', {
          daemonError: 'invalid scriptPubKey',
          txid: pick.utxo.txid,
          vout: pick.utxo.vout,
        })
      const why = pick.opret!.funcid === 'F' ? 'cant unlock fundingtxid' : 'can only unlock locktxid'
      throw new KomodoCcError(
        'BUILD_STATE',
        `the daemon's automatic choice is ${where}, the plan's '${pick.opret!.funcid}' funding older than ` +
          `maxseconds, not a lock: the unlock it builds fails validation (${why}); give the lock's txid`,
        { txid: pick.utxo.txid, vout: pick.utxo.vout, funcid: pick.opret!.funcid, validation: why },
      )
    }
    if (pick !== undefined && pick.utxo.vout !== 0)
      throw new KomodoCcError(
        'BUILD_STATE',
        `the daemon's automatic choice is output ${pick.utxo.vout} of lock ${pick.utxo.txid}; a lock is ` +
          `output 0 (rewardslock), and validation reads the lock's output 0: give the lock's txid`,
        { txid: pick.utxo.txid, vout: pick.utxo.vout },
      )
    lock = pick
  }
  if (lock === undefined) return build({ ...empty, plan: planView }) // locktxid/v0 is spent | amount must be more than txfee

  // the reward: the lock's age as CCduration measures it
  const [lockTime, tipTime] = await reader.blockTimes([heightOf(lock), tip])
  const candidate: RewardsLockCandidate = { tx: outputsView(lock.tx), blockTime: lockTime!, unspent: true }
  const chainOpt = options.chain === undefined ? {} : { chain: options.chain, tipHeight: tip }
  const amount = lock.utxo.satoshis
  const payout = rewardsPayout(
    { apr: plan.APR, minseconds: plan.minseconds, maxseconds: plan.maxseconds },
    { amount, blockTime: lockTime! },
    tipTime!,
    options.chain === undefined ? {} : { chain: options.chain, height: tip },
  )

  // the plan's funding, as AddRewardsInputs(…, reward + txfee, 30, sbits, fundingtxid) takes it
  const fundingOutputs = outputs.filter(
    (o) =>
      !o.spentInMempool &&
      isCcScript(o.utxo.script) &&
      ofPlan(o) &&
      o.opret.funcid !== 'L' &&
      !(o.utxo.txid === lock!.utxo.txid && o.utxo.vout === lock!.utxo.vout),
  )
  const state = {
    plan: planView,
    locks: [candidate],
    funding: fundingOutputs.map((o) => o.utxo),
    fundingTxs: fundingOutputs.map((o) => outputsView(o.tx)),
    tipTime: tipTime!,
    ...chainOpt,
  }
  const payTo = lock.tx.tx.vout[1]?.script
  if (payTo !== undefined && payTo.length > 0 && !isCcScript(payTo) && amount > TXFEE && payout.reward > TXFEE) {
    const need = payout.reward + TXFEE
    const threshold = need / MAX_FUNDING_INPUTS
    let total = 0n
    let n = 0n
    for (const o of fundingOutputs) {
      if (total >= need || n >= MAX_FUNDING_INPUTS) break
      if (o.utxo.satoshis < threshold) continue
      total += o.utxo.satoshis
      n++
    }
    if (total < need && n < MAX_FUNDING_INPUTS - 1n) {
      // myIs_unlockedtx_inmempool: a mempool 'U' of the plan whose CC vout 0 covers the rest, not spent in the mempool
      const address = globalAddress(ctx.chain)
      const [pending, spent] = await Promise.all([reader.addressMempool(address), reader.mempoolSpends(address)])
      const ptxs = await reader.txs(pending.outputs.map((u) => u.txid))
      const u = pending.outputs.find((o, i) => {
        const op = opretOf(ptxs[i]!.tx)
        return (
          o.vout === 0 &&
          o.satoshis >= need - total &&
          !spent.has(outpointKey(o.txid, 0)) &&
          op?.funcid === 'U' &&
          op.sbits === bits &&
          op.fundingtxid === id
        )
      })
      if (u !== undefined)
        throw new KomodoCcError('BUILD_STATE', 'cant rewards from mempool', {
          daemonError: 'cant rewards from mempool',
          reason:
            `the plan's confirmed funding (${total} sat) is short of reward + txfee (${need} sat); the ` +
            `daemon would spend the mempool unlock ${u.txid}'s output 0, which validation refuses`,
          mempoolTxid: u.txid,
        })
    }
  }
  return build(state, [], tip)
}

/**
 * The rewards module's state-changing RPCs as the wallet, the CLI and the devnet call them: the daemon's method
 * names, parameter names in its order, and the resolvers.
 * @example rewardsResolvers.find((r) => r.method === 'rewardslock')!.resolve({ name, fundingtxid, amount }, ctx)
 */
export const rewardsResolvers = /* @__PURE__ */ Object.freeze([
  methodResolver(
    'rewardscreatefunding',
    ['name', 'amount', 'APR', 'mindays', 'maxdays', 'mindeposit'],
    resolveRewardsCreateFunding,
  ),
  methodResolver('rewardsaddfunding', ['name', 'fundingtxid', 'amount'], resolveRewardsAddFunding),
  methodResolver('rewardslock', ['name', 'fundingtxid', 'amount'], resolveRewardsLock),
  methodResolver('rewardsunlock', ['name', 'fundingtxid', 'txid'], resolveRewardsUnlock),
])
