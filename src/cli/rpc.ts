import { KomodoCcError } from '../errors.js'
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { NODE_RPC, createKomodoRpc } from '../rpc/client.js'
import { komodoConfPath, komodoDataDir } from '../rpc/conf.js'
import { homedir } from 'node:os'
import type { RpcMethodTable } from '../rpc/method.js'
import { RPC_MODULES } from '../modules/registry/rpc.js'
import type { KomodoRpc, KomodoRpcOptions } from '../rpc/client.js'
import { submit } from '../rpc/flow.js'
import type { SubmitExpect } from '../rpc/flow.js'
import type { ExactParam } from '../rpc/transport.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import { MODULES } from '../modules/registry/core.js'
import {
  COIN_KEYS,
  PASSWORD_FLAGS,
  durationOption,
  type AmountStyle,
  parseArgs,
  printJson,
  readPasswordFlags,
  urlHasPassword,
  usage,
  warnArgvSecret,
} from './core.js'
import { readRpcArgs, type RpcArgs } from './rpc-args.js'
import { devnetConnectionPath, findDevnetConnection } from './devnet-file.js'
import { JSON_PARAMS, cliParams } from './rpc-convert.js'
import type { CliCommand, CliIo } from './core.js'

/** The connection flags' help, shared by the commands that talk to komodod. @internal */
export const CONNECTION_HELP = `Connection (one of):
  --chain NAME        read rpcuser/rpcpassword/rpcport/rpcbind from NAME's conf file (KMD: komodo.conf)
  --conf PATH         read them from this conf file
  --url URL           daemon URL; user from --user or KOMODO_RPC_USER
  --devnet            the running \`komodo-cc devnet\` (its connection file, ~/.komodo-cc/devnet.conf or
                      $KOMODO_CC_DEVNET_FILE; else ~/.komodo/DEVNET/DEVNET.conf)
  --password-env NAME with --url: the RPC password is in environment variable NAME
  --password-stdin    with --url: the RPC password is read from standard input
                      (neither: KOMODO_RPC_PASSWORD; never on the command line: a password inside the URL,
                      http://user:PASSWORD@host, still works but prints a warning, as other processes can read it)
  --timeout DURATION  per-call timeout: 30s, 500ms, 2m; a bare number is seconds (default 30s)`

/** The connection flags (parseArgs lists). @internal */
export const CONN = {
  strings: ['chain', 'conf', 'url', 'user', 'timeout', ...PASSWORD_FLAGS.strings],
  booleans: ['devnet', ...PASSWORD_FLAGS.booleans],
}

/**
 * How the CLI turns text arguments into typed arguments of the client's methods (see `RpcArgs`): the node helpers
 * here, every module's RPCs from its CLI part.
 */
export const RPC_ARGS: Readonly<Record<string, RpcArgs>> = /* @__PURE__ */ Object.freeze({
  ...Object.fromEntries(CLI_MODULES.flatMap((m) => Object.entries(m.cli.rpc))),
  sendrawtransaction: 's',
  decoderawtransaction: 's',
  getrawmempool: '',
  getrawtransaction: 's',
  getaddressutxos: 'a',
  listunspent: 'iia',
  getinfo: '',
  getblockcount: '',
  gettxoutproof: (args: readonly string[]) => [args[0]?.split(',') ?? [], args[1]],
  // Tokel's (the wallet's tokenv2* methods): tokenv2transfermany takes its tokenids first, any number of them
  tokenv2transfermany: (args: readonly string[]) => [args.slice(0, -2), args.at(-2), args.at(-1)],
  tokenv2ask: 'sssi',
  tokenv2bid: 'sssi',
})

/**
 * The conf file `--devnet` means: the connection file of the running `komodo-cc devnet` (`~/.komodo-cc/devnet.conf`,
 * or `$KOMODO_CC_DEVNET_FILE`), else the conf file `komodo-cc devnet --conf-dir ~/.komodo/DEVNET` writes (komodod's
 * place for chain DEVNET, as `--chain DEVNET` reads it).
 * @throws KomodoCcError CLI_USAGE when neither is there (or the connection file's devnet is gone), saying how to start one
 * @example options.conf = devnetConf(io)
 * @internal
 */
