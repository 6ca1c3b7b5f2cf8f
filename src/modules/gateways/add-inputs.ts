// komodod's AddGatewaysInputs (src/cc/gateways.cpp), the one implementation: gatewaysclaim's builder takes the
// gateway's token outputs with it; which outputs are candidates (the bind's vout 0, vout 1 of its 'W' and 'C') is
// `gatewayTokenInputs` (./resolve-lookups.ts).
import { cappedThreshold, takeCcInputs } from '../../cctx/add-inputs.js'

/** `maxinputs` of gatewaysclaim's `AddGatewaysInputs(cp, mtx, gatewayspk, bindtxid, amount, 60)` (src/cc/gateways.cpp). */
export const GATEWAYS_CLAIM_MAX_INPUTS = 60

/**
 * komodod's `AddGatewaysInputs` over the candidates, in the address index's order: `maxinputs` capped at
 * `CC_MAXVINS`; its threshold (`total / maxinputs`) is computed and never read, so no output is too small; an output
 * `accept` refuses is skipped uncounted; the rest are taken until their sum reaches `total` or `maxinputs` are taken.
 * With `total` or `maxinputs` 0 the daemon's test (`… && total != 0 && maxinputs != 0`) takes nothing.
 * @internal
 * @example addGatewaysInputs([{ satoshis: 1n }, { satoshis: 5n }], 3n, 60, () => true).inputs.length // 2
 */
export function addGatewaysInputs<U extends { readonly satoshis: bigint }>(
  candidates: readonly U[],
  total: bigint,
  maxinputs: number,
  accept: (u: U, index: number) => boolean,
): { inputs: U[]; sum: bigint } {
  if (total === 0n || maxinputs === 0) return { inputs: [], sum: 0n }
  return takeCcInputs(candidates, 0n, total, cappedThreshold(total, maxinputs).maxinputs, accept)
}
