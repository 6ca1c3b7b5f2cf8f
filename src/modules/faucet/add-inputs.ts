// komodod's faucet input rule (AddFaucetInputs, src/cc/faucet.cpp), written once: the resolvers' `faucetInputs`
// (faucetget, faucetinfo's funding), the devnet through them, the builder's re-check of the UTXOs it is given and the
// offline `faucetinfo` call it.
import { cappedThreshold, takeCcInputs } from '../../cctx/add-inputs.js'

/** `AddFaucetInputs` takes only faucet outputs strictly above this value (`IsFaucetvout(…) > 1000000`: 0.01 coin). @example FAUCET_MIN_UTXO // 1000000n */
export const FAUCET_MIN_UTXO = 1_000_000n
/** faucetget's `maxinputs` (src/cc/faucet.cpp `FaucetGet`). @example FAUCET_MAX_INPUTS // 60 */
export const FAUCET_MAX_INPUTS = 60

/**
 * `AddFaucetInputs(total, maxinputs)` (src/cc/faucet.cpp) over the faucet address's unspent outputs in the node's
 * order: `maxinputs` capped at `CC_MAXVINS`; outputs below `total / maxinputs` (below `total` when `maxinputs` is 0)
 * skipped; then only outputs strictly above 0.01 coin that `accept` takes (not spent in the mempool; a builder's
 * duplicate check); until the sum reaches `total` (when above 0) or `maxinputs` are taken (when above 0).
 * `faucetget` asks (10,010,000, 60), `faucetinfo` (0, 0): every output above 0.01 coin.
 * @example addFaucetInputs(coins, 10_010_000n, FAUCET_MAX_INPUTS, (u) => !spentInMempool(u)).inputs
 */
export function addFaucetInputs<U extends { readonly satoshis: bigint }>(
  candidates: readonly U[],
  total: bigint,
  maxinputs: number,
  accept: (u: U, index: number) => boolean,
): { inputs: U[]; sum: bigint } {
  const { maxinputs: max, threshold } = cappedThreshold(total, maxinputs)
  return takeCcInputs(candidates, threshold, total, max, (u, i) => u.satoshis > FAUCET_MIN_UTXO && accept(u, i))
}
