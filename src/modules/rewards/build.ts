import { KomodoCcError } from '../../errors.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { COIN, formatCoins, daemonParseCoins, type AmountArg } from '../../amount.js'
import { rewardsUnits } from './units.js'
import { pubkeyBytes } from '../../address/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { REWARDS_CC, EVAL as EVAL_CODES } from '../../cc/eval.js'
import { ccScript, isCcScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import { sbits, PLAN_NAME_ERROR } from '../../sbits.js'
import { utf8ToBytes } from '../../bytes/utils.js'
import { encodeRewardsPayload, decodeRewardsOpret, type RewardsFundingOpret } from './opret.js'
import { rewardsPayout, type RewardsPayout } from './payout.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext, type CheckedContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcTx } from '../../cctx/finalize.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { amountParam, normalInputs, txidParam } from '../../cctx/common.js'
import { OutpointSet } from '../../cctx/outpoints.js'
import { stateOutputs, lastOpret, type StateTx, type StateOutputs } from '../../cctx/state-tx.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'

const EVAL = EVAL_CODES.REWARDS
const MARKER = 10000n
const REWARDS = REWARDS_CC
/** `REWARDSCC_MAXAPR`: 25% (percent × 10^8). */
const MAX_APR = 25n * COIN
/** Automatic `rewardsunlock` ignores locks below 2^30 satoshis. */
const AUTO_UNLOCK_MIN = 1n << 30n
const DAY = 86400n

function rewardsPk(): Uint8Array {
  return pubkeyBytes(REWARDS.pubkey)
}
function globalCc(): Uint8Array {
  return ccScript(cc1of1(EVAL, rewardsPk()))
}

/** The plan name check every rewards RPC makes (`strlen(name) <= 8`). */
function planName(name: unknown): string {
  if (typeof name !== 'string') throw new KomodoCcError('BUILD_PARAMS', 'name expected a string', { name: 'name' })
  if (utf8ToBytes(name).length > 8) throw daemonRefusal(PLAN_NAME_ERROR, { length: utf8ToBytes(name).length })
  return name
}

/** Reads a plan's 'F' funding transaction (state), as the daemon does when it looks a plan up by name. */
function planOf(
  plan: StateTx | undefined,
  name: string,
  expectedTxid: string | undefined,
  missing: string,
): { fundingtxid: string; plan: RewardsFundingOpret; outputs: StateOutputs } {
  if (plan === undefined) throw daemonRefusal(missing, { name }, 'BUILD_STATE')
  const s = stateOutputs(plan, expectedTxid, 'state.plan')
  const f = lastOpret(s, decodeRewardsOpret)
  if (f === undefined || f.funcid !== 'F' || f.sbits !== sbits(name))
    throw daemonRefusal(missing, { name }, 'BUILD_STATE')
  return { fundingtxid: s.txid, plan: f, outputs: s }
}

function aprParam(v: unknown): bigint {
  if (v === undefined) return 5n * COIN
  if (typeof v === 'bigint') return v
  // a JS number is refused there with both spellings; text is a percentage, as the RPC's atof × COIN reads it
  const exact = amountParam(v, 'APR', rewardsUnits.rewardscreatefunding.APR)
  if (typeof v !== 'string') return exact
  const daemon = daemonParseCoins(v, { fudge: false })
  if (daemon !== exact)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `APR ${JSON.stringify(v)} is ${exact} exactly, but rewardscreatefunding would read ${daemon} ` +
        '(atof × COIN, truncated): pass the stored value as a bigint',
      { exact: String(exact), daemon: String(daemon) },
    )
  return exact
}

function daysParam(v: number | bigint, name: string): bigint {
  if (typeof v === 'bigint') return v * DAY
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v) * DAY
  throw new KomodoCcError('BUILD_PARAMS', `${name} expected a whole number of days`, { name })
}

