import { KomodoCcError } from '../errors.js'
import { MAX_MONEY } from '../amount.js'
import { OutpointSet } from './outpoints.js'
import { p2pkScript } from '../script/script.js'
import { opretScript } from '../modules/opret.js'
import { CC_MAXVINS, CC_TXFEE, SAPLING_VERSION_GROUP_ID, type Transaction, type TxOutput } from '../tx/types.js'
import type { InputPlan } from './types.js'

/** What a module builder hands to {@link finalizeCcTx}. */
export type FinalizeRequest = {
  /** Inputs in the order the module added them (normal inputs, then CC inputs, as the daemon's builders do). */
  inputs: readonly InputPlan[]
  /** The module's outputs, in order, before change and opret. */
  outputs: readonly TxOutput[]
  /** The OP_RETURN payload (not the script); omitted or empty for no opret. */
  opret?: Uint8Array
  /** `mypk`: the change owner (33 bytes). */
  changePubkey: Uint8Array
  /** Fee (default 10000, the only value the daemon's builders use). */
  fee?: bigint
  /** nExpiryHeight: the next block height + 200 by default in komodod. */
  expiryHeight: number
  lockTime?: number
}

/** The unsigned transaction and how to sign each of its inputs (same order as `tx.vin`). */
export type FinalizedTx = { tx: Transaction; plans: InputPlan[]; fee: bigint; change: bigint }

/**
 * FinalizeCCTx (komodo src/cc/CCtx.cpp) without the signing: moves normal inputs 2..k of the leading run behind the
 * CC inputs (so vin 0 is normal and vin 1 the first CC input), appends a P2PK change output to `changePubkey` only
 * when inputs ≥ outputs + 2·fee (a smaller surplus is all fee, as the daemon does), then the opret with value 0.
 * Sapling v4, lock time 0, every sequence 0xffffffff. Unlike the daemon, refuses to build a transaction whose outputs
 * exceed its inputs, that spends one outpoint twice (`BUILD_INPUTS`, naming it), or whose inputs, outputs, any one
 * of them or the fee lie outside 0..MAX_MONEY (`AMOUNT_RANGE`: consensus rejects them).
 * @throws KomodoCcError INSUFFICIENT_FUNDS | BUILD_INPUTS | AMOUNT_RANGE | SCRIPT_TOO_LARGE
 * @example finalizeCcTx({ inputs, outputs, opret, changePubkey: mypk, expiryHeight: height + 201 })
 */
export function finalizeCcTx(req: FinalizeRequest): FinalizedTx {
  const fee = req.fee ?? CC_TXFEE
  const plans = reorderInputs(req.inputs)
  if (plans.length > CC_MAXVINS)
    throw new KomodoCcError('BUILD_INPUTS', `${plans.length} inputs, FinalizeCCTx allows at most ${CC_MAXVINS}`, {
      max: CC_MAXVINS,
    })
  moneyRange(fee, 'fee')
  const { totalIn, totalOut } = checkAmounts(plans, req.outputs)
  const vout: TxOutput[] = req.outputs.map((o) => ({ value: o.value, script: o.script }))
  let change = 0n
  if (totalIn >= totalOut + 2n * fee) {
    change = totalIn - totalOut - fee
    vout.push({ value: change, script: p2pkScript(req.changePubkey) })
  }
  if (req.opret !== undefined && req.opret.length > 0) vout.push({ value: 0n, script: opretScript(req.opret) })
  const tx = unsignedTx(plans, vout, req)
  return { tx, plans, fee: totalIn - totalOut - change, change }
}

/**
 * The P2PK change Tokel's `FinalizeCCV2Tx` drops as dust (`FINALIZECCTX_NO_CHANGE_WHEN_DUST`, which every v2 RPC
 * passes): `CTxOut::IsDust` with the default relay fee of 100 sat/kB, 3 × fee(44 + 148 bytes) = 57 sat.
 */
export const CCV2_CHANGE_DUST = 57n

/** The nSequence Tokel's normal-input gatherers give their inputs (0xfffffffe). @example TOKEL_NORMAL_INPUT_SEQUENCE // 4294967294 */
export const TOKEL_NORMAL_INPUT_SEQUENCE = 0xfffffffe

/**
 * FinalizeCCV2Tx (tokel src/cc/CCtx.cpp; spec tokel-v2 §3.2) without the signing: inputs stay in the order the
 * builder added them (no reordering), normal inputs with nSequence 0xfffffffe as Tokel's gatherers add them, change =
 * inputs − (outputs + fee) goes to a P2PK output of `changePubkey`
 * unless it is dust (below {@link CCV2_CHANGE_DUST}, then it is fee), then the opret. Refuses as
 * {@link finalizeCcTx} does (outputs above inputs, an outpoint spent twice, amounts outside MoneyRange).
 * @throws KomodoCcError INSUFFICIENT_FUNDS | BUILD_INPUTS | AMOUNT_RANGE | SCRIPT_TOO_LARGE
 * @example finalizeCcV2Tx({ inputs, outputs, opret, changePubkey: mypk, expiryHeight: height + 201 })
 */
