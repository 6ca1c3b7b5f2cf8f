import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import { decodeWif } from '../address/address.js'
import { getPublicKey } from '@noble/secp256k1'
import type { BuildContext } from '../cctx/context.js'
import type { Utxo } from '../cctx/types.js'
import { buildOraclesCreate, buildOraclesData, buildOraclesFund, buildOraclesRegister, buildOraclesSubscribe } from '../modules/oracles/build.js'
import { parseArgs, printJson, usage, type CliCommand, type CliIo } from './core.js'
import { REWARDS_GATEWAYS_BUILD_METHODS } from './build-rewards-gateways.js'
import { TOKENS_FAUCET_DICE_BUILD_METHODS } from './build-tokens-faucet-dice.js'
import { cliMethod, type BuildMethodSpec } from './build-method.js'

/** Methods the `build` command knows, by RPC name: the daemon's parameters in its order, read into the builder's params object. */
export const BUILD_METHODS: Record<string, BuildMethodSpec> = {
  ...TOKENS_FAUCET_DICE_BUILD_METHODS,
  ...REWARDS_GATEWAYS_BUILD_METHODS,
  oraclescreate: cliMethod(buildOraclesCreate, ['name', 'description', 'format']),
  oraclesfund: cliMethod(buildOraclesFund, ['oracletxid'], { state: '{"oracle": "<create tx hex>"}' }),
  oraclesregister: cliMethod(buildOraclesRegister, ['oracletxid', { name: 'datafee', parse: (t) => (/^\d+$/.test(t) ? BigInt(t) : t) }], { state: '{"oracle": "<create tx hex>", "fund": <utxo>}' }),
  oraclessubscribe: cliMethod(buildOraclesSubscribe, ['oracletxid', 'publisher', 'amount'], { state: '{"oracle": "<create tx hex>"}' }),
  oraclesdata: cliMethod(buildOraclesData, ['oracletxid', 'hexstr'],
    { state: '{"oracle": "<create tx hex>", "datafee": "<sat>", "baton": <utxo>, "subscriptions": [<utxo>…]}' }),
}

/**
 * One UTXO from JSON: our shape `{txid, vout, satoshis, script, height}` or komodod's `getaddressutxos` shape
 * `{txid, outputIndex, satoshis, script, height}`; `satoshis` a number or decimal string of satoshis.
 */
export function utxoFromJson(v: unknown, name: string): Utxo {
  if (typeof v !== 'object' || v === null) throw new KomodoCcError('CLI_USAGE', `${name} expected a UTXO object`)
  const o = v as Record<string, unknown>
  const vout = o.vout ?? o.outputIndex
  const sats = o.satoshis
  const script = o.script ?? o.scriptPubKey
  if (typeof o.txid !== 'string' || typeof vout !== 'number' || (typeof sats !== 'number' && typeof sats !== 'string') || typeof script !== 'string')
    throw new KomodoCcError('CLI_USAGE', `${name} expected { txid, vout|outputIndex, satoshis, script } (getaddressutxos output works as is)`)
  if (typeof sats === 'number' && !Number.isSafeInteger(sats)) throw new KomodoCcError('CLI_USAGE', `${name}.satoshis is not an exact integer`)
  if (typeof sats === 'string' && !/^\d+$/.test(sats)) throw new KomodoCcError('CLI_USAGE', `${name}.satoshis expected an integer`)
  const u: Utxo = { txid: o.txid, vout, satoshis: BigInt(sats), script: hexToBytes(script, `${name}.script`) }
  if (typeof o.height === 'number') u.height = o.height
  return u
}

/** Converts a --state JSON object: UTXO-shaped values and arrays become Utxo; "<digits>" strings named datafee become bigint. */
function stateFromJson(v: unknown): Record<string, unknown> {
  if (v === undefined) return {}
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new KomodoCcError('CLI_USAGE', '--state expected a JSON object')
  const out: Record<string, unknown> = {}
  for (const [k, val] of Object.entries(v)) {
    const isUtxo = (x: unknown) => typeof x === 'object' && x !== null && 'txid' in x && ('vout' in x || 'outputIndex' in x)
    if (isUtxo(val)) out[k] = utxoFromJson(val, `state.${k}`)
    else if (Array.isArray(val) && val.every(isUtxo)) out[k] = val.map((x, i) => utxoFromJson(x, `state.${k}[${i}]`))
    else if (typeof val === 'string' && /^\d+$/.test(val) && /fee|amount|sats|value/i.test(k)) out[k] = BigInt(val)
    else out[k] = val
  }
  return out
}