/** The state transactions a funding output may come from, by txid: the plan, the lock candidates, `fundingTxs`. */
function knownTxs(
  plan: StateOutputs,
  locks: readonly { s: StateOutputs }[],
  fundingTxs: readonly StateTx[] | undefined,
): Map<string, StateOutputs> {
  const known = new Map<string, StateOutputs>([[plan.txid, plan]])
  for (const c of locks) known.set(c.s.txid, c.s)
  if (fundingTxs === undefined) return known
  if (!Array.isArray(fundingTxs))
    throw new KomodoCcError('BUILD_STATE', 'state.fundingTxs expected an array of transactions')
  fundingTxs.forEach((t, i) => {
    const s = stateOutputs(t, undefined, `state.fundingTxs[${i}]`)
    known.set(s.txid, s)
  })
  return known
}

/**
 * Checks that a funding output the unlock would spend is what `AddRewardsInputs` picks: an output (at the rewards
 * global CC address, as given) of a transaction in state whose opret is this plan's 'F' (the plan itself), or an
 * 'A'/'U' naming the plan (fundingtxid and sbits). The daemon takes any such output, not only vout 0 (a transaction
 * `rewardsaddfunding` makes has one, at vout 0). Anything else (another plan's output, a lock, an output whose
 * transaction is not given) is refused: the daemon would not pick it, and validation may reject the unlock or pay
 * from someone else's plan.
 */
function planFunding(
  u: Utxo,
  known: Map<string, StateOutputs>,
  planSbits: bigint,
  fundingtxid: string,
  name: string,
): void {
  const tx = known.get(u.txid) ?? known.get(u.txid.toLowerCase())
  const at = () => `${name} (${u.txid.toLowerCase()}:${u.vout})`
  if (tx === undefined)
    throw new KomodoCcError(
      'BUILD_STATE',
      `${at()} cannot be verified: its transaction is not in state.plan, state.locks or state.fundingTxs`,
      { name, claim: 'plan funding', txid: u.txid.toLowerCase(), vout: u.vout },
    )
  const out = tx.vout[u.vout]
  if (out === undefined || out.value !== u.satoshis || !equalBytes(out.script, u.script))
    throw new KomodoCcError(
      'BUILD_STATE',
      `${at()} is not output ${u.vout} of its transaction as given (plan funding is an output of an F/A/U)`,
      { name, claim: 'plan funding', txid: tx.txid, vout: u.vout },
    )
  const op = lastOpret(tx, decodeRewardsOpret)
  const ofPlan =
    op !== undefined &&
    (op.funcid === 'F'
      ? tx.txid === fundingtxid
      : (op.funcid === 'A' || op.funcid === 'U') && op.fundingtxid === fundingtxid && op.sbits === planSbits)
  if (!ofPlan) {
    const what =
      op === undefined
        ? 'no rewards transaction'
        : op.funcid === 'F'
          ? "another plan's 'F'"
          : `a '${op.funcid}' of ${op.fundingtxid}`
    throw new KomodoCcError(
      'BUILD_STATE',
      `${at()} is not funding of plan ${fundingtxid} (its transaction is ${what})`,
      { name, claim: 'plan funding', txid: tx.txid, funcid: op?.funcid ?? null },
    )
  }
}