export function devnetConf(io: CliIo): string {
  const found = findDevnetConnection(io.env)
  if (found !== undefined && 'path' in found) return found.path
  // the CLI's environment names the home directory (HOME), as the shell that ran it sees it
  const home = io.env.HOME !== undefined && io.env.HOME !== '' ? io.env.HOME : homedir()
  const path = komodoConfPath('DEVNET', komodoDataDir('DEVNET', process.platform, io.env, home))
  if (existsSync(path)) return path
  if (found !== undefined)
    usage(
      `--devnet: ${found.stale} names a devnet (process ${found.pid}) that is no longer running ` +
        `(stopped without cleaning up); start one with \`komodo-cc devnet\``,
    )
  const connection = devnetConnectionPath(io.env) ?? '~/.komodo-cc/devnet.conf'
  return usage(
    `--devnet finds no running devnet (neither ${connection} nor ${path} is there): start one with ` +
      `\`komodo-cc devnet\`, which writes ${connection} while it runs (or \`komodo-cc devnet --conf-dir ` +
      `${dirname(path)}\`, komodod's place), or give --conf with the confPath it printed`,
  )
}

/**
 * A client from the connection flags (--chain | --conf | --url, --timeout).
 * @throws KomodoCcError CLI_USAGE
 * @example const rpc = await connect(options, io)
 */
export async function connect(options: Record<string, string | boolean | string[]>, io: CliIo): Promise<KomodoRpc> {
  // a bare number above an hour was milliseconds before 0.2 (the one duration rule): refused with a hint
  const timeoutMs = durationOption(options.timeout, 'timeout', { bareMax: 3600 })
  const base = timeoutMs === undefined ? {} : { timeoutMs }
  const given = ['chain', 'conf', 'url'].filter((k) => typeof options[k] === 'string')
  if (options.devnet === true) {
    if (given.length > 0) usage('--devnet takes no --chain, --conf or --url')
    options = { ...options, conf: devnetConf(io) }
  } else if (given.length !== 1) usage('give exactly one of --chain, --conf, --url or --devnet')
  if (typeof options.url !== 'string')
    for (const k of ['user', 'password-env', 'password-stdin'])
      if (options[k] !== undefined) usage(`--${k} goes with --url (--chain and --conf read the conf file)`)
  let o: KomodoRpcOptions
  if (typeof options.chain === 'string') o = { ...base, chain: options.chain }
  else if (typeof options.conf === 'string') o = { ...base, confPath: options.conf }
  else {
    const user = typeof options.user === 'string' ? options.user : io.env.KOMODO_RPC_USER
    const password = (await readPasswordFlags(options, io)) ?? io.env.KOMODO_RPC_PASSWORD
    if (urlHasPassword(options.url as string))
      warnArgvSecret(io, 'the password in --url', '--password-env NAME, --password-stdin or KOMODO_RPC_PASSWORD')
    o = { ...base, url: options.url as string, user, password }
  }
  return createKomodoRpc(o)
}

/** A raw parameter: JSON arrays/objects/numbers/booleans when --json, otherwise text. */
function rawParam(s: string, json: boolean): ExactParam {
  if (!json) return s
  try {
    return JSON.parse(s) as ExactParam
  } catch {
    return usage(`--json: ${JSON.stringify(s.length > 40 ? s.slice(0, 40) + '…' : s)} is not JSON`)
  }
}

/** Two module methods for the help's example: the first method of the registry's first two modules. */
const EXAMPLES = /* @__PURE__ */ MODULES.slice(0, 2)
  .map((m) => m.methods[0]!.name)
  .join(', ')
/** The modules' notes on how their RPCs' parameters are read (units, variable counts), one line each. */
const NOTES = /* @__PURE__ */ CLI_MODULES.flatMap((m) =>
  m.cli.rpcHelp === undefined ? [] : [`  ${m.cli.rpcHelp}\n`],
).join('')

/** The RPCs whose whole result is one coin amount (komodo-cli prints it with 8 decimals). */
const COIN_RESULTS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'getbalance',
  'getreceivedbyaddress',
  'getreceivedbyaccount',
  'getunconfirmedbalance',
  'z_getbalance',
  'estimatefee',
])

