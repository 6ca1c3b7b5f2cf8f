import { KomodoCcError } from '../errors.js'
import { formatCoins, toSatoshis } from '../amount.js'

/** What a CLI command may touch: its output streams and the environment. Tests pass their own. */
export type CliIo = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  env: Record<string, string | undefined>
  /** Reads all of standard input (for secrets given on stdin). */
  readStdin: () => Promise<string>
  /** True when stderr is a terminal (progress bars). */
  isTty: boolean
  /**
   * Reads one line from a terminal without echoing it (a secret typed by hand), after printing `prompt` on stderr.
   * Given only when standard input is a terminal; otherwise secrets on stdin come through {@link CliIo.readStdin}.
   */
  readHidden?: (prompt: string) => Promise<string>
}

/** A CLI command: gets its own argv (after the command words) and returns the exit status. */
export type CliCommand = {
  /** One line for the top-level help. */
  summary: string
  /** Full help text printed for `--help`. */
  help: string
  /** `commands`: the whole command table, as the dispatcher (run.ts) passes it (the completion command reads it). */
  run: (args: string[], io: CliIo, commands?: Readonly<Record<string, CliCommand>>) => Promise<number> | number
  /**
   * True for a command that does its work with no arguments at all (`demo`, `devnet`, `tour`). Any other command
   * given no arguments prints its help (and the sub-commands of its words) on stdout and exits 0.
   */
  runsBare?: boolean
  /**
   * True for a command that reads `--json` itself (`rpc --raw --json`, `key … --json`). For every other command the
   * CLI takes `--json` out of its arguments: anywhere, it only means errors as JSON even on a terminal.
   */
  jsonFlag?: boolean
}

/**
 * How {@link printJson} prints amounts: `coinKeys` names the object keys whose values are coin amounts as komodo-cli
 * prints them (a bigint of satoshis there becomes a JSON number with 8 decimals, `0.00010000`, written from the
 * bigint, never through a float; a JS number there is read as coins and printed the same way); `sats` keeps the
 * satoshi digit strings (`--sats`). Without `coinKeys` nothing is converted. Every other bigint (token units, counts,
 * heights) is a JSON number written digit for digit, as komodo-cli prints int64 values (`"balance": 100000`); with
 * `sats`, a digit string like the satoshis, so that one printed object holds one kind of number.
 */
export type AmountStyle = Readonly<{ coinKeys?: ReadonlySet<string>; sats?: boolean; topIsCoins?: boolean }>

/**
 * Daemon field names komodo-cli prints in coins (ValueFromAmount): wallet and UTXO amounts, fees, and the modules'
 * coin fields (faucet/dice/rewards funding, dice bets, oracle funds/datafee/lifetime, gateways supplies, rewards
 * APR/mindeposit/locked), the oracle publisher's `normalFunds`, and every key ending in `balance` (see jsonText). Token amounts are units: `tokenbalance`
 * and the other token RPCs but `tokenaddress` print with no coin keys.
 * @example COIN_KEYS.has('amount') // true
 */
export const COIN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'amount',
  'value',
  'balance',
  'fee',
  'funds',
  'funding',
  'datafee',
  'lifetime',
  'minbet',
  'maxbet',
  'won',
  'APR',
  'mindeposit',
  'locked',
  'totalsupply',
  'remaining',
  'issued',
  'unconfirmed_balance',
  'immature_balance',
  'paytxfee',
  'relayfee',
  'normalFunds',
])

/**
 * With {@link COIN_KEYS}, also every key naming a balance (`mybalance`, `TokensCCBalance`, `myCCbalance(Tokens)`,
 * `valueBalance`): komodod prints those with ValueFromAmount.
 */
const BALANCE_KEY = /balance(\([^)]*\))?$/i

/** Prints a value as JSON on stdout (bigint as decimal strings, bytes as hex; coin fields per `style`). */
export function printJson(io: CliIo, value: unknown, style: AmountStyle = {}): void {
  io.stdout(jsonText(value, style) + '\n')
}