function done(
  inputs: InputPlan[],
  outputs: { value: bigint; script: Uint8Array }[],
  opret: Uint8Array,
  ctx: CheckedContext,
): BuildResult {
  const fin = finalizeCcTx({
    inputs,
    outputs,
    opret,
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, REWARDS)
}

/**
 * State for {@link buildRewardsCreateFunding}: the plans that already exist (optional). @example const s:
 * RewardsCreateFundingState = { plans: [existingPlanHex] }
 */
export type RewardsCreateFundingState = {
  /** Funding ('F') transactions of the rewards global CC address; a plan with the same name makes the daemon refuse. */
  plans?: readonly StateTx[]
}

/**
 * The parameters of `rewardscreatefunding`, named as the daemon names them (same order as its RPC).
 * @example const p: RewardsCreateFundingParams = { name, amount }
 */
export type RewardsCreateFundingParams = {
  name: string
  amount: AmountArg
  APR?: bigint | string | undefined
  mindays?: number | bigint | undefined
  maxdays?: number | bigint | undefined
  mindeposit?: AmountArg | undefined
}

/**
 * `rewardscreatefunding name amount [APR [mindays [maxdays [mindeposit]]]]`: `amount` (coins text/number, or
 * satoshis as bigint) to the rewards global CC address (vout 0), 10000 to the rewards normal address (vout 1, the
 * `rewardslist` marker), change, the 'F' opret. Defaults: APR 5%, 60/60 days, mindeposit 100 coins. `APR` is percent
 * text ("5") or the stored value as a bigint (500000000n); days are whole days. Checks in the RPC's order with its
 * messages; the builder's own refusals (funds < 1 coin, plan exists, no coins) carry
 * `couldnt create rewards funding transaction`, as the daemon reports them. Normal inputs for amount + 2·txfee, ≤ 64.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS (details.daemonError: the daemon's text)
 * @example buildRewardsCreateFunding({ name: 'FREE', amount: '1000', APR: '5', mindays: 1, maxdays: 10, mindeposit:
 *   '10' }, { pubkey, utxos, height, privateKey })
 */
export function buildRewardsCreateFunding(
  params: RewardsCreateFundingParams,
  context: BuildContext,
  state: RewardsCreateFundingState = {},
): BuildResult {
  const { name, amount, APR, mindays, maxdays, mindeposit } = builderParams(
    params,
    'buildRewardsCreateFunding',
    ['name', 'amount'],
    ['APR', 'mindays', 'maxdays', 'mindeposit'],
  )
  const ctx = checkContext(context)
  planName(name)
  const funds = amountParam(amount, 'amount', rewardsUnits.rewardscreatefunding.amount)
  if (funds <= 0n) throw daemonRefusal('funds must be positive', { amount: String(funds) })
  const apr = aprParam(APR)
  if (apr > MAX_APR) throw daemonRefusal('25% APR is maximum', { APR: String(apr) })
  const minseconds = mindays === undefined ? 60n * DAY : daysParam(mindays, 'mindays')
  if (minseconds < 0n) throw daemonRefusal('mindays must be non-negative')
  let maxseconds = 60n * DAY
  let deposit = 100n * COIN
  if (maxdays !== undefined) {
    maxseconds = daysParam(maxdays, 'maxdays')
    if (maxseconds <= 0n) throw daemonRefusal('maxdays must be positive')
    if (maxseconds < minseconds) throw daemonRefusal('maxdays must be greater than mindays')
    if (mindeposit !== undefined)
      deposit = amountParam(mindeposit, 'mindeposit', rewardsUnits.rewardscreatefunding.mindeposit)
    if (deposit <= 0n) throw daemonRefusal('mindeposit must be positive')
  } else if (mindeposit !== undefined)
    throw new KomodoCcError('BUILD_PARAMS', 'mindeposit is positional after maxdays: give maxdays too', {
      name: 'mindeposit',
    })
  const refuse = 'couldnt create rewards funding transaction'
  if (funds < COIN) throw daemonRefusal(refuse, { reason: 'the builder refuses funds below 1 coin' })
  if (minseconds > maxseconds)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `minseconds ${minseconds} > maxseconds ${maxseconds}: the daemon would create a plan no lock can satisfy (mindays above the default maxdays 60?)`,
      { minseconds: String(minseconds), maxseconds: String(maxseconds) },
    )
  for (const [i, p] of (state.plans ?? []).entries()) {
    const f = lastOpret(stateOutputs(p, undefined, `state.plans[${i}]`), decodeRewardsOpret)
    if (f !== undefined && f.funcid === 'F' && f.sbits === sbits(name))
      throw daemonRefusal(refuse, { reason: 'a plan with this name exists' }, 'BUILD_STATE')
  }
  const inputs = normalInputs(ctx, funds + 2n * ctx.fee, 64, refuse)
  const opret = encodeRewardsPayload({
    funcid: 'F',
    sbits: sbits(name),
    name,
    APR: apr,
    minseconds,
    maxseconds,
    mindeposit: deposit,
  })
  return done(
    inputs,
    [
      { value: funds, script: globalCc() },
      { value: MARKER, script: p2pkScript(rewardsPk()) },
    ],
    opret,
    ctx,
  )
}

/** State for {@link buildRewardsAddFunding}: the plan the daemon finds by name. @example const s: RewardsPlanState = { plan: fundingTxHex } */
export type RewardsPlanState = {
  /** The plan's funding ('F') transaction (the one whose name is `name`). */
  plan: StateTx
}

/**
 * The parameters of `rewardsaddfunding`, named as the daemon names them (same order as its RPC).
 * @example const p: RewardsAddFundingParams = { name, fundingtxid, amount }
 */
