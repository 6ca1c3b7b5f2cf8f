// The one list of the modules' RPC client parts (layer 7): each module's typed RPCs (`modules/<m>/rpc.ts`), from
// which createKomodoRpc builds its module methods. Kept apart from registry.ts (layer 6, browser-safe core, no
// client code) and from io-registry.ts (layer 8, the devnet, which the client must not import). Besides those two,
// the only file outside a module's folder that names the module.
import type { RpcMethodTable } from '../rpc/method.js'
import type { AnyModule } from './registry.js'
import { tokensModule } from './tokens/descriptor.js'
import { faucetModule } from './faucet/descriptor.js'
import { diceModule } from './dice/descriptor.js'
import { oraclesModule } from './oracles/descriptor.js'
import { gatewaysModule } from './gateways/descriptor.js'
import { rewardsModule } from './rewards/descriptor.js'
import { tokensRpc } from './tokens/rpc.js'
import { faucetRpc } from './faucet/rpc.js'
import { diceRpc } from './dice/rpc.js'
import { oraclesRpc } from './oracles/rpc.js'
import { gatewaysRpc } from './gateways/rpc.js'
import { rewardsRpc } from './rewards/rpc.js'

/**
 * A module's RPC client part: its descriptor and its typed RPCs by daemon name (the transaction-building ones
 * take the parameters the descriptor's `methods` name).
 * @example const m: RpcModule = { module: faucetModule, rpc: faucetRpc }
 */
export type RpcModule = Readonly<{
  /** The module's descriptor, as in registry.ts. */
  module: AnyModule
  /** Its RPCs: argument names, conversion, result parser. */
  rpc: RpcMethodTable
}>

/**
 * Every module's RPCs, in the registry's order (the order the client lists its methods).
 * @example RPC_MODULES.flatMap((m) => Object.keys(m.rpc)).includes('oraclesinfo') // true
 * @internal
 */
export const RPC_MODULES = /* @__PURE__ */ Object.freeze([
  Object.freeze({ module: tokensModule, rpc: tokensRpc }),
  Object.freeze({ module: faucetModule, rpc: faucetRpc }),
  Object.freeze({ module: diceModule, rpc: diceRpc }),
  Object.freeze({ module: oraclesModule, rpc: oraclesRpc }),
  Object.freeze({ module: gatewaysModule, rpc: gatewaysRpc }),
  Object.freeze({ module: rewardsModule, rpc: rewardsRpc }),
] as const) satisfies readonly RpcModule[]

type AllRpc<T extends readonly unknown[]> = T extends readonly [{ rpc: infer R }, ...infer Rest]
  ? R & AllRpc<Rest>
  : unknown

/** The RPCs of every module in one table type (what createKomodoRpc's module methods are typed from). @example type I = ModuleRpcTable['oraclesinfo'] */
export type ModuleRpcTable = AllRpc<typeof RPC_MODULES>