async function readKey(options: Record<string, unknown>, io: CliIo): Promise<Uint8Array | undefined> {
  if (typeof options['wif-env'] === 'string') {
    const wif = io.env[options['wif-env']]
    if (wif === undefined || wif === '') throw new KomodoCcError('CLI_USAGE', `environment variable ${options['wif-env']} is not set`)
    return decodeWif(wif.trim()).privateKey
  }
  if (options['wif-stdin'] === true) return decodeWif((await io.readStdin()).trim()).privateKey
  return undefined
}

function parseJson(text: unknown, name: string): unknown {
  if (typeof text !== 'string') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return usage(`${name} is not valid JSON`)
  }
}

export const buildCommand: CliCommand = {
  summary: 'build <method> [params…] --utxos <json> --height N [--wif-env VAR | --wif-stdin | --pubkey HEX] [--state <json>]',
  help: `komodo-cc build <method> [params…] --utxos '<json>' --height <tip height> [options]

Builds the transaction komodod's <method> would return, offline, from your own coins. Parameters are the RPC's, in its
order. Methods: ${Object.keys(BUILD_METHODS).join(', ')}.

  --utxos <json>     your spendable coins: an array of {txid, vout, satoshis, script} or komodod getaddressutxos output
  --height <n>       the current chain height (the expiry is height + 1 + 200, as komodod sets it)
  --state <json>     chain state the method needs, e.g. ${BUILD_METHODS.oraclesdata!.state}
  --wif-env VAR      sign with the WIF in environment variable VAR (never pass keys as arguments)
  --wif-stdin        sign with the WIF read from standard input
  --pubkey HEX       without a key: build unsigned for this pubkey; the output lists each input's sighash
Prints {"hex", "txid", "signed", "fee", "inputs", "outputs"}.`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['utxos', 'height', 'state', 'wif-env', 'pubkey'], booleans: ['wif-stdin'] })
    const method = positionals[0]
    if (method === undefined) usage('give the method name (e.g. oraclesdata)')
    const spec = BUILD_METHODS[method]
    if (spec === undefined) usage(`unknown method ${JSON.stringify(method)}; known: ${Object.keys(BUILD_METHODS).join(', ')}`)
    const params = positionals.slice(1)
    const min = spec.params.length - (spec.optional ?? 0)
    if (params.length < min || params.length > spec.params.length)
      usage(`${method} takes ${min === spec.params.length ? spec.params.length : `${min} to ${spec.params.length}`} parameter(s): ${spec.params.map((p) => p.label ?? p.name).join(' ')}`)
    if (typeof options.height !== 'string' || !/^\d+$/.test(options.height)) usage('--height <current chain height> is required')
    const utxosJson = parseJson(options.utxos, '--utxos') ?? []
    if (!Array.isArray(utxosJson)) usage('--utxos expected a JSON array')
    const privateKey = await readKey(options, io)
    const pubkey = privateKey !== undefined ? getPublicKey(privateKey, true) : typeof options.pubkey === 'string' ? options.pubkey : usage('give a key (--wif-env / --wif-stdin) or --pubkey for an unsigned build')
    const ctx: BuildContext = { pubkey, utxos: utxosJson.map((u, i) => utxoFromJson(u, `utxos[${i}]`)), height: Number(options.height) }
    if (privateKey !== undefined) ctx.privateKey = privateKey
    const result = spec.call(params, ctx, stateFromJson(parseJson(options.state, '--state')))
    printJson(io, {
      method,
      hex: result.hex,
      txid: result.txid,
      signed: result.signed,
      fee: result.fee,
      inputs: result.inputs,
      outputs: result.tx.vout.map((o, n) => ({ n, satoshis: o.value, script: o.script })),
    })
    return 0
  },
}
