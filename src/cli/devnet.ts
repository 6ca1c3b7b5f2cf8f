import { decodeWif } from '../address/address.js'
import { startDevnet, type Devnet, type DevnetOptions } from '../devnet/server.js'
import { relayPolicy } from '../tx/policy.js'
import { formatLogEntry } from '../devnet/log.js'
import { formatCoins } from '../amount.js'
import { DEVNET_MAX_ACCOUNTS } from '../devnet/accounts.js'
import { devnetConnectionPath, writeDevnetConnection } from './devnet-file.js'
import {
  COIN_KEYS,
  WIF_FLAGS,
  durationOption,
  intOption,
  parseArgs,
  printJson,
  readWifFlags,
  usage,
  warnDeprecated,
  type CliCommand,
  type CliIo,
} from './core.js'

/**
 * `komodo-cc devnet [--port N] [--conf-dir DIR] [--chain NAME] [--data FILE [--sync]] [--block-time DURATION]
 * [--datacarriersize N] [--electrum-port N] [--wif-env NAME | --wif-stdin]`: runs the embedded devnet until SIGINT, SIGTERM or the `stop`
 * RPC, then exits 0. Prints one JSON object (url, chain, conf path, wallet pubkey and address) on stdout; credentials
 * stay in the conf file: in `--conf-dir DIR` when given (deleted at a clean stop if it still holds them), else in a
 * temporary directory removed at stop. Nothing is written under `~/.komodo` unless DIR is there.
 * @example await devnetCommand.run(['--port', '7771'], io)
 */
