// The one list of the modules' CLI parts (layer 9): the I/O registry's third part, kept in its own file because the
// CLI sits above the devnet. io-registry.ts is layer 8 (the devnet loops over it, and the Node root bundles the
// devnet): listing the CLI parts there would be an upward import and would ship the CLI's commands inside the
// library. Nothing below layer 9 may import this file or a `modules/<m>/cli.ts` file (test/house-rules.test.ts).
// Besides registry.ts and io-registry.ts, the only file outside a module's folder that names the module.
import type { AnyModule } from './registry.js'
import type { ModuleCli } from '../cli/module.js'
import { tokensModule } from './tokens/descriptor.js'
import { faucetModule } from './faucet/descriptor.js'
import { diceModule } from './dice/descriptor.js'
import { oraclesModule } from './oracles/descriptor.js'
import { gatewaysModule } from './gateways/descriptor.js'
import { rewardsModule } from './rewards/descriptor.js'
import { tokensCli } from './tokens/cli.js'
import { faucetCli } from './faucet/cli.js'
import { diceCli } from './dice/cli.js'
import { oraclesCli } from './oracles/cli.js'
import { gatewaysCli } from './gateways/cli.js'
import { rewardsCli } from './rewards/cli.js'

export type { ModuleCli } from '../cli/module.js'

/**
 * A module's CLI part with its descriptor: the `cli` part of the module's I/O entry (its `devnet` part is in
 * io-registry.ts, a layer below).
 * @example const m: CliModule = { module: faucetModule, cli: faucetCli }
 */
export type CliModule = Readonly<{
  /** The module's descriptor, as in registry.ts. */
  module: AnyModule
  /** Its CLI part: `build` methods, `rpc` parameter kinds, own commands, tour step. */
  cli: ModuleCli
}>

/**
 * Every module's CLI part, in the order `komodo-cc build --help` has always listed the methods (tokens, faucet,
 * dice, rewards, gateways, oracles); module commands follow the generic ones in the top help in this order too.
 * @example CLI_MODULES.map((m) => m.module.name) // ['tokens', 'faucet', 'dice', 'rewards', 'gateways', 'oracles']
 * @internal
 */
export const CLI_MODULES: readonly CliModule[] = /* @__PURE__ */ Object.freeze(
  [
    { module: tokensModule, cli: tokensCli },
    { module: faucetModule, cli: faucetCli },
    { module: diceModule, cli: diceCli },
    { module: rewardsModule, cli: rewardsCli },
    { module: gatewaysModule, cli: gatewaysCli },
    { module: oraclesModule, cli: oraclesCli },
  ].map((m) => Object.freeze(m)),
)
