import { KomodoCcError } from '../errors.js'
import type { BuildContext } from '../cctx/context.js'
import type { BuildResult } from '../cctx/complete.js'

/** One RPC parameter on the command line: its daemon name (the key of the builder's params object) and how its text reads. */
export type CliParam = {
  /** The daemon's name for it, as the builder's params object keys it. */
  name: string
  /** How the usage line shows it (default: `name`). */
  label?: string
  /** Text → value (default: the text itself); throws CLI_USAGE on text it cannot read. */
  parse?: (text: string) => unknown
  /** Texts that mean "left out" (the key is then not given to the builder); default `-` and `` for optional ones. */
  omit?: readonly string[]
}

/**
 * How `komodo-cc build <method>` calls one builder: the RPC's positional parameters (text) in the daemon's order,
 * read by one loop into the builder's params object, then the context, then the `--state` object (already parsed:
 * UTXO-shaped values are `Utxo`s, transactions are raw hex). The last `optional` parameters may be left out or given
 * as `-`.
 * @example BUILD_METHODS[method].call(positionals, ctx, state)
 */
export type BuildMethodSpec = {
  params: readonly CliParam[]
  /** How many trailing parameters may be left out (or given as `-`). */
  optional?: number
  /** What `--state` holds, for the help text. */
  state?: string
  /** Reads the positional texts into the builder's params object and builds. */
  call: (params: readonly string[], ctx: BuildContext, state: Record<string, unknown>) => BuildResult
}

/**
 * A {@link BuildMethodSpec} over a builder: `params` name its keys in the RPC's order; `stateFrom` converts the parsed
 * `--state` object where JSON cannot carry the builder's types (bigint satoshis).
 * @example cliMethod(buildX, ['name', { name: 'amount', parse: (t) => cliInt(t, 'amount') }], { state: '{"plan": "<tx hex>"}' })
 */
export function cliMethod<P extends object, S>(
  build: (params: P, ctx: BuildContext, state: S) => BuildResult,
  params: readonly (string | CliParam)[],
  o: {
    optional?: number
    state?: string
    stateFrom?: (state: Record<string, unknown>) => Record<string, unknown>
  } = {},
): BuildMethodSpec {
  const ps = params.map((p) => (typeof p === 'string' ? { name: p } : p))
  const firstOptional = ps.length - (o.optional ?? 0)
  return {
    params: ps,
    ...(o.optional === undefined ? {} : { optional: o.optional }),
    ...(o.state === undefined ? {} : { state: o.state }),
    call(texts, ctx, state) {
      const obj: Record<string, unknown> = {}
      ps.forEach((p, i) => {
        const text = texts[i]
        const omit = p.omit ?? (i >= firstOptional ? ['-', ''] : [])
        if (text === undefined || omit.includes(text)) return
        obj[p.name] = p.parse === undefined ? text : p.parse(text)
      })
      // the builder checks the object it is given (unknown keys, missing ones, each value's type)
      return build(obj as P, ctx, (o.stateFrom === undefined ? state : o.stateFrom(state)) as S)
    },
  }
}

/**
 * A build parameter's text as a whole number (`mindays`, `M`, `pubtype`, …).
 * @throws KomodoCcError CLI_USAGE when the text is not an integer
 * @example cliInt('60', 'pubtype') // 60
 */
export function cliInt(v: string | undefined, name: string): number {
  if (v === undefined || !/^-?\d+$/.test(v)) throw new KomodoCcError('CLI_USAGE', `${name} expected an integer`)
  return Number(v)
}

/**
 * A satoshi amount from `--state` JSON (or a parameter's text): a bigint, a safe integer or a string of digits.
 * @throws KomodoCcError CLI_USAGE naming `state.<name>` otherwise
 * @example cliSats('100000000', 'funding') // 100000000n
 */
export function cliSats(v: unknown, name: string): bigint {
  if (typeof v === 'bigint') return v
  if ((typeof v === 'string' && /^\d+$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v))) return BigInt(v)
  throw new KomodoCcError('CLI_USAGE', `state.${name} expected satoshis (an integer or a decimal string)`)
}