export type RewardsAddFundingParams = {
  name: string
  fundingtxid: string
  amount: AmountArg
}

/**
 * `rewardsaddfunding name fundingtxid amount`: `amount` to the rewards global CC address (vout 0), change, 'A' opret.
 * The daemon finds the plan by name and never checks `fundingtxid` (an 'A' output only counts for the plan whose
 * txid it names); this builder refuses a `fundingtxid` that is not the plan's. Normal inputs for amount + txfee, ≤ 64.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildRewardsAddFunding({ name: 'FREE', fundingtxid, amount: '100' }, ctx, { plan: fundingTx })
 */
export function buildRewardsAddFunding(
  params: RewardsAddFundingParams,
  context: BuildContext,
  state: RewardsPlanState,
): BuildResult {
  const { name, fundingtxid, amount } = builderParams(params, 'buildRewardsAddFunding', [
    'name',
    'fundingtxid',
    'amount',
  ])
  const ctx = checkContext(context)
  const id = txidParam(fundingtxid, 'fundingtxid')
  planName(name)
  const sats = amountParam(amount, 'amount', rewardsUnits.rewardsaddfunding.amount)
  if (sats < 0n) throw daemonRefusal('funding amount must be positive', { amount: String(sats) })
  const plan = planOf(state?.plan, name, undefined, `Rewards plan ${name} doesnt exist\n`)
  if (plan.fundingtxid !== id)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `fundingtxid ${id} is not plan ${name}'s (${plan.fundingtxid}): the daemon would build it, but the funds would count for no plan`,
      { plan: plan.fundingtxid },
    )
  const inputs = normalInputs(ctx, sats + ctx.fee, 64, 'cant find fundingtxid')
  if (sats === 0n) throw daemonRefusal('funding amount must be positive', { amount: '0' })
  const opret = encodeRewardsPayload({ funcid: 'A', sbits: sbits(name), name, fundingtxid: id })
  return done(inputs, [{ value: sats, script: globalCc() }], opret, ctx)
}

/**
 * State for {@link buildRewardsLock}: the plan and its available funding. @example const s: RewardsLockState = { plan:
 * fundingTxHex, funding: 110000000000n }
 */
export type RewardsLockState = RewardsPlanState & {
  /** The plan's unspent funding (`RewardsPlanFunds`: confirmed F/A/U outputs of the plan; `rewardsinfo.funding`). */
  funding: bigint
}

/**
 * The parameters of `rewardslock`, named as the daemon names them (same order as its RPC).
 * @example const p: RewardsLockParams = { name, fundingtxid, amount }
 */
export type RewardsLockParams = {
  name: string
  fundingtxid: string
  amount: AmountArg
}

/**
 * `rewardslock name fundingtxid amount`: locks `amount` at the rewards global CC address (vout 0); vout 1 = 10000 to
 * the caller (P2PK), the only script the unlock may pay; change; 'L' opret. The daemon refuses a deposit below the
 * plan's mindeposit and (silently) one above the plan's available funding. Normal inputs for amount + 2·txfee, ≤ 64.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildRewardsLock({ name: 'FREE', fundingtxid, amount: '200' }, ctx, { plan: fundingTx, funding: 100000000000n })
 */
