// A typed komodod RPC as data (layer 7): the names of its arguments (the daemon's spelling), the conversion of typed
// arguments into the exact JSON parameters the daemon reads, and the parser of its result. Each module folder lists
// its RPCs this way (`modules/<m>/rpc.ts`, gathered by `modules/registry/rpc.ts`) and createKomodoRpc turns every
// entry into one method of the client. Names no module.
import type { ExactJson } from './json.js'
import type { ExactParam, RpcCallOptions } from './transport.js'
import type { AmountArg } from '../amount.js'
import { optionalParam, planAmountParams, pubkeyParam } from './params.js'
import { parseHexResult, parseModuleAddresses } from './results.js'
import type { HexResult, ModuleAddresses } from './results.js'

/**
 * One typed RPC: `params` names its arguments in the daemon's spelling and order (the client's method takes them
 * positionally, then `RpcCallOptions`), `toParams` checks them and returns the daemon's JSON parameters (throwing
 * KomodoCcError ARG_INVALID / AMOUNT_* / ORACLE_FORMAT), `parse` turns the daemon's result into `R` (throwing
 * RPC_RESULT or TX_INVALID on a wrong shape).
 * @example const m: RpcMethod<[txid: string], string> = rpcMethod(['txid'], (txid: string) => [txid], parseHexString)
 */
export type RpcMethod<A extends readonly unknown[], R> = Readonly<{
  params: readonly string[]
  // method syntax: a table of methods with different arguments is one RpcMethodTable
  /** Checks the typed arguments and returns the daemon's JSON parameters (ARG_INVALID, AMOUNT_*, ORACLE_FORMAT). */
  toParams(...args: A): ExactParam[]
  /** Turns the daemon's result into `R`; throws RPC_RESULT or TX_INVALID on a wrong shape. */
  parse(result: ExactJson): R
}>

/** RPCs by daemon name. @example const t: RpcMethodTable = { getinfo: rpcMethod([], () => [], parseNodeInfo) } */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any arguments: each entry keeps its own
export type RpcMethodTable = Readonly<Record<string, RpcMethod<any[], unknown>>>

/**
 * The client methods of a table of RPCs: each takes the RPC's typed arguments, then optional `RpcCallOptions`, and
 * resolves to its parsed result.
 * @example type M = RpcClientMethods<{ getblockcount: RpcMethod<[], number> }> // { getblockcount(o?: RpcCallOptions): Promise<number> }
 */
export type RpcClientMethods<T> = {
  -readonly [K in keyof T]: T[K] extends RpcMethod<infer A, infer R>
    ? (...args: [...A, options?: RpcCallOptions]) => Promise<R>
    : never
}

/**
 * Describes one typed RPC (frozen). `toParams` must declare exactly one parameter per name in `params`: the
 * client's method passes it that many arguments and takes the next one as `RpcCallOptions`.
 * @example
 * const getblockcount = rpcMethod([], () => [], parseInt32)
 * getblockcount.toParams() // []
 */
export function rpcMethod<A extends unknown[], R>(
  params: readonly string[],
  toParams: (...args: A) => ExactParam[],
  parse: (result: ExactJson) => R,
): RpcMethod<A, R> {
  return Object.freeze({ params: Object.freeze([...params]), toParams, parse })
}

/**
 * A module's `<module>address` RPC: an optional pubkey; the result's keys spelled with the module's names as the
 * daemon versions print them (`<Name>CCAddress`, `<Name>CCaddress`, …; see ModuleAddresses).
 * @example moduleAddressRpc(names).toParams() // []
 */
export function moduleAddressRpc(names: readonly string[]): RpcMethod<[pubkey?: string], ModuleAddresses> {
  const keys = Object.freeze([...names])
  return rpcMethod(
    ['pubkey'],
    (pubkey?: string) => optionalParam(pubkey, (p) => pubkeyParam(p, 'pubkey')),
    (v) => parseModuleAddresses(v, keys),
  )
}

/**
 * A plan RPC of the form `name fundingtxid amount` that returns a transaction (a plan's funding or locking RPCs): the
 * plan name, the plan's funding txid and an amount of at least 1 satoshi in coins.
 * @example planAmountRpc().toParams('FREE', fundingtxid, '10') // ['FREE', fundingtxid, '10']
 */
export function planAmountRpc(): RpcMethod<[name: string, fundingtxid: string, amount: AmountArg], HexResult> {
  return rpcMethod(
    ['name', 'fundingtxid', 'amount'],
    (name: string, fundingtxid: string, amount: AmountArg) => planAmountParams(name, fundingtxid, amount),
    parseHexResult,
  )
}
