import { p2pkhAddress } from '../address/address.js'
import { chainParams } from '../address/chain.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

const addressCommand: CliCommand = {
  summary: 'address <pubkey> [--chain KMD|BTC|LTC|ZEC|<json>]   P2PKH address of a public key',
  help: `komodo-cc address <pubkey hex> [--chain NAME | --chain '{"pubtype":60,"p2shtype":85,"wiftype":188}']

Prints the P2PKH ("normal") address of a public key; KMD and every asset chain by default.`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['chain'] })
    if (positionals.length !== 1) usage('give one public key in hex')
    let chain: unknown = 'KMD'
    if (typeof options.chain === 'string') {
      chain = options.chain.trim().startsWith('{') ? safeJson(options.chain) : options.chain
    }
    const params = chainParams(chain)
    printJson(io, { pubkey: positionals[0], chain: params.name, address: p2pkhAddress(positionals[0]!, params) })
    return 0
  },
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return usage('--chain is not valid JSON')
  }
}

/** The `address` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...addressCommands } */
export const addressCommands: Readonly<Record<string, CliCommand>> = { address: addressCommand }
