import { decodeWif } from '../address/address.js'
import { KomodoCcError } from '../errors.js'
import { komodoDataDir } from '../rpc/conf.js'
import { startDevnet, type DevnetOptions } from '../devnet/server.js'
import { runDevnetDemo, runRemoteDemo } from '../devnet/demo.js'
import { createKomodoRpc } from '../rpc/client.js'
import { parseArgs, printJson, urlHasPassword, usage, warnArgvSecret, type CliCommand, type CliIo } from './core.js'

function intOption(v: string | boolean | string[] | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) usage(`--${name} expects a number`)
  const n = Number(v)
  if (n < min || n > max) usage(`--${name} must be within ${min}..${max}`)
  return n
}

/**
 * `komodo-cc devnet [--port N] [--data FILE [--sync]] [--datadir DIR] [--chain NAME] [--block-time S] [--wif-env VAR | --wif-stdin]`:
 * runs the embedded devnet until SIGINT, SIGTERM or the `stop` RPC, then exits 0. Prints one JSON object (url,
 * chain, conf path, wallet pubkey and address) on stdout; credentials stay in the conf file.
 * @example await devnetCommand.run(['--port', '7771'], io)
 */
export const devnetCommand: CliCommand = {
  summary: 'devnet [--port N] [--data FILE [--sync]] [--datadir DIR] [--chain NAME] [--block-time S]: run a local komodod-compatible devnet',
  help: `komodo-cc devnet — an embedded komodod-compatible chain on 127.0.0.1 (JSON-RPC 1.0, basic auth)

  --port N           listen port (default: a free port)
  --chain NAME       chain name, names the conf file NAME.conf (default DEVNET)
  --datadir DIR      where the conf file goes (default: komodod's data dir for NAME, e.g. ~/.komodo/DEVNET)
  --data FILE        persist the chain to FILE (JSON, mode 600), reloaded at the next start; written after every
                     block and within 1 s of any other change (kill -9 loses at most that last second of mempool)
  --sync             with --data: write and fsync FILE after every accepted transaction, before answering
  --block-time S     also mine a block every S seconds
  --wif-env VAR      wallet key: the WIF in environment variable VAR (default: the data file's key or a new one)
  --wif-stdin        wallet key: the WIF read from standard input
Stops on SIGINT/SIGTERM or the stop RPC (the data file is written first), exit status 0.`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, { strings: ['port', 'chain', 'datadir', 'data', 'block-time', 'wif-env'], booleans: ['wif-stdin', 'sync'] })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    const chain = typeof options.chain === 'string' ? options.chain : 'DEVNET'
    const opts: DevnetOptions = { chain, dataDir: typeof options.datadir === 'string' ? options.datadir : komodoDataDir(chain) }
    const port = intOption(options.port, 'port', 0, 65535)
    if (port !== undefined) opts.port = port
    const bt = intOption(options['block-time'], 'block-time', 0.001, 86400)
    if (bt !== undefined) opts.blockTime = bt
    if (typeof options.data === 'string') opts.dataFile = options.data
    if (options.sync === true) {
      if (opts.dataFile === undefined) usage('--sync needs --data FILE')
      opts.sync = true
    }
    if (typeof options['wif-env'] === 'string') {
      const wif = io.env[options['wif-env']]
      if (wif === undefined || wif === '') throw new KomodoCcError('CLI_USAGE', `environment variable ${options['wif-env']} is not set`)
      opts.privateKey = decodeWif(wif.trim()).privateKey
    } else if (options['wif-stdin'] === true) opts.privateKey = decodeWif((await io.readStdin()).trim()).privateKey
    const dev = await startDevnet(opts)
    printJson(io, { url: dev.url, chain: dev.chainName, confPath: dev.confPath, pubkey: dev.pubkey, height: dev.chain.height, dataFile: opts.dataFile ?? null })
    // until a signal or the stop RPC (which closes the server: nothing else would keep this promise pending)
    await new Promise<void>((resolve) => {
      const done = (): void => { process.off('SIGINT', done); process.off('SIGTERM', done); resolve() }
      process.on('SIGINT', done)
      process.on('SIGTERM', done)
      void dev.closed.then(done, done)
    })
    await dev.stop()
    return 0
  },
}

