import { hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { inspectTransaction, inspectionText, type InspectOptions } from '../inspect/index.js'
import { MODULES } from '../modules/registry.js'
import { opretPayload } from '../modules/opret.js'
import { decodeTokensOpret } from '../modules/tokens/opret.js'
import { decodeFaucetOpret } from '../modules/faucet/opret.js'
import { decodeDiceOpret } from '../modules/dice/opret.js'
import { decodeOraclesOpret } from '../modules/oracles/opret.js'
import { decodeGatewaysOpret } from '../modules/gateways/opret.js'
import { decodeRewardsOpret } from '../modules/rewards/opret.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

const inspectCommand: CliCommand = {
  summary: 'inspect <hex> [--text]   what a raw Antara transaction does (module, RPC, payload, outputs)',
  help: `komodo-cc inspect <rawtx hex> [--text] [--chain KMD|BTC|…] [--format <oracle format>] [--prevout <sats>]…

Prints {txid, module, method, funcid, evalCode, payload, outputs, fee?, reading} as JSON: the module and the
RPC that builds such a transaction, the decoded opret, every output classified (CC with eval codes and address,
P2PK/P2PKH with address, marker, baton, change …) and the module's own reading.
  --text        one human line instead ("oraclesdata: publisher 0240…6ff0, oracle 9e2b…7e40, sample […], datafee 0.0001")
  --format F    the oracle's format string, to print an oraclesdata sample
  --prevout N   the value in satoshis of each spent output, in input order (repeat); with all given, the fee is shown`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['chain', 'format'], booleans: ['text'], multi: ['prevout'] })
    if (positionals.length !== 1) usage('give one raw transaction as hex')
    const opts: InspectOptions = {}
    if (typeof options.chain === 'string') opts.chain = options.chain
    if (typeof options.format === 'string') opts.oracleFormat = options.format
    if (Array.isArray(options.prevout))
      opts.prevouts = options.prevout.map((v) => {
        if (!/^\d+$/.test(v)) usage(`--prevout expects satoshis as a decimal integer, got ${JSON.stringify(v)}`)
        return { value: BigInt(v) }
      })
    const r = inspectTransaction(positionals[0]!.trim(), opts)
    if (options.text === true) io.stdout(inspectionText(r) + '\n')
    else printJson(io, r)
    return 0
  },
}

const DECODERS: Record<number, (s: Uint8Array) => unknown> = {
  0xf2: decodeTokensOpret, 0xe3: decodeTokensOpret, 0xe4: decodeFaucetOpret, 0xe6: decodeDiceOpret, 0xec: decodeOraclesOpret,
  0xf1: decodeGatewaysOpret, 0xe5: decodeRewardsOpret,
}

const opretCommand: CliCommand = {
  summary: 'opret decode <hex>   decode one module OP_RETURN script (or bare payload)',
  help: `komodo-cc opret decode <opret script or payload hex> [--allow-trailing-script]

Picks the module from the eval code (a token opret carrying a gateways blob decodes as gateways) and prints
{module, payload}. Strict: every byte must be consumed; --allow-trailing-script ignores script bytes after the
first push, as the daemon does.`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { booleans: ['allow-trailing-script'] })
    if (positionals.length !== 1) usage('give one opret script or payload as hex')
    const bytes = hexToBytes(positionals[0]!.trim(), 'opret')
    const allow = options['allow-trailing-script'] === true
    const payload = opretPayload(bytes, { allowTrailingScript: allow })
    const ev = payload[0]!
    const module = ev === 0xf2 && gatewaysWrapped(payload) ? 'gateways' : ({ 0xf2: 'tokens', 0xe3: 'tokens', 0xe4: 'faucet', 0xe6: 'dice', 0xec: 'oracles', 0xf1: 'gateways', 0xe5: 'rewards' } as Record<number, string>)[ev]
    if (module === undefined) throw new KomodoCcError('OPRET_EVAL', `eval code 0x${ev.toString(16).padStart(2, '0')} is not one of the six modules`, { got: ev })
    const decode = module === 'gateways' ? decodeGatewaysOpret : DECODERS[ev]!
    printJson(io, { module, payload: decode(payload) })
    return 0
  },
}

function gatewaysWrapped(payload: Uint8Array): boolean {
  try {
    decodeGatewaysOpret(payload)
    return true
  } catch {
    return false
  }
}

/** Every offline `*info` RPC of the registry's modules. */
const INFO_RPCS: readonly string[] = MODULES.flatMap((m) => Object.keys(m.info))

const infoCommand: CliCommand = {
  summary: `info <rpc> <hex> [<hex>…]   offline ${INFO_RPCS.join('/')}`,
  help: `komodo-cc info <${INFO_RPCS.join('|')}> <main tx hex> [<more tx hex>…]

The daemon's info JSON rebuilt from transactions you supply: the create / fund / bind transaction first, then
the module's other transactions (unspent is judged within the set). faucetinfo takes any number of transactions.`,
  run(args, io) {
    const { positionals } = parseArgs(args, {})
    const [rpc, first, ...rest] = positionals
    if (rpc === undefined || first === undefined) usage('give the info RPC name and at least one transaction hex')
    const info = MODULES.map((m) => m.info[rpc]).find((f) => f !== undefined)
    if (info === undefined) usage(`unknown info RPC ${JSON.stringify(rpc)}; known: ${INFO_RPCS.join(', ')}`)
    printJson(io, info(first.trim(), rest.map((h) => h.trim())))
    return 0
  },
}

/** The inspector's CLI commands, by command words (wired into the dispatcher by src/cli/commands.ts). @example await inspectCommands.inspect.run([hex, '--text'], io) */
export const inspectCommands: Readonly<Record<string, CliCommand>> = {
  inspect: inspectCommand,
  'opret decode': opretCommand,
  info: infoCommand,
}