export function buildRewardsLock(
  params: RewardsLockParams,
  context: BuildContext,
  state: RewardsLockState,
): BuildResult {
  const { name, fundingtxid, amount } = builderParams(params, 'buildRewardsLock', ['name', 'fundingtxid', 'amount'])
  const ctx = checkContext(context)
  const id = txidParam(fundingtxid, 'fundingtxid')
  planName(name)
  const deposit = amountParam(amount, 'amount', rewardsUnits.rewardslock.amount)
  const plan = planOf(state?.plan, name, undefined, `Rewards plan ${name} doesnt exist\n`)
  if (plan.fundingtxid !== id)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `fundingtxid ${id} is not plan ${name}'s (${plan.fundingtxid}): the lock could never be unlocked`,
      { plan: plan.fundingtxid },
    )
  if (deposit < plan.plan.mindeposit)
    throw daemonRefusal(
      `Rewards plan ${name} deposit ${formatCoins(deposit)} < mindeposit ${formatCoins(plan.plan.mindeposit)}\n`,
      { deposit: String(deposit) },
    )
  if (typeof state.funding !== 'bigint')
    throw new KomodoCcError('BUILD_STATE', "state.funding expected the plan's available funding in satoshis (bigint)")
  if (state.funding < deposit)
    throw daemonRefusal(
      'couldnt create rewards lock transaction',
      { reason: 'plan funding is below the deposit', funding: String(state.funding) },
      'BUILD_STATE',
    )
  const inputs = normalInputs(
    ctx,
    deposit + 2n * ctx.fee,
    64,
    `cant find enough inputs ${formatCoins(state.funding)} not enough for ${formatCoins(deposit)}, make sure you imported privkey for the -pubkey address\n`,
  )
  if (deposit <= 0n) throw daemonRefusal('amount must be positive')
  const opret = encodeRewardsPayload({ funcid: 'L', sbits: sbits(name), name, fundingtxid: id })
  return done(
    inputs,
    [
      { value: deposit, script: globalCc() },
      { value: MARKER, script: p2pkScript(ctx.pubkey) },
    ],
    opret,
    ctx,
  )
}

/** One lock candidate as the daemon's address index shows it. @example const c: RewardsLockCandidate = { tx: lockTxHex, blockTime: 1700000000 } */
export type RewardsLockCandidate = {
  /** The lock transaction ('L'), or its txid and outputs. */
  tx: StateTx
  /** Time of the block holding it; null/absent while unconfirmed. */
  blockTime?: number | null
  /** False when its vout 0 is already spent (default: unspent). */
  unspent?: boolean
}

/**
 * State for {@link buildRewardsUnlock}. @example const s: RewardsUnlockState = { plan, locks: [{ tx: lockHex, blockTime
 * }], funding: [addUtxo], fundingTxs: [addHex], tipTime }
 */
export type RewardsUnlockState = RewardsPlanState & {
  /** Unspent outputs at the rewards global CC address the daemon would consider: with a txid, the one lock; without,
   *  every candidate in the node's order (the first 'L' of this plan ≥ 2^30 satoshis is taken). */
  locks: readonly RewardsLockCandidate[]
  /** The plan's unspent F/A/U funding outputs at the rewards global CC address (vout 0 of its funding transactions
   *  as the daemon makes them), in the node's order. Each one spent is checked against its transaction: `plan`, one
   *  of `locks`, or one of `fundingTxs`. */
  funding: readonly Utxo[]
  /** The transactions of the `funding` outputs (the plan's 'A' add-fundings and 'U' unlocks) when they are not among
   *  `locks` (the plan itself is `plan`). A funding output whose transaction is in none of them is refused. */
  fundingTxs?: readonly StateTx[]
  /** The chain tip's block time (what the reward is computed against). */
  tipTime: number
  /** For KMD itself the formula switch is by height (see {@link rewardsPayout}). */
  chain?: 'KMD' | 'asset'
  /** Tip height (KMD formula switch). */
  tipHeight?: number
}

/**
 * Result of {@link buildRewardsUnlock}: the build, the reward prediction and the mode used. @example
 * buildRewardsUnlock({ name, fundingtxid, txid: locktxid }, ctx, state).payout.reward
 */
export type RewardsUnlockResult = BuildResult & { payout: RewardsPayout; mode: 'normal' | 'recover' }

/**
 * The parameters of `rewardsunlock`, named as the daemon names them (same order as its RPC).
 * @example const p: RewardsUnlockParams = { name, fundingtxid }
 */
export type RewardsUnlockParams = {
  name: string
  fundingtxid: string
  txid?: string | undefined
}

