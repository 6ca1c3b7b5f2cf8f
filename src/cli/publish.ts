// `komodo-cc publish`: the oracle publisher from the shell (issue 20). Samples come as JSON lines on standard input
// (or from a command run every N seconds); progress goes out as JSON lines on stdout (and a status line on a TTY).
import { execFile } from 'node:child_process'
import { createInterface } from 'node:readline'
import { KomodoCcError } from '../errors.js'
import { decodeWif } from '../address/address.js'
import { hexToBytes } from '../bytes/hex.js'
import { createRpcView } from '../rpc/view.js'
import { createElectrumView } from '../electrum/view.js'
import type { ChainView } from '../cctx/types.js'
import type { OracleValue } from '../oracle-data/format.js'
import { createOraclePublisher, type PublisherEvent, type SampleInput } from '../publisher/publisher.js'
import { fileJournal } from '../publisher/file-journal.js'
import { memoryJournalStorage } from '../publisher/journal.js'
import { formatCoins } from '../amount.js'
import { relayPolicy } from '../tx/policy.js'
import {
  COIN_KEYS,
  WIF_FLAGS,
  durationOption,
  intOption,
  jsonText,
  parseArgs,
  readWifFlags,
  usage,
  type CliCommand,
  type CliIo,
} from './core.js'
import { CONN, CONNECTION_HELP, connect } from './rpc.js'

/** After SIGINT/SIGTERM, how long queued samples may still go out before every wait is aborted (ms). */
const STOP_GRACE_MS = 1000

/** The CLI's I/O plus, for tests and embedders, standard input as lines (default: the process's, read as it comes). */
export type PublishIo = CliIo & { stdinLines?: () => AsyncIterable<string>; signal?: AbortSignal }

/** A JSON value typed by one format character: l/L bigint, d/D bytes from hex, c C t T i I numbers, s S h text. */
function typedValue(ch: string, v: unknown, at: string): OracleValue {
  if (ch === 'l' || ch === 'L') {
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v)
    throw new KomodoCcError('ORACLE_VALUE', `${at}: '${ch}' expects an integer (a number or a decimal string)`)
  }
  if (ch === 'd' || ch === 'D') {
    if (typeof v === 'string') return hexToBytes(v, at)
    throw new KomodoCcError('ORACLE_VALUE', `${at}: '${ch}' expects hex text`)
  }
  if ('cCtTiI'.includes(ch)) {
    if (typeof v === 'number') return v
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v)
    throw new KomodoCcError('ORACLE_VALUE', `${at}: '${ch}' expects an integer`)
  }
  if (typeof v === 'string') return v
  throw new KomodoCcError('ORACLE_VALUE', `${at}: '${ch}' expects text`)
}

/** One line of input: `[values…]`, `{"seq": n, "values": […]}` or `{"seq": n, "record": "hex"}`. */
function sampleOf(line: string, format: string, n: number): { sample: SampleInput; seq?: number } {
  let v: unknown
  try {
    v = JSON.parse(line)
  } catch {
    throw new KomodoCcError('ARG_INVALID', `input line ${n} is not JSON`)
  }
  const values = (arr: unknown): OracleValue[] => {
    if (!Array.isArray(arr) || arr.length !== format.length)
      throw new KomodoCcError('ORACLE_VALUE', `input line ${n}: format ${format} needs ${format.length} value(s)`)
    return arr.map((x, i) => typedValue(format[i]!, x, `line ${n} value ${i}`))
  }
  if (Array.isArray(v)) return { sample: values(v) }
  if (typeof v === 'object' && v !== null) {
    const o = v as { seq?: unknown; values?: unknown; record?: unknown }
    const seq = o.seq === undefined ? undefined : Number(o.seq)
    if (seq !== undefined && !Number.isSafeInteger(seq))
      throw new KomodoCcError('ARG_INVALID', `input line ${n}: seq expected a whole number`)
    const sample: SampleInput = typeof o.record === 'string' ? { record: o.record } : values(o.values)
    return { sample, ...(seq !== undefined ? { seq } : {}) }
  }
  throw new KomodoCcError('ARG_INVALID', `input line ${n}: expected an array of values or {seq, values | record}`)
}

