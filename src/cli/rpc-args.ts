import { usage } from './core.js'

/**
 * How `komodo-cc rpc <method>` turns its text parameters into the typed client method's arguments: a string of
 * kinds, one per parameter (s text; c and u an amount, coins or whole units: the text as given, which the method
 * reads by its units table (`PARAM_UNITS`) as komodo-cli reads it; i integer; a the rest are addresses), or a function
 * for a method whose parameters no such string describes (N pubkeys after N).
 * @example const args: RpcArgs = 'ssu' // tokenid destpubkey amount(units)
 */
export type RpcArgs = string | ((args: readonly string[]) => unknown[])

/**
 * A parameter's text as an integer.
 * @throws KomodoCcError CLI_USAGE when it is not one
 * @example rpcInt('3', 'N') // 3
 */
export function rpcInt(s: string, name: string): number {
  if (!/^-?\d+$/.test(s)) usage(`${name} must be an integer, got ${JSON.stringify(s)}`)
  return Number(s)
}

/**
 * Reads `args` as `spec` says (see {@link RpcArgs}); extra parameters are a usage error.
 * @throws KomodoCcError CLI_USAGE
 * @example readRpcArgs('listunspent', 'iia', ['1', '9999', 'R1', 'R2']) // [1, 9999, ['R1', 'R2']]
 */
export function readRpcArgs(method: string, spec: RpcArgs, args: readonly string[]): unknown[] {
  if (typeof spec === 'function') return spec(args)
  const out: unknown[] = []
  for (let i = 0; i < args.length; i++) {
    const k = spec[i] ?? spec[spec.length - 1]
    if (k === 'a') {
      out.push(args.slice(i))
      break
    }
    if (i >= spec.length) usage(`${method} takes at most ${spec.length} parameter(s)`)
    out.push(k === 'i' ? rpcInt(args[i]!, `parameter ${i + 1}`) : args[i])
  }
  return out
}
