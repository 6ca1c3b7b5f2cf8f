import { decodeWif } from '../address/address.js'
import { KomodoCcError } from '../errors.js'
import { komodoDataDir } from '../rpc/conf.js'
import { startDevnet, type DevnetOptions } from '../devnet/server.js'
import { runDevnetDemo } from '../devnet/demo.js'
import { parseArgs, printJson, usage, type CliCommand, type CliIo } from './core.js'

function intOption(v: string | boolean | string[] | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) usage(`--${name} expects a number`)
  const n = Number(v)
  if (n < min || n > max) usage(`--${name} must be within ${min}..${max}`)
  return n
}

/**
 * `komodo-cc devnet [--port N] [--data FILE] [--datadir DIR] [--chain NAME] [--block-time S] [--wif-env VAR | --wif-stdin]`:
 * runs the embedded devnet until interrupted. Prints one JSON object (url, chain, conf path, wallet pubkey and
 * address) on stdout; credentials stay in the conf file.
 * @example await devnetCommand.run(['--port', '7771'], io)
 */
export const devnetCommand: CliCommand = {
  summary: 'devnet [--port N] [--data FILE] [--datadir DIR] [--chain NAME] [--block-time S]: run a local komodod-compatible devnet',
  help: `komodo-cc devnet — an embedded komodod-compatible chain on 127.0.0.1 (JSON-RPC 1.0, basic auth)

  --port N           listen port (default: a free port)
  --chain NAME       chain name, names the conf file NAME.conf (default DEVNET)
  --datadir DIR      where the conf file goes (default: komodod's data dir for NAME, e.g. ~/.komodo/DEVNET)
  --data FILE        persist the chain to FILE (JSON), reloaded at the next start
  --block-time S     also mine a block every S seconds
  --wif-env VAR      wallet key: the WIF in environment variable VAR (default: the data file's key or a new one)
  --wif-stdin        wallet key: the WIF read from standard input
Stops on SIGINT/SIGTERM (the data file is written first).`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, { strings: ['port', 'chain', 'datadir', 'data', 'block-time', 'wif-env'], booleans: ['wif-stdin'] })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    const chain = typeof options.chain === 'string' ? options.chain : 'DEVNET'
    const opts: DevnetOptions = { chain, dataDir: typeof options.datadir === 'string' ? options.datadir : komodoDataDir(chain) }
    const port = intOption(options.port, 'port', 0, 65535)
    if (port !== undefined) opts.port = port
    const bt = intOption(options['block-time'], 'block-time', 0.001, 86400)
    if (bt !== undefined) opts.blockTime = bt
    if (typeof options.data === 'string') opts.dataFile = options.data
    if (typeof options['wif-env'] === 'string') {
      const wif = io.env[options['wif-env']]
      if (wif === undefined || wif === '') throw new KomodoCcError('CLI_USAGE', `environment variable ${options['wif-env']} is not set`)
      opts.privateKey = decodeWif(wif.trim()).privateKey
    } else if (options['wif-stdin'] === true) opts.privateKey = decodeWif((await io.readStdin()).trim()).privateKey
    const dev = await startDevnet(opts)
    printJson(io, { url: dev.url, chain: dev.chainName, confPath: dev.confPath, pubkey: dev.pubkey, height: dev.chain.height, dataFile: opts.dataFile ?? null })
    await new Promise<void>((resolve) => {
      const done = (): void => { process.off('SIGINT', done); process.off('SIGTERM', done); resolve() }
      process.on('SIGINT', done)
      process.on('SIGTERM', done)
    })
    await dev.stop()
    return 0
  },
}

/**
 * `komodo-cc demo [--verbose]` on the embedded devnet: the oracle publisher's life over HTTP (see `runDevnetDemo`).
 * @example await devnetDemoCommand.run(['--verbose'], io)
 */
export const devnetDemoCommand: CliCommand = {
  summary: 'demo [--verbose] [--quick]: run the module flows against an embedded devnet',
  help: `komodo-cc demo — starts the devnet in-process and runs the module flows over HTTP

  --verbose          print every transaction decoded by the inspector
  --quick            skip the faucet claim (its proof of work takes about 30 s)`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, { booleans: ['verbose', 'quick'] })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    return runDevnetDemo(io, { verbose: options.verbose === true, faucet: options.quick !== true })
  },
}