export const devnetCommand: CliCommand = {
  runsBare: true,
  summary:
    'devnet [--accounts N] [--balance X] [--port N] [--conf-dir DIR] [--chain NAME] [--data FILE [--sync]] [--block-time DURATION] [--datacarriersize N] [--electrum-port N]: run a local komodod-compatible devnet with funded test accounts',
  help: `komodo-cc devnet — an embedded komodod-compatible chain on 127.0.0.1 (JSON-RPC 1.0, basic auth)

  --port N              listen port (default: a free port)
  --chain NAME          chain name, names the conf file NAME.conf (default DEVNET)
  --conf-dir DIR        write the conf file NAME.conf into DIR (created if missing), where
                        \`--chain NAME --datadir DIR\` clients find it; deleted again at a clean stop (DIR stays).
                        Default: a temporary directory, removed at stop; the printed confPath says where.
                        \`--conf-dir ~/.komodo/DEVNET\` is komodod's place, where \`--chain DEVNET\` and \`--devnet\`
                        find it; nothing is written under ~/.komodo otherwise
  --datadir DIR         deprecated: --conf-dir DIR
  --data FILE           persist the chain to FILE (JSON, mode 600), reloaded at the next start; written after
                        every block and within 1 s of any other change (kill -9 loses at most that last second)
  --sync                with --data: write and fsync FILE after every accepted transaction, before answering
  --block-time DURATION also mine a block this often: 10s, 500ms, 1m; a bare number is seconds
  --datacarriersize N   largest OP_RETURN script relayed, in bytes, as komodod's -datacarriersize (default 208,
                        komodod's for an asset chain); the devnet also refuses dust, a second OP_RETURN and
                        non-standard output scripts as komodod does (64: scriptpubkey, 64: dust, 64: multi-op-return)
  --electrum-port N     also serve Electrum (newline JSON-RPC over TCP and WebSocket, one port; 0: a free port)
  --coinbase-maturity N blocks before a coinbase may be spent (komodod's -ac_cbmaturity; default 1, 100 plays KMD)
  --wif-env NAME        wallet key: the WIF in environment variable NAME (default: the data file's key or a new one)
  --wif-stdin           wallet key: the WIF read from standard input
  --log                 log every JSON-RPC call to stderr, one line each (method, parameters with secrets
                        redacted, outcome, time taken)
  --no-explorer         do not serve the explorer (by default GET http://127.0.0.1:PORT/ is a web page of blocks,
                        mempool, transactions with the inspector's reading, token balances and oracle charts;
                        JSON-RPC stays on POST /)
  --accounts N          funded test accounts, 0..100 (default 10): keys m/44'/141'/0'/0/0…N-1 of the public
                        phrase "test test test test test test test test test test test junk", each paid --balance
                        by one transaction of the devnet's wallet, mined into block 1 (a fresh chain only)
  --balance X           coins per test account (default 1000)
  --sats                print amounts in satoshis (digit strings) instead of coins
While it runs, the devnet keeps a connection file (komodod conf format, mode 600) at ~/.komodo-cc/devnet.conf
(or where KOMODO_CC_DEVNET_FILE says): the other commands' devnet flag finds it there; it is removed at stop.
Prints {url, chain, confPath, confDir, connectionFile, pubkey, height, dataFile, datacarriersize, explorer?,
electrum?, mnemonic, accounts: [{address, pubkey, wif, privateKey, path, balance}]}; on a terminal, also the accounts
as a list on stderr. Stops on SIGINT/SIGTERM or the stop RPC (the data file is written first, the conf and
connection files deleted), exit status 0.`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, {
      strings: [
        'port',
        'chain',
        'conf-dir',
        'datadir',
        'data',
        'block-time',
        'electrum-port',
        'datacarriersize',
        'coinbase-maturity',
        'accounts',
        'balance',
        ...WIF_FLAGS.strings,
      ],
      booleans: ['sync', 'log', 'no-explorer', 'sats', ...WIF_FLAGS.booleans],
    })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    if (options['conf-dir'] !== undefined && options.datadir !== undefined) usage('give --conf-dir, not --datadir too')
    if (options.datadir !== undefined) warnDeprecated(io, '--datadir DIR', '--conf-dir DIR')
    const confDir = options['conf-dir'] ?? options.datadir
    const chain = typeof options.chain === 'string' ? options.chain : 'DEVNET'
    const opts: DevnetOptions = { chain, explorer: options['no-explorer'] !== true }
    // with a directory of the user's: delete the conf file at stop; without: startDevnet's own temporary directory
    if (typeof confDir === 'string') {
      opts.dataDir = confDir
      opts.removeConf = true
    }
    const port = intOption(options.port, 'port', 0, 65535)
    if (port !== undefined) opts.port = port
    const bt = durationOption(options['block-time'], 'block-time', { maxMs: 86_400_000 })
    if (bt !== undefined) opts.blockTime = bt / 1000
    if (typeof options.data === 'string') opts.dataFile = options.data
    const datacarriersize = intOption(options.datacarriersize, 'datacarriersize', 0, 0xffffffff)
    if (datacarriersize !== undefined) opts.policy = relayPolicy('asset', { datacarriersize })
    const electrumPort = intOption(options['electrum-port'], 'electrum-port', 0, 65535)
    if (electrumPort !== undefined) opts.electrum = electrumPort
    const maturity = intOption(options['coinbase-maturity'], 'coinbase-maturity', 1, 0xffffffff)
    if (maturity !== undefined) opts.coinbaseMaturity = maturity
    if (options.sync === true) {
      if (opts.dataFile === undefined) usage('--sync needs --data FILE')
      opts.sync = true
    }
    opts.accounts = intOption(options.accounts, 'accounts', 0, DEVNET_MAX_ACCOUNTS) ?? 10
    if (!Number.isInteger(opts.accounts)) usage('--accounts expects a whole number')
    if (options.balance !== undefined) {
      if (typeof options.balance !== 'string') usage('--balance needs a value')
      opts.accountBalance = options.balance
    }
    if (options.log === true) opts.log = (entry) => io.stderr(formatLogEntry(entry) + '\n')
    const wif = await readWifFlags(options, io)
    if (wif !== undefined) opts.privateKey = decodeWif(wif).privateKey
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
    // the connection file, where --devnet looks; removed at stop, whichever way the devnet stops
    const connectionFile = devnetConnectionPath(io.env)
    let removeConnection = (): void => {}
    try {
      if (connectionFile !== undefined) removeConnection = writeDevnetConnection(connectionFile, dev)
    } catch (e) {
      unlisten()
      await dev.stop()
      throw e
    }
    try {
      const accounts = dev.accounts.map((a) => ({
        address: a.address,
        pubkey: a.pubkey,
        wif: a.wif,
        privateKey: a.privateKey,
        path: a.path,
        balance: a.balance,
      }))
      const style = { coinKeys: COIN_KEYS, sats: options.sats === true }
      printJson(
        io,
        {
          url: dev.url,
          chain: dev.chainName,
          confPath: dev.confPath,
          confDir: dev.dataDir,
          connectionFile: connectionFile ?? null,
          pubkey: dev.pubkey,
          height: dev.chain.height,
          dataFile: opts.dataFile ?? null,
          datacarriersize: dev.policy.datacarriersize,
          ...(opts.explorer === true ? { explorer: `${dev.url}/` } : {}),
          ...(dev.electrum === undefined ? {} : { electrum: dev.electrum.url, electrumWs: dev.electrum.wsUrl }),
          mnemonic: dev.mnemonic,
          accounts,
        },
        style,
      )
      if (io.isTty) io.stderr(accountsText(dev, style.sats))
      // until a signal or the stop RPC (which closes the server: nothing else would keep this promise pending)
      await Promise.race([signal, dev.closed.catch(() => {})])
    } finally {
      unlisten()
      removeConnection()
      await dev.stop()
    }
    return 0
  },
}

/** The test accounts as a terminal shows them: index, address, balance, WIF; the phrase and the warning. */
function accountsText(dev: Devnet, sats: boolean): string {
  if (dev.accounts.length === 0) return ''
  const amount = (b: bigint) => (sats ? `${b} sat` : `${formatCoins(b)} coins`)
  const rows = dev.accounts.map(
    (a) => `(${a.index}) ${a.address}  ${amount(a.balance)}\n    wif ${a.wif}  pubkey ${a.pubkey}`,
  )
  return (
    `\nTest accounts (${dev.url}, chain ${dev.chainName}):\n${rows.join('\n')}\n\n` +
    `Keys from the public phrase "${dev.mnemonic}" at m/44'/141'/0'/0/i:\n` +
    `anyone can spend what they hold on a real chain. Use them on this devnet only.\n\n`
  )
}

/** The `devnet` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...devnetCommands } */
export const devnetCommands: Readonly<Record<string, CliCommand>> = { devnet: devnetCommand }
