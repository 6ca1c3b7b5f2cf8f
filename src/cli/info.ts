import { MODULES } from '../modules/registry/core.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

/** Every offline `*info` RPC of the registry's modules. */
const INFO_RPCS: readonly string[] = MODULES.flatMap((m) => Object.keys(m.info))

const infoCommand: CliCommand = {
  summary: `info <rpc> <hex> [<hex>…]   offline ${INFO_RPCS.join('/')}`,
  help: `komodo-cc info <${INFO_RPCS.join('|')}> <main tx hex> [<more tx hex>…]

The daemon's info JSON rebuilt from transactions you supply: the create / fund / bind transaction first, then
the module's other transactions (unspent is judged within the set).${CLI_MODULES.map((m) => (m.cli.infoHelp === undefined ? '' : ` ${m.cli.infoHelp}`)).join('')}`,
  run(args, io) {
    const { positionals } = parseArgs(args, {})
    const [rpc, first, ...rest] = positionals
    if (rpc === undefined || first === undefined) usage('give the info RPC name and at least one transaction hex')
    const info = MODULES.map((m) => m.info[rpc]).find((f) => f !== undefined)
    if (info === undefined) usage(`unknown info RPC ${JSON.stringify(rpc)}; known: ${INFO_RPCS.join(', ')}`)
    printJson(
      io,
      info(
        first.trim(),
        rest.map((h) => h.trim()),
      ),
    )
    return 0
  },
}

/** The `info` command, by its command word (for src/cli/commands.ts). @example await infoCommands.info!.run([rpc, hex], io) */
export const infoCommands: Readonly<Record<string, CliCommand>> = { info: infoCommand }
