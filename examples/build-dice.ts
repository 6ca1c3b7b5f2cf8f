// README example: bet on a dice plan, then check the house's answer yourself.
import { buildDiceBet } from '../src/modules/dice/build.js'
import { diceOutcome } from '../src/modules/dice/outcome.js'
import { decodeDiceOpret, type DiceEntropyOpret, type DiceFundingOpret } from '../src/modules/dice/opret.js'
import { parseTransaction, txid as txidOf } from '../src/tx/codec.js'
import type { BuildContext } from '../src/cctx/context.js'
import type { Transaction } from '../src/tx/types.js'

/**
 * `dicebet KMDDice <fundingtxid> 1 2` from your coins; `planTxs` are the plan's unspent transactions (output 0 on the
 * Dice address: `getaddressutxos` of REabWB7KjFN5C3LFMZ5odExHPenYzHLtVw, then `getrawtransaction` of each).
 */
export function placeBet(fundingHex: string, planTxs: readonly (string | Transaction)[], wallet: BuildContext) {
  const funding = parseTransaction(fundingHex)
  const fundingtxid = txidOf(funding) // the plan id (dicelist prints it)
  return buildDiceBet({ name: 'KMDDice', fundingtxid, amount: '1', odds: 2 }, wallet, { funding, planTxs })
}

/** After the house answered with `dicefinish` ('W' or 'L'), recompute the outcome from the two revealed entropies. */
export function verifyHouse(fundingHex: string, betHex: string, finishHex: string) {
  const plan = decodeDiceOpret(parseTransaction(fundingHex).vout.at(-1)!.script) as DiceFundingOpret
  const bet = parseTransaction(betHex)
  const finish = parseTransaction(finishHex)
  const answer = decodeDiceOpret(finish.vout.at(-1)!.script) as DiceEntropyOpret
  const outcome = diceOutcome({
    bet: bet.vout[1]!.value,
    vout2Value: bet.vout[2]!.value,
    minbet: plan.minbet,
    maxbet: plan.maxbet,
    maxodds: plan.maxodds,
    houseEntropy: answer.proof,
    bettorEntropy: (decodeDiceOpret(bet.vout.at(-1)!.script) as DiceEntropyOpret).hash,
  })
  const honest = (answer.funcid === 'W') === outcome.win && (!outcome.win || finish.vout[2]!.value === outcome.payout)
  return { funcid: answer.funcid, outcome, honest }
}
