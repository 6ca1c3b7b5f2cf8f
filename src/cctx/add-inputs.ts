// The loop that komodod's CC input gatherers share, written once. Each module's rule (its threshold, its per-output
// test) wraps it: tokens' AddTokenCCInputs (modules/tokens/add-inputs.ts), faucet's AddFaucetInputs
// (modules/faucet/add-inputs.ts), gateways' AddGatewaysInputs (modules/gateways/add-inputs.ts) and dice's
// AddDiceInputs as DiceBetFinish calls it (modules/dice/plan.ts).
import { CC_MAXVINS } from '../tx/types.js'

/**
 * The walk every komodod `Add…Inputs` makes over the unspent outputs of a CC address, in the node's order
 * (src/cc/CCtokens.cpp `AddTokenCCInputs`, faucet.cpp `AddFaucetInputs`, gateways.cpp `AddGatewaysInputs`, dice.cpp
 * `AddDiceInputs`): an output below `threshold` is skipped first, then one `accept` refuses (a caller may throw
 * instead); the rest are taken until the sum reaches `total` (when `total > 0`) or `maxinputs` are taken (when
 * `maxinputs > 0`). The gatherers differ only in the threshold and the per-output test they pass.
 * @returns the outputs taken, in order, and their sum (short of `total` when the candidates do not cover it)
 * @example takeCcInputs(utxos, 10n, 600n, 60, () => true).sum
 */
export function takeCcInputs<U extends { readonly satoshis: bigint }>(
  candidates: readonly U[],
  threshold: bigint,
  total: bigint,
  maxinputs: number,
  accept: (u: U, index: number) => boolean,
): { inputs: U[]; sum: bigint } {
  const inputs: U[] = []
  let sum = 0n
  for (const [i, u] of candidates.entries()) {
    if (u.satoshis < threshold || !accept(u, i)) continue
    inputs.push(u)
    sum += u.satoshis
    if ((total > 0n && sum >= total) || (maxinputs > 0 && inputs.length >= maxinputs)) break
  }
  return { inputs, sum }
}

/**
 * `maxinputs` as `AddFaucetInputs`, `AddGatewaysInputs` and `AddDiceInputs` cap it (`if (maxinputs > CC_MAXVINS)
 * maxinputs = CC_MAXVINS`), and their threshold: `total / maxinputs`, or `total` itself when `maxinputs` is 0.
 * (`AddTokenCCInputs` divides by `CC_MAXVINS` when `maxinputs` is 0 and has no cap.)
 * @example cappedThreshold(600n, 60) // { maxinputs: 60, threshold: 10n }
 */
export function cappedThreshold(total: bigint, maxinputs: number): { maxinputs: number; threshold: bigint } {
  const max = Math.min(maxinputs, CC_MAXVINS)
  return { maxinputs: max, threshold: max > 0 ? total / BigInt(max) : total }
}
