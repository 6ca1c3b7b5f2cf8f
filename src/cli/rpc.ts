import { KomodoCcError } from '../errors.js'
import { createKomodoRpc } from '../rpc/client.js'
import type { KomodoRpc, KomodoRpcOptions } from '../rpc/client.js'
import { submit } from '../rpc/flow.js'
import type { SubmitExpect } from '../rpc/flow.js'
import type { ExactParam } from '../rpc/transport.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import { MODULES } from '../modules/registry/core.js'
import { parseArgs, printJson, urlHasPassword, usage, warnArgvSecret } from './core.js'
import { readRpcArgs, type RpcArgs } from './rpc-args.js'
import type { CliCommand, CliIo } from './core.js'

/** The connection flags' help, shared by the commands that talk to komodod. @internal */
export const CONNECTION_HELP = `Connection (one of):
  --chain NAME        read rpcuser/rpcpassword/rpcport/rpcbind from NAME's conf file (KMD: komodo.conf)
  --conf PATH         read them from this conf file
  --url URL           daemon URL; user from --user or KOMODO_RPC_USER, password from KOMODO_RPC_PASSWORD
                      or --password-stdin (never on the command line: a password inside the URL,
                      http://user:PASSWORD@host, still works but prints a warning, as other processes can read it)
  --timeout MS        per-call timeout (default 30000)`

/** The connection flags (parseArgs lists). @internal */
export const CONN = { strings: ['chain', 'conf', 'url', 'user', 'timeout'], booleans: ['password-stdin'] }

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
})

/**
 * A client from the connection flags (--chain | --conf | --url, --timeout).
 * @throws KomodoCcError CLI_USAGE
 * @example const rpc = await connect(options, io)
 */
export async function connect(options: Record<string, string | boolean | string[]>, io: CliIo): Promise<KomodoRpc> {
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout)
  if (timeoutMs !== undefined && !(timeoutMs > 0)) usage('--timeout must be a positive number of milliseconds')
  const base = timeoutMs === undefined ? {} : { timeoutMs }
  const given = ['chain', 'conf', 'url'].filter((k) => typeof options[k] === 'string')
  if (given.length !== 1) usage('give exactly one of --chain, --conf or --url')
  let o: KomodoRpcOptions
  if (typeof options.chain === 'string') o = { ...base, chain: options.chain }
  else if (typeof options.conf === 'string') o = { ...base, confPath: options.conf }
  else {
    const user = typeof options.user === 'string' ? options.user : io.env.KOMODO_RPC_USER
    let password = io.env.KOMODO_RPC_PASSWORD
    if (options['password-stdin'] === true) password = (await io.readStdin()).replace(/\r?\n$/, '')
    if (urlHasPassword(options.url as string))
      warnArgvSecret(io, 'the password in --url', 'KOMODO_RPC_PASSWORD or --password-stdin')
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

const rpcCommand: CliCommand = {
  summary: 'rpc <method> [params…] --chain NAME | --url URL   call komodod (typed for every module method)',
  help: `komodo-cc rpc <method> [params…] (--chain NAME | --conf PATH | --url URL) [--raw] [--json]

Calls komodod's JSON-RPC. Module methods (${EXAMPLES}, …) and the helpers (sendrawtransaction,
getaddressutxos, …) go through the typed client: parameters are checked, amounts are sent as exact decimal text,
results are parsed (amounts as satoshi strings, hex results checked to be transactions). Positional parameters
in the daemon's order; gettxoutproof takes comma-separated txids. --raw sends the parameters unchecked (as text,
or as JSON with --json) and prints the daemon's result as is (exact numbers).
${NOTES}
${CONNECTION_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: CONN.strings,
      booleans: [...CONN.booleans, 'raw', 'json'],
    })
    const [method, ...params] = positionals
    if (method === undefined) usage('give the RPC method name')
    const rpc = await connect(options, io)
    let result: unknown
    const spec = Object.hasOwn(RPC_ARGS, method) ? RPC_ARGS[method] : undefined
    if (options.raw === true || spec === undefined) {
      result = await rpc.call(
        method,
        params.map((p) => rawParam(p, options.json === true)),
      )
    } else {
      const f = (rpc as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!
      const typed = readRpcArgs(method, spec, params)
      while (typed.length > 0 && typed[typed.length - 1] === undefined) typed.pop()
      result = await f(...typed)
    }
    printJson(io, result)
    return 0
  },
}

const submitCommand: CliCommand = {
  summary:
    'rpc submit <hex> --expect <json> --chain NAME | --url URL   check, broadcast and wait (the safe second step)',
  help: `komodo-cc rpc submit <hex> --expect '<json>' (--chain NAME | --conf PATH | --url URL) [--wait MS] [--progress]

Inspects the daemon's hex, refuses it (SUBMIT_MISMATCH) unless it is the expected method with the expected
parameters, pays change only to changeAddress and has a fee within maxFee; then sendrawtransaction once and waits
until the txid is in the mempool or a block. Re-running with the same hex is safe (already-known counts as sent).
  --expect  {"method":"oraclescreate","params":{"name":"NYWTHR","format":"L"},"changeAddress":"R…","maxFee":"100000"}
            (amounts in satoshis as digit strings; "allowAnyChange": true skips the change check)
  --wait    how long to wait for the mempool (default 60000 ms)
  --progress  progress lines (JSON) on stderr

${CONNECTION_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: [...CONN.strings, 'expect', 'wait'],
      booleans: [...CONN.booleans, 'progress'],
    })
    if (positionals.length !== 1) usage('give one raw transaction hex (the hex field of the module RPC)')
    if (typeof options.expect !== 'string') usage('--expect <json> is required')
    const expect = parseExpect(options.expect)
    const wait = options.wait === undefined ? undefined : Number(options.wait)
    if (wait !== undefined && !(wait > 0)) usage('--wait must be a positive number of milliseconds')
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
    printJson(io, { txid: r.txid, status: r.status, fee: r.fee, method: r.inspection.method })
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
