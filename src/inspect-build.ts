// What a build does, read back from its bytes: the inspector's call on a builder's result. Builders never import the
// inspector (importing one module's builders bundles no inspector); a caller who wants the reading asks for it here.
import { inspectTransaction, type InspectOptions, type Inspection } from './inspect/index.js'
import { inspectWith } from './inspect/inspect.js'
import type { InspectorModules } from './inspect/modules.js'
import type { BuildResult } from './cctx/complete.js'
import { KomodoCcError } from './errors.js'

/**
 * `inspectTransaction(result.tx, { prevouts })` with the spent values the build carries (`result.inputs[i].satoshis`,
 * so `fee` is computed): what the transaction does, read back from its bytes. The same as
 * `inspectTransaction(result.tx, { prevouts: result.inputs.map((i) => ({ value: i.satoshis })) })`.
 * @param options - further inspector options (chain, pubkeys, oracleFormat); `prevouts` is the build's
 * @throws KomodoCcError ARG_INVALID when `result` is not a build result ({ tx, inputs[] }) or for bad options
 * @example inspectBuild(result).method // 'oraclesdata' (result: a buildOraclesData result)
 */
export function inspectBuild(
  result: Pick<BuildResult, 'tx' | 'inputs'>,
  options: Omit<InspectOptions, 'prevouts'> = {},
): Inspection {
  const prevouts = prevoutsOf(result) // checks `result` first
  return inspectTransaction(result.tx, { ...options, prevouts })
}

/**
 * {@link inspectBuild} with the modules of `set` only (what a wallet made for some modules reads its builds with).
 * @internal
 * @example inspectBuildWith(inspectorModules([tokensModule]), result).method // 'tokentransfer'
 */
export function inspectBuildWith(
  set: InspectorModules,
  result: Pick<BuildResult, 'tx' | 'inputs'>,
  options: Omit<InspectOptions, 'prevouts'> = {},
): Inspection {
  const prevouts = prevoutsOf(result)
  return inspectWith(set, result.tx, { ...options, prevouts })
}

/** The spent values a build carries, checked. */
function prevoutsOf(result: Pick<BuildResult, 'tx' | 'inputs'>): { value: bigint }[] {
  if (typeof result !== 'object' || result === null || !Array.isArray(result.inputs))
    throw new KomodoCcError('ARG_INVALID', 'inspectBuild expected a build result { tx, inputs: [{ satoshis }…] }')
  const inputs = result.inputs as readonly unknown[]
  if (
    !inputs.every(
      (i) => typeof i === 'object' && i !== null && typeof (i as { satoshis?: unknown }).satoshis === 'bigint',
    )
  )
    throw new KomodoCcError('ARG_INVALID', 'inspectBuild: every result.inputs[i] needs its satoshis as a bigint')
  return result.inputs.map((i) => ({ value: i.satoshis }))
}
