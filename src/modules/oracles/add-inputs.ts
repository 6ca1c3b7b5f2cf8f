// komodod's subscription input rule (AddOracleInputs, src/cc/oracles.cpp), written once: the resolvers'
// `oraclesSubscriptions` (which outputs are candidates), `buildOraclesData`'s re-check of the outputs it is given, and
// the publisher's `samplesPaid` (how many samples a set of outputs pays) call it.
import { takeCcInputs } from '../../cctx/add-inputs.js'

/** `AddOracleInputs` takes only outputs with `IsOraclesvout(…) >= 10000`. @example ORACLES_MIN_INPUT // 10000n */
export const ORACLES_MIN_INPUT = 10000n
/** oraclesdata's `maxinputs` (src/cc/oracles.cpp `OracleData`: `AddOracleInputs(…, datafee, 60)`). @example ORACLES_DATA_MAX_INPUTS // 60 */
export const ORACLES_DATA_MAX_INPUTS = 60

/**
 * `AddOracleInputs(cp, mtx, oracletxid, pk, total, maxinputs)` (src/cc/oracles.cpp) over the publisher's CC outputs in
 * the node's order: no threshold; an output is taken when it holds at least 10000 and `accept` takes it (an 'S' or 'D'
 * of the oracle, not spent in the mempool; a builder's duplicate check); until the sum reaches `total` (when above 0)
 * or `maxinputs` are taken (when above 0).
 * @example addOracleInputs(subscriptions, datafee, ORACLES_DATA_MAX_INPUTS, () => true).sum
 */
export function addOracleInputs<U extends { readonly satoshis: bigint }>(
  candidates: readonly U[],
  total: bigint,
  maxinputs: number,
  accept: (u: U, index: number) => boolean,
): { inputs: U[]; sum: bigint } {
  return takeCcInputs(candidates, 0n, total, maxinputs, (u, i) => u.satoshis >= ORACLES_MIN_INPUT && accept(u, i))
}
