// The oracles module's resolvers (issue 18): each finds through a ChainView exactly the state komodod's builder
// would pick for the same chain (resolve-state.ts), then calls the module's builder.
import { KomodoCcError } from '../../errors.js'
import { MAX_MONEY, amountArg, type AmountArg } from '../../amount.js'
import { oraclesUnits } from './units.js'
import { refuseOffCurve } from '../../cctx/pubkey.js'
import { batonKey } from '../../cc/address.js'
import { pubkeyBytes } from '../../address/address.js'
import { keySigner, nobleSecp256k1, type Signer } from '../../tx/sign.js'
import { txidParam } from '../../cctx/common.js'
import type { BuildResult } from '../../cctx/complete.js'
import {
  buildContextOf,
  normalCoins,
  methodResolver,
  type MethodResolver,
  type ResolveContext,
  readerOf,
} from '../../cctx/resolve.js'
import {
  buildOraclesCreate,
  buildOraclesData,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
  type OraclesCreateParams,
  type OraclesDataResult,
  type OraclesFundParams,
} from './build.js'
import {
  oracleTxOf,
  oraclesDataState,
  oraclesFundOutput,
  settledInOrder,
  type OraclesSubscriptionOptions,
} from './resolve-state.js'

/** The params checked to be an object. */
function paramsOf<T>(params: T, method: string): T {
  if (typeof params !== 'object' || params === null)
    throw new KomodoCcError('BUILD_PARAMS', `${method} expected its parameters as one object`, { method })
  return params
}

/**
 * `oraclescreate name description format`, key-locally: the caller's normal coins (local-mode `AddNormalinputs`:
 * confirmed not spent in the mempool, then the mempool's) and the height, then {@link buildOraclesCreate}.
 * @throws KomodoCcError as the builder (BUILD_PARAMS with the daemon's text, INSUFFICIENT_FUNDS) | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example const { hex } = await resolveOraclesCreate({ name: 'BTCKMD', description: 'price', format: 'IhhL' }, { view, pubkey, privateKey })
 */
export async function resolveOraclesCreate(params: OraclesCreateParams, ctx: ResolveContext): Promise<BuildResult> {
  const reader = readerOf(ctx)
  paramsOf(params, 'oraclescreate')
  const [utxos, height] = await settledInOrder([
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ] as const)
  return buildOraclesCreate(params, buildContextOf(ctx, utxos, height))
}

/**
 * `oraclesfund oracletxid`, key-locally: the oracle's create transaction (unknown → the daemon's `cant find
 * oracletxid …`), the caller's normal coins and the height, then {@link buildOraclesFund}.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE (the daemon's texts) | INSUFFICIENT_FUNDS | CHAIN_MISMATCH
 * @example const { hex } = await resolveOraclesFund({ oracletxid }, { view, pubkey, privateKey })
 */
export async function resolveOraclesFund(params: OraclesFundParams, ctx: ResolveContext): Promise<BuildResult> {
  const reader = readerOf(ctx)
  const id = txidParam(paramsOf(params, 'oraclesfund').oracletxid, 'oracletxid')
  const [oracle, utxos, height] = await settledInOrder([
    oracleTxOf(reader, id),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ] as const)
  return buildOraclesFund({ oracletxid: id }, buildContextOf(ctx, utxos, height), { oracle: oracle?.hex as string })
}

/**
 * The parameters of {@link resolveOraclesRegister}: `datafee` a bigint of satoshis or coins as a decimal string or
 * exact number (the daemon's `oraclesregister` reads digits alone as satoshis; the resolver does not).
 * @example const p: OraclesRegisterResolveParams = { oracletxid, datafee: 10000n }
 */
export type OraclesRegisterResolveParams = { oracletxid: string; datafee: AmountArg }

/** Options of the resolvers that spend or make the baton: the baton pubkey when the context holds no key. */
export type OraclesBatonOptions = {
  /** The publisher's baton pubkey, for an unsigned build (no `privateKey` nor `batonSigner` in the context). */
  batonPubkey?: string | Uint8Array
}

/**
 * `oraclesregister oracletxid datafee`, key-locally: the oracle's create transaction, the caller's normal coins, the
 * height and the caller's fund output (`AddMyOraclesFunds`: a confirmed 'F' of this oracle and key not spent in the
 * mempool, else a mempool 'F''s vout 0; the first found), then {@link buildOraclesRegister}.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE (the daemon's texts, e.g. `error adding inputs from your Oracles CC
 *   address, please fund it first with oraclesfund rpc!`) | INSUFFICIENT_FUNDS | CHAIN_MISMATCH
 * @example const { hex } = await resolveOraclesRegister({ oracletxid, datafee: '0.0001' }, { view, pubkey, privateKey })
 */
export async function resolveOraclesRegister(
  params: OraclesRegisterResolveParams,
  ctx: ResolveContext,
  options: OraclesBatonOptions = {},
): Promise<BuildResult> {
  const reader = readerOf(ctx)
  const p = paramsOf(params, 'oraclesregister')
  const id = txidParam(p.oracletxid, 'oracletxid')
  const datafee = amountArg(p.datafee, 'datafee', oraclesUnits.oraclesregister.datafee, {
    allowNegative: true,
    max: MAX_MONEY,
  })
  const [oracle, utxos, height, fund] = await settledInOrder([
    oracleTxOf(reader, id),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
    oraclesFundOutput(reader, id, ctx.pubkey, { chain: ctx.chain }),
  ] as const)
  return buildOraclesRegister({ oracletxid: id, datafee }, buildContextOf(ctx, utxos, height), {
    oracle: oracle?.hex as string,
    fund: fund!,
    ...(options?.batonPubkey === undefined ? {} : { batonPubkey: options.batonPubkey }),
  })
}