/**
 * `rewardsunlock name fundingtxid [txid]`: spends the lock (vin 0, signed with the public rewards key) and enough plan
 * funding for reward + txfee (each ≥ (reward+txfee)/30, at most 30); vout 0 = CC change at the rewards address
 * (inputs − reward − txfee, or 0), vout 1 = amount + reward to the lock's vout 1 script, vout 2 = 'U' opret. No normal
 * inputs, no normal change. Without enough funding: the recover form (vin 0 only; amount − 20000 to the lock's vout 1
 * script, 10000 change to the caller, 'U'). The reward is {@link rewardsPayout}; a reward ≤ 10000 sat gives the
 * daemon's `reward N is <= the transaction fee`. Every input is signed with the published rewards key, so the
 * result is always signed. Where the daemon would build a transaction consensus rejects (a recover by someone other
 * than the locker; funding between reward + txfee and reward + 2·txfee), this builder refuses. Each funding output it
 * spends must be an output (at the rewards global CC address) of the plan's 'F' or of an 'A'/'U' of the plan, its
 * transaction given in `state.plan`,
 * `state.locks` or `state.fundingTxs` (else `BUILD_STATE`, `details.claim: 'plan funding'`).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | BUILD_INPUTS | INSUFFICIENT_FUNDS | AMOUNT_RANGE
 * @example buildRewardsUnlock({ name: 'FREE', fundingtxid, txid: locktxid }, ctx, { plan, locks: [{ tx: lockTx, blockTime }], funding, tipTime })
 */
