import { inspectTransaction, inspectionText, type InspectOptions } from '../inspect/index.js'
import { CoinAmount, parseArgs, printJson, usage, type CliCommand } from './core.js'
import { PARAM_UNITS } from '../modules/registry/units.js'

/**
 * The payload with each amount that komodo-cli takes in coins for this method (PARAM_UNITS: `coins`, and `datafee`,
 * whose value is satoshis either way) marked as coins, so that it prints as the outputs' values do; token units and
 * other numbers stay as they are.
 */
function payloadAmounts(method: string | null | undefined, payload: unknown): unknown {
  const units = (PARAM_UNITS as Readonly<Record<string, Readonly<Record<string, string>>>>)[method ?? '']
  if (units === undefined || typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [
      k,
      typeof v === 'bigint' && (units[k] === 'coins' || units[k] === 'datafee') ? new CoinAmount(v) : v,
    ]),
  )
}

/** An output's fields as its JSON has them (an output computing its address lazily gives them by `toJSON`). */
function ownFields(o: object): Record<string, unknown> {
  const j = (o as { toJSON?: () => unknown }).toJSON
  return typeof j === 'function' ? (j.call(o) as Record<string, unknown>) : { ...o }
}

const inspectCommand: CliCommand = {
  summary: 'inspect <hex> [--text]   what a raw Antara transaction does (module, RPC, payload, outputs)',
  help: `komodo-cc inspect <rawtx hex> [--text] [--chain KMD|BTC|…] [--format <oracle format>] [--prevout <sats>]… [--sats]

Prints {txid, module, method, funcid, evalCode, payload, outputs, fee?, reading} as JSON: the module and the
RPC that builds such a transaction, the decoded opret, every output classified (CC with eval codes and address,
P2PK/P2PKH with address, marker, baton, change …) and the module's own reading.
  --text        one human line instead ("oraclesdata: publisher 0240…6ff0, oracle 9e2b…7e40, sample […], datafee 0.0001")
  --format F    the oracle's format string, to print an oraclesdata sample
  --prevout N   the value in satoshis of each spent output, in input order (repeat); with all given, the fee is shown
  --chain NAME  the chain whose address prefixes the addresses use (default KMD)
  --sats        print the outputs' values, the fee and the payload's coin amounts in satoshis (digit strings)
                instead of coins (0.00010000). The payload's amounts are in the unit komodo-cli takes for that
                parameter (coins; token amounts are units); the reading keeps the module's own units`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['chain', 'format'],
      booleans: ['text', 'sats'],
      multi: ['prevout'],
    })
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
    else
      printJson(
        io,
        {
          ...r,
          payload: payloadAmounts(r.method, r.payload),
          outputs: r.outputs.map((o) => ({ ...ownFields(o), value: new CoinAmount(o.value) })),
          ...(r.fee === undefined ? {} : { fee: new CoinAmount(r.fee) }),
        },
        { sats: options.sats === true },
      )
    return 0
  },
}

/** The `inspect` command, by its command word (for src/cli/commands.ts). @example await inspectCommands.inspect!.run([hex, '--text'], io) */
export const inspectCommands: Readonly<Record<string, CliCommand>> = { inspect: inspectCommand }