/**
 * The parameters of {@link resolveOraclesSubscribe}: `amount` a bigint of satoshis or coins as a decimal string or
 * exact number (the daemon reads coins).
 * @example const p: OraclesSubscribeResolveParams = { oracletxid, publisher, amount: '0.01' }
 */
export type OraclesSubscribeResolveParams = { oracletxid: string; publisher: string | Uint8Array; amount: AmountArg }

/**
 * `oraclessubscribe oracletxid publisher amount`, key-locally: the oracle's create transaction, the caller's normal
 * coins and the height, then {@link buildOraclesSubscribe}.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE (the daemon's texts) | INSUFFICIENT_FUNDS | AMOUNT_INVALID | CHAIN_MISMATCH
 * @example const { hex } = await resolveOraclesSubscribe({ oracletxid, publisher, amount: '0.01' }, { view, pubkey, privateKey })
 */
export async function resolveOraclesSubscribe(
  params: OraclesSubscribeResolveParams,
  ctx: ResolveContext,
): Promise<BuildResult> {
  const reader = readerOf(ctx)
  const p = paramsOf(params, 'oraclessubscribe')
  const id = txidParam(p.oracletxid, 'oracletxid')
  const amount = amountArg(p.amount, 'amount', oraclesUnits.oraclessubscribe.amount, { max: MAX_MONEY })
  refuseOffCurve(p.publisher, 'publisher')
  const [oracle, utxos, height] = await settledInOrder([
    oracleTxOf(reader, id),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ] as const)
  return buildOraclesSubscribe({ oracletxid: id, publisher: p.publisher, amount }, buildContextOf(ctx, utxos, height), {
    oracle: oracle?.hex as string,
  })
}

/** Options of {@link resolveOraclesData}. */
export type OraclesDataResolveOptions = OraclesBatonOptions & Pick<OraclesSubscriptionOptions, 'mempool'>

/**
 * The baton signer of one resolve: `context.batonSigner`, else one over the baton key of `context.privateKey`
 * (derived once, handed to the builder, dropped with the call), else undefined.
 */
function batonSignerOf(ctx: ResolveContext): Signer | undefined {
  if (ctx.batonSigner !== undefined) return ctx.batonSigner
  if (ctx.privateKey === undefined) return undefined
  return keySigner(batonKey(ctx.privateKey), ctx.backend ?? nobleSecp256k1)
}

/**
 * `oraclesdata oracletxid hexstr`, key-locally: the oracle's create transaction, the current datafee (the newest
 * confirmed 'R' of this publisher), the baton (the newest confirmed one, followed through the mempool), the
 * subscription inputs (confirmed 'S'/'D' outputs of this oracle on the caller's CC address, ≥ 10000, not spent in the
 * mempool; with `options.mempool` also the mempool's, so that consecutive samples chain without a block), the
 * caller's normal coins and the height; then {@link buildOraclesData}, which refuses before signing, with the daemon's
 * messages, in the daemon's order — including subscriptions that cannot pay the datafee (`couldnt find enough
 * oracle inputs <address>, limit 1 per utxo`, where komodod would sign a transaction the chain refuses).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS (details.daemonError: the daemon's text) | ORACLE_TX_TOO_BIG | CHAIN_MISMATCH
 * @example const { hex } = await resolveOraclesData({ oracletxid, hexstr }, { view, pubkey, privateKey }, { mempool: true })
 */
export async function resolveOraclesData(
  params: { oracletxid: string; hexstr: string | Uint8Array },
  ctx: ResolveContext,
  options: OraclesDataResolveOptions = {},
): Promise<OraclesDataResult> {
  const reader = readerOf(ctx)
  const p = paramsOf(params, 'oraclesdata')
  const id = txidParam(p.oracletxid, 'oracletxid')
  const batonSigner = batonSignerOf(ctx)
  const batonPk =
    options?.batonPubkey !== undefined
      ? pubkeyBytes(options.batonPubkey, 'options.batonPubkey')
      : batonSigner?.publicKey
  if (batonPk === undefined)
    throw new KomodoCcError(
      'BUILD_STATE',
      "the baton address derives from the publisher's private key: give context.privateKey, context.batonSigner or options.batonPubkey",
    )
  const [state, utxos, height] = await settledInOrder([
    oraclesDataState(reader, id, ctx.pubkey, batonPk, { chain: ctx.chain, mempool: options?.mempool === true }),
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
  ] as const)
  const bctx = buildContextOf(batonSigner === undefined ? ctx : { ...ctx, batonSigner }, utxos, height)
  return buildOraclesData({ oracletxid: id, hexstr: p.hexstr }, bctx, { ...state, batonPubkey: batonPk })
}

/**
 * The oracles module's state-changing RPCs with their resolvers, as the wallet, the CLI and the devnet call them
 * (daemon names and parameter order). Options: `oraclesregister` and `oraclesdata` take `batonPubkey`,
 * `oraclesdata` `mempool`.
 * @example await oraclesResolvers.find((r) => r.method === 'oraclesdata')!.resolve({ oracletxid, hexstr }, ctx)
 */
export const oraclesResolvers = /* @__PURE__ */ Object.freeze([
  methodResolver('oraclescreate', ['name', 'description', 'format'], resolveOraclesCreate),
  methodResolver('oraclesfund', ['oracletxid'], resolveOraclesFund),
  methodResolver('oraclesregister', ['oracletxid', 'datafee'], resolveOraclesRegister),
  methodResolver('oraclessubscribe', ['oracletxid', 'publisher', 'amount'], resolveOraclesSubscribe),
  methodResolver('oraclesdata', ['oracletxid', 'hexstr'], resolveOraclesData),
])
