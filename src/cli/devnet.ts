import { decodeWif } from '../address/address.js'
import { KomodoCcError } from '../errors.js'
import { komodoDataDir } from '../rpc/conf.js'
import { startDevnet, type Devnet, type DevnetOptions } from '../devnet/server.js'
import { intOption, parseArgs, printJson, usage, type CliCommand, type CliIo } from './core.js'

/**
 * `komodo-cc devnet [--port N] [--data FILE [--sync]] [--datadir DIR] [--chain NAME] [--block-time S] [--electrum-port N]
 * [--wif-env VAR | --wif-stdin]`:
 * runs the embedded devnet until SIGINT, SIGTERM or the `stop` RPC, then exits 0. Prints one JSON object (url,
 * chain, conf path, wallet pubkey and address) on stdout; credentials stay in the conf file, which a clean stop
 * deletes (if it still holds them).
 * @example await devnetCommand.run(['--port', '7771'], io)
 */
export const devnetCommand: CliCommand = {
  summary:
    'devnet [--port N] [--data FILE [--sync]] [--datadir DIR] [--chain NAME] [--block-time S] [--electrum-port N]: run a local komodod-compatible devnet',
  help: `komodo-cc devnet — an embedded komodod-compatible chain on 127.0.0.1 (JSON-RPC 1.0, basic auth)

  --port N           listen port (default: a free port)
  --chain NAME       chain name, names the conf file NAME.conf (default DEVNET)
  --datadir DIR      where the conf file goes (default: komodod's data dir for NAME, e.g. ~/.komodo/DEVNET);
                     the conf file is deleted again at a clean stop (the directory stays)
  --data FILE        persist the chain to FILE (JSON, mode 600), reloaded at the next start; written after every
                     block and within 1 s of any other change (kill -9 loses at most that last second of mempool)
  --sync             with --data: write and fsync FILE after every accepted transaction, before answering
  --block-time S     also mine a block every S seconds
  --electrum-port N  also serve Electrum (newline JSON-RPC over TCP and WebSocket, one port; 0: a free port)
  --wif-env VAR      wallet key: the WIF in environment variable VAR (default: the data file's key or a new one)
  --wif-stdin        wallet key: the WIF read from standard input
Stops on SIGINT/SIGTERM or the stop RPC (the data file is written first, the conf file deleted), exit status 0.`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, {
      strings: ['port', 'chain', 'datadir', 'data', 'block-time', 'wif-env', 'electrum-port'],
      booleans: ['wif-stdin', 'sync'],
    })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    const chain = typeof options.chain === 'string' ? options.chain : 'DEVNET'
    const opts: DevnetOptions = {
      chain,
      dataDir: typeof options.datadir === 'string' ? options.datadir : komodoDataDir(chain),
      removeConf: true,
    }
    const port = intOption(options.port, 'port', 0, 65535)
    if (port !== undefined) opts.port = port
    const bt = intOption(options['block-time'], 'block-time', 0.001, 86400)
    if (bt !== undefined) opts.blockTime = bt
    if (typeof options.data === 'string') opts.dataFile = options.data
    const electrumPort = intOption(options['electrum-port'], 'electrum-port', 0, 65535)
    if (electrumPort !== undefined) opts.electrum = electrumPort
    if (options.sync === true) {
      if (opts.dataFile === undefined) usage('--sync needs --data FILE')
      opts.sync = true
    }
    if (typeof options['wif-env'] === 'string') {
      const wif = io.env[options['wif-env']]
      if (wif === undefined || wif === '')
        throw new KomodoCcError('CLI_USAGE', `environment variable ${options['wif-env']} is not set`)
      opts.privateKey = decodeWif(wif.trim()).privateKey
    } else if (options['wif-stdin'] === true) opts.privateKey = decodeWif((await io.readStdin()).trim()).privateKey
    // SIGINT/SIGTERM are caught from here on (also during start-up), so a signal is always a clean stop, exit 0
    let signalled = (): void => {}
    const signal = new Promise<void>((resolve) => {
      signalled = resolve
    })
    process.on('SIGINT', signalled)
    process.on('SIGTERM', signalled)
    const unlisten = (): void => {
      process.off('SIGINT', signalled)
      process.off('SIGTERM', signalled)
    }
    let dev: Devnet
    try {
      dev = await startDevnet(opts)
    } catch (e) {
      unlisten()
      throw e
    }
    printJson(io, {
      url: dev.url,
      chain: dev.chainName,
      confPath: dev.confPath,
      pubkey: dev.pubkey,
      height: dev.chain.height,
      dataFile: opts.dataFile ?? null,
      ...(dev.electrum === undefined ? {} : { electrum: dev.electrum.url, electrumWs: dev.electrum.wsUrl }),
    })
    // until a signal or the stop RPC (which closes the server: nothing else would keep this promise pending)
    await Promise.race([signal, dev.closed.catch(() => {})])
    unlisten()
    await dev.stop()
    return 0
  },
}

/** The `devnet` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...devnetCommands } */
export const devnetCommands: Readonly<Record<string, CliCommand>> = { devnet: devnetCommand }