/** The coins text (`0.00010000`) of a coin-field value, or undefined when it is not an amount this can print exactly. */
function coinText(v: unknown): string | undefined {
  if (typeof v === 'bigint') return formatCoins(v)
  if (typeof v === 'number' && Number.isFinite(v)) {
    try {
      return formatCoins(toSatoshis(v, 'amount', { allowNegative: true }))
    } catch {
      return undefined
    }
  }
  return undefined
}

/** A coin number's satoshis as a JSON digit string, or undefined when it is not an exact amount. */
function satsText(v: number): string | undefined {
  try {
    return JSON.stringify(toSatoshis(v, 'amount', { allowNegative: true }).toString())
  } catch {
    return undefined
  }
}

/**
 * JSON text of `value` as `JSON.stringify(value, jsonReplacer, 2)` writes it (one line with `compact`), except for
 * amounts: a {@link CoinAmount} anywhere, and the values under `style.coinKeys` (with {@link COIN_KEYS}, also keys
 * ending in `balance`), print as coins — a JSON number with exactly 8 decimals, from a bigint of satoshis or a
 * number of coins; with `style.sats`, as satoshi digit strings instead. Other values, and strings under those keys,
 * print as they are.
 * @example jsonText({ amount: 10000n }, { coinKeys: COIN_KEYS }) // '{\n  "amount": 0.00010000\n}'
 */
export function jsonText(value: unknown, style: AmountStyle = {}, compact = false): string {
  const keys = style.coinKeys ?? new Set<string>()
  const sats = style.sats === true
  const nl = compact ? '' : '\n'
  const walk = (v: unknown, indent: string, coin: boolean, idKey = false): string | undefined => {
    if (v instanceof CoinAmount) return sats ? JSON.stringify(v.sats.toString()) : formatCoins(v.sats)
    if (coin) {
      // the daemon's numbers are coins: in satoshis (digit strings) with `sats`, else with 8 decimals
      const c = sats ? (typeof v === 'number' ? satsText(v) : undefined) : coinText(v)
      if (c !== undefined) return c
    }
    if (typeof v === 'bigint') return sats || idKey ? JSON.stringify(v.toString()) : v.toString()
    const r = jsonReplacer('', v)
    if (r === null || typeof r !== 'object') return JSON.stringify(r)
    if (typeof (r as { toJSON?: unknown }).toJSON === 'function')
      return walk((r as { toJSON: () => unknown }).toJSON(), indent, false)
    const inner = compact ? '' : indent + '  '
    if (Array.isArray(r)) {
      if (r.length === 0) return '[]'
      return `[${nl}${r.map((x) => inner + (walk(x, inner, false) ?? 'null')).join(`,${nl}`)}${nl}${indent}]`
    }
    const parts: string[] = []
    for (const [k, x] of Object.entries(r)) {
      const t = walk(x, inner, keys.has(k) || (keys === COIN_KEYS && BALANCE_KEY.test(k)), ID_KEYS.has(k))
      if (t !== undefined) parts.push(`${inner}${JSON.stringify(k)}:${compact ? '' : ' '}${t}`)
    }
    return parts.length === 0 ? '{}' : `{${nl}${parts.join(`,${nl}`)}${nl}${indent}}`
  }
  return walk(value, '', style.topIsCoins === true) ?? 'undefined'
}

/** Keys whose bigint is an identifier, not a quantity: printed as a digit string always (sbits exceed 2^53). */
const ID_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(['sbits'])

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
 * A satoshi amount marked for printing as coins wherever it sits (whatever its key): {@link jsonText} writes it as
 * `0.00010000`, or as a digit string with `sats`. For outputs whose other fields must not be converted by key.
 * @example jsonText({ outputs: [{ value: new CoinAmount(1000n) }] }) // …"value": 0.00001000…
 */
