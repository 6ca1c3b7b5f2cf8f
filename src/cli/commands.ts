import type { CliCommand } from './core.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import { oracleCommands } from './oracle.js'
import { sbitsCommands } from './sbits.js'
import { addressCommands } from './address.js'
import { keyCommands } from './key.js'
import { demoCommands } from './demo.js'
import { tourCommands } from './tour.js'
import { devnetCommands } from './devnet.js'
import { buildCommands } from './build.js'
import { rpcCommands } from './rpc.js'
import { kdfCommands } from './kdf.js'
import { inspectCommands } from './inspect.js'
import { opretCommands } from './opret.js'
import { infoCommands } from './info.js'
import { ccCommands } from './cc.js'
import { txCommands } from './tx.js'
import { walletCommands } from './wallet.js'
import { publishCommands } from './publish.js'
import { completionCommands } from './completion.js'

/**
 * Every CLI command by its command words, in the order the top help lists them: the generic groups (one file each,
 * named after the group), then each module's own commands from its CLI part.
 * @example Object.keys(COMMANDS).includes('tx sign') // true
 */
export const COMMANDS: Readonly<Record<string, CliCommand>> = /* @__PURE__ */ Object.freeze({
  ...oracleCommands,
  ...sbitsCommands,
  ...addressCommands,
  ...keyCommands,
  ...demoCommands,
  ...tourCommands,
  ...devnetCommands,
  ...buildCommands,
  ...rpcCommands,
  ...kdfCommands,
  ...inspectCommands,
  ...opretCommands,
  ...infoCommands,
  ...ccCommands,
  ...txCommands,
  ...walletCommands,
  ...publishCommands,
  ...Object.fromEntries(CLI_MODULES.flatMap((m) => Object.entries(m.cli.commands ?? {}))),
  ...completionCommands,
})
