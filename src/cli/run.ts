import { KomodoCcError } from '../errors.js'
import { jsonReplacer, type CliCommand, type CliIo } from './core.js'
import { COMMANDS } from './commands.js'

const VERSION = '0.1.0'

function topHelp(): string {
  const lines = Object.entries(COMMANDS).map(
    ([words, c]) => `  komodo-cc ${c.summary.startsWith(words) ? c.summary : `${words}  ${c.summary}`}`,
  )
  return `komodo-cc ${VERSION} — Komodo Antara contract modules, offline and exact.

Usage:
${lines.join('\n')}

Every command prints JSON on stdout; errors are JSON on stderr ({"error": {"code", "message", "details"}}) with exit
status 1. Add --help after any command for its options.
`
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
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(topHelp())
    return 0
  }
  if (argv[0] === '--version') {
    io.stdout(`${VERSION}\n`)
    return 0
  }
  const found = resolve(argv)
  if (found === undefined) {
    const group = Object.keys(COMMANDS).filter((k) => k.startsWith(`${argv[0]} `))
    if (group.length > 0 && (argv.length === 1 || argv[1] === '--help')) {
      io.stdout(group.map((k) => `komodo-cc ${COMMANDS[k]!.summary}`).join('\n') + '\n')
      return argv.length === 1 ? 1 : 0
    }
    writeError(
      io,
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
  try {
    return await found.command.run(found.rest, io)
  } catch (e) {
    writeError(io, e)
    return 1
  }
}

function writeError(io: CliIo, e: unknown): void {
  if (e instanceof KomodoCcError) {
    io.stderr(JSON.stringify({ error: { code: e.code, message: e.message, details: e.details } }, jsonReplacer) + '\n')
  } else {
    const message = e instanceof Error ? e.message : String(e)
    io.stderr(JSON.stringify({ error: { code: 'INTERNAL', message } }) + '\n')
  }
}
