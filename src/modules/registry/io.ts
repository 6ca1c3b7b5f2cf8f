// The registry's devnet list (layer 8): each module's devnet part (`modules/<m>/devnet.ts`). In the registry folder
// with the other layers' lists: core.ts (layer 6) is browser-safe, and the devnet parts are Node-side I/O, so
// nothing below layer 8 may import this file or a `modules/<m>/devnet` file (test/house-rules.test.ts); the CLI
// parts are listed one layer up, in cli.ts.
import type { ModuleDevnet } from '../../devnet/module.js'
import { moduleByName, type AnyModule, type ModuleName } from './core.js'
import { tokensDevnet } from '../tokens/devnet.js'
import { faucetDevnet } from '../faucet/devnet.js'
import { diceDevnet } from '../dice/devnet.js'
import { oraclesDevnet } from '../oracles/devnet.js'
import { gatewaysDevnet } from '../gateways/devnet.js'
import { rewardsDevnet } from '../rewards/devnet.js'

export type { ModuleDevnet } from '../../devnet/module.js'

/**
 * Each module's devnet part by name, in the order the devnet lists their RPCs (`devnetMethods()`, unchanged since
 * the devnet first served them: oracles, tokens, rewards, faucet, dice, gateways); `satisfies` makes a missing or
 * unknown module a type error.
 */
const IO_PARTS = {
  oracles: { devnet: oraclesDevnet },
  tokens: { devnet: tokensDevnet },
  rewards: { devnet: rewardsDevnet },
  faucet: { devnet: faucetDevnet },
  dice: { devnet: diceDevnet },
  gateways: { devnet: gatewaysDevnet },
} as const satisfies Record<ModuleName, Omit<IoModule, 'module'>>

/**
 * A module's devnet I/O part with its descriptor (name, eval code, global keys). Its CLI part is
 * `CliModule.cli` in cli.ts (layer 9).
 * @example const m: IoModule = { module: faucetModule, devnet: faucetDevnet }
 */
export type IoModule = Readonly<{
  /** The module's descriptor, as in core.ts. */
  module: AnyModule
  /** Its devnet part: validator, eval codes, RPCs. */
  devnet: ModuleDevnet
}>

/**
 * Every module's I/O parts, in the devnet's order (oracles, tokens, rewards, faucet, dice, gateways).
 * @example IO_MODULES.map((m) => m.devnet.addressRpc) // ['oraclesaddress', 'tokenaddress', 'rewardsaddress', 'faucetaddress', 'diceaddress', 'gatewaysaddress']
 * @internal
 */
export const IO_MODULES: readonly IoModule[] = /* @__PURE__ */ Object.freeze(
  Object.entries(IO_PARTS).map(([name, part]) => Object.freeze({ module: moduleByName(name)!, ...part })),
)
