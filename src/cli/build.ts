import { KomodoCcError } from '../errors.js'
import { decodeWif } from '../address/address.js'
import { getPublicKey } from '@noble/secp256k1'
import type { BuildContext } from '../cctx/context.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import {
  CoinAmount,
  WIF_FLAGS,
  parseArgs,
  printJson,
  readWifFlags,
  usage,
  type CliCommand,
  type CliIo,
} from './core.js'

/** The coin field of a build's or a wallet call's output by key (inputs' and outputs' values are CoinAmounts). @internal */
export const FEE_KEY: ReadonlySet<string> = /* @__PURE__ */ new Set(['fee'])
import type { BuildMethodSpec } from './build-method.js'
import { utxoFromJson } from './utxo.js'

/**
 * Methods the `build` command knows, by RPC name, gathered from the modules' CLI parts in the registry's order: the
 * daemon's parameters in its order, read into the builder's params object.
 * @example Object.keys(BUILD_METHODS).length // 23
 */
export const BUILD_METHODS: Readonly<Record<string, BuildMethodSpec>> = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(CLI_MODULES.flatMap((m) => Object.entries(m.cli.build))),
)

/** The method the help shows as its example (a module's `helpExample`, else the first). */
const EXAMPLE: string =
  CLI_MODULES.map((m) => m.cli.helpExample).find((e) => e !== undefined) ?? Object.keys(BUILD_METHODS)[0]!

/** Converts a --state JSON object: UTXO-shaped values and arrays become Utxo; "<digits>" strings named datafee become bigint. */
function stateFromJson(v: unknown): Record<string, unknown> {
  if (v === undefined) return {}
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new KomodoCcError('CLI_USAGE', '--state expected a JSON object')
  const out: Record<string, unknown> = {}
  for (const [k, val] of Object.entries(v)) {
    const isUtxo = (x: unknown) =>
      typeof x === 'object' && x !== null && 'txid' in x && ('vout' in x || 'outputIndex' in x)
    if (isUtxo(val)) out[k] = utxoFromJson(val, `state.${k}`)
    else if (Array.isArray(val) && val.every(isUtxo)) out[k] = val.map((x, i) => utxoFromJson(x, `state.${k}[${i}]`))
    else if (typeof val === 'string' && /^\d+$/.test(val) && /fee|amount|sats|value/i.test(k)) out[k] = BigInt(val)
    else out[k] = val
  }
  return out
}

async function readKey(options: Record<string, unknown>, io: CliIo): Promise<Uint8Array | undefined> {
  const wif = await readWifFlags(options, io)
  return wif === undefined ? undefined : decodeWif(wif).privateKey
}

function parseJson(text: unknown, name: string): unknown {
  if (typeof text !== 'string') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return usage(`${name} is not valid JSON`)
  }
}

/**
 * `komodo-cc build <method> [params…]`: the transaction komodod's <method> would return, built offline.
 * @example await buildCommand.run([method, ...params, '--height', '100', '--pubkey', pk, '--utxos', json], io)
 */
export const buildCommand: CliCommand = {
  summary:
    'build <method> [params…] --utxos <json> --height N [--wif-env NAME | --wif-stdin | --pubkey HEX] [--state <json>]',
  help: `komodo-cc build <method> [params…] --utxos '<json>' --height <tip height> [options]

Builds the transaction komodod's <method> would return, offline, from your own coins. Parameters are the RPC's, in its
order. Methods: ${Object.keys(BUILD_METHODS).join(', ')}.

  --utxos <json>     your spendable coins: an array of {txid, vout, satoshis, script} or komodod getaddressutxos output
  --height <n>       the current chain height (the expiry is height + 1 + 200, as komodod sets it)
  --state <json>     chain state the method needs, e.g. ${BUILD_METHODS[EXAMPLE]!.state}
  --wif-env NAME     sign with the WIF in environment variable NAME (never pass keys as arguments)
  --wif-stdin        sign with the WIF read from standard input
  --pubkey HEX       without a key: build unsigned for this pubkey; the output lists each input's sighash
  --sats             print every amount in satoshis (digit strings) instead of coins
Prints {"hex", "txid", "signed", "fee", "inputs", "outputs"}, every amount (the fee, each input's and output's
"value") in coins as komodo-cli prints them (0.00010000).`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['utxos', 'height', 'state', 'pubkey', ...WIF_FLAGS.strings],
      booleans: ['sats', ...WIF_FLAGS.booleans],
    })
    const method = positionals[0]
    if (method === undefined) usage(`give the method name (e.g. ${EXAMPLE})`)
    const spec = BUILD_METHODS[method]
    if (spec === undefined)
      usage(`unknown method ${JSON.stringify(method)}; known: ${Object.keys(BUILD_METHODS).join(', ')}`)
    const params = positionals.slice(1)
    const min = spec.params.length - (spec.optional ?? 0)
    if (params.length < min || params.length > spec.params.length)
      usage(
        `${method} takes ${min === spec.params.length ? spec.params.length : `${min} to ${spec.params.length}`} parameter(s): ${spec.params.map((p) => p.label ?? p.name).join(' ')}`,
      )
    if (typeof options.height !== 'string' || !/^\d+$/.test(options.height))
      usage('--height <current chain height> is required')
    const utxosJson = parseJson(options.utxos, '--utxos') ?? []
    if (!Array.isArray(utxosJson)) usage('--utxos expected a JSON array')
    const privateKey = await readKey(options, io)
    const pubkey =
      privateKey !== undefined
        ? getPublicKey(privateKey, true)
        : typeof options.pubkey === 'string'
          ? options.pubkey
          : usage('give a key (--wif-env / --wif-stdin) or --pubkey for an unsigned build')
    const ctx: BuildContext = {
      pubkey,
      utxos: utxosJson.map((u, i) => utxoFromJson(u, `utxos[${i}]`)),
      height: Number(options.height),
    }
    if (privateKey !== undefined) ctx.privateKey = privateKey
    const result = spec.call(params, ctx, stateFromJson(parseJson(options.state, '--state')))
    printJson(
      io,
      {
        method,
        hex: result.hex,
        txid: result.txid,
        signed: result.signed,
        fee: result.fee,
        // one unit in the object: every amount in coins (value, as decoderawtransaction), or satoshis with --sats
        inputs: result.inputs.map(({ satoshis, ...i }) => ({ ...i, value: new CoinAmount(satoshis) })),
        outputs: result.tx.vout.map((o, n) => ({ n, value: new CoinAmount(o.value), script: o.script })),
      },
      { coinKeys: FEE_KEY, sats: options.sats === true },
    )
    return 0
  },
}

/** The `build` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...buildCommands } */
export const buildCommands: Readonly<Record<string, CliCommand>> = { build: buildCommand }