/**
 * How `rpc` prints `method`'s result: coin fields as komodo-cli prints them (8 decimals), or satoshi digit strings
 * with --sats. The token RPCs print units, never coins.
 * @example amountStyle('listunspent', false).coinKeys?.has('amount') // true
 * @internal
 */
export function amountStyle(method: string, sats: boolean): AmountStyle {
  if (method.startsWith('token') && method !== 'tokenaddress') return {}
  return { coinKeys: COIN_KEYS, sats, topIsCoins: COIN_RESULTS.has(method) }
}

/** Every typed RPC's table entry (parameters → JSON, result parser), by name, as the client has them. */
const RPC_TABLE: RpcMethodTable = /* @__PURE__ */ Object.freeze({
  ...Object.fromEntries(RPC_MODULES.flatMap((m) => Object.entries(m.rpc))),
  ...NODE_RPC,
})

/** The methods of the modules (typed, their parameters read as the module's CLI part says). */
const MODULE_RPCS: ReadonlySet<string> = /* @__PURE__ */ new Set(CLI_MODULES.flatMap((m) => Object.keys(m.cli.rpc)))

const rpcCommand: CliCommand = {
  jsonFlag: true,
  summary: 'rpc <method> [params…] --chain NAME | --url URL   call komodod (typed for every module method)',
  help: `komodo-cc rpc <method> [params…] (--chain NAME | --conf PATH | --url URL) [--sats] [--raw [--json]]

Calls komodod's JSON-RPC, parameters in the daemon's order, as komodo-cli takes them: \`komodo-cc rpc generate 1\`,
\`komodo-cc rpc getblock <hash> 2\`. Module methods (${EXAMPLES}, …) and the node helpers (sendrawtransaction,
getaddressutxos, listunspent, …) go through the typed client: parameters are checked, amounts are sent as exact
decimal text, results are parsed (hex results checked to be transactions); gettxoutproof takes comma-separated
txids and listunspent the addresses as trailing parameters (komodo-cli's JSON forms work too). Any other method:
each parameter is sent as komodo-cli sends it (JSON where komodod's client table says so, text elsewhere).
Amounts print as komodo-cli prints them, in coins with 8 decimals (0.00010000); token amounts are units.
  --sats    print the typed client's amounts as satoshi digit strings instead of coins
  --raw     send the parameters unchecked (as text, or as JSON with --json) and print the daemon's result as is
  --json    with --raw: every parameter is JSON (anywhere: errors as JSON even on a terminal)
${NOTES}
${CONNECTION_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: CONN.strings,
      booleans: [...CONN.booleans, 'raw', 'json', 'sats'],
    })
    const [method, ...params] = positionals
    if (method === undefined) usage('give the RPC method name')
    if (options.raw === true && options.sats === true) usage("--raw prints the daemon's result as is: no --sats")
    const spec = Object.hasOwn(RPC_ARGS, method) ? RPC_ARGS[method] : undefined
    let typed: unknown[] | undefined
    if (options.raw !== true && spec !== undefined) {
      if (MODULE_RPCS.has(method)) typed = readRpcArgs(method, spec, params)
      else if (!params.some((p, i) => (JSON_PARAMS[method] ?? []).includes(i) && /^\s*[[{]/.test(p))) {
        // a node helper: typed when its parameters read so, else komodo-cli's form (getrawtransaction txid 1)
        try {
          typed = readRpcArgs(method, spec, params)
        } catch (e) {
          if (!(e instanceof KomodoCcError && e.code === 'CLI_USAGE')) throw e
        }
      }
    }
    const rpc = await connect(options, io)
    if (options.raw === true) {
      const result = await rpc.call(
        method,
        params.map((p) => rawParam(p, options.json === true)),
      )
      if (method === 'help' && typeof result === 'string') io.stdout(result.endsWith('\n') ? result : `${result}\n`)
      else printJson(io, result)
      return 0
    }
    if (typed === undefined) {
      const result = await rpc.call(method, cliParams(method, params))
      // komodod's help is text: printed as komodo-cli prints it, not as one escaped JSON string
      if (method === 'help' && typeof result === 'string') io.stdout(result.endsWith('\n') ? result : `${result}\n`)
      else printJson(io, result, amountStyle(method, options.sats === true))
      return 0
    }
    // typed: the parameters checked and converted by the method's own table entry, the result checked by its parser;
    // printed as the daemon answered (komodo-cli's output, coin numbers with 8 decimals), or, with --sats, as parsed
    const m = RPC_TABLE[method]!
    const raw = await rpc.call(method, m.toParams(...typed.slice(0, m.params.length)))
    const parsed = m.parse(raw)
    if (options.sats === true) printJson(io, parsed, { sats: true })
    else printJson(io, raw, amountStyle(method, false))
    return 0
  },
}

const submitCommand: CliCommand = {
  summary:
    'rpc submit <hex> --expect <json> --chain NAME | --url URL   check, broadcast and wait (the safe second step)',
  help: `komodo-cc rpc submit <hex> --expect '<json>' (--chain NAME | --conf PATH | --url URL) [--wait DURATION] [--progress] [--sats]

Inspects the daemon's hex, refuses it (SUBMIT_MISMATCH) unless it is the expected method with the expected
parameters, pays change only to changeAddress and has a fee within maxFee; then sendrawtransaction once and waits
until the txid is in the mempool or a block. Re-running with the same hex is safe (already-known counts as sent).
  --expect  {"method":"oraclescreate","params":{"name":"NYWTHR","format":"L"},"changeAddress":"R…","maxFee":"100000"}
            (amounts in satoshis as digit strings; "allowAnyChange": true skips the change check)
  --wait DURATION  how long to wait for the mempool: 60s, 500ms, 2m; a bare number is seconds (default 60s)
  --progress       progress lines (JSON) on stderr
  --sats           print the fee in satoshis (a digit string) instead of coins
Prints {txid, status, fee, method}.

${CONNECTION_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: [...CONN.strings, 'expect', 'wait'],
      booleans: [...CONN.booleans, 'progress', 'sats'],
    })
    if (positionals.length !== 1) usage('give one raw transaction hex (the hex field of the module RPC)')
    if (typeof options.expect !== 'string') usage('--expect <json> is required')
    const expect = parseExpect(options.expect)
    const wait = durationOption(options.wait, 'wait', { bareMax: 3600 })
    const rpc = await connect(options, io)
    const r = await submit(rpc, positionals[0]!.trim(), expect, {
      ...(wait === undefined ? {} : { timeoutMs: wait }),
      ...(options.progress === true
        ? {
            onProgress: (p: unknown) =>
              io.stderr(JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) + '\n'),
          }
        : {}),
    })
    printJson(
      io,
      { txid: r.txid, status: r.status, fee: r.fee, method: r.inspection.method },
      { coinKeys: COIN_KEYS, sats: options.sats === true },
    )
    return 0
  },
}

