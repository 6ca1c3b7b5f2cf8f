// komodod's token input rule (AddTokenCCInputs), written once: the resolvers' `tokenInputs`, the devnet's token
// balance, the token builders' re-check of the UTXOs they are given and gateways' builders all call it.
import { takeCcInputs } from '../../cctx/add-inputs.js'
import { CC_MAXVINS } from '../../tx/types.js'

/**
 * `maxinputs` at every call of `AddTokenCCInputs` that moves tokens in the daemon (tokentransfer, gatewayswithdraw,
 * the assets orders: src/cc/CCtokens.cpp `CreateTokenTransfer`, src/cc/gateways.cpp `GatewaysWithdraw`).
 * gatewaysbind takes 64.
 * @example TOKEN_MAX_INPUTS // 60
 */
export const TOKEN_MAX_INPUTS = 60

/**
 * komodod's `AddTokenCCInputs` loop (src/cc/CCtokens.cpp) over candidate outputs in the node's order:
 * - the threshold is `total / maxinputs` (integer division; `/ CC_MAXVINS` when `maxinputs` is 0): an output below it
 *   is skipped before anything else is looked at;
 * - `accept(u, i)` is the rest of the daemon's per-output test (not already an input, on the token address, a valid
 *   token output of the tokenid, not spent in the mempool); a caller may throw from it instead of skipping;
 * - an accepted output is taken, and the loop stops once the sum reaches `total` (when `total > 0`) or `maxinputs`
 *   are taken (when `maxinputs > 0`).
 *
 * `total = 0, maxinputs = 0` is the daemon's balance (`CCtoken_balance`): every accepted output.
 * @returns the outputs taken, in order, and their sum (which may fall short of `total`: the caller refuses then)
 * @example addTokenCcInputs(utxos, 500n, TOKEN_MAX_INPUTS, (u) => isValid(u)).sum
 */
export function addTokenCcInputs<U extends { readonly satoshis: bigint }>(
  candidates: readonly U[],
  total: bigint,
  maxinputs: number,
  accept: (u: U, index: number) => boolean,
): { inputs: U[]; sum: bigint } {
  // threshold = total / (maxinputs != 0 ? maxinputs : CC_MAXVINS); no cap on maxinputs
  return takeCcInputs(candidates, total / BigInt(maxinputs !== 0 ? maxinputs : CC_MAXVINS), total, maxinputs, accept)
}