export class CoinAmount {
  constructor(readonly sats: bigint) {}
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

/** Longest duration a flag takes: 2^31 − 1 ms (about 24.8 days), the longest timer Node and browsers keep. */
export const MAX_DURATION_MS = 0x7fffffff

/**
 * A duration flag's text → milliseconds. One rule for every time flag: a bare number is **seconds**; the suffixes
 * `ms`, `s`, `m`, `h` are accepted (`30s`, `500ms`, `2m`, `1.5h`); fractions allowed, rounded to a whole millisecond.
 * `bareMax` (seconds) refuses a bare number above it with a hint, for flags that used to take milliseconds
 * (`--timeout 30000` would now mean 30000 seconds: refused, "did you mean 30000ms?").
 * @throws KomodoCcError CLI_USAGE (`details.reason`: `syntax` for junk, `negative`, `range` below `minMs` or above
 *   `maxMs`/{@link MAX_DURATION_MS}, `ambiguous` for a bare number above `bareMax`)
 * @example parseDuration('30s', 'timeout') // 30000
 * @example parseDuration('500ms', 'poll') // 500
 * @example parseDuration('2', 'block-time') // 2000
 */
export function parseDuration(
  text: string,
  name: string,
  o: { minMs?: number; maxMs?: number; bareMax?: number } = {},
): number {
  const fail = (reason: string, message: string): never => {
    throw new KomodoCcError('CLI_USAGE', `--${name} ${message}`, { option: name, reason })
  }
  if (typeof text !== 'string') return fail('syntax', 'needs a value')
  const t = text.trim()
  if (/^-/.test(t)) fail('negative', `must not be negative, got ${JSON.stringify(text)}`)
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(t)
  if (m === null)
    fail(
      'syntax',
      `expects a duration: a number of seconds or a number with ms, s, m or h (30s, 500ms, 2m), got ` +
        `${JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text)}`,
    )
  const n = Number(m![1])
  const unit = m![2]
  if (unit === undefined && o.bareMax !== undefined && n > o.bareMax) {
    const t = m![1]!.length > 24 ? `${m![1]!.slice(0, 24)}…` : m![1]!
    fail(
      'ambiguous',
      `${t} is read as seconds (a bare number is seconds); did you mean ${t}ms? Write the unit (${t}ms or ${t}s)`,
    )
  }
  const ms = Math.round(n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit ?? 's']!)
  const max = Math.min(o.maxMs ?? MAX_DURATION_MS, MAX_DURATION_MS)
  const min = o.minMs ?? 1
  if (!(ms <= max)) fail('range', `must be at most ${durationText(max)}, got ${JSON.stringify(text)}`)
  if (ms < min) fail('range', `must be at least ${durationText(min)}, got ${JSON.stringify(text)}`)
  return ms
}