function parseExpect(text: string): SubmitExpect {
  let j: unknown
  try {
    j = JSON.parse(text)
  } catch {
    usage('--expect is not JSON')
  }
  if (typeof j !== 'object' || j === null || Array.isArray(j)) usage('--expect must be a JSON object')
  const o = j as Record<string, unknown>
  const out: SubmitExpect = { method: typeof o.method === 'string' ? o.method : usage('--expect needs "method"') }
  if (o.params !== undefined) {
    if (typeof o.params !== 'object' || o.params === null || Array.isArray(o.params))
      usage('--expect params must be an object')
    out.params = Object.fromEntries(
      Object.entries(o.params).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : v]),
    )
  }
  if (o.changeAddress !== undefined) out.changeAddress = o.changeAddress as string | string[]
  if (o.allowAnyChange !== undefined) out.allowAnyChange = o.allowAnyChange as boolean
  if (o.maxFee === null) out.maxFee = null
  else if (o.maxFee !== undefined) {
    if (
      !(typeof o.maxFee === 'string' && /^\d+$/.test(o.maxFee)) &&
      !(typeof o.maxFee === 'number' && Number.isSafeInteger(o.maxFee))
    )
      throw new KomodoCcError('CLI_USAGE', '--expect maxFee must be satoshis (digits)', {})
    out.maxFee = BigInt(o.maxFee)
  }
  if (o.chain !== undefined) out.chain = o.chain as string
  return out
}

/** The komodod CLI commands, by command words (for src/cli/commands.ts). @example COMMANDS = { ...rpcCommands } */
export const rpcCommands: Readonly<Record<string, CliCommand>> = {
  rpc: rpcCommand,
  'rpc submit': submitCommand,
}