export function finalizeCcV2Tx(req: FinalizeRequest): FinalizedTx {
  const fee = req.fee ?? CC_TXFEE
  const plans = req.inputs.slice()
  if (plans.length > CC_MAXVINS)
    throw new KomodoCcError('BUILD_INPUTS', `${plans.length} inputs, FinalizeCCV2Tx allows at most ${CC_MAXVINS}`, {
      max: CC_MAXVINS,
    })
  moneyRange(fee, 'fee')
  const { totalIn, totalOut } = checkAmounts(plans, req.outputs)
  const vout: TxOutput[] = req.outputs.map((o) => ({ value: o.value, script: o.script }))
  let change = 0n
  if (totalIn - totalOut - fee >= CCV2_CHANGE_DUST) {
    change = totalIn - totalOut - fee
    vout.push({ value: change, script: p2pkScript(req.changePubkey) })
  }
  if (req.opret !== undefined && req.opret.length > 0) vout.push({ value: 0n, script: opretScript(req.opret) })
  const tx = unsignedTx(plans, vout, req)
  // Tokel's AddNormalinputs / AddNormalinputsRemote add normal inputs with nSequence 0xfffffffe ("for TOKEL sequence
  // non-final to allow CLTV spending", tokel src/cc/CCtx.cpp); CC inputs keep the default 0xffffffff
  tx.vin.forEach((v, i) => {
    if (plans[i]!.kind !== 'cc') v.sequence = TOKEL_NORMAL_INPUT_SEQUENCE
  })
  return { tx, plans, fee: totalIn - totalOut - change, change }
}

/** Every input once, amounts in MoneyRange, inputs ≥ outputs. */
function checkAmounts(
  plans: readonly InputPlan[],
  outputs: readonly TxOutput[],
): { totalIn: bigint; totalOut: bigint } {
  const seen = new OutpointSet()
  let totalIn = 0n
  for (const p of plans) {
    if (!seen.take(p.utxo, 'inputs'))
      throw new KomodoCcError(
        'BUILD_INPUTS',
        `inputs spend outpoint ${p.utxo.txid.toLowerCase()}:${p.utxo.vout} twice`,
        { txid: p.utxo.txid.toLowerCase(), vout: p.utxo.vout },
      )
    totalIn += moneyRange(p.utxo.satoshis, 'input')
  }
  moneyRange(totalIn, 'inputs total')
  let totalOut = 0n
  for (const o of outputs) totalOut += moneyRange(o.value, 'output')
  moneyRange(totalOut, 'outputs total')
  if (totalIn < totalOut)
    throw new KomodoCcError('INSUFFICIENT_FUNDS', `inputs ${totalIn} sat are below outputs ${totalOut} sat`, {
      inputs: String(totalIn),
      outputs: String(totalOut),
    })
  return { totalIn, totalOut }
}

/** The unsigned Sapling v4 transaction of the finalizers. */
function unsignedTx(plans: readonly InputPlan[], vout: TxOutput[], req: FinalizeRequest): Transaction {
  return {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: plans.map((p) => ({
      txid: p.utxo.txid,
      vout: p.utxo.vout,
      scriptSig: new Uint8Array(0),
      sequence: 0xffffffff,
    })),
    vout,
    lockTime: req.lockTime ?? 0,
    expiryHeight: req.expiryHeight,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
}

/** `MoneyRange` (komodod amount.h): 0 ≤ v ≤ MAX_MONEY, else AMOUNT_RANGE. */
function moneyRange(v: bigint, what: string): bigint {
  if (v < 0n || v > MAX_MONEY)
    throw new KomodoCcError('AMOUNT_RANGE', `${what} ${v} sat is outside 0..${MAX_MONEY} (MAX_MONEY)`, {
      name: what,
      got: String(v),
      max: String(MAX_MONEY),
    })
  return v
}

/**
 * FinalizeCCTx's input reordering: with k > 1 normal inputs before the first CC input (and at least one CC input),
 * normal inputs 1..k-1 move, in order, to the end. `[N0, N1, N2, C0, C1]` → `[N0, C0, C1, N1, N2]`.
 * @example reorderInputs(plans)
 */
export function reorderInputs<T extends { kind: string }>(inputs: readonly T[]): T[] {
  let k = 0
  while (k < inputs.length && inputs[k]!.kind !== 'cc') k++
  const hasCc = k < inputs.length
  if (k <= 1 || !hasCc) return inputs.slice()
  return [inputs[0]!, ...inputs.slice(k), ...inputs.slice(1, k)]
}
