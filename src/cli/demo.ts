import { decodeWif } from '../address/address.js'
import { runDevnetDemo, runRemoteDemo } from '../devnet/demo.js'
import { createKomodoRpc } from '../rpc/client.js'
import { DEMO_QUICK, IO_MODULES } from '../modules/registry/io.js'
import {
  PASSWORD_FLAGS,
  WIF_FLAGS,
  durationOption,
  intOption,
  parseArgs,
  readPasswordFlags,
  readWifFlags,
  urlHasPassword,
  usage,
  warnArgvSecret,
  warnDeprecated,
  type CliCommand,
  type CliIo,
} from './core.js'

/** What the module steps skip against a daemon whose clock cannot be moved (`<a> is`, `<a> and <b> are`). */
const WITHOUT_CLOCK = /* @__PURE__ */ (() => {
  const steps = IO_MODULES.flatMap((m) => (m.demo?.withoutClock === undefined ? [] : [m.demo.withoutClock]))
  return steps.length === 0 ? 'nothing is' : `${steps.join(' and ')} ${steps.length === 1 ? 'is' : 'are'}`
})()

/**
 * `komodo-cc demo [--verbose] [--quick]` on the embedded devnet (see `runDevnetDemo`), or
 * `komodo-cc demo --url URL [--user U --password-env NAME] | --chain NAME [--datadir DIR]` against a running daemon
 * (see `runRemoteDemo`): confirmations are polled with a bounded wait, steps that need the clock to move are skipped.
 * @example await demoCommand.run(['--verbose'], io)
 */
export const demoCommand: CliCommand = {
  runsBare: true,
  summary:
    'demo [--verbose] [--quick] [--url URL | --chain NAME]: run the module flows against an embedded devnet or a daemon',
  help: `komodo-cc demo — runs the module flows over HTTP: against an embedded devnet (default) or a running daemon

  --verbose          print every transaction decoded by the inspector
  --quick            skip ${DEMO_QUICK.skips.join('; ')}
  --url URL          a running komodod (or devnet) instead of the embedded devnet
  --user U             RPC user for --url
  --password-env NAME  RPC password for --url, read from environment variable NAME
  --password-stdin     RPC password for --url, read from standard input
                       (never from the command line: a password inside the URL still works but prints a
                       warning, as other processes can read it)
  --chain NAME         a running daemon found through NAME.conf (rpcuser/rpcpassword/rpcport)
  --datadir DIR        where NAME.conf is (default: komodod's data dir for NAME)
  --wif-env NAME       the -pubkey wallet's WIF for the offline-built steps, from environment variable NAME
                       (default: ask the daemon's dumpprivkey)
  --wif-stdin          the same WIF read from standard input
  --timeout DURATION   longest wait for one confirmation round: 15m, 900s; a bare number is seconds (default 15m)
  --poll DURATION      polling interval while waiting: 2s, 500ms; a bare number is seconds (default 2s)
  --poll-ms N          deprecated: --poll Nms
Against a daemon nothing is mined: each step waits for its block; ${WITHOUT_CLOCK} skipped.`,
  run: async (args: string[], io: CliIo): Promise<number> => {
    const { options, positionals } = parseArgs(args, {
      strings: [
        'url',
        'user',
        'chain',
        'datadir',
        'timeout',
        'poll',
        'poll-ms',
        ...PASSWORD_FLAGS.strings,
        ...WIF_FLAGS.strings,
      ],
      booleans: ['verbose', 'quick', ...PASSWORD_FLAGS.booleans, ...WIF_FLAGS.booleans],
    })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    const common = { verbose: options.verbose === true, ...(options.quick === true ? DEMO_QUICK.options : {}) }
    const url = typeof options.url === 'string' ? options.url : undefined
    const chain = typeof options.chain === 'string' ? options.chain : undefined
    if (url === undefined && chain === undefined) {
      for (const k of [
        'user',
        'password-env',
        'password-stdin',
        'datadir',
        'wif-env',
        'wif-stdin',
        'timeout',
        'poll',
        'poll-ms',
      ])
        if (options[k] !== undefined) usage(`--${k} needs --url or --chain`)
      return runDevnetDemo(io, common)
    }
    if (url !== undefined && chain !== undefined) usage('give --url or --chain, not both')
    let rpc
    if (url !== undefined) {
      if (options.datadir !== undefined) usage('--datadir goes with --chain')
      if (urlHasPassword(url)) warnArgvSecret(io, 'the password in --url', '--password-env NAME or --password-stdin')
      const password = await readPasswordFlags(options, io)
      rpc = createKomodoRpc({
        url,
        ...(typeof options.user === 'string' ? { user: options.user } : {}),
        ...(password !== undefined ? { password } : {}),
      })
    } else {
      if (options.user !== undefined || options['password-env'] !== undefined || options['password-stdin'] === true)
        usage('--user/--password-env/--password-stdin go with --url (--chain reads the conf file)')
      rpc = createKomodoRpc({
        chain: chain!,
        ...(typeof options.datadir === 'string' ? { dataDir: options.datadir } : {}),
      })
    }
    const wif = await readWifFlags(options, io)
    const privateKey = wif === undefined ? undefined : decodeWif(wif).privateKey
    const timeout = durationOption(options.timeout, 'timeout', { minMs: 1000, maxMs: 86_400_000 })
    if (options.poll !== undefined && options['poll-ms'] !== undefined) usage('give --poll, not --poll-ms too')
    let poll = durationOption(options.poll, 'poll', { minMs: 10, maxMs: 600_000 })
    if (options['poll-ms'] !== undefined) {
      warnDeprecated(io, '--poll-ms N', '--poll Nms (a bare number is seconds)')
      poll = intOption(options['poll-ms'], 'poll-ms', 10, 600_000)
    }
    return runRemoteDemo(io, rpc, {
      ...common,
      ...(privateKey !== undefined ? { privateKey } : {}),
      ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
      ...(poll !== undefined ? { pollMs: poll } : {}),
    })
  },
}

/** The `demo` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...demoCommands } */
export const demoCommands: Readonly<Record<string, CliCommand>> = { demo: demoCommand }