/**
 * `komodo-cc demo [--verbose] [--quick]` on the embedded devnet (see `runDevnetDemo`), or
 * `komodo-cc demo --url URL [--user U --password-env VAR] | --chain NAME [--datadir DIR]` against a running daemon
 * (see `runRemoteDemo`): confirmations are polled with a bounded wait, steps that need the clock to move are skipped.
 * @example await devnetDemoCommand.run(['--verbose'], io)
 */
export const devnetDemoCommand: CliCommand = {
  summary: 'demo [--verbose] [--quick] [--url URL | --chain NAME]: run the module flows against an embedded devnet or a daemon',
  help: `komodo-cc demo — runs the module flows over HTTP: against an embedded devnet (default) or a running daemon

  --verbose          print every transaction decoded by the inspector
  --quick            skip the faucet claim (its proof of work takes about a second)
  --url URL          a running komodod (or devnet) instead of the embedded devnet
  --user U           RPC user for --url
  --password-env VAR RPC password for --url, read from environment variable VAR (never from the command line:
                     a password inside the URL still works but prints a warning, as other processes can read it)
  --chain NAME       a running daemon found through NAME.conf (rpcuser/rpcpassword/rpcport)
  --datadir DIR      where NAME.conf is (default: komodod's data dir for NAME)
  --wif-env VAR      the -pubkey wallet's WIF for the offline-built steps (default: ask the daemon's dumpprivkey)
  --timeout S        longest wait for one confirmation round (default 900)
  --poll-ms N        polling interval while waiting (default 2000)
Against a daemon nothing is mined: each step waits for its block; the rewards unlock (a day's lock) is skipped.`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, { booleans: ['verbose', 'quick'], strings: ['url', 'user', 'password-env', 'chain', 'datadir', 'wif-env', 'timeout', 'poll-ms'] })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    const common = { verbose: options.verbose === true, faucet: options.quick !== true }
    const url = typeof options.url === 'string' ? options.url : undefined
    const chain = typeof options.chain === 'string' ? options.chain : undefined
    if (url === undefined && chain === undefined) {
      for (const k of ['user', 'password-env', 'datadir', 'wif-env', 'timeout', 'poll-ms']) if (options[k] !== undefined) usage(`--${k} needs --url or --chain`)
      return runDevnetDemo(io, common)
    }
    if (url !== undefined && chain !== undefined) usage('give --url or --chain, not both')
    let rpc
    if (url !== undefined) {
      if (options.datadir !== undefined) usage('--datadir goes with --chain')
      if (urlHasPassword(url)) warnArgvSecret(io, 'the password in --url', '--password-env VAR')
      let password: string | undefined
      if (typeof options['password-env'] === 'string') {
        password = io.env[options['password-env']]
        if (password === undefined) throw new KomodoCcError('CLI_USAGE', `environment variable ${options['password-env']} is not set`)
      }
      rpc = createKomodoRpc({ url, ...(typeof options.user === 'string' ? { user: options.user } : {}), ...(password !== undefined ? { password } : {}) })
    } else {
      if (options.user !== undefined || options['password-env'] !== undefined) usage('--user/--password-env go with --url (--chain reads the conf file)')
      rpc = createKomodoRpc({ chain: chain!, ...(typeof options.datadir === 'string' ? { dataDir: options.datadir } : {}) })
    }
    let privateKey: Uint8Array | undefined
    if (typeof options['wif-env'] === 'string') {
      const wif = io.env[options['wif-env']]
      if (wif === undefined || wif === '') throw new KomodoCcError('CLI_USAGE', `environment variable ${options['wif-env']} is not set`)
      privateKey = decodeWif(wif.trim()).privateKey
    }
    const timeout = intOption(options.timeout, 'timeout', 1, 86400)
    const poll = intOption(options['poll-ms'], 'poll-ms', 10, 600_000)
    return runRemoteDemo(io, rpc, {
      ...common, ...(privateKey !== undefined ? { privateKey } : {}),
      ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}), ...(poll !== undefined ? { pollMs: poll } : {}),
    })
  },
}