/** Runs `cmd` in a shell; its standard output. */
function runShell(cmd: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('/bin/sh', ['-c', cmd], { signal, maxBuffer: 1 << 20, timeout: 60_000 }, (e, out) => {
      if (e === null) return resolve(String(out))
      const exitCode = typeof e.code === 'number' ? e.code : null
      reject(
        new KomodoCcError('ARG_INVALID', `--cmd failed: ${e.message.trim()}`, {
          exitCode,
          ...(e.signal ? { signal: e.signal } : {}),
        }),
      )
    }),
  )
}

/**
 * What the publisher refuses in a sample itself, before anything is signed: the values for its format, and a record
 * over the node's relay policy. Without --strict these are error events, as a bad input line is.
 */
const SAMPLE_REFUSALS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'ORACLE_VALUE',
  'ORACLE_FORMAT',
  'ORACLE_NOT_ASCII',
  'ORACLE_TOO_LONG',
  'INT_RANGE',
  'HEX_INVALID',
  'BYTES_LENGTH',
  'TX_NONSTANDARD',
])

/** An error as an event line carries it: its code and message (a non-library error: its text). */
function errorJson(e: unknown): { code: string; message: string } | string {
  return e instanceof KomodoCcError ? { code: e.code, message: e.message } : String(e)
}

async function* processLines(signal: AbortSignal): AsyncIterable<string> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity })
  // a signal stops the reading at once, not at the next line
  signal.addEventListener('abort', () => rl.close(), { once: true })
  try {
    for await (const line of rl) yield line
  } finally {
    rl.close()
  }
}

