import { KomodoCcError } from '../errors.js'
import { jsonReplacer, type CliCommand, type CliIo } from './core.js'
import { COMMANDS } from './commands.js'

/** The package's version (package.json "version"; a test keeps them equal). @internal */
export const CLI_VERSION = '0.1.0'

function topHelp(): string {
  const lines = Object.keys(COMMANDS).map((words) => `  komodo-cc ${summaryLine(words)}`)
  return `komodo-cc ${CLI_VERSION} — Komodo Antara contract modules, offline and exact.

Usage:
${lines.join('\n')}

Every command prints JSON on stdout. Errors exit with status 1: on a terminal as text (code, message, the details
saying where), piped or with --json as JSON on stderr ({"error": {"code", "message", "details"}}). -v, --version or
version prints the version. Add --help after any command for its options; a command or group given no arguments prints its help
(exit 0). Secrets: --wif-env NAME | --wif-stdin, --password-env NAME | --password-stdin. Durations: a bare number is
seconds, or 500ms, 30s, 2m, 1h. Amounts in coins (0.00010000); --sats for satoshis. Shell completion:
komodo-cc completion bash|zsh|fish.
`
}

/** A command's line in a listing: its summary, prefixed by its words unless the summary starts with them. */
function summaryLine(words: string): string {
  const c = COMMANDS[words]!
  return c.summary.startsWith(words) ? c.summary : `${words}  ${c.summary}`
}

/** The listing of a group's commands (`tx` → tx decode, tx id, tx sign), or undefined when `word` is no group. */
function groupHelp(word: string): string | undefined {
  const group = Object.keys(COMMANDS).filter((k) => k.startsWith(`${word} `))
  if (group.length === 0) return undefined
  return `komodo-cc ${word} — sub-commands (add --help after one for its options):\n${group.map((k) => `  komodo-cc ${summaryLine(k)}`).join('\n')}\n`
}

/** Finds the command whose words start argv (longest match first). */
function resolve(argv: string[]): { command: CliCommand; rest: string[]; words: string } | undefined {
  const keys = Object.keys(COMMANDS).sort((a, b) => b.split(' ').length - a.split(' ').length)
  for (const words of keys) {
    const parts = words.split(' ')
    if (parts.every((p, i) => argv[i] === p))
      return { command: COMMANDS[words]!, rest: argv.slice(parts.length), words }
  }
  return undefined
}

/**
 * Runs the CLI for `argv` (without the node and script paths) with the given I/O; returns the exit status (no
 * arguments: the help, status 0, as `--help`).
 * Errors never escape: a KomodoCcError becomes JSON on stderr with its code, anything else an INTERNAL error.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // --json anywhere before `--`: errors as JSON even on a terminal; taken out of the command's arguments unless the
  // command reads it itself (rpc --raw --json, key … --json)
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length
  const json = argv.slice(0, end).includes('--json')
  const errors: CliIo = json ? { ...io, isTty: false } : io
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(topHelp())
    return 0
  }
  if (argv[0] === '--version' || argv[0] === '-v' || (argv[0] === 'version' && argv.length === 1)) {
    io.stdout(`${CLI_VERSION}\n`)
    return 0
  }
  const found = resolve(argv)
  if (found === undefined) {
    // a group's words without a sub-command (`komodo-cc tx`): the help asked for by absence, exit 0
    const group = groupHelp(argv[0]!)
    if (group !== undefined && (argv.length === 1 || argv[1] === '--help' || argv[1] === '-h')) {
      io.stdout(group)
      return 0
    }
    writeError(
      errors,
      new KomodoCcError(
        'CLI_USAGE',
        `unknown command ${JSON.stringify(argv.slice(0, 2).join(' '))}; run komodo-cc --help`,
      ),
    )
    return 1
  }
  if (found.rest.includes('--help') || found.rest.includes('-h')) {
    io.stdout(found.command.help + '\n')
    return 0
  }
  if (found.rest.length === 0 && found.command.runsBare !== true) {
    // a command that needs arguments, given none (`komodo-cc rpc`): its help and its sub-commands, exit 0
    const subs = Object.keys(COMMANDS).filter((k) => k.startsWith(`${found.words} `))
    io.stdout(
      found.command.help +
        '\n' +
        (subs.length === 0 ? '' : `\nSub-commands:\n${subs.map((k) => `  komodo-cc ${summaryLine(k)}`).join('\n')}\n`),
    )
    return 0
  }
  const cut = end - (argv.length - found.rest.length) // where `--` sits in the command's own arguments
  const rest =
    json && found.command.jsonFlag !== true
      ? [...found.rest.slice(0, cut).filter((a) => a !== '--json'), ...found.rest.slice(cut)]
      : found.rest
  try {
    return await found.command.run(rest, io, COMMANDS)
  } catch (e) {
    writeError(errors, e)
    return 1
  }
}

/**
 * Prints an error on stderr: on a terminal (`io.isTty`, and no `--json`) as text a person reads — the code and the
 * message, then each detail (what was wrong where: the parameter, path, offset, method, host) on a line of its own;
 * otherwise as one line of JSON, `{"error": {"code", "message", "details"}}`, for programs.
 */
function writeError(io: CliIo, e: unknown): void {
  const code = e instanceof KomodoCcError ? e.code : 'INTERNAL'
  const message = e instanceof Error ? e.message : String(e)
  const details = e instanceof KomodoCcError ? e.details : {}
  if (!io.isTty) {
    io.stderr(
      JSON.stringify(
        e instanceof KomodoCcError ? { error: { code, message, details } } : { error: { code, message } },
        jsonReplacer,
      ) + '\n',
    )
    return
  }
  // the message starts with its code (KomodoCcError's form): printed once, first
  const text = message.startsWith(`${code}: `) ? message.slice(code.length + 2) : message
  const lines = Object.entries(details).map(([k, v]) => {
    const shown = typeof v === 'string' ? v : JSON.stringify(v, jsonReplacer)
    return `  ${k}: ${shown}`
  })
  io.stderr(`error ${code}: ${text}\n${lines.length > 0 ? lines.join('\n') + '\n' : ''}`)
}
