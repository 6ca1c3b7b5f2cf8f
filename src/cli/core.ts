import { KomodoCcError } from '../errors.js'

/** What a CLI command may touch: its output streams and the environment. Tests pass their own. */
export type CliIo = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  env: Record<string, string | undefined>
  /** Reads all of standard input (for secrets given on stdin). */
  readStdin: () => Promise<string>
  /** True when stderr is a terminal (progress bars). */
  isTty: boolean
}

/** A CLI command: gets its own argv (after the command words) and returns the exit status. */
export type CliCommand = {
  /** One line for the top-level help. */
  summary: string
  /** Full help text printed for `--help`. */
  help: string
  run: (args: string[], io: CliIo) => Promise<number> | number
}

/** Prints a value as JSON on stdout (bigint as decimal strings, bytes as hex). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(JSON.stringify(value, jsonReplacer, 2) + '\n')
}

/** JSON replacer: bigint → decimal string, Uint8Array → hex. */
export function jsonReplacer(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString()
  if (v instanceof Uint8Array) {
    let s = ''
    for (const b of v) s += b.toString(16).padStart(2, '0')
    return s
  }
  return v
}

/**
 * Warns on stderr (one JSON line) that a secret was given on the command line, where other processes and users
 * can read it, and names the safer form. The secret itself is never printed.
 * @example warnArgvSecret(io, 'the password in --url', 'KOMODO_RPC_PASSWORD or --password-stdin')
 */
export function warnArgvSecret(io: CliIo, what: string, instead: string): void {
  const warning = `${what} is visible to other processes and users (ps, /proc/<pid>/cmdline) and may land in shell history; use ${instead} instead`
  io.stderr(JSON.stringify({ warning: { code: 'ARGV_SECRET', message: warning } }) + '\n')
}

/**
 * True when `url` parses and carries a password (`http://user:PASSWORD@host`).
 * @example urlHasPassword('http://u:pw@127.0.0.1:7771') // true
 */
export function urlHasPassword(url: string): boolean {
  try {
    return new URL(url).password !== ''
  } catch {
    return false
  }
}

/** Throws a usage error (exit status 1, JSON on stderr). */
export function usage(message: string): never {
  throw new KomodoCcError('CLI_USAGE', message)
}

/**
 * Minimal argv parser: `--name value`, `--name=value`, boolean `--flag` (names listed in `booleans`), positionals.
 * Unknown options are refused so typos never pass silently.
 */
export function parseArgs(
  args: string[],
  spec: { strings?: readonly string[]; booleans?: readonly string[]; multi?: readonly string[] },
): { options: Record<string, string | boolean | string[]>; positionals: string[] } {
  const strings = new Set([...(spec.strings ?? []), ...(spec.multi ?? [])])
  const booleans = new Set(spec.booleans ?? [])
  const multi = new Set(spec.multi ?? [])
  const options: Record<string, string | boolean | string[]> = {}
  const positionals: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--') {
      positionals.push(...args.slice(i + 1))
      break
    }
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=')
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2)
      if (booleans.has(name)) {
        if (eq > 0) usage(`--${name} takes no value`)
        options[name] = true
      } else if (strings.has(name)) {
        let value: string
        if (eq > 0) value = a.slice(eq + 1)
        else {
          if (i + 1 >= args.length) usage(`--${name} needs a value`)
          value = args[++i]!
        }
        if (multi.has(name)) options[name] = [...((options[name] as string[] | undefined) ?? []), value]
        else options[name] = value
      } else usage(`unknown option --${name}`)
    } else positionals.push(a)
  }
  return { options, positionals }
}

/**
 * A numeric option's text within `min..max` (decimals allowed), or undefined when the option was not given.
 * @throws KomodoCcError CLI_USAGE when it is not a number or out of range
 * @example intOption('7771', 'port', 0, 65535) // 7771
 */
export function intOption(
  v: string | boolean | string[] | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (v === undefined) return undefined
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) usage(`--${name} expects a number`)
  const n = Number(v)
  if (n < min || n > max) usage(`--${name} must be within ${min}..${max}`)
  return n
}
