import type { CliCommand } from './core.js'
import { foundationCommands } from './foundation.js'
import { demoCommand } from './demo.js'
import { buildCommand } from './build.js'
import { rpcCommands } from './rpc.js'
import { kdfCommands } from './kdf.js'
import { inspectCommands } from './inspect.js'
import { ccCommands } from './cc.js'
import { txDecodeCommand, txIdCommand, txSignCommand } from './tx.js'
import { faucetGetCommand } from './build-tokens-faucet-dice.js'
import { devnetCommand, devnetDemoCommand } from './devnet.js'

/** Every CLI command by its command words. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  ...foundationCommands,
  demo: devnetDemoCommand,
  tour: demoCommand,
  devnet: devnetCommand,
  build: buildCommand,
  ...rpcCommands,
  ...kdfCommands,
  ...inspectCommands,
  ...ccCommands,
  'tx decode': txDecodeCommand,
  'tx id': txIdCommand,
  'tx sign': txSignCommand,
  'faucet get': faucetGetCommand,
}
