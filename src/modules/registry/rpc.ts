// The registry's client list (layer 7): each module's typed RPCs (`modules/<m>/rpc.ts`), from which createKomodoRpc
// builds its module methods. In the registry folder with the other layers' lists (core.ts at 6, io.ts at 8, cli.ts
// at 9): a lower layer cannot import a higher one's list, so each layer has its own, keyed by the core list's names.
import type { RpcMethodTable } from '../../rpc/method.js'
import { modulesWith, type LayeredModuleName, type ModuleWith } from './core.js'
import { tokensRpc } from '../tokens/rpc.js'
import { faucetRpc } from '../faucet/rpc.js'
import { diceRpc } from '../dice/rpc.js'
import { oraclesRpc } from '../oracles/rpc.js'
import { gatewaysRpc } from '../gateways/rpc.js'
import { rewardsRpc } from '../rewards/rpc.js'

/** Each module's RPC part by name, in the core list's order; `satisfies` makes a missing or unknown module a type error. */
const RPC_PARTS = {
  tokens: { rpc: tokensRpc },
  faucet: { rpc: faucetRpc },
  dice: { rpc: diceRpc },
  oracles: { rpc: oraclesRpc },
  gateways: { rpc: gatewaysRpc },
  rewards: { rpc: rewardsRpc },
} as const satisfies Record<LayeredModuleName, { rpc: RpcMethodTable }>

/**
 * A module's RPC client part: its descriptor and its typed RPCs by daemon name (the transaction-building ones
 * take the parameters the descriptor's `methods` name).
 * @example const m: RpcModule = { module: faucetModule, rpc: faucetRpc }
 */
export type RpcModule = ModuleWith<{
  /** Its RPCs: argument names, conversion, result parser. */
  rpc: RpcMethodTable
}>

/**
 * Every module's RPCs, in the registry's order (the order the client lists its methods).
 * @example RPC_MODULES.flatMap((m) => Object.keys(m.rpc)).includes('oraclesinfo') // true
 * @internal
 */
export const RPC_MODULES: readonly RpcModule[] = /* @__PURE__ */ modulesWith<{ rpc: RpcMethodTable }>(RPC_PARTS)

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never

/** The RPCs of every module in one table type (what createKomodoRpc's module methods are typed from). @example type I = ModuleRpcTable['oraclesinfo'] */
export type ModuleRpcTable = Intersection<(typeof RPC_PARTS)[LayeredModuleName]['rpc']>
