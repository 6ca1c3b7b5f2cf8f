import { decodeOracleData, encodeOracleData, formatOracleSample, type OracleValue } from '../oracle-data/format.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

/** JSON value → oracle value for one format char: numbers for c C t T i I, integer strings or numbers for l L, hex for d D. */
function cliValue(char: string, v: unknown, i: number): OracleValue {
  if (char === 'd' || char === 'D') {
    if (typeof v !== 'string')
      throw new KomodoCcError('ORACLE_VALUE', `'${char}' expects a hex string on the command line (at [${i}])`, {
        index: i,
      })
    return hexToBytes(v, `[${i}]`)
  }
  if (char === 'l' || char === 'L') {
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v)
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
    throw new KomodoCcError(
      'ORACLE_VALUE',
      `'${char}' expects an integer (as a JSON string for values beyond 2^53) (at [${i}])`,
      { index: i },
    )
  }
  return v as OracleValue
}

const oracleEncode: CliCommand = {
  summary: 'oracle encode --format F <JSON array>   the hexstr for oraclesdata',
  help: `komodo-cc oracle encode --format <F> '<JSON array of values>' [--allow-oversize]

Encodes one oraclesdata record. Values: strings for s S, hex strings for d D, numbers for c C t T i I,
integers (JSON strings for big ones) for l L, display hex for h. Prints {"hex": …, "size": …}.
Example: komodo-cc oracle encode --format IhhL '[16, "00…", "a6…", "4278190080"]'`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['format'], booleans: ['allow-oversize'] })
    const format = options.format
    if (typeof format !== 'string') usage('--format is required')
    if (positionals.length !== 1) usage('give the values as one JSON array argument')
    let parsed: unknown
    try {
      parsed = JSON.parse(positionals[0]!)
    } catch {
      usage('values are not valid JSON')
    }
    if (!Array.isArray(parsed)) usage('values must be a JSON array')
    const values = parsed.map((v, i) => cliValue(format[i] ?? '', v, i))
    const data = encodeOracleData(format, values, { allowOversize: options['allow-oversize'] === true })
    printJson(io, { format, hex: bytesToHex(data), size: data.length })
    return 0
  },
}

const oracleDecode: CliCommand = {
  summary: 'oracle decode --format F <hex> [--daemon]   typed values, or what oraclessamples prints',
  help: `komodo-cc oracle decode --format <F> <hex> [--daemon] [--allow-oversize]

Strict typed decode of an oraclesdata record (what the daemon accepts at publish time), as JSON.
With --daemon: the string array the daemon's oraclessamples prints for these bytes, even malformed ones.`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['format'], booleans: ['daemon', 'allow-oversize'] })
    const format = options.format
    if (typeof format !== 'string') usage('--format is required')
    if (positionals.length !== 1) usage('give the record as one hex argument')
    const data = hexToBytes(positionals[0]!, 'record')
    if (options.daemon === true) printJson(io, { format, data: formatOracleSample(format, data) })
    else
      printJson(io, {
        format,
        values: decodeOracleData(format, data, { allowOversize: options['allow-oversize'] === true }),
      })
    return 0
  },
}

/** The `oracle …` commands (the oracle-data codec), by command words (for src/cli/commands.ts). @example COMMANDS = { ...oracleCommands } */
export const oracleCommands: Readonly<Record<string, CliCommand>> = {
  'oracle encode': oracleEncode,
  'oracle decode': oracleDecode,
}
