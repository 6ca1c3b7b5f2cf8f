// The one list of the modules' devnet parts (layer 8); their CLI parts are listed one layer up, in cli-registry.ts
// (the CLI sits above the devnet). Kept apart from registry.ts, which is layer 6 and browser-safe: the devnet parts
// are Node-side I/O, and nothing below layer 8 may import this file or a `modules/<m>/devnet` file
// (test/house-rules.test.ts). Besides registry.ts (and cli-registry.ts), the only file outside a module's folder that
// names the module.
import type { AnyModule } from './registry.js'
import type { ModuleDevnet } from '../devnet/module.js'
import { tokensModule } from './tokens/descriptor.js'
import { faucetModule } from './faucet/descriptor.js'
import { diceModule } from './dice/descriptor.js'
import { oraclesModule } from './oracles/descriptor.js'
import { gatewaysModule } from './gateways/descriptor.js'
import { rewardsModule } from './rewards/descriptor.js'
import { tokensDevnet } from './tokens/devnet.js'
import { faucetDevnet } from './faucet/devnet.js'
import { diceDevnet } from './dice/devnet.js'
import { oraclesDevnet } from './oracles/devnet.js'
import { gatewaysDevnet } from './gateways/devnet.js'
import { rewardsDevnet } from './rewards/devnet.js'

export type { ModuleDevnet } from '../devnet/module.js'

/**
 * A module's devnet I/O part with its descriptor (name, eval code, global keys). Its CLI part is
 * `CliModule.cli` in cli-registry.ts (layer 9).
 * @example const m: IoModule = { module: faucetModule, devnet: faucetDevnet }
 */
export type IoModule = Readonly<{
  /** The module's descriptor, as in registry.ts. */
  module: AnyModule
  /** Its devnet part: validator, eval codes, RPCs. */
  devnet: ModuleDevnet
}>

/**
 * Every module's I/O parts, in the order the devnet lists their RPCs (`devnetMethods()`, unchanged since the
 * devnet first served them: oracles, tokens, rewards, faucet, dice, gateways).
 * @example IO_MODULES.map((m) => m.devnet.addressRpc) // ['oraclesaddress', 'tokenaddress', 'rewardsaddress', 'faucetaddress', 'diceaddress', 'gatewaysaddress']
 * @internal
 */
export const IO_MODULES: readonly IoModule[] = /* @__PURE__ */ Object.freeze(
  [
    { module: oraclesModule, devnet: oraclesDevnet },
    { module: tokensModule, devnet: tokensDevnet },
    { module: rewardsModule, devnet: rewardsDevnet },
    { module: faucetModule, devnet: faucetDevnet },
    { module: diceModule, devnet: diceDevnet },
    { module: gatewaysModule, devnet: gatewaysDevnet },
  ].map((m) => Object.freeze(m)),
)