/** Milliseconds as the shortest duration text parseDuration reads back (`500ms`, `30s`, `2m`, `1h`). */
function durationText(ms: number): string {
  if (ms % 3_600_000 === 0 && ms > 0) return `${ms / 3_600_000}h`
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000}m`
  if (ms % 1000 === 0 && ms > 0) return `${ms / 1000}s`
  return `${ms}ms`
}

/**
 * A duration option as {@link parseDuration} reads it, or undefined when it was not given.
 * @throws KomodoCcError CLI_USAGE
 * @example durationOption(options.timeout, 'timeout') // 30000 for '30s'
 */
export function durationOption(
  v: string | boolean | string[] | undefined,
  name: string,
  o: { minMs?: number; maxMs?: number; bareMax?: number } = {},
): number | undefined {
  if (v === undefined) return undefined
  if (typeof v !== 'string') return usage(`--${name} needs a value`)
  return parseDuration(v, name, o)
}

/** parseArgs lists of the key flags every command taking a key accepts. */
export const WIF_FLAGS = /* @__PURE__ */ Object.freeze({ strings: ['wif-env'], booleans: ['wif-stdin'] })
/** parseArgs lists of the password flags every command taking an RPC password (or KDF userpass) accepts. */
export const PASSWORD_FLAGS = /* @__PURE__ */ Object.freeze({ strings: ['password-env'], booleans: ['password-stdin'] })

/** The kinds of secret a command reads from `--<kind>-env NAME` or `--<kind>-stdin`. */
export type SecretKind = 'wif' | 'password' | 'passphrase' | 'mnemonic' | 'bip39-passphrase'
const SECRET_KINDS: readonly SecretKind[] = ['wif', 'password', 'passphrase', 'mnemonic', 'bip39-passphrase']

/**
 * Reads a secret from `--<kind>-env NAME` or `--<kind>-stdin`; undefined when neither was given. From a terminal,
 * stdin is read without echo (`io.readHidden`). Whitespace around a WIF, and one trailing newline of anything else,
 * is dropped.
 * @throws KomodoCcError CLI_USAGE (both given, two secrets on stdin, the variable unset, a value that is no variable name)
 * @example const phrase = await readSecretFlags(options, io, 'mnemonic', 'seed phrase')
 */
export async function readSecretFlags(
  options: Record<string, unknown>,
  io: CliIo,
  kind: SecretKind,
  what: string,
): Promise<string | undefined> {
  const env = options[`${kind}-env`]
  const stdin = options[`${kind}-stdin`] === true
  if (env !== undefined && stdin) usage(`give one of --${kind}-env NAME or --${kind}-stdin, not both`)
  const others = SECRET_KINDS.filter((k) => k !== kind && options[`${k}-stdin`] === true)
  if (stdin && others.length > 0)
    usage(
      `only one secret can come from standard input: give the other with ${others.map((k) => `--${k}-env`).join(' / ')}`,
    )
  if (typeof env === 'string') {
    // the value is never echoed unless it reads as a variable name: a key or password pasted here must not be printed
    const looksLikeName =
      /^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(env) && !(kind === 'wif' && /^[1-9A-HJ-NP-Za-km-z]{50,53}$/.test(env))
    if (!looksLikeName)
      usage(`--${kind}-env takes the NAME of an environment variable (letters, digits, _), not the ${what} itself`)
    const v = io.env[env]
    if (v === undefined || v.trim() === '') usage(`environment variable ${env} is not set (it should hold the ${what})`)
    return kind === 'wif' ? v.trim() : v.replace(/\r?\n$/, '')
  }
  if (stdin) {
    const v = io.readHidden !== undefined ? await io.readHidden(`${what} (not shown): `) : await io.readStdin()
    const s = kind === 'wif' ? v.trim() : v.replace(/\r?\n$/, '')
    if (s === '') usage(`--${kind}-stdin: standard input held no ${what}`)
    return s
  }
  return undefined
}

/**
 * The WIF from `--wif-env NAME` (the environment variable NAME holds it) or `--wif-stdin` (standard input), the one
 * rule of every command taking a key; undefined when neither is given. The key itself is never a flag's value.
 * @throws KomodoCcError CLI_USAGE (both given, the variable unset or empty, a value that is not a variable name)
 * @example const wif = await readWifFlags(options, io) // options from parseArgs with WIF_FLAGS
 */
export function readWifFlags(options: Record<string, unknown>, io: CliIo): Promise<string | undefined> {
  return readSecretFlags(options, io, 'wif', 'WIF')
}

/**
 * The RPC password (komodod's rpcpassword, KDF's userpass) from `--password-env NAME` or `--password-stdin`, the one
 * rule of every command taking one; undefined when neither is given. One trailing newline of stdin is dropped.
 * @throws KomodoCcError CLI_USAGE
 * @example const password = (await readPasswordFlags(options, io)) ?? io.env.KOMODO_RPC_PASSWORD
 */
export function readPasswordFlags(options: Record<string, unknown>, io: CliIo): Promise<string | undefined> {
  return readSecretFlags(options, io, 'password', 'password')
}

/**
 * Prints a DEPRECATED warning (one JSON line on stderr) for an old flag that still works.
 * @example warnDeprecated(io, '--poll-ms', '--poll 500ms')
 */
export function warnDeprecated(io: CliIo, old: string, instead: string): void {
  io.stderr(JSON.stringify({ warning: { code: 'DEPRECATED', message: `${old} is deprecated; use ${instead}` } }) + '\n')
}
