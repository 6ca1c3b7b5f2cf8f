// What a module folder gives the CLI (layer 9; names no module): `src/modules/<m>/cli.ts` exports one `ModuleCli`,
// and `src/modules/registry/cli.ts` lists them for the command table, `build`, `rpc` and `tour`.
import type { CliCommand, CliIo } from './core.js'
import type { BuildMethodSpec } from './build-method.js'
import type { RpcArgs } from './rpc-args.js'

/**
 * What `komodo-cc tour` hands a module's step: the output, `--verbose`, the tour's line printer and the price-feed
 * sample its first step encoded (an oracle format and the values of one record).
 * @example const step = (t: TourContext) => t.line('build <rpc>', '…')
 */
export type TourContext = Readonly<{
  io: CliIo
  verbose: boolean
  /** Prints one tour line: the step name padded to a column, then the text. */
  line: (step: string, text: string) => void
  /** The price-feed sample of the tour's first step. */
  feed: Readonly<{ format: string; blockHash: string; merkleRoot: string; price: bigint }>
}>

/**
 * A module's CLI part: its `komodo-cc build <method>` entries, how `komodo-cc rpc` reads its RPCs' parameters, its
 * own commands (`<module> <verb>`) and its step of the offline tour.
 * @example const c: ModuleCli = { build: { '<m>fund': cliMethod(buildFund, ['amount']) }, rpc: { '<m>fund': 'c' } }
 */
export type ModuleCli = Readonly<{
  /** `komodo-cc build <method>` entries by RPC name, in the order the help lists them. */
  build: Readonly<Record<string, BuildMethodSpec>>
  /** The build method whose `--state` the `build` help shows as its example (one module names it). */
  helpExample?: string
  /** How `komodo-cc rpc` reads each of the module's RPCs' text parameters for the typed client, by RPC name. */
  rpc: Readonly<Record<string, RpcArgs>>
  /** The module's own commands, by command words (`<module> <verb>`); listed after the generic ones. */
  commands?: Readonly<Record<string, CliCommand>>
  /** Its step of `komodo-cc tour` (offline), after the generic steps. */
  tour?: (t: TourContext) => void
  /** A note `komodo-cc rpc --help` adds about how its RPCs' parameters are read (units, variable counts). */
  rpcHelp?: string
  /** A sentence `komodo-cc info --help` adds about the module's offline `*info` (how it reads its transactions). */
  infoHelp?: string
}>