export function buildRewardsUnlock(
  params: RewardsUnlockParams,
  context: BuildContext,
  state: RewardsUnlockState,
): RewardsUnlockResult {
  const { name, fundingtxid, txid } = builderParams(params, 'buildRewardsUnlock', ['name', 'fundingtxid'], ['txid'])
  const ctx = checkContext(context)
  const id = txidParam(fundingtxid, 'fundingtxid')
  planName(name)
  const lockid = txid === undefined ? undefined : txidParam(txid, 'txid')
  if (lockid === id) throw daemonRefusal('Rewards plan cant unlock fundingtxid')
  if (typeof state !== 'object' || state === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { plan, locks, funding, tipTime }')
  const plan = planOf(state.plan, name, undefined, 'Rewards plan does not exist')
  if (plan.fundingtxid !== id)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `fundingtxid ${id} is not plan ${name}'s (${plan.fundingtxid}): the unlock would fail validation`,
      { plan: plan.fundingtxid },
    )
  if (!Array.isArray(state.locks))
    throw new KomodoCcError('BUILD_STATE', 'state.locks expected an array of { tx, blockTime?, unspent? }')
  if (!Number.isInteger(state.tipTime))
    throw new KomodoCcError('BUILD_STATE', 'state.tipTime expected the tip block time (integer seconds)')
  const cc = globalCc()
  const read = state.locks.map((l, i) => ({ l, s: stateOutputs(l.tx, undefined, `state.locks[${i}].tx`) }))
  let chosen: { l: RewardsLockCandidate; s: StateOutputs } | undefined
  if (lockid !== undefined) {
    chosen = read.find((c) => c.s.txid === lockid)
    const v0 = chosen?.s.vout[0]
    if (
      chosen === undefined ||
      chosen.l.unspent === false ||
      chosen.l.blockTime === undefined ||
      chosen.l.blockTime === null ||
      v0 === undefined ||
      !equalBytes(v0.script, cc)
    )
      throw daemonRefusal('locktxid/v0 is spent', { txid: lockid }, 'BUILD_STATE')
    const v1 = chosen.s.vout[1]
    if (v1 === undefined || isCcScript(v1.script))
      throw daemonRefusal('no normal vout.1 in locktxid', { txid: lockid }, 'BUILD_STATE')
    const op = lastOpret(chosen.s, decodeRewardsOpret)
    if (op === undefined || op.funcid !== 'L' || op.fundingtxid !== id)
      throw new KomodoCcError(
        'BUILD_STATE',
        `${lockid} is not an 'L' of plan ${id}: the unlock would fail validation (can only unlock locktxid)`,
        { txid: lockid },
      )
  } else {
    chosen = read.find((c) => {
      const v0 = c.s.vout[0]
      const op = lastOpret(c.s, decodeRewardsOpret)
      return (
        c.l.unspent !== false &&
        c.l.blockTime !== undefined &&
        c.l.blockTime !== null &&
        v0 !== undefined &&
        equalBytes(v0.script, cc) &&
        v0.value >= AUTO_UNLOCK_MIN &&
        op !== undefined &&
        op.funcid === 'L' &&
        op.sbits === plan.plan.sbits &&
        op.fundingtxid === id &&
        c.s.vout[1] !== undefined &&
        !isCcScript(c.s.vout[1].script)
      )
    })
  }
  const amount = chosen?.s.vout[0]?.value ?? 0n
  if (chosen === undefined || amount <= ctx.fee)
    throw daemonRefusal('amount must be more than txfee', { amount: String(amount) }, 'BUILD_STATE')
  const payTo = chosen.s.vout[1]!.script
  if (payTo.length === 0) throw daemonRefusal('invalid scriptPubKey', {}, 'BUILD_STATE')
  const payout = rewardsPayout(
    { apr: plan.plan.APR, minseconds: plan.plan.minseconds, maxseconds: plan.plan.maxseconds },
    { amount, blockTime: chosen.l.blockTime ?? null },
    state.tipTime,
    state.chain === undefined
      ? {}
      : state.tipHeight === undefined
        ? { chain: state.chain }
        : { chain: state.chain, height: state.tipHeight },
  )
  const reward = payout.reward
  if (reward <= ctx.fee)
    throw daemonRefusal(`reward ${reward} is <= the transaction fee`, { reward: String(reward) }, 'BUILD_STATE')
  const lockInput: InputPlan = {
    kind: 'cc',
    utxo: { txid: chosen.s.txid, vout: 0, satoshis: amount, script: cc },
    role: 'global',
    condition: cc1of1(EVAL, rewardsPk()),
    evalCode: EVAL,
  }
  const need = reward + ctx.fee
  const threshold = need / 30n
  const funding: InputPlan[] = []
  let total = 0n
  if (!Array.isArray(state.funding)) throw new KomodoCcError('BUILD_STATE', 'state.funding expected an array of UTXOs')
  const known = knownTxs(plan.outputs, read, state.fundingTxs)
  const seen = new OutpointSet()
  for (const [i, u] of state.funding.entries()) {
    if (total >= need || funding.length >= 30) break
    checkUtxo(u, `state.funding[${i}]`)
    if (u.satoshis < threshold || !seen.take(u, 'state.funding')) continue
    if (!equalBytes(u.script, cc))
      throw new KomodoCcError('BUILD_STATE', `state.funding[${i}] is not at the rewards global CC address`, {
        name: `state.funding[${i}]`,
      })
    planFunding(u, known, plan.plan.sbits, id, `state.funding[${i}]`)
    funding.push({ kind: 'cc', utxo: u, role: 'global', condition: cc1of1(EVAL, rewardsPk()), evalCode: EVAL })
    total += u.satoshis
  }
  const opret = encodeRewardsPayload({ funcid: 'U', sbits: sbits(name), name, fundingtxid: id })
  const signing: CheckedContext =
    ctx.privateKey === undefined ? { ...ctx, privateKey: hexToBytes(REWARDS.privkey) } : ctx
  if (total >= need) {
    const ccChange = total >= need + ctx.fee ? total - need : 0n
    if (ccChange === 0n && total !== need)
      throw new KomodoCcError(
        'BUILD_INPUTS',
        `funding inputs total ${total} sat, between reward + txfee (${need}) and reward + 2·txfee: the daemon ` +
          `would burn the surplus as fee and validation rejects that (txfee is too high)`,
        { total: String(total), need: String(need) },
      )
    const r = done(
      [lockInput, ...funding],
      [
        { value: ccChange, script: cc },
        { value: amount + reward, script: payTo },
      ],
      opret,
      signing,
    )
    return Object.assign(r, { payout, mode: 'normal' as const })
  }
  if (!equalBytes(payTo, p2pkScript(ctx.pubkey)))
    throw new KomodoCcError(
      'BUILD_STATE',
      `the plan's funding (${total} sat) cannot pay reward + txfee (${need}); the recover form the daemon ` +
        `would build pays the change to the caller and validation accepts it only from the locker (${bytesToHex(payTo)})`,
      { funding: String(total), need: String(need) },
    )
  if (amount <= 2n * ctx.fee)
    throw new KomodoCcError(
      'BUILD_STATE',
      `the lock (${amount} sat) is too small for the recover form (amount − 2·txfee)`,
      { amount: String(amount) },
    )
  const r = done([lockInput], [{ value: amount - 2n * ctx.fee, script: payTo }], opret, signing)
  return Object.assign(r, { payout, mode: 'recover' as const })
}
