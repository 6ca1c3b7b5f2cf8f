import { encodeOracleData, decodeOracleData, formatOracleSample } from '../oracle-data/format.js'
import { chunkOracleData, joinOracleData } from '../oracle-data/chunk.js'
import { sbits, unsbits } from '../sbits.js'
import { p2pkhAddress, encodeWif, decodeWif } from '../address/address.js'
import { BTC } from '../address/chain.js'
import { checkDaemonAmount, formatCoins, toSatoshis } from '../amount.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import { parseArgs, type CliCommand, type CliIo } from './core.js'

/**
 * The offline tour: what an oracle publisher does before touching a daemon. Readable lines, one per step; the
 * modules' steps (`ModuleCli.tour`) follow the generic ones.
 * @example await runOfflineTour(io, false) // 0
 */
export async function runOfflineTour(io: CliIo, verbose: boolean): Promise<number> {
  const line = (step: string, text: string) => io.stdout(`${step.padEnd(22)} ${text}\n`)
  io.stdout('komodo-cc demo — offline tour (no daemon needed)\n\n')

  // 1. A price-feed sample: height, two hashes, a price in satoshis.
  const format = 'IhhL'
  const blockHash = '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7'
  const merkleRoot = 'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb'
  const price = toSatoshis('42.12345678')
  const record = encodeOracleData(format, [16, blockHash, merkleRoot, price])
  line(
    'oracle encode',
    `format ${format} → ${record.length}-byte record, oraclesdata hexstr ${bytesToHex(record).slice(0, 24)}…`,
  )
  const values = decodeOracleData(format, record)
  line(
    'oracle decode',
    `[${values.map((v) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' && v.length > 16 ? v.slice(0, 12) + '…' : String(v))).join(', ')}]`,
  )
  const printed = formatOracleSample(format, record)
  line('oraclessamples shows', JSON.stringify(printed.map((p) => (p.length > 16 ? p.slice(0, 12) + '…' : p))))
  if (verbose) io.stdout(`  full record: ${bytesToHex(record)}\n`)

  // 2. What the daemon shows for a hand-built record with a zero-length string (it stops early).
  const odd = hexToBytes('0007000000')
  line(
    'malformed sample',
    `format sI, record 0007000000 → strict decode ${JSON.stringify(decodeOracleData('sI', odd))}, daemon ` +
      `prints ${JSON.stringify(formatOracleSample('sI', odd))}`,
  )

  // 3. A payload larger than one record: chunk it, rejoin it.
  const payload = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 31) & 0xff)
  const chunks = chunkOracleData('D', payload)
  const rejoined = joinOracleData('D', chunks)
  line(
    'chunking',
    `20000-byte payload → ${chunks.length} records of ${chunks.map((c) => c.length).join('/')} bytes; ` +
      `rejoined equal: ${bytesToHex(rejoined) === bytesToHex(payload)}`,
  )

  // 4. Addresses and keys.
  const pubkey = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
  line('address', `${pubkey.slice(0, 10)}… → KMD ${p2pkhAddress(pubkey)}, BTC ${p2pkhAddress(pubkey, BTC)}`)
  const wif = encodeWif(hexToBytes('00'.repeat(31) + '01'))
  line(
    'wif',
    `private key 1 → ${wif.slice(0, 6)}… (round trip ${bytesToHex(decodeWif(wif).privateKey).endsWith('01')})`,
  )

  // 5. Plan names and amounts.
  for (const name of ['DICE', 'KMDDice']) line('sbits', `${name} → ${sbits(name)} → ${unsbits(sbits(name))}`)
  const check = checkDaemonAmount('1.15')
  line(
    'amounts',
    `"1.15" coins: exact ${formatCoins(check.exact ?? 0n)}, the daemon reads ` +
      `${formatCoins(check.daemon)}${check.differs ? ` (${check.exact! - check.daemon} sat less: pass amounts to builders as exact text or satoshis)` : ''}`,
  )
  try {
    toSatoshis('0.123456789')
  } catch (e) {
    if (e instanceof KomodoCcError) line('amounts', `"0.123456789" refused: ${e.code}`)
  }
  // 6. Each module's step (an oracle publisher's transactions), built and signed offline from test keys.
  io.stdout('\n')
  for (const { cli } of CLI_MODULES) cli.tour?.({ io, verbose, line, feed: { format, blockHash, merkleRoot, price } })
  io.stdout('\nDone: every step ran offline; see README for the module builders and the devnet.\n')
  return 0
}

/**
 * `komodo-cc tour [--verbose]`: the offline tour (see `runOfflineTour`).
 * @example await tourCommand.run(['--verbose'], io)
 */
export const tourCommand: CliCommand = {
  runsBare: true,
  summary: "tour [--verbose]   an offline tour: oracle data, addresses, amounts, the publisher's transactions",
  help: `komodo-cc tour [--verbose]

Runs the guided tour: oracle data encode/decode and how subscribers see it, chunking, addresses, keys,
plan names and the daemon's amount parsing.`,
  run(args, io) {
    const { options } = parseArgs(args, { booleans: ['verbose'] })
    return runOfflineTour(io, options.verbose === true)
  },
}

/** The `tour` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...tourCommands } */
export const tourCommands: Readonly<Record<string, CliCommand>> = { tour: tourCommand }
