// What a build does, read back from its bytes: the inspector's call on a builder's result. Builders never import the
// inspector (importing one module's builders bundles no inspector); a caller who wants the reading asks for it here.
import { inspectTransaction, type InspectOptions, type Inspection } from './inspect/index.js'
import type { BuildResult } from './cctx/complete.js'

/**
 * `inspectTransaction(result.tx, { prevouts })` with the spent values the build carries (`result.inputs[i].satoshis`,
 * so `fee` is computed): what the transaction does, read back from its bytes. The same as
 * `inspectTransaction(result.tx, { prevouts: result.inputs.map((i) => ({ value: i.satoshis })) })`.
 * @param options - further inspector options (chain, pubkeys, oracleFormat); `prevouts` is the build's
 * @throws KomodoCcError ARG_INVALID for bad options
 * @example inspectBuild(result).method // 'oraclesdata' (result: a buildOraclesData result)
 */
export function inspectBuild(
  result: Pick<BuildResult, 'tx' | 'inputs'>,
  options: Omit<InspectOptions, 'prevouts'> = {},
): Inspection {
  return inspectTransaction(result.tx, { ...options, prevouts: result.inputs.map((i) => ({ value: i.satoshis })) })
}
