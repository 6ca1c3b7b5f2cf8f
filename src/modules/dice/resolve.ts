// The dice resolvers (issue 18): `dicefund`, `diceaddfunds`, `dicebet` and `dicefinish` find their chain state
// through a ChainView as komodod's src/cc/dice.cpp does (DicePlanExists, DicePlanFunds, AddDiceInputs, DiceBetFinish),
// then call the builders; and `diceInfo`, the daemon's `diceinfo` computed from a view.
import { KomodoCcError } from '../../errors.js'
import { equalBytes } from '../../bytes/utils.js'
import { p2pkhAddress } from '../../address/address.js'
import { KMD, type ChainParams } from '../../address/chain.js'
import { ccAddress } from '../../cc/address.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { ccScriptParts, classifyScript } from '../../script/classify.js'
import { formatCoins, type AmountArg } from '../../amount.js'
import { diceUnits } from './units.js'
import { daemonRefusal } from '../../cctx/context.js'
import { amountParam, txidParam } from '../../cctx/common.js'
import { builderParams } from '../../cctx/params.js'
import type { BuildResult } from '../../cctx/complete.js'
import type { ChainUtxo, ChainView } from '../../cctx/types.js'
import {
  buildContextOf,
  normalCoins,
  outpointKey,
  StateReader,
  methodResolver,
  type MethodResolver,
  type ResolveContext,
  type VerifiedTx,
  readerOf,
} from '../../cctx/resolve.js'
import {
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  buildDiceFund,
  diceBetTerms,
  diceFinishTerms,
  diceFundTerms,
  diceGlobalScript,
  type DiceFinishResult,
  type DicePlan,
} from './build.js'
import { decodeDiceOpret, type DiceOpret } from './opret.js'
import { DICE_ENTROPY_FUNCIDS, dicePlanFunds } from './plan.js'
import type { DiceInfo } from './info.js'

const DICE = /* @__PURE__ */ ccModule('Dice')
/** `(int32_t)prevout.n < 0`: the daemon's test for a coinbase input (its null prevout has n = 0xffffffff). */
const NEGATIVE_INT32 = 0x80000000

const diceCcAddress = (chain: ChainParams | undefined) => ccAddress(EVAL.DICE, DICE.pubkey, chain ?? KMD)
const diceNormalAddress = (chain: ChainParams | undefined) => p2pkhAddress(DICE.pubkey, chain ?? KMD)

// ---------------------------------------------------------------------------------------------------------------
// Parameters

/**
 * The parameters of {@link resolveDiceFund}, named as the daemon names them (same order as its RPC).
 * `funds`, `minbet`, `maxbet`: a bigint is satoshis, a decimal string or an exact number is coins (the daemon takes
 * coins); `maxodds`, `timeoutblocks`: integers (a number, a bigint or decimal digits, as the daemon's `atol`).
 * @example const p: DiceFundResolveParams = { name: 'DICE', funds: '1000', minbet: '1', maxbet: '10', maxodds: 10, timeoutblocks: 5 }
 */
export type DiceFundResolveParams = {
  name: string
  funds: AmountArg
  minbet: AmountArg
  maxbet: AmountArg
  maxodds: number | bigint | string
  timeoutblocks: number | bigint | string
}

/**
 * The parameters of {@link resolveDiceAddFunds}: `amount` is satoshis as a bigint, coins as a decimal string or an
 * exact number (the daemon takes coins).
 * @example const p: DiceAddFundsResolveParams = { name: 'DICE', fundingtxid, amount: '1' }
 */
export type DiceAddFundsResolveParams = { name: string; fundingtxid: string; amount: AmountArg }

/**
 * The parameters of {@link resolveDiceBet}: `amount` is satoshis as a bigint, coins as a decimal string or an exact
 * number (the daemon takes coins); `odds` an integer (number, bigint or decimal digits).
 * @example const p: DiceBetResolveParams = { name: 'DICE', fundingtxid, amount: '1', odds: 2 }
 */
export type DiceBetResolveParams = {
  name: string
  fundingtxid: string
  amount: AmountArg
  odds: number | bigint | string
}

/**
 * The parameters of {@link resolveDiceFinish}, named as the daemon names them.
 * @example const p: DiceFinishResolveParams = { name: 'DICE', fundingtxid, bettxid }
 */
export type DiceFinishResolveParams = { name: string; fundingtxid: string; bettxid: string }

