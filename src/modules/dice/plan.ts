// komodod's rule for which outputs belong to a dice plan (IsDicevout, DicePlanFunds in src/cc/dice.cpp), written once:
// the resolvers' plan scan, the builders' re-check of the plan transactions they are given, the offline `diceinfo` and
// the devnet's validator call it.
import { ByteSnapshot } from '../../bytes/snapshot.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import type { DiceOpret } from './opret.js'
import { cappedThreshold, takeCcInputs } from '../../cctx/add-inputs.js'

/** `DicePlanFunds` counts output 0 of a transaction with one of these funcids (src/cc/dice.cpp). @example DICE_PLAN_FUNCIDS.includes('E') // true */
export const DICE_PLAN_FUNCIDS = 'RFEWLT'
/** The plan outputs `DicePlanFunds` counts as entropy (its `n`, `entropytxs`). @example DICE_ENTROPY_FUNCIDS // 'EWL' */
export const DICE_ENTROPY_FUNCIDS = 'EWL'
/** `DicePlanFunds` takes a plan output only when `IsDicevout` gives at least this. @example DICE_MIN_PLAN_OUTPUT // 10000n */
export const DICE_MIN_PLAN_OUTPUT = 10000n

/** A plan as the rule names it: the 'F' transaction's txid and its sbits. @example const p: DicePlanRef = { fundingtxid, sbits } */
export type DicePlanRef = Readonly<{ fundingtxid: string; sbits: bigint }>

// Memo (STYLE rule 6 (c)): the Dice global CC script, public and fixed; one entry.
let globalScript: ByteSnapshot | undefined

/**
 * The Dice global CC script, CC1(0xe6, Dice global key), as a private snapshot: compare with `.matches(script)`;
 * never place `.bytes` in a transaction (take a copy).
 * @example diceGlobalSnapshot().matches(tx.vout[0].script)
 */
export function diceGlobalSnapshot(): ByteSnapshot {
  return (globalScript ??= new ByteSnapshot(ccScript(cc1of1(EVAL.DICE, ccModule(EVAL.DICE).pubkey))))
}

/**
 * Whether a transaction whose dice opret is `opret` belongs to `plan` (`IsDicevout`'s test, src/cc/dice.cpp): the
 * opret's sbits are the plan's, and it is the plan's 'F' (by txid: `DecodeDiceOpRet` gives an 'F' its own txid as
 * fundingtxid) or names the plan's fundingtxid. `txid` is asked only for an 'F'.
 * @example dicePlanOpret(opret, () => txid, { fundingtxid, sbits }) // true
 */
export function dicePlanOpret(opret: DiceOpret | null, txid: () => string, plan: DicePlanRef): boolean {
  if (opret === null || opret.sbits !== plan.sbits) return false
  return opret.funcid === 'F' ? txid() === plan.fundingtxid : opret.fundingtxid === plan.fundingtxid
}

/**
 * `IsDicevout` (src/cc/dice.cpp): the value of output `vout` when it is a CC output at the Dice global address (here:
 * exactly the Dice global script; an output with a vData tail is left out) of a transaction of `plan`
 * ({@link dicePlanOpret}), else 0.
 * @example diceVoutValue(tx.vout[0], opret, () => txid, plan) // 100000000n
 */
export function diceVoutValue(
  output: { readonly value: bigint; readonly script: Uint8Array } | undefined,
  opret: DiceOpret | null,
  txid: () => string,
  plan: DicePlanRef,
): bigint {
  if (output === undefined || !diceGlobalSnapshot().matches(output.script)) return 0n
  return dicePlanOpret(opret, txid, plan) ? output.value : 0n
}

/**
 * `DicePlanFunds`' membership test (src/cc/dice.cpp) for an unspent output `vout` of a transaction: output 0, a
 * funcid of {@link DICE_PLAN_FUNCIDS} ('B' bets are not funds), and `IsDicevout(…) ≥ min` (the daemon's 10000; a
 * caller that must see smaller plan outputs too passes 0n). 'entropy' for 'E', 'W', 'L' (what `dicebet` may spend),
 * 'funds' for 'R', 'F', 'T', null when the output is not the plan's.
 * @example dicePlanFunds(0, tx.vout[0], opret, () => txid, plan) // 'entropy'
 */
export function dicePlanFunds(
  vout: number,
  output: { readonly value: bigint; readonly script: Uint8Array } | undefined,
  opret: DiceOpret | null,
  txid: () => string,
  plan: DicePlanRef,
  min: bigint = DICE_MIN_PLAN_OUTPUT,
): 'entropy' | 'funds' | null {
  if (vout !== 0 || opret === null || !DICE_PLAN_FUNCIDS.includes(opret.funcid)) return null
  const value = diceVoutValue(output, opret, txid, plan)
  if (value === 0n || value < min) return null
  return DICE_ENTROPY_FUNCIDS.includes(opret.funcid) ? 'entropy' : 'funds'
}

/**
 * The plan outputs `DiceBetFinish` (src/cc/dice.cpp) takes to pay a win or a timeout its bet's own outputs do not
 * cover: `AddDiceInputs(cp, mtx, dicepk, need, 1, …)`, one output of at least `need`; when that finds none,
 * `AddDiceInputs(…, need, 60)`: outputs of at least `need / 60`, in order, until their sum reaches `need` or 60 are
 * taken. `AddDiceInputs` has no 10000-sat floor (DicePlanFunds has); which outputs are candidates (vout 0 of the plan's
 * R F E W L T, not spent) is the caller's. Empty when neither call takes anything (the daemon's "not enough inputs");
 * the sum may stay short of `need` (the daemon then builds a transaction its own validator refuses).
 * @internal
 * @example diceFinishInputs([{ satoshis: 9000n }, { satoshis: 50000n }], 40000n) // [{ satoshis: 50000n }]
 */
export function diceFinishInputs<U extends { readonly satoshis: bigint }>(candidates: readonly U[], need: bigint): U[] {
  const add = (max: number): U[] => {
    const { maxinputs, threshold } = cappedThreshold(need, max)
    return takeCcInputs(candidates, threshold, need, maxinputs, () => true).inputs
  }
  const one = add(1)
  return one.length > 0 ? one : add(60)
}
