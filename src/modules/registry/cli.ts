// The registry's CLI list (layer 9): each module's CLI part (`modules/<m>/cli.ts`). In the registry folder with the
// other layers' lists; its own file because the CLI sits above the devnet: io.ts is layer 8 (the devnet loops over
// it, and the Node root bundles the devnet), so listing the CLI parts there would be an upward import and would ship
// the CLI's commands inside the library. Nothing below layer 9 may import this file or a `modules/<m>/cli.ts` file
// (test/house-rules.test.ts).
import type { ModuleCli } from '../../cli/module.js'
import { modulesWith, type LayeredModuleName, type ModuleWith } from './core.js'
import { tokensCli } from '../tokens/cli.js'
import { faucetCli } from '../faucet/cli.js'
import { diceCli } from '../dice/cli.js'
import { oraclesCli } from '../oracles/cli.js'
import { gatewaysCli } from '../gateways/cli.js'
import { rewardsCli } from '../rewards/cli.js'

export type { ModuleCli } from '../../cli/module.js'

/**
 * Each module's CLI part by name, in the order `komodo-cc build --help` has always listed the methods (tokens,
 * faucet, dice, rewards, gateways, oracles); `satisfies` makes a missing or unknown module a type error.
 */
const CLI_PARTS = {
  tokens: { cli: tokensCli },
  faucet: { cli: faucetCli },
  dice: { cli: diceCli },
  rewards: { cli: rewardsCli },
  gateways: { cli: gatewaysCli },
  oracles: { cli: oraclesCli },
} as const satisfies Record<LayeredModuleName, { cli: ModuleCli }>

/**
 * A module's CLI part with its descriptor (its devnet part is in io.ts, a layer below).
 * @example const m: CliModule = { module: faucetModule, cli: faucetCli }
 */
export type CliModule = ModuleWith<{
  /** Its CLI part: `build` methods, `rpc` parameter kinds, own commands, tour step. */
  cli: ModuleCli
}>

/**
 * Every module's CLI part, in the CLI's order; module commands follow the generic ones in the top help in this
 * order too.
 * @example CLI_MODULES.map((m) => m.module.name) // ['tokens', 'faucet', 'dice', 'rewards', 'gateways', 'oracles']
 * @internal
 */
export const CLI_MODULES: readonly CliModule[] = /* @__PURE__ */ modulesWith<{ cli: ModuleCli }>(CLI_PARTS)