/** An integer parameter as the daemon's `atol` would take it, strictly: a safe integer, a bigint, or decimal digits. */
function intArg(v: unknown, name: string): bigint {
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  if (typeof v === 'string' && /^-?\d{1,19}$/.test(v)) return BigInt(v)
  throw new KomodoCcError('BUILD_PARAMS', `${name} expected an integer (number, bigint or decimal digits)`, { name })
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** A transaction through the reader, or undefined when the chain source does not know it (`myGetTransaction` == 0). */
async function maybeTx(reader: StateReader, txid: string): Promise<VerifiedTx | undefined> {
  try {
    return await reader.tx(txid)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND') return undefined
    throw e
  }
}

/**
 * Several transactions that may be unknown: one batched round trip; when the batch fails because one is unknown,
 * each is asked alone through a second reader (the first has memoised the failed batch), its round trips counted.
 */
async function maybeTxs(reader: StateReader, txids: readonly string[]): Promise<(VerifiedTx | undefined)[]> {
  if (txids.length <= 1) return Promise.all(txids.map((t) => maybeTx(reader, t)))
  try {
    return await reader.txs(txids)
  } catch (e) {
    if (!(e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND')) throw e
  }
  const alone = new StateReader(reader.view, reader.signal, reader.txCache)
  try {
    return await Promise.all(txids.map((t) => maybeTx(alone, t)))
  } finally {
    reader.roundTrips += alone.roundTrips
  }
}

/** The dice opret of a transaction's last output, or null (the daemon's `DecodeDiceOpRet` == 0). */
function lastDiceOpret(tx: VerifiedTx['tx']): DiceOpret | null {
  const last = tx.vout[tx.vout.length - 1]
  if (last === undefined) return null
  try {
    return decodeDiceOpret(last.script)
  } catch {
    return null
  }
}

/** The address-index key (kind and hash160) a script is filed under, or null (`Getscriptaddress`). */
function addressKey(script: Uint8Array): string | null {
  const h = classifyScript(script).hashes[0]
  return h === undefined ? null : `${h.kind}:${[...h.hash].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** A plan output `DicePlanFunds` counts, with what the daemon reads about it. */
type PlanOutput = {
  utxo: ChainUtxo
  vtx: VerifiedTx
  opret: DiceOpret
  /** 1-based position among the index-0 outputs listed at the dice address (the daemon's `loops`). */
  position: number
}

/** The plan's state at the dice global CC address, as `DicePlanFunds` (non-random pass) reads it. */
type PlanScan = {
  /** The plan's outputs it counts, in address-index order (mempool-spent ones included, as the daemon counts them). */
  outputs: PlanOutput[]
  /**
   * The plan's outputs `AddDiceInputs` (src/cc/dice.cpp) may take, in the same order: as {@link PlanScan.outputs}
   * without `DicePlanFunds`'s 10000-sat floor (AddDiceInputs only skips outputs below need/maxinputs).
   */
  inputs: PlanOutput[]
  funding: bigint
  entropytxs: number
  /** Outpoint keys of the dice address's outputs that mempool transactions spend. */
  spent: Set<string>
  /** Index-0 outputs listed at the address, and all outputs listed (the daemon's random walk reads both). */
  indexZero: number
  listed: number
  /** Confirmed outputs listed at the address (all of them: the bet's status is read from here). */
  confirmed: ChainUtxo[]
  /** The mempool's outputs to the address. */
  pending: ChainUtxo[]
}

type PlanRef = { fundingtxid: string; sbits: bigint; fundingPubKey: Uint8Array }

/**
 * `DicePlanFunds`: the confirmed unspent outputs at the dice address with index 0 whose transaction's dice opret
 * names this plan (its 'F' by txid, or its `fundingtxid`) with the plan's sbits, funcid R F E W L T, value ≥ 10000.
 * An output filed under the dice address that is not a CC output is skipped (komodod's CC index never lists it); one
 * that is not what its transaction says is the view's lie (CHAIN_MISMATCH, from the reader).
 */
async function scanPlan(reader: StateReader, plan: PlanRef, chain: ChainParams | undefined): Promise<PlanScan> {
  const address = diceCcAddress(chain)
  const global = diceGlobalScript()
  const globalKey = addressKey(global)
  const [confirmed, mempool] = await Promise.all([reader.unspent(address), reader.addressMempool(address)])
  const spent = new Set(mempool.spends.map((s) => outpointKey(s.txid, s.vout)))
  const txs = await reader.txs(confirmed.map((u) => u.txid)) // read and checked by `unspent` already
  const outputs: PlanOutput[] = []
  const inputs: PlanOutput[] = []
  let position = 0
  let funding = 0n
  let entropytxs = 0
  confirmed.forEach((u, i) => {
    // SetCCunspents(…, ccflag = true) reads index type 3 only: an output of another kind filed under the same hash
    // (P2PKH of it, a CLTV prefix) is never seen by DicePlanFunds (the reader checked it is filed here)
    if (addressKey(u.script) !== globalKey || ccScriptParts(u.script) === null) return
    if (u.vout !== 0) return
    position++
    const vtx = txs[i]!
    const opret = lastDiceOpret(vtx.tx)
    // DicePlanFunds' membership (./plan.ts), first without its 10000 floor: what a finish may spend (AddDiceInputs)
    if (dicePlanFunds(u.vout, vtx.tx.vout[u.vout], opret, () => vtx.txid, plan, 0n) === null) return
    inputs.push({ utxo: u, vtx, opret: opret!, position })
    const kind = dicePlanFunds(u.vout, vtx.tx.vout[u.vout], opret, () => vtx.txid, plan)
    if (kind === null) return
    outputs.push({ utxo: u, vtx, opret: opret!, position })
    funding += u.satoshis
    if (kind === 'entropy') entropytxs++
  })
  return {
    outputs,
    inputs,
    funding,
    entropytxs,
    spent,
    indexZero: position,
    listed: confirmed.length,
    confirmed,
    pending: mempool.outputs,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// dicebet's entropy

/**
 * One entropy output `dicebet` may spend: output 0 of an 'E', 'W' or 'L' of the plan that the daemon's
 * `DicePlanFunds` accepts as entropy (see {@link resolveDiceBet}).
 * @example const c: DiceEntropyCandidate = { txid, funcid: 'E', satoshis: 100000000n, height: 12, position: 3 }
 */
export type DiceEntropyCandidate = Readonly<{
  txid: string
  funcid: 'E' | 'W' | 'L'
  satoshis: bigint
  height: number
  /** 1-based position among the index-0 outputs the node lists at the dice address (the daemon's `loops`). */
  position: number
}>

/**
 * What a {@link DiceEntropyChooser} chooses from: every candidate, in the node's order, and the counts the
 * daemon's random walk depends on.
 * @example const c: DiceEntropyChoice = { candidates, indexZeroOutputs: 120, listedOutputs: 240 }
 */
export type DiceEntropyChoice = Readonly<{
  candidates: readonly DiceEntropyCandidate[]
  /** Index-0 outputs listed at the dice address (all plans). */
  indexZeroOutputs: number
  /** All outputs listed at the dice address (the daemon's `unspentOutputs.size()`). */
  listedOutputs: number
}>

/**
 * Chooses the entropy output of a bet among the daemon's candidates: returns a candidate's txid, or undefined for
 * the daemon's deterministic choice (the first candidate).
 * @example const first: DiceEntropyChooser = ({ candidates }) => candidates[0]?.txid
 */
export type DiceEntropyChooser = (choice: DiceEntropyChoice) => string | undefined

/**
 * The daemon's random entropy choice (`DicePlanFunds(…, random = true)`) driven by the caller's random source: a
 * start drawn in 0..⌊listed/2⌋, then each index-0 output from there taken with probability 1/10 (`rand() % 100 ≥
 * 90`); the first taken that is a candidate wins, and when none is, the deterministic first candidate (as the
 * daemon falls back). `random` returns numbers in [0, 1) (a seeded generator makes the choice reproducible); each
 * draw stands for one C `rand()` (0..2^31−1).
 * @throws KomodoCcError ARG_INVALID when `random` returns anything outside [0, 1)
 * @example await resolveDiceBet(params, ctx, { chooseEntropy: diceRandomEntropyChooser(Math.random) })
 */
export function diceRandomEntropyChooser(random: () => number): DiceEntropyChooser {
  if (typeof random !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'random expected a function returning numbers in [0, 1)', { name: 'random' })
  return ({ candidates, indexZeroOutputs, listedOutputs }) => {
    const rand = (): number => {
      const r = random()
      if (typeof r !== 'number' || !(r >= 0 && r < 1))
        throw new KomodoCcError('ARG_INVALID', `random returned ${String(r)}, expected a number in [0, 1)`, {
          name: 'random',
        })
      return Math.floor(r * 2 ** 31)
    }
    const startfrom = rand() % (Math.floor(listedOutputs / 2) + 1)
    const byPosition = new Map(candidates.map((c) => [c.position, c]))
    for (let loops = 1; loops <= indexZeroOutputs; loops++) {
      if (loops < startfrom) continue
      if (rand() % 100 < 90) continue
      const c = byPosition.get(loops)
      if (c !== undefined) return c.txid
    }
    return undefined
  }
}

/**
 * Whether the daemon's `DicePlanFunds` takes this plan output as entropy, before its mempool check: an 'E', 'W' or
 * 'L' whose output 1 is the house's script, whose vin 0's transaction is known, is not a coinbase and has at least 2
 * outputs, and either vin 0 spends the funding transaction or that transaction's output 1 pays the house's address.
 */
function entropyShape(o: PlanOutput, plan: PlanRef): boolean {
  const tx = o.vtx.tx
  const v0 = tx.vin[0]
  return (
    DICE_ENTROPY_FUNCIDS.includes(o.opret.funcid) &&
    tx.vout[1] !== undefined &&
    equalBytes(tx.vout[1].script, plan.fundingPubKey) &&
    v0 !== undefined &&
    v0.vout < NEGATIVE_INT32
  )
}

function entropyFunding(o: PlanOutput, vinTx: VerifiedTx | undefined, plan: PlanRef): boolean {
  if (vinTx === undefined) return false // "cant find entropy vin0"
  const t = vinTx.tx
  if (t.vin[0] === undefined || t.vin[0].vout >= NEGATIVE_INT32 || t.vout.length < 2) return false // coinbase or strange
  const fundingtxid = (o.opret as { fundingtxid: string }).fundingtxid
  if (o.vtx.tx.vin[0]!.txid === fundingtxid) return true
  return (
    equalBytes(t.vout[1]!.script, plan.fundingPubKey) ||
    (addressKey(t.vout[1]!.script) !== null && addressKey(t.vout[1]!.script) === addressKey(plan.fundingPubKey))
  )
}

const candidateOf = (o: PlanOutput): DiceEntropyCandidate =>
  Object.freeze({
    txid: o.vtx.txid,
    funcid: o.opret.funcid as 'E' | 'W' | 'L',
    satoshis: o.utxo.satoshis,
    height: o.utxo.height,
    position: o.position,
  })

/**
 * The daemon's entropy candidates in order, checked against their vin-0 transactions in growing batches (1, 8,
 * 64, …) until `limit` are found (so the usual bet reads one more transaction, not one per entropy output).
 * `withSpent`: keep outputs spent in the mempool (to refuse a named one with the daemon's text).
 */
async function entropyCandidates(
  reader: StateReader,
  scan: PlanScan,
  plan: PlanRef,
  limit: number,
  withSpent = false,
): Promise<PlanOutput[]> {
  const shaped = scan.outputs.filter(
    (o) => entropyShape(o, plan) && (withSpent || !scan.spent.has(outpointKey(o.vtx.txid, 0))),
  )
  const out: PlanOutput[] = []
  let at = 0
  for (let size = 1; at < shaped.length && out.length < limit; size *= 8) {
    const batch = shaped.slice(at, at + size)
    at += batch.length
    const vins = await maybeTxs(
      reader,
      batch.map((o) => o.vtx.tx.vin[0]!.txid),
    )
    batch.forEach((o, i) => {
      if (out.length < limit && entropyFunding(o, vins[i], plan)) out.push(o)
    })
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Resolvers

/** The plan a funding transaction read through the view describes, for the scans. */
const planRef = (plan: DicePlan): PlanRef => ({
  fundingtxid: plan.fundingtxid,
  sbits: plan.opret.sbits,
  fundingPubKey: plan.fundingPubKey,
})

/**
 * `dicefund name funds minbet maxbet maxodds timeoutblocks`, key-local: refuses bad parameters first (`invalid
 * parameter error`, `dice plan needs at least 100 coins`), then reads the plans (`DicePlanExists`: the confirmed
 * transactions that paid the dice normal address, `getaddresstxids`, whose output 0 is the dice global CC script
 * and whose opret is an 'F') to refuse a name already taken (`Diceinit error in create funding, …`), and spends the
 * caller's coins as the daemon's wallet `AddNormalinputs` (confirmed then mempool, not spent in the mempool).
 * Look-ups: the plans' history and transactions, the caller's coins, the height (about 6 round trips).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | CHAIN_MISMATCH | …
 * @example
 * const r = await resolveDiceFund({ name: 'DICE', funds: '1000', minbet: '1', maxbet: '10', maxodds: 10, timeoutblocks: 5 }, { view, pubkey, privateKey })
 */
export async function resolveDiceFund(params: DiceFundResolveParams, ctx: ResolveContext): Promise<BuildResult> {
  const p = builderParams(params, 'resolveDiceFund', ['name', 'funds', 'minbet', 'maxbet', 'maxodds', 'timeoutblocks'])
  const terms = {
    name: p.name,
    funds: amountParam(p.funds, 'funds', diceUnits.dicefund.funds),
    minbet: amountParam(p.minbet, 'minbet', diceUnits.dicefund.minbet),
    maxbet: amountParam(p.maxbet, 'maxbet', diceUnits.dicefund.maxbet),
    maxodds: intArg(p.maxodds, 'maxodds'),
    timeoutblocks: intArg(p.timeoutblocks, 'timeoutblocks'),
  }
  diceFundTerms(terms) // the parameter refusals before any look-up
  const reader = readerOf(ctx)
  const global = diceGlobalScript()
  const [history, utxos, height] = await Promise.all([
    reader.history(diceNormalAddress(ctx.chain)),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ])
  const ids = [...new Set(history.map((h) => h.txid))]
  const txs = await reader.txs(ids)
  const plans = txs
    .filter((t) => t.tx.vout[0] !== undefined && equalBytes(t.tx.vout[0].script, global))
    .map((t) => t.tx)
  return buildDiceFund(terms, buildContextOf(ctx, utxos, height), { plans })
}

/**
 * `diceaddfunds name fundingtxid amount`, key-local (the house): reads the plan's funding transaction (chain or
 * mempool, as `myGetTransaction`) and spends the caller's **confirmed** coins not spent in the mempool (the daemon's
 * `AddNormalinputs2`, the -pubkey address only). The 'E' commitment derives from `context.privateKey` (required).
 * Look-ups: the funding transaction, the caller's coins, the height (about 5 round trips).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE (`Diceinit error in add funding, …`, `only fund creator can add
 *   more funds (entropy)`) | INSUFFICIENT_FUNDS (`cant find enough inputs`) | CHAIN_MISMATCH | …
 * @example const r = await resolveDiceAddFunds({ name: 'DICE', fundingtxid, amount: '1' }, { view, pubkey, privateKey })
 */
export async function resolveDiceAddFunds(
  params: DiceAddFundsResolveParams,
  ctx: ResolveContext,
): Promise<BuildResult> {
  const p = builderParams(params, 'resolveDiceAddFunds', ['name', 'fundingtxid', 'amount'])
  const id = txidParam(p.fundingtxid, 'fundingtxid')
  const amount = amountParam(p.amount, 'amount', diceUnits.diceaddfunds.amount)
  const reader = readerOf(ctx)
  const [funding, utxos, height] = await Promise.all([
    maybeTx(reader, id),
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
  ])
  return buildDiceAddFunds({ name: p.name, fundingtxid: id, amount }, buildContextOf(ctx, utxos, height), {
    funding: funding?.tx as VerifiedTx['tx'],
  })
}

/**
 * Options of {@link resolveDiceBet}.
 * @example const o: DiceBetOptions = { chooseEntropy: diceRandomEntropyChooser(seededRandom) }
 */
export type DiceBetOptions = {
  /**
   * Bet against this entropy transaction. It must be one of the daemon's candidates; one spent in the mempool is
   * refused with the daemon's `entropy txid is spent`.
   */
  entropyTxid?: string
  /** Chooses among the daemon's candidates where the daemon chooses at random; default: the first candidate. */
  chooseEntropy?: DiceEntropyChooser
  /** The bettor's 32 entropy bytes; default: derived from `context.privateKey` for the entropy outpoint, as the daemon. */
  bettorEntropy?: Uint8Array | string
}

/**
 * `dicebet name fundingtxid amount odds`, key-local. In the daemon's order: the parameters (`amount and odds must be
 * positive`, `odds must be between 2 and 9999`), the plan (`Diceinit error in bet, …`) and its limits (`Dice plan
 * <name> illegal bet …` for a bet below the plan's minimum, above its maximum or odds above its maximum) — all
 * refused before the plan's outputs are read; then `DicePlanFunds`: the plan's funding and entropy count from the
 * confirmed index-0 outputs at the dice address (mempool-spent ones counted, as the daemon counts them), and the
 * entropy output to spend.
 *
 * The entropy: the daemon's candidates are the plan's 'E'/'W'/'L' outputs, in address-index order, whose output 1
 * is the house's script (`fundingPubKey`), whose vin 0's transaction is known, not a coinbase and has ≥ 2 outputs,
 * with vin 0 spending the funding transaction or that transaction's output 1 paying the house's address, and not
 * spent in the mempool. The daemon prefers a random candidate (`DicePlanFunds(…, random)`) and falls back to the
 * first; this resolver is deterministic: the first candidate, unless `options.chooseEntropy` picks another (e.g.
 * {@link diceRandomEntropyChooser} with a seeded source) or `options.entropyTxid` names one. Coins: the caller's
 * wallet coins (`AddNormalinputs`, mempool included). The bettor entropy derives from `context.privateKey` unless
 * `options.bettorEntropy` is given.
 * Look-ups: the funding transaction, the dice address's unspent outputs and mempool (with their transactions), the
 * chosen entropy's vin-0 transaction, the caller's coins, the height (about 10 round trips).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE (`entropy txid is spent`) | INSUFFICIENT_FUNDS (`Your dealer is
 *   broke, find a new casino.`, `cant find dice entropy inputs`, `cant find dice input`) | CHAIN_MISMATCH | …
 * @example const r = await resolveDiceBet({ name: 'DICE', fundingtxid, amount: '1', odds: 2 }, { view, pubkey, privateKey })
 */
export async function resolveDiceBet(
  params: DiceBetResolveParams,
  ctx: ResolveContext,
  options: DiceBetOptions = {},
): Promise<BuildResult> {
  const p = builderParams(params, 'resolveDiceBet', ['name', 'fundingtxid', 'amount', 'odds'])
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object', { name: 'options' })
  const id = txidParam(p.fundingtxid, 'fundingtxid')
  const amount = amountParam(p.amount, 'amount', diceUnits.dicebet.amount)
  const odds = intArg(p.odds, 'odds')
  const named = options.entropyTxid === undefined ? undefined : txidParam(options.entropyTxid, 'options.entropyTxid')
  if (options.chooseEntropy !== undefined && typeof options.chooseEntropy !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'options.chooseEntropy expected a function', { name: 'chooseEntropy' })
  const reader = readerOf(ctx)
  const funding = await maybeTx(reader, id)
  const terms = { name: p.name, fundingtxid: id, amount, odds }
  const { plan, bet } = diceBetTerms(terms, funding?.tx) // refusals before the plan's outputs are read
  const ref = planRef(plan)
  const [scan, utxos, height] = await Promise.all([
    scanPlan(reader, ref, ctx.chain),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ])
  let entropy: PlanOutput | undefined
  if (named !== undefined) {
    const candidates = await entropyCandidates(reader, scan, ref, Infinity, true)
    entropy = candidates.find((o) => o.vtx.txid === named)
    if (entropy === undefined)
      throw new KomodoCcError(
        'BUILD_STATE',
        `options.entropyTxid ${named} is not an entropy output of plan ${p.name} the daemon would spend`,
        { entropyTxid: named },
      )
  } else if (options.chooseEntropy !== undefined) {
    const candidates = await entropyCandidates(reader, scan, ref, Infinity)
    const choice: DiceEntropyChoice = Object.freeze({
      candidates: Object.freeze(candidates.map(candidateOf)),
      indexZeroOutputs: scan.indexZero,
      listedOutputs: scan.listed,
    })
    const picked = options.chooseEntropy(choice)
    if (picked === undefined) entropy = candidates[0]
    else {
      const t = txidParam(picked, 'the chosen entropy txid')
      entropy = candidates.find((o) => o.vtx.txid === t)
      if (entropy === undefined)
        throw new KomodoCcError('ARG_INVALID', `options.chooseEntropy chose ${t}, which is not one of the candidates`, {
          name: 'chooseEntropy',
          txid: t,
        })
    }
  } else entropy = (await entropyCandidates(reader, scan, ref, 1))[0]
  if (entropy === undefined)
    // the daemon's answers without an entropy output (dice.cpp DiceBet's tail)
    throw daemonRefusal(
      scan.funding !== 0n ? 'cant find dice entropy inputs' : 'cant find dice input',
      { funding: String(scan.funding), needed: String(2n * bet * odds + (ctx.fee ?? 10000n)) },
      'INSUFFICIENT_FUNDS',
    )
  return buildDiceBet(terms, buildContextOf(ctx, utxos, height), {
    funding: plan.tx,
    planTxs: scan.outputs.map((o) => o.vtx.tx),
    entropyTxid: entropy.vtx.txid,
    mempoolSpent: scan.outputs.filter((o) => scan.spent.has(outpointKey(o.vtx.txid, 0))).map((o) => o.vtx.txid),
    ...(options.bettorEntropy === undefined ? {} : { bettorEntropy: options.bettorEntropy }),
  })
}

/**
 * Options of {@link resolveDiceFinish}.
 * @example const o: DiceFinishOptions = { revealedTo: otherBettxid }
 */
export type DiceFinishOptions = {
  /**
   * House: the other bet this entropy was already revealed to (the daemon keeps this in memory, for the answers it
   * broadcast itself): builds an 'R' refund instead of a W/L.
   */
  revealedTo?: string
}

/**
 * `dicefinish name fundingtxid bettxid`, key-local. Reads the plan's funding transaction, the bet and the bet's vin-0
 * (entropy) transaction (chain or mempool), then the dice address (confirmed unspent outputs and mempool):
 * - a bet whose output 1 is spent (on chain, or by a mempool transaction) is finished: refused with `BUILD_STATE`
 *   and `details.finished = true`, nothing built (the daemon of 2018 answered hex "0"; today's would build a double
 *   spend or fail);
 * - the house (`P2PK(context.pubkey)` is the plan's fundingPubKey) reveals the entropy of the consumed entropy
 *   transaction (from `context.privateKey`, required) and answers 'W' or 'L' (or 'R' with `options.revealedTo`);
 * - anyone else claims 'T' once the bet has timed out as komodod's `DiceVerifyTimeout` says: confirmed (its height
 *   from the address index), `timeoutblocks` below the tip, and the tip's time later than its block's (both read
 *   with the view's `getBlockTimes`; a view without it cannot claim 'T');
 * - vin 0: one confirmed coin of the caller not spent in the mempool (`AddNormalinputs2(2·txfee, 3)`); a W/T payout
 *   beyond the bet's two outputs takes plan outputs as `AddDiceInputs` does (confirmed, index 0, not spent in the
 *   mempool: one of at least the need, else up to 60 of at least need/60 until the need is met).
 * Look-ups: the funding and bet transactions, the entropy transaction, the dice address's unspent outputs and
 * mempool (with their transactions), the caller's coins, the height (about 10 round trips).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE (`Diceinit error in finish, …`, `couldnt find bettx or
 *   entropytx`, `couldnt create dicefinish transaction`, finished bet) | INSUFFICIENT_FUNDS | CHAIN_MISMATCH | …
 * @example const r = await resolveDiceFinish({ name: 'DICE', fundingtxid, bettxid }, { view, pubkey, privateKey })
 */
export async function resolveDiceFinish(
  params: DiceFinishResolveParams,
  ctx: ResolveContext,
  options: DiceFinishOptions = {},
): Promise<DiceFinishResult> {
  const p = builderParams(params, 'resolveDiceFinish', ['name', 'fundingtxid', 'bettxid'])
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object', { name: 'options' })
  const id = txidParam(p.fundingtxid, 'fundingtxid')
  const betId = txidParam(p.bettxid, 'bettxid')
  const reader = readerOf(ctx)
  const [funding, bet] = await Promise.all([maybeTx(reader, id), maybeTx(reader, betId)])
  const betVin0 = bet?.tx.vin[0]
  const entropy = betVin0 === undefined ? undefined : await maybeTx(reader, betVin0.txid)
  const terms = { name: p.name, fundingtxid: id, bettxid: betId }
  const { plan } = diceFinishTerms(terms, { funding: funding?.tx, bet: bet?.tx, entropyTx: entropy?.tx })
  const [scan, utxos, height] = await Promise.all([
    scanPlan(reader, planRef(plan), ctx.chain),
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
  ])
  // the bet's status, from its output 1 at the dice address
  const stake = outpointKey(betId, 1)
  const confirmedStake = scan.confirmed.find((u) => outpointKey(u.txid, u.vout) === stake)
  const pendingStake = scan.pending.find((u) => outpointKey(u.txid, u.vout) === stake)
  if ((confirmedStake === undefined && pendingStake === undefined) || scan.spent.has(stake))
    throw new KomodoCcError(
      'BUILD_STATE',
      `bet ${betId} is already finished: its output 1 is spent${scan.spent.has(stake) ? ' in the mempool' : ''}`,
      { bettxid: betId, finished: true },
    )
  if (options.revealedTo !== undefined) txidParam(options.revealedTo, 'options.revealedTo')
  // a timeout claim compares the tip's time with the bet block's (DiceVerifyTimeout → CCduration)
  const betHeight = confirmedStake !== undefined && confirmedStake.height > 0 ? confirmedStake.height : undefined
  const times =
    betHeight !== undefined && betHeight < height && typeof ctx.view.getBlockTimes === 'function'
      ? await reader.blockTimes([betHeight, height])
      : undefined
  return buildDiceFinish(terms, buildContextOf(ctx, utxos, height), {
    funding: plan.tx,
    bet: bet!.tx,
    entropyTx: entropy!.tx,
    ...(betHeight !== undefined ? { betHeight } : {}),
    ...(times !== undefined ? { betTime: times[0]!, tipTime: times[1]! } : {}),
    planTxs: scan.inputs.filter((o) => !scan.spent.has(outpointKey(o.vtx.txid, 0))).map((o) => o.vtx.tx),
    ...(options.revealedTo === undefined ? {} : { revealedTo: options.revealedTo }),
  })
}

// ---------------------------------------------------------------------------------------------------------------
// diceinfo

/**
 * The daemon's `diceinfo fundingtxid` from a chain source: the plan from its 'F' transaction (chain or mempool), its
 * `funding` and `entropytxs` as `DicePlanFunds` counts them (confirmed unspent index-0 outputs of the plan at the
 * dice address, those spent in the mempool included; 0 when the funding output 0 is not the dice CC script). The
 * result has the offline `diceinfo`'s form. Look-ups: the funding transaction, the dice address's unspent outputs
 * and mempool with their transactions (about 5 round trips).
 * @throws KomodoCcError TX_NOT_FOUND (`cant find fundingtxid`) | OPRET_FUNCID (`fundingtxid isnt dice creation
 *   txid`), each with the daemon's text in `details.daemonError` | CHAIN_MISMATCH | ARG_INVALID
 * @example const info = await diceInfo(new StateReader(view), fundingtxid) // { name: 'DICE', funding: '1100.00000000', … }
 */
export async function diceInfo(
  source: StateReader | ChainView,
  fundingtxid: string,
  options: { chain?: ChainParams } = {},
): Promise<DiceInfo<'offline'>> {
  const reader = source instanceof StateReader ? source : new StateReader(source)
  if (typeof fundingtxid !== 'string' || !/^[0-9a-fA-F]{64}$/.test(fundingtxid))
    throw new KomodoCcError('ARG_INVALID', 'fundingtxid expected a 64-digit hex txid (display order)', {
      name: 'fundingtxid',
    })
  const id = fundingtxid.toLowerCase()
  const t = await maybeTx(reader, id)
  if (t === undefined)
    throw new KomodoCcError('TX_NOT_FOUND', `cant find fundingtxid ${id}`, {
      txid: id,
      daemonError: 'cant find fundingtxid',
    })
  const f = lastDiceOpret(t.tx)
  if (f === null || f.funcid !== 'F')
    throw new KomodoCcError('OPRET_FUNCID', `transaction ${id} is not a dice funding ('F') transaction`, {
      txid: id,
      daemonError: 'fundingtxid isnt dice creation txid',
    })
  let funding = 0n
  let entropytxs = 0
  const v0 = t.tx.vout[0]
  if (t.tx.vout.length > 1 && v0 !== undefined && equalBytes(v0.script, diceGlobalScript())) {
    const scan = await scanPlan(
      reader,
      { fundingtxid: id, sbits: f.sbits, fundingPubKey: t.tx.vout[1]!.script },
      options.chain,
    )
    funding = scan.funding
    entropytxs = scan.entropytxs
  }
  return {
    result: 'success',
    fundingtxid: id,
    name: f.name ?? '',
    sbits: f.sbits,
    minbet: formatCoins(f.minbet),
    maxbet: formatCoins(f.maxbet),
    maxodds: f.maxodds,
    timeoutblocks: f.timeoutblocks,
    funding: formatCoins(funding),
    entropytxs,
  }
}

/**
 * The dice module's state-changing RPCs with their resolvers, for the wallet, the CLI and the devnet.
 * @example diceResolvers.find((r) => r.method === 'dicebet')!.resolve({ name, fundingtxid, amount: '1', odds: 2 }, ctx)
 */
export const diceResolvers = /* @__PURE__ */ Object.freeze([
  methodResolver('dicefund', ['name', 'funds', 'minbet', 'maxbet', 'maxodds', 'timeoutblocks'], resolveDiceFund),
  methodResolver('diceaddfunds', ['name', 'fundingtxid', 'amount'], resolveDiceAddFunds),
  methodResolver('dicebet', ['name', 'fundingtxid', 'amount', 'odds'], resolveDiceBet),
  methodResolver('dicefinish', ['name', 'fundingtxid', 'bettxid'], resolveDiceFinish),
])