const publishCommand: CliCommand = {
  summary:
    'publish --oracle TXID --wif-env NAME (--chain NAME | --url URL | --devnet | --electrum URL) [--journal FILE]   publish samples from stdin',
  help: `komodo-cc publish --oracle TXID (--wif-env NAME | --wif-stdin) (--chain NAME | --conf PATH | --url URL | --devnet | --electrum URL) [--journal FILE] [--every 60s --cmd "COMMAND"] [--low-funds K] [--poll DURATION]

Publishes samples into an oracle you registered for, key-locally, chained through the mempool (no block needed
between samples). Samples are JSON lines on standard input, one per sample, typed by the oracle's format:
  [1700000000, "00ab…", 42]            values (l/L integers as numbers or decimal strings, d/D as hex)
  {"seq": 17, "values": [ … ]}         with a sequence number: a number already published is skipped
  {"seq": 17, "record": "hex"}         a ready record
With --every and --cmd, the command is run every interval and its output (one JSON array) is the next sample.
A line that is not a sample, or a run of --cmd that fails (exit status not 0, a timeout, output that is not a
sample), is an {"event":"error","source":"input"|"cmd", …} line and the run goes on with the next line or the next
interval; --strict stops instead (exit status 1, the error on stderr). The closing line counts them ("errors").

Each sample's signed transaction is written to the journal (--journal FILE; without it, a restart cannot recover)
before it is broadcast: after a crash, the same command on the same journal sends again what was signed and not
seen, and never signs a second transaction for a sequence number. Replaying input with "seq" publishes each sample
once. Progress goes to stdout as JSON lines (first {"event":"fit", …}: which records of the oracle's format the node relays;
then {"event":"sent"|"confirmed"|"retry"|"low-funds"|"error", …}), then a final {"event":"closed", …status}.
SIGINT/SIGTERM stop reading, give the queued samples a second to go out, then stop every wait (start-up retries
included): the command ends within 2 s, the journal flushed (a sample signed and not sent goes out at the next start).
  --oracle TXID      the oracle (its create transaction)
  --wif-env NAME     the publisher's key: the WIF in environment variable NAME
  --wif-stdin        the publisher's key read from standard input (only with --every/--cmd: otherwise standard
                     input carries the samples)
  --journal FILE     the journal file (created when missing; locked while running)
  --every DURATION   with --cmd: 500ms, 60s, 5m, 1h; a bare number is seconds (at least 100ms)
  --cmd "COMMAND"    a shell command printing one JSON array of values
  --low-funds K      warn while fewer than K samples remain paid (default 10)
  --poll DURATION    check confirmations this often: 10s, 500ms, 1m; a bare number is seconds (default 10s)
  --datacarriersize N  the node's -datacarriersize (default 208, komodod's for an asset chain): records whose
                     oraclesdata OP_RETURN is larger are refused before signing; a 'fit' line at start says
                     which records of the oracle's format fit
  --sats             print the events' amounts (funds) in satoshis (digit strings) instead of coins
  --strict           stop at the first bad input line or failing --cmd run (default: an error event, go on)
  --electrum URL     an Electrum server instead of komodod: tcp://host:port, ssl://…, ws://…, wss://…

${CONNECTION_HELP}`,
  async run(args, cliIo) {
    const io = cliIo as PublishIo
    const { options, positionals } = parseArgs(args, {
      strings: [
        ...CONN.strings,
        ...WIF_FLAGS.strings,
        'oracle',
        'journal',
        'electrum',
        'every',
        'cmd',
        'low-funds',
        'poll',
        'datacarriersize',
      ],
      booleans: [...CONN.booleans, ...WIF_FLAGS.booleans, 'sats', 'strict'],
    })
    if (positionals.length > 0) usage(`unexpected argument ${positionals[0]}`)
    const oracle = options.oracle
    if (typeof oracle !== 'string' || !/^[0-9a-fA-F]{64}$/.test(oracle)) usage('give --oracle TXID (64 hex digits)')
    const every = durationOption(options.every, 'every', { minMs: 100 })
    if ((every === undefined) !== (options.cmd === undefined)) usage('--every and --cmd go together')
    if (every === undefined && (options['wif-stdin'] === true || options['password-stdin'] === true))
      usage('standard input carries the samples: give the key with --wif-env NAME (and a password with --password-env)')
    const wif = await readWifFlags(options, io)
    if (wif === undefined) usage('give the key: --wif-env NAME or --wif-stdin (never on the command line)')
    const privateKey = decodeWif(wif).privateKey
    const lowFundsSamples = intOption(options['low-funds'], 'low-funds', 0, 1e9) ?? 10
    const datacarriersize = intOption(options.datacarriersize, 'datacarriersize', 0, 0xffffffff)
    const pollMs = durationOption(options.poll, 'poll', { minMs: 0, maxMs: 86_400_000 }) ?? 10_000
    const sources = ['chain', 'conf', 'url', 'electrum'].filter((k) => options[k] !== undefined)
    if (options.devnet === true) {
      if (sources.length > 0) usage('--devnet takes no --chain/--conf/--url/--electrum')
    } else if (sources.length !== 1) usage('give exactly one of --chain, --conf, --url, --devnet or --electrum')
    const view: ChainView & { close?: () => void } =
      typeof options.electrum === 'string'
        ? createElectrumView({ url: options.electrum })
        : createRpcView(await connect(options, io))
    const style = { coinKeys: COIN_KEYS, sats: options.sats === true }
    const line = (v: object): void => io.stdout(jsonText(v, style, true) + '\n')
    const stop = new AbortController()
    const hard = new AbortController()
    let grace: ReturnType<typeof setTimeout> | undefined
    const onSignal = (): void => {
      stop.abort()
      grace ??= setTimeout(() => hard.abort(), STOP_GRACE_MS)
    }
    if (io.signal !== undefined) io.signal.addEventListener('abort', onSignal, { once: true })
    const realProcess = io.stdinLines === undefined
    if (realProcess) {
      process.once('SIGINT', onSignal)
      process.once('SIGTERM', onSignal)
    }
    let journal
    if (typeof options.journal === 'string') journal = fileJournal(options.journal)
    else {
      journal = memoryJournalStorage()
      io.stderr(
        JSON.stringify({
          warning: {
            code: 'NO_JOURNAL',
            message: 'no --journal: a restart cannot recover samples signed but not sent',
          },
        }) + '\n',
      )
    }
    let sent = 0
    let confirmed = 0
    let funds = ''
    let last = ''
    try {
      const pub = await createOraclePublisher({
        oracletxid: oracle.toLowerCase(),
        privateKey,
        view,
        journal,
        lowFundsSamples,
        pollMs,
        ...(datacarriersize !== undefined ? { policy: relayPolicy('asset', { datacarriersize }) } : {}),
        // a signal stops every phase within 2 s, start-up retries included: the queued samples get a second to go
        // out, then the publisher's signal fires (each read raced against it); what was signed stays in the journal
        signal: hard.signal,
      }).catch((e: unknown) => {
        if (stop.signal.aborted && e instanceof KomodoCcError && e.code === 'ABORTED') return undefined
        throw e
      })
      if (pub === undefined) {
        line({ event: 'closed', stopped: 'before start' })
        return 0
      }
      // said at start: whether the oracle's records can fit the node's relay policy
      line({ event: 'fit', ...pub.fit })
      const tty = (): void => {
        if (io.isTty) io.stderr(`\rsent ${sent}  confirmed ${confirmed}  funds ${funds}  last ${last}   `)
      }
      pub.on('*', (e: PublisherEvent) => {
        if (e.type === 'sent') {
          sent++
          last = e.txid
        }
        if (e.type === 'confirmed') confirmed++
        if (e.type === 'low-funds')
          funds = `${options.sats === true ? `${e.funds} sat` : formatCoins(e.funds)} (${e.samplesPaid} samples)`
        const { type, ...rest } = e
        const err = (rest as { error?: unknown }).error
        line({
          event: type,
          ...rest,
          ...(err !== undefined
            ? { error: err instanceof KomodoCcError ? { code: err.code, message: err.message } : String(err) }
            : {}),
        })
        tty()
      })
      let failure: unknown
      const strict = options.strict === true
      let errors = 0
      // a bad input line or a failing --cmd run: an error event and on (--strict: the end of the run)
      const inputError = (e: unknown, where: Record<string, unknown>): void => {
        if (strict || (e instanceof KomodoCcError && e.code === 'ABORTED')) throw e
        errors++
        line({ event: 'error', ...where, error: errorJson(e) })
        tty()
      }
      const queued: Promise<unknown>[] = []
      const submit = (text: string, n: number, where: Record<string, unknown>): void => {
        const { sample, seq } = sampleOf(text, pub.format, n)
        const p = pub.publish(sample, seq === undefined ? {} : { seq })
        queued.push(
          p.catch((e: unknown) => {
            // a sample cut short by the stop is not a failure: it stays in the journal for the next start
            if (hard.signal.aborted && e instanceof KomodoCcError && e.code === 'ABORTED') return
            // a sample refused for what it holds, before signing (a value its format cannot carry, a record over
            // the node's -datacarriersize): a bad input, as a bad line is
            if (!strict && e instanceof KomodoCcError && SAMPLE_REFUSALS.has(e.code)) {
              errors++
              line({ event: 'error', ...where, error: errorJson(e) })
              tty()
              return
            }
            failure ??= e
            stop.abort()
          }),
        )
      }
      try {
        if (every !== undefined) {
          let n = 0
          while (!stop.signal.aborted) {
            n++
            const out = await runShell(options.cmd as string, stop.signal).catch((e: unknown) => {
              if (stop.signal.aborted) return undefined
              inputError(e, { source: 'cmd', run: n })
              return null
            })
            if (out === undefined) break
            if (out !== null)
              try {
                submit(out.trim(), n, { source: 'cmd', run: n })
              } catch (e) {
                inputError(e, { source: 'cmd', run: n })
              }
            await new Promise<void>((resolve) => {
              const t = setTimeout(resolve, every)
              stop.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
            })
          }
        } else {
          let n = 0
          const lines = io.stdinLines !== undefined ? io.stdinLines() : processLines(stop.signal)
          for await (const text of lines) {
            n++
            if (text.trim() === '') continue
            try {
              submit(text, n, { source: 'input', line: n })
            } catch (e) {
              inputError(e, { source: 'input', line: n })
            }
            if (stop.signal.aborted) break
          }
        }
      } finally {
        await Promise.all(queued)
        const st = await pub.status().catch(() => undefined)
        await pub.close()
        line({ event: 'closed', ...(st ?? {}), errors })
        if (io.isTty) io.stderr('\n')
      }
      if (failure !== undefined) throw failure
      return 0
    } finally {
      clearTimeout(grace)
      if (realProcess) {
        process.removeListener('SIGINT', onSignal)
        process.removeListener('SIGTERM', onSignal)
      }
      view.close?.()
    }
  },
}

/** The `publish` command. @internal */
export const publishCommands: Readonly<Record<string, CliCommand>> = Object.freeze({ publish: publishCommand })
