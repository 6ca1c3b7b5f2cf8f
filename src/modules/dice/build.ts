import { KomodoCcError } from '../../errors.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import {
  DICE_ENTROPY_FUNCIDS,
  DICE_MIN_PLAN_OUTPUT,
  dicePlanFunds,
  diceFinishInputs,
  diceGlobalSnapshot,
} from './plan.js'
import { ByteSnapshot } from '../../bytes/snapshot.js'
import { formatCoins, type AmountArg } from '../../amount.js'
import { diceUnits } from './units.js'
import { cc1of1 } from '../../cc/condition.js'
import { DICE_CC, EVAL as EVAL_CODES } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import { classifyScript } from '../../script/classify.js'
import { sbits as nameToSbits, assertPlanName } from '../../sbits.js'
import { decodeDiceOpret, encodeDicePayload, type DiceFundingOpret, type DiceOpret } from './opret.js'
import { diceOutcome, type DiceOutcome } from './outcome.js'
import { diceHashEntropy } from './entropy.js'
import { parseTransaction, txid as txidOf } from '../../tx/codec.js'
import type { Transaction, TxOutput } from '../../tx/types.js'
import { checkContext, daemonRefusal, type BuildContext, type CheckedContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { ccDuration, type BlockStamp } from '../../cctx/duration.js'
import { finalizeCcTx } from '../../cctx/finalize.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { amountParam, normalInputs, stateTx, txidOfParsed, txidParam, type TxLike } from '../../cctx/common.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'

const EVAL = EVAL_CODES.DICE
const DICE = DICE_CC
const COIN = 100_000_000n
const ZERO32 = '00'.repeat(32)
/** dicefund's limits (komodo src/cc/dice.cpp). */
const DICE_MAX_ODDS = 9999n
const DICE_MAX_TIMEOUT = 1440n
const DICE_MIN_FUNDS = 100n * COIN
/** dicebet needs at least this many entropy UTXOs in the plan. @example planTxs.length >= DICE_MIN_ENTROPY_UTXOS */
export const DICE_MIN_ENTROPY_UTXOS = 100

const diceCond = () => cc1of1(EVAL, DICE.pubkey)
/** The Dice global CC script as a private snapshot: for comparisons (`.matches(script)`), never placed in a transaction. */
const diceScriptSnapshot = diceGlobalSnapshot
/** The Dice global CC script (a fresh copy: callers may place it in outputs). */
const diceScript = () => diceScriptSnapshot().bytes.slice()

// Decoded dice oprets, per script object: a bet scans every plan transaction's opret (100+) on every build, and the
// same transactions come back build after build. An entry is reused only while the script still holds exactly the
// bytes of the entry's private copy, so a script changed in place is decoded again. Entries are frozen (read-only).
const OPRETS = /* @__PURE__ */ new WeakMap<Uint8Array, { copy: ByteSnapshot; op: DiceOpret | null }>()

function decodeOrNull(script: Uint8Array | string): DiceOpret | null {
  try {
    return decodeDiceOpret(script)
  } catch {
    return null
  }
}

/** A transaction's last-output dice opret, or null. */
function diceOpretOf(tx: Transaction): DiceOpret | null {
  const last = tx.vout[tx.vout.length - 1]
  if (last === undefined) return null
  const script = last.script
  if (!(script instanceof Uint8Array)) return decodeOrNull(script)
  const hit = OPRETS.get(script)
  if (hit !== undefined && hit.copy.matches(script)) return hit.op
  const op = decodeOrNull(script)
  if (op !== null) Object.freeze(op)
  OPRETS.set(script, { copy: new ByteSnapshot(script), op })
  return op
}

/** The plan as the daemon's `DiceInit` reads it from the funding transaction. */
type Plan = { fundingtxid: string; opret: DiceFundingOpret; fundingPubKey: Uint8Array; tx: Transaction }

function dicePlan(funding: TxLike | undefined, fundingtxid: string, name: string, daemonError: string): Plan {
  if (funding === undefined)
    throw daemonRefusal(daemonError, { fundingtxid, reason: 'state.funding missing' }, 'BUILD_STATE')
  const tx = stateTx(funding, fundingtxid, 'state.funding')
  const op = diceOpretOf(tx)
  const v0 = tx.vout[0]
  if (
    op === null ||
    op.funcid !== 'F' ||
    tx.vout.length < 3 ||
    v0 === undefined ||
    !diceScriptSnapshot().matches(v0.script)
  )
    throw daemonRefusal(daemonError, { fundingtxid, reason: 'not a dice funding transaction' }, 'BUILD_STATE')
  if (op.sbits !== nameToSbits(name))
    throw daemonRefusal(
      daemonError,
      { fundingtxid, reason: `plan name ${JSON.stringify(name)} is not the plan's`, sbits: String(op.sbits) },
      'BUILD_STATE',
    )
  return { fundingtxid, opret: op, fundingPubKey: tx.vout[1]!.script, tx }
}

function intParam(v: number | bigint, name: string): bigint {
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  throw new KomodoCcError('BUILD_PARAMS', `${name} expected an integer (number or bigint), got ${String(v)}`, { name })
}

/** The house's private key: needed for every house commitment and reveal. */
function houseKey(ctx: CheckedContext): Uint8Array {
  if (ctx.privateKey === undefined)
    throw new KomodoCcError(
      'BUILD_STATE',
      'the house entropy derives from the house private key: give context.privateKey',
    )
  return ctx.privateKey
}

/**
 * The parameters of `dicefund`, named as the daemon names them (same order as its RPC).
 * @example const p: DiceFundParams = { name, funds, minbet, maxbet, maxodds, timeoutblocks }
 */
export type DiceFundParams = {
  name: string
  funds: AmountArg
  minbet: AmountArg
  maxbet: AmountArg
  maxodds: number | bigint
  timeoutblocks: number | bigint
}

/**
 * `dicefund name funds minbet maxbet maxodds timeoutblocks`: creates a dice plan. vout 0 = funds on the Dice global CC
 * address, vout 1 = 10000 P2PK to the house (the plan's `fundingPubKey`), vout 2 = 10000 P2PK to the Dice global
 * pubkey (the marker `dicelist` scans), change, 'F' opret. Normal inputs for funds + 3·txfee, at most 60.
 * @param params.funds - coins (text/number) or satoshis (bigint); at least 100 coins
 * @param state - `plans`: the dice funding transactions already on chain (what paid the Dice normal address), to
 *   refuse a second plan with the same name as the daemon does
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | AMOUNT_INVALID | …
 * @example
 * buildDiceFund({ name: 'KMDDice', funds: '777777', minbet: '0.777', maxbet: '7.77', maxodds: 777, timeoutblocks: 7 }, { pubkey, utxos, height, privateKey })
 */
export function buildDiceFund(
  params: DiceFundParams,
  context: BuildContext,
  state: { plans?: readonly TxLike[] } = {},
): BuildResult {
  const { name, funds, minbet, maxbet, maxodds, timeoutblocks } = builderParams(params, 'buildDiceFund', [
    'name',
    'funds',
    'minbet',
    'maxbet',
    'maxodds',
    'timeoutblocks',
  ])
  const ctx = checkContext(context)
  const { f, lo, hi, odds, timeout, bits } = diceFundTerms({ name, funds, minbet, maxbet, maxodds, timeoutblocks })
  if (state?.plans !== undefined && !Array.isArray(state.plans))
    throw new KomodoCcError('BUILD_STATE', 'state.plans expected an array of transactions')
  for (const p of state?.plans ?? []) {
    const tx = anyTx(p)
    const op = diceOpretOf(tx)
    if (op !== null && op.funcid === 'F' && op.sbits === bits)
      throw daemonRefusal(
        'Diceinit error in create funding, is your transaction confirmed?',
        { existing: txidOf(tx) },
        'BUILD_STATE',
      )
  }
  const inputs = normalInputs(ctx, f + 3n * ctx.fee, 60, 'cant find enough inputs')
  const fin = finalizeCcTx({
    inputs,
    outputs: [
      { value: f, script: diceScript() },
      { value: ctx.fee, script: p2pkScript(ctx.pubkey) },
      { value: ctx.fee, script: p2pkScript(hexToBytes(DICE.pubkey)) },
    ],
    opret: encodeDicePayload({
      funcid: 'F',
      sbits: bits,
      name: null,
      minbet: lo,
      maxbet: hi,
      maxodds: odds,
      timeoutblocks: timeout,
    }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, DICE)
}

/**
 * `dicefund`'s parameter checks in the daemon's order (the name, then `invalid parameter error`, then the 100-coin
 * minimum), before any chain look-up: the resolver runs them first.
 * @internal
 * @example diceFundTerms({ name: 'DICE', funds: '1000', minbet: '1', maxbet: '10', maxodds: 10, timeoutblocks: 5 }).bits
 */
export function diceFundTerms(params: DiceFundParams): {
  f: bigint
  lo: bigint
  hi: bigint
  odds: bigint
  timeout: bigint
  bits: bigint
} {
  const { name, funds, minbet, maxbet, maxodds, timeoutblocks } = params
  assertPlanName(name)
  const f = amountParam(funds, 'funds', diceUnits.dicefund.funds)
  const lo = amountParam(minbet, 'minbet', diceUnits.dicefund.minbet)
  const hi = amountParam(maxbet, 'maxbet', diceUnits.dicefund.maxbet)
  const odds = intParam(maxodds, 'maxodds')
  const timeout = intParam(timeoutblocks, 'timeoutblocks')
  if (f < 0n || lo < 0n || hi < 0n || odds < 1n || odds > DICE_MAX_ODDS || timeout < 0n || timeout > DICE_MAX_TIMEOUT)
    throw daemonRefusal('invalid parameter error', {
      funds: String(f),
      minbet: String(lo),
      maxbet: String(hi),
      maxodds: String(odds),
      timeoutblocks: String(timeout),
    })
  if (f < DICE_MIN_FUNDS) throw daemonRefusal('dice plan needs at least 100 coins', { funds: String(f) })
  return { f, lo, hi, odds, timeout, bits: nameToSbits(name) }
}

function anyTx(p: TxLike): Transaction {
  return typeof p === 'string' || p instanceof Uint8Array ? parseTransaction(p) : p
}

/** State for {@link buildDiceAddFunds}: the plan's funding transaction. @example const s: DiceAddFundsState = { funding: fundingTxHex } */
export type DiceAddFundsState = { funding: TxLike }

/**
 * The parameters of `diceaddfunds`, named as the daemon names them (same order as its RPC).
 * @example const p: DiceAddFundsParams = { name, fundingtxid, amount }
 */
export type DiceAddFundsParams = {
  name: string
  fundingtxid: string
  amount: AmountArg
}

/**
 * `diceaddfunds name fundingtxid amount`: the house adds an entropy UTXO. vout 0 = amount on the Dice global CC
 * address, vout 1 = 10000 to the plan's fundingPubKey script (the house tag), change, 'E' opret committing to
 * sha256(entropy) for vin 0's outpoint (derived from the house key: `context.privateKey` is required). Normal inputs
 * from the house address for amount + 2·txfee, at most 60.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | …
 * @example buildDiceAddFunds({ name: 'KMDDice', fundingtxid, amount: '10' }, houseCtx, { funding: fundingTxHex })
 */
export function buildDiceAddFunds(
  params: DiceAddFundsParams,
  context: BuildContext,
  state: DiceAddFundsState,
): BuildResult {
  const { name, fundingtxid, amount } = builderParams(params, 'buildDiceAddFunds', ['name', 'fundingtxid', 'amount'])
  const ctx = checkContext(context)
  assertPlanName(name)
  const id = txidParam(fundingtxid, 'fundingtxid')
  const sats = amountParam(amount, 'amount', diceUnits.diceaddfunds.amount)
  if (sats <= 0n) throw daemonRefusal('amount must be positive', { amount: String(sats) })
  const plan = dicePlan(state?.funding, id, name, 'Diceinit error in add funding, is your transaction confirmed?')
  if (!equalBytes(p2pkScript(ctx.pubkey), plan.fundingPubKey))
    throw daemonRefusal('only fund creator can add more funds (entropy)', {}, 'BUILD_STATE')
  const inputs = normalInputs(ctx, sats + 2n * ctx.fee, 60, 'cant find enough inputs')
  const key = houseKey(ctx)
  const vin0 = inputs[0]!.utxo
  const { hentropy } = diceHashEntropy({ txid: vin0.txid, vout: vin0.vout }, true, key)
  const fin = finalizeCcTx({
    inputs,
    outputs: [
      { value: sats, script: diceScript() },
      { value: ctx.fee, script: plan.fundingPubKey },
    ],
    opret: encodeDicePayload({
      funcid: 'E',
      sbits: plan.opret.sbits,
      name: null,
      fundingtxid: id,
      hash: bytesToHex(hentropy),
      proof: ZERO32,
    }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, DICE)
}

/** A plan output the daemon's `DicePlanFunds` would count: output 0 of one of the plan's transactions. */
type PlanOutput = { tx: Transaction; opret: DiceOpret; value: bigint; txid(): string; utxo(): Utxo }

/** `DicePlanFunds`: the plan's unspent index-0 outputs on the Dice global address ('B' excluded; the rule: ./plan.ts). */
function planOutputs(
  planTxs: readonly TxLike[] | undefined,
  plan: Plan,
  name: string,
  min = DICE_MIN_PLAN_OUTPUT,
): PlanOutput[] {
  if (planTxs === undefined) return []
  if (!Array.isArray(planTxs)) throw new KomodoCcError('BUILD_STATE', `${name} expected an array of transactions`)
  const out: PlanOutput[] = []
  const ref = { fundingtxid: plan.fundingtxid, sbits: plan.opret.sbits }
  // a transaction listed twice counts once: keyed by what it spends first (two transactions spending one outpoint
  // cannot both be on chain), compared by identity or txid only on a repeat
  const firstSpends = new Map<string, Transaction | Transaction[]>()
  for (const p of planTxs) {
    const tx = anyTx(p)
    const op = diceOpretOf(tx)
    const v0 = tx.vout[0]
    // DicePlanFunds' membership (./plan.ts); the funding transaction itself: dicePlan has just checked (this call)
    // that plan.tx is fundingtxid, so it is not hashed again
    const txid = () => (tx === plan.tx ? plan.fundingtxid : txidOfParsed(tx))
    if (op === null || v0 === undefined || dicePlanFunds(0, v0, op, txid, ref, min) === null) continue
    if (repeated(firstSpends, tx, name)) continue
    out.push(new PlanOutputImpl(tx, op, v0))
  }
  return out
}

/**
 * Whether `tx` repeats a plan transaction already seen (same first input); a different one spending it is refused.
 * Keyed by the txid text as given (a single entry per txid until a second one shares it: no allocation per tx).
 */
function repeated(firstSpends: Map<string, Transaction | Transaction[]>, tx: Transaction, name: string): boolean {
  const vin0 = tx.vin[0]
  if (vin0 === undefined) return false
  const seen = firstSpends.get(vin0.txid)
  if (seen === undefined) {
    firstSpends.set(vin0.txid, tx)
    return false
  }
  const list = Array.isArray(seen) ? seen : [seen]
  for (const prev of list) {
    if (prev.vin[0]!.vout !== vin0.vout) continue
    if (prev === tx || txidOfParsed(prev) === txidOfParsed(tx)) return true
    throw new KomodoCcError(
      'BUILD_STATE',
      `${name} holds two different transactions spending ${vin0.txid}:${vin0.vout}: at most one of them is on chain`,
      { name, txid: vin0.txid, vout: vin0.vout },
    )
  }
  list.push(tx)
  firstSpends.set(vin0.txid, list)
  return false
}

/** txids are computed only where needed (hashing every plan transaction would dominate a bet's build time). */
class PlanOutputImpl implements PlanOutput {
  readonly value: bigint
  private id: string | undefined
  constructor(
    readonly tx: Transaction,
    readonly opret: DiceOpret,
    private readonly v0: TxOutput,
  ) {
    this.value = v0.value
  }
  txid(): string {
    return (this.id ??= txidOfParsed(this.tx))
  }
  utxo(): Utxo {
    return { txid: this.txid(), vout: 0, satoshis: this.v0.value, script: this.v0.script }
  }
}

const diceInput = (utxo: Utxo): InputPlan => ({
  kind: 'cc',
  utxo,
  role: 'global',
  condition: diceCond(),
  evalCode: EVAL,
})

/**
 * State for {@link buildDiceBet}: the plan and its unspent outputs, as the daemon finds them. @example const s:
 * DiceBetState = { funding, planTxs: [fundingHex, ...entropyTxHexes] }
 */
export type DiceBetState = {
  funding: TxLike
  /**
   * The transactions whose output 0 is an unspent, confirmed output of this plan on the Dice global address ('F', 'E',
   * 'W', 'L', 'T', 'R'), in node order: they give the plan's funding, its entropy count and the entropy to use.
   */
  planTxs: readonly TxLike[]
  /** Bet against this entropy transaction (one of `planTxs`) instead of the first eligible one. */
  entropyTxid?: string
  /** The bettor's 32-byte entropy; default: derived from `context.privateKey` for the entropy outpoint, as the daemon. */
  bettorEntropy?: Uint8Array | string
  /** Txids whose output 0 a mempool transaction already spends: never chosen as entropy. */
  mempoolSpent?: readonly string[]
}

/**
 * The parameters of `dicebet`, named as the daemon names them (same order as its RPC).
 * @example const p: DiceBetParams = { name, fundingtxid, amount, odds }
 */
export type DiceBetParams = {
  name: string
  fundingtxid: string
  amount: AmountArg
  odds: number | bigint
}

/**
 * `dicebet name fundingtxid amount odds`: spends one house entropy UTXO (vin 0, signed with the public Dice key) and
 * reveals the bettor's entropy. vout 0 = the entropy value back to the Dice address, vout 1 = the bet there, vout 2 =
 * 10000 + odds P2PK to the bettor (where winnings go), change, 'B' opret. Normal inputs for bet + 2·txfee + odds,
 * at most 60. The daemon's checks in its order: odds 2..9999, the plan, min/max bet and max odds, funding ≥
 * 2·bet·odds + txfee with an entropy UTXO and at least 100 of them.
 * @param params.amount - coins (text/number) or satoshis (bigint)
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | …
 * @example buildDiceBet({ name: 'KMDDice', fundingtxid, amount: '7', odds: 7 }, bettorCtx, { funding, planTxs })
 */
export function buildDiceBet(params: DiceBetParams, context: BuildContext, state: DiceBetState): BuildResult {
  const { name, fundingtxid, amount, odds } = builderParams(params, 'buildDiceBet', [
    'name',
    'fundingtxid',
    'amount',
    'odds',
  ])
  const ctx = checkContext(context)
  if (typeof state !== 'object' || state === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { funding, planTxs }')
  const { id, bet, odds: o, plan } = diceBetTerms({ name, fundingtxid, amount, odds }, state.funding)
  const outs = planOutputs(state.planTxs, plan, 'state.planTxs')
  const funding = outs.reduce((s, x) => s + x.value, 0n)
  const entropies = outs.filter((x) => DICE_ENTROPY_FUNCIDS.includes(x.opret.funcid))
  const wanted = state.entropyTxid === undefined ? undefined : txidParam(state.entropyTxid, 'state.entropyTxid')
  const spent = new Set((state.mempoolSpent ?? []).map((t) => txidParam(t, 'state.mempoolSpent[]')))
  // the entropy the daemon picks: one tagged with the house's script, not spent in the mempool (a named one is taken
  // as named and refused below when spent, after the funding and entropy-count checks, in the daemon's order)
  const entropy = entropies.find(
    (x) =>
      equalBytes(x.tx.vout[1]?.script ?? new Uint8Array(0), plan.fundingPubKey) &&
      (wanted === undefined ? spent.size === 0 || !spent.has(x.txid()) : x.txid() === wanted),
  )
  if (funding >= 2n * bet * o + ctx.fee && entropy !== undefined) {
    if (entropies.length < DICE_MIN_ENTROPY_UTXOS)
      throw daemonRefusal(
        'Your dealer is broke, find a new casino.',
        { entropyUtxos: entropies.length, needed: DICE_MIN_ENTROPY_UTXOS },
        'INSUFFICIENT_FUNDS',
      )
    if (spent.has(entropy.txid()))
      throw daemonRefusal('entropy txid is spent', { entropyTxid: entropy.txid() }, 'BUILD_STATE')
    const normal = normalInputs(ctx, bet + 2n * ctx.fee + o, 60, 'cant find dice input')
    let bettorEntropy: Uint8Array
    if (state.bettorEntropy !== undefined)
      bettorEntropy =
        typeof state.bettorEntropy === 'string'
          ? hexToBytes(state.bettorEntropy, 'state.bettorEntropy')
          : state.bettorEntropy
    else if (ctx.privateKey !== undefined)
      bettorEntropy = diceHashEntropy({ txid: entropy.txid(), vout: 0 }, true, ctx.privateKey).entropy
    else
      throw new KomodoCcError(
        'BUILD_STATE',
        "the bettor entropy derives from the bettor's private key: give context.privateKey or state.bettorEntropy",
      )
    if (bettorEntropy.length !== 32)
      throw new KomodoCcError('BYTES_LENGTH', `state.bettorEntropy expected 32 bytes, got ${bettorEntropy.length}`)
    const fin = finalizeCcTx({
      inputs: [diceInput(entropy.utxo()), ...normal],
      outputs: [
        { value: entropy.value, script: diceScript() },
        { value: bet, script: diceScript() },
        { value: ctx.fee + o, script: p2pkScript(ctx.pubkey) },
      ],
      opret: encodeDicePayload({
        funcid: 'B',
        sbits: plan.opret.sbits,
        name: null,
        fundingtxid: id,
        hash: bytesToHex(bettorEntropy),
        proof: ZERO32,
      }),
      changePubkey: ctx.changePubkey,
      fee: ctx.fee,
      expiryHeight: ctx.expiryHeight,
    })
    return completeBuild(fin, ctx, DICE)
  }
  if (entropy === undefined && funding !== 0n)
    throw daemonRefusal('cant find dice entropy inputs', { funding: String(funding) }, 'INSUFFICIENT_FUNDS')
  throw daemonRefusal(
    'cant find dice input',
    { funding: String(funding), needed: String(2n * bet * o + ctx.fee) },
    'INSUFFICIENT_FUNDS',
  )
}

/** The plan, as the daemon's `Diceinit` finds it from the funding transaction. @internal */
export type DicePlan = Plan

/**
 * `dicebet`'s checks before the plan's funds are looked at, in the daemon's order: the name, `amount and odds must
 * be positive`, `odds must be between 2 and 9999`, the plan (`Diceinit error in bet, …`), then the plan's minimum
 * and maximum bet and maximum odds (`Dice plan <name> illegal bet …`). The resolver runs them before it reads the
 * plan's outputs.
 * @internal
 * @example diceBetTerms({ name: 'DICE', fundingtxid, amount: '1', odds: 2 }, fundingTxHex).plan.opret.maxbet
 */
export function diceBetTerms(
  params: DiceBetParams,
  funding: TxLike | undefined,
): { id: string; bet: bigint; odds: bigint; plan: Plan } {
  const { name, fundingtxid, amount, odds } = params
  const id = txidParam(fundingtxid, 'fundingtxid')
  const bet = amountParam(amount, 'amount', diceUnits.dicebet.amount)
  const o = intParam(odds, 'odds')
  assertPlanName(name)
  if (bet <= 0n || o <= 0n)
    throw daemonRefusal('amount and odds must be positive', { amount: String(bet), odds: String(o) })
  if (o < 2n || o > DICE_MAX_ODDS) throw daemonRefusal('odds must be between 2 and 9999', { odds: String(o) })
  const plan = dicePlan(funding, id, name, 'Diceinit error in bet, is your transaction confirmed?')
  const { minbet, maxbet, maxodds } = plan.opret
  if (bet < minbet || bet > maxbet || o > maxodds)
    throw daemonRefusal(
      `Dice plan ${name} illegal bet ${formatCoins(bet)}: minbet ${formatCoins(minbet)} maxbet ${formatCoins(maxbet)} or odds ${o} vs max.${maxodds}\n`,
      { bet: String(bet), odds: String(o) },
    )
  return { id, bet, odds: o, plan }
}

/** State for {@link buildDiceFinish}. @example const s: DiceFinishState = { funding, bet: betHex, entropyTx: entropyTxHex } */
export type DiceFinishState = {
  funding: TxLike
  /** The bet transaction. */
  bet: TxLike
  /** The bet's vin 0 transaction: the entropy transaction the bet consumed. */
  entropyTx: TxLike
  /** Bettor's timeout claim: the height of the block that confirmed the bet (the tip is `context.height`). */
  betHeight?: number
  /** Timeout claim: the time of the bet's block and of the tip (komodod's `DiceVerifyTimeout` compares them too). */
  betTime?: number
  tipTime?: number
  /** The plan's unspent outputs (as {@link DiceBetState.planTxs}): extra inputs when a win exceeds entropy + bet. */
  planTxs?: readonly TxLike[]
  /** House: the other bet this entropy was already revealed to (the daemon's in-memory table): builds an 'R' refund. */
  revealedTo?: string
}

/** {@link buildDiceFinish}'s result: the build, which answer it is, and for W/L the outcome it follows. @example r.funcid === (r.outcome?.win ? 'W' : 'L') */
export type DiceFinishResult = BuildResult & { funcid: 'W' | 'L' | 'T' | 'R'; outcome?: DiceOutcome }

/**
 * The parameters of `dicefinish`, named as the daemon names them (same order as its RPC).
 * @example const p: DiceFinishParams = { name, fundingtxid, bettxid }
 */
export type DiceFinishParams = {
  name: string
  fundingtxid: string
  bettxid: string
}

/**
 * `dicefinish name fundingtxid bettxid`. Called by the house (context.pubkey's P2PK is the plan's fundingPubKey): reveals
 * the house entropy of the consumed entropy transaction and answers 'W' (pays (odds+1)·bet to the bet's vout 2 script)
 * or 'L' (keeps the bet), exactly as {@link diceOutcome} decides, committing a new entropy for its own vin 0; or 'R'
 * (refund) when the entropy was already revealed to another bet. Called by anyone else after the bet timed out: 'T',
 * paid like a win. Inputs: vin 0 = one normal input ≥ 2·txfee, vin 1/2 = the bet's outputs 0/1, then plan UTXOs if a
 * win needs more; change goes to the house.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | …
 * @example buildDiceFinish({ name: 'KMDDice', fundingtxid, bettxid }, houseCtx, { funding, bet, entropyTx })
 */
export function buildDiceFinish(
  params: DiceFinishParams,
  context: BuildContext,
  state: DiceFinishState,
): DiceFinishResult {
  const { name, fundingtxid, bettxid } = builderParams(params, 'buildDiceFinish', ['name', 'fundingtxid', 'bettxid'])
  const ctx = checkContext(context)
  const { id, betId, plan, betTx, betOp, entropyTx } = diceFinishTerms({ name, fundingtxid, bettxid }, state)
  const dealer = equalBytes(p2pkScript(ctx.pubkey), plan.fundingPubKey)
  const housePk = housePubkey(plan.fundingPubKey)
  const [bv0, bv1, bv2] = [betTx.vout[0]!, betTx.vout[1]!, betTx.vout[2]!]
  let funcid: DiceFinishResult['funcid']
  let houseEntropy: Uint8Array | undefined
  let outcome: DiceOutcome | undefined
  if (dealer) {
    const key = houseKey(ctx)
    const eop = diceOpretOf(entropyTx)
    const tagged = entropyTx.vout[1] !== undefined && equalBytes(entropyTx.vout[1].script, plan.fundingPubKey)
    if (
      eop === null ||
      eop.funcid === 'F' ||
      !DICE_ENTROPY_FUNCIDS.includes(eop.funcid) ||
      eop.sbits !== plan.opret.sbits ||
      eop.fundingtxid !== id ||
      !tagged ||
      entropyTx.vin.length === 0
    )
      throw daemonRefusal(
        'couldnt create dicefinish transaction',
        { reason: "the bet's entropy transaction is not an E/W/L of this house" },
        'BUILD_STATE',
      )
    const committed = (eop as { hash: string }).hash
    const v0 = entropyTx.vin[0]!
    for (const usevout of [false, true]) {
      const e = diceHashEntropy({ txid: v0.txid, vout: v0.vout }, usevout, key)
      if (bytesToHex(e.hentropy) === committed) {
        houseEntropy = e.entropy
        break
      }
    }
    if (houseEntropy === undefined)
      throw daemonRefusal(
        'couldnt create dicefinish transaction',
        { reason: 'the house key does not reproduce the entropy commitment' },
        'BUILD_STATE',
      )
    outcome = diceOutcome({
      bet: bv1.value,
      vout2Value: bv2.value,
      minbet: plan.opret.minbet,
      maxbet: plan.opret.maxbet,
      maxodds: plan.opret.maxodds,
      houseEntropy,
      bettorEntropy: (betOp as { hash: string }).hash,
    })
    funcid = outcome.win ? 'W' : 'L'
  } else funcid = 'T'
  const normal = normalInputs(ctx, 2n * ctx.fee, 3, 'no txfee inputs for win/lose')
  if (dealer && state.revealedTo !== undefined) {
    const other = txidParam(state.revealedTo, 'state.revealedTo')
    if (other === betId) throw daemonRefusal('DiceBetFinish: duplicate betTx', { bettxid: betId }, 'BUILD_STATE')
    funcid = 'R'
  }
  const betUtxo = (n: 0 | 1): Utxo => ({
    txid: betId,
    vout: n,
    satoshis: betTx.vout[n]!.value,
    script: betTx.vout[n]!.script,
  })
  for (const n of [0, 1] as const)
    if (!diceScriptSnapshot().matches(betTx.vout[n]!.script))
      throw new KomodoCcError('BUILD_STATE', `state.bet vout ${n} is not on the Dice global CC address`)
  const inputs: InputPlan[] = [...normal, diceInput(betUtxo(0)), diceInput(betUtxo(1))]
  if (funcid === 'T') {
    const h = state.betHeight
    const ok =
      h !== undefined &&
      Number.isInteger(h) &&
      typeof state.betTime === 'number' &&
      typeof state.tipTime === 'number' &&
      diceVerifyTimeout(
        { height: h, time: state.betTime },
        { height: context.height, time: state.tipTime },
        plan.opret.timeoutblocks,
      )
    if (!ok)
      throw daemonRefusal(
        'couldnt create dicefinish transaction',
        {
          reason:
            'the bet has not timed out: DiceVerifyTimeout needs it confirmed, timeoutblocks below the tip and the tip later in time than its block (or state.betHeight/betTime/tipTime is missing)',
          timeoutblocks: String(plan.opret.timeoutblocks),
        },
        'BUILD_STATE',
      )
  }
  let outputs: TxOutput[]
  if (funcid === 'W' || funcid === 'T') {
    const odds = bv2.value - ctx.fee
    if (odds < 1n || odds > plan.opret.maxodds)
      throw daemonRefusal(`illegal odds.${odds} vs maxodds.${plan.opret.maxodds}\n`, { odds: String(odds) })
    const payout = (odds + 1n) * bv1.value
    const need = ctx.fee + payout
    let ccChange = bv0.value + bv1.value
    if (ccChange >= need) ccChange -= need
    else {
      // AddDiceInputs (src/cc/dice.cpp) has no 10000-sat floor (DicePlanFunds has): only its need/maxinputs threshold
      const outs = planOutputs(state.planTxs, plan, 'state.planTxs', 0n).filter(
        (x) => x.txid() !== betId && x.txid() !== betTx.vin[0]!.txid,
      )
      // DiceBetFinish: AddDiceInputs(…, need, 1) (one output of at least `need`), else AddDiceInputs(…, need, 60)
      const extra = diceFinishInputs(
        outs.map((x) => ({ satoshis: x.value, x })),
        need,
      ).map((c) => c.x)
      const sum = extra.reduce((s, x) => s + x.value, 0n)
      if (extra.length === 0)
        throw daemonRefusal(
          `not enough inputs for ${formatCoins(need)}\n`,
          { need: String(need) },
          'INSUFFICIENT_FUNDS',
        )
      if (bv0.value + bv1.value + sum < need)
        throw new KomodoCcError(
          'INSUFFICIENT_FUNDS',
          `plan inputs ${sum} sat do not cover the payout: the daemon would build an unbalanced, invalid transaction`,
          { need: String(need), have: String(bv0.value + bv1.value + sum) },
        )
      inputs.push(...extra.map((x) => diceInput(x.utxo())))
      ccChange = bv0.value + bv1.value + sum - need
    }
    if (funcid === 'T' && !equalBytes(p2pkScript(ctx.pubkey), bv2.script))
      throw daemonRefusal('can only finish your own bettxid\n', {}, 'BUILD_STATE')
    outputs = [
      { value: ccChange, script: diceScript() },
      { value: ctx.fee, script: plan.fundingPubKey },
      { value: payout, script: bv2.script },
    ]
  } else if (funcid === 'L') {
    outputs = [
      { value: bv0.value + bv1.value, script: diceScript() },
      { value: ctx.fee, script: plan.fundingPubKey },
    ]
  } else {
    outputs = [
      { value: bv0.value, script: diceScript() },
      { value: ctx.fee, script: plan.fundingPubKey },
      { value: bv1.value, script: bv2.script },
    ]
  }
  let opret: Uint8Array
  if (funcid === 'T')
    opret = encodeDicePayload({
      funcid: 'T',
      sbits: plan.opret.sbits,
      name: null,
      fundingtxid: id,
      hash: ZERO32,
      proof: ZERO32,
    })
  else if (funcid === 'R')
    opret = encodeDicePayload({
      funcid: 'R',
      sbits: plan.opret.sbits,
      name: null,
      fundingtxid: id,
      hash: bytesToHex(houseEntropy!),
      oldbettxid: state.revealedTo!.toLowerCase(),
    })
  else {
    const vin0 = normal[0]!.utxo
    const next = diceHashEntropy({ txid: vin0.txid, vout: vin0.vout }, true, houseKey(ctx)).hentropy
    opret = encodeDicePayload({
      funcid,
      sbits: plan.opret.sbits,
      name: null,
      fundingtxid: id,
      hash: bytesToHex(next),
      proof: bytesToHex(houseEntropy!),
    })
  }
  const fin = finalizeCcTx({
    inputs,
    outputs,
    opret,
    changePubkey: housePk,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  const result = completeBuild(fin, ctx, DICE)
  return Object.assign(result, outcome === undefined ? { funcid } : { funcid, outcome })
}

/**
 * `dicefinish`'s checks of the plan and the bet before anything else is looked at, in the daemon's order: the name,
 * the plan (`Diceinit error in finish, …`), the bet and its entropy transaction (`couldnt find bettx or entropytx`),
 * and that the bet is a bet of this plan.
 * @internal
 * @example diceFinishTerms({ name: 'DICE', fundingtxid, bettxid }, { funding, bet, entropyTx }).betTx.vout[1]!.value
 */
export function diceFinishTerms(
  params: DiceFinishParams,
  state: Partial<Pick<DiceFinishState, 'funding' | 'bet' | 'entropyTx'>>,
): { id: string; betId: string; plan: Plan; betTx: Transaction; betOp: DiceOpret; entropyTx: Transaction } {
  const { name, fundingtxid, bettxid } = params
  assertPlanName(name)
  const id = txidParam(fundingtxid, 'fundingtxid')
  const betId = txidParam(bettxid, 'bettxid')
  if (typeof state !== 'object' || state === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { funding, bet, entropyTx }')
  const plan = dicePlan(state.funding, id, name, 'Diceinit error in finish, is your transaction confirmed?')
  if (state.bet === undefined || state.entropyTx === undefined)
    throw daemonRefusal('couldnt find bettx or entropytx', { bettxid: betId }, 'BUILD_STATE')
  const betTx = stateTx(state.bet, betId, 'state.bet')
  const betOp = diceOpretOf(betTx)
  if (
    betOp === null ||
    betOp.funcid !== 'B' ||
    betOp.sbits !== plan.opret.sbits ||
    betOp.fundingtxid !== id ||
    betTx.vout.length < 4 ||
    betTx.vin.length < 1
  )
    throw new KomodoCcError('BUILD_STATE', `state.bet ${betId} is not a bet of plan ${name} (${id})`)
  const entropyTx = stateTx(state.entropyTx, betTx.vin[0]!.txid, 'state.entropyTx')
  return { id, betId, plan, betTx, betOp, entropyTx }
}

/** The house pubkey of a fundingPubKey script (P2PK). */
function housePubkey(script: Uint8Array): Uint8Array {
  const c = classifyScript(script)
  if (c.type !== 'pubkey' || c.pubkeys === undefined)
    throw new KomodoCcError('BUILD_STATE', "the plan's fundingPubKey (funding vout 1) is not a P2PK script")
  return c.pubkeys[0]!
}

/** The Dice global CC script, CC1(0xe6, Dice global pubkey) (a fresh copy). @example bytesToHex(diceGlobalScript()) // '2ea22c80200095ece5ee…cc' */
export function diceGlobalScript(): Uint8Array {
  return diceScript()
}

/**
 * komodod's `DiceVerifyTimeout(betTx, timeoutblocks)` (src/cc/dice.cpp): a bet has timed out when `CCduration` of
 * its block is positive — confirmed, the tip above it and strictly later in time — and at least `timeoutblocks`
 * blocks lie between them. The builder's 'T' check and the devnet's validator both call this.
 * @example diceVerifyTimeout({ height: 10, time: 1000 }, { height: 17, time: 1420 }, 7n) // true
 */
export function diceVerifyTimeout(bet: BlockStamp | undefined, tip: BlockStamp, timeoutblocks: bigint): boolean {
  const { numblocks, duration } = ccDuration(bet, tip)
  if (duration <= 0) return false
  return BigInt(numblocks) >= timeoutblocks
}
