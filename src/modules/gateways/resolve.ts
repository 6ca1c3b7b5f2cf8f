// The gateways resolvers (issue 18): for each state-changing gateways RPC, the chain state komodod's builder would
// read (src/cc/gateways.cpp), found through a ChainView and checked, then handed to the builder.
import { KomodoCcError } from '../../errors.js'
import { hexToBytes } from '../../bytes/hex.js'
import { formatCoins } from '../../amount.js'
import { gatewaysUnits } from './units.js'
import { pubkeyBytes, p2pkhAddress } from '../../address/address.js'
import type { ChainParams } from '../../address/chain.js'
import { ccAddress, txidAddress, txidPubkey } from '../../cc/address.js'
import { p2pkScript } from '../../script/script.js'
import { equalBytes } from '../../bytes/utils.js'
import { EVAL } from '../../cc/eval.js'
import { amountParam, txidParam } from '../../cctx/common.js'
import { refuseOffCurve } from '../../cctx/pubkey.js'
import type { BuildResult } from '../../cctx/complete.js'
import type { BuildContext } from '../../cctx/context.js'
import type { Utxo } from '../../cctx/types.js'
import {
  buildContextOf,
  isCcFiledAt,
  normalCoins,
  StateReader,
  txidText,
  methodResolver,
  type MethodResolver,
  type ResolveContext,
  readerOf,
} from '../../cctx/resolve.js'
import { lastOpret } from '../../cctx/state-tx.js'
import { decodeTokensOpret } from '../tokens/opret.js'
import {
  buildGatewaysBind,
  buildGatewaysClaim,
  buildGatewaysCompleteSigning,
  buildGatewaysDeposit,
  buildGatewaysMarkDone,
  buildGatewaysPartialSign,
  buildGatewaysWithdraw,
  type GatewaysBindParams,
  type GatewaysClaimParams,
  type GatewaysCompleteSigningParams,
  type GatewaysDepositParams,
  type GatewaysDepositResult,
  type GatewaysDepositState,
  type GatewaysMarkDoneParams,
  type GatewaysPartialSignParams,
  type GatewaysSigningState,
  type GatewaysWithdrawParams,
} from './build.js'
import type { GatewaysInfo } from './info.js'
import { gatewaysDepositAddress } from './proof.js'
import {
  bindOpretOf,
  ccTokenBalance,
  gatewaysGlobalAddress,
  gatewaysOpretOf,
  gatewayTokenInputs,
  gatewayTokensAddress,
  isConfirmedTx,
  maybeTx,
  minConfirmationsOf,
  openMarkers,
  outputsOf,
  type GatewaysResolveOptions,
} from './resolve-lookups.js'
import { oracleBaton, reverseScan } from './resolve-oracle.js'
import { tokenInputs } from '../tokens/inputs.js'

export { GATEWAYS_MIN_CONFIRMATIONS, type GatewaysResolveOptions } from './resolve-lookups.js'

function paramsOf<T extends object>(params: T, resolver: string): T {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new KomodoCcError('BUILD_PARAMS', `${resolver} expected its parameters as one object`, { resolver })
  return params
}

/** What every gateways resolver starts with: its parameters checked, one reader for the call, the options. */
function begin<P extends object>(params: P, ctx: ResolveContext, options: GatewaysResolveOptions, resolver: string) {
  return {
    p: paramsOf(params, resolver),
    reader: readerOf(ctx),
    min: minConfirmationsOf(options),
    chain: ctx.chain,
  }
}

const maybeOutputs = (t: Parameters<typeof outputsOf>[0] | undefined) => (t === undefined ? undefined : outputsOf(t))

/**
 * The bind of `bindtxid` as deposit, claim and withdraw read it: the transaction (undefined when the source does not
 * have it), its opret when it is a current-layout bind of `coin`, and whether it is confirmed (asked only then).
 */
async function readBind(reader: StateReader, bindtxid: string, coin: unknown, min: number, chain?: ChainParams) {
  const tx = await maybeTx(reader, bindtxid)
  const op = bindOpretOf(tx)
  const usable = tx !== undefined && op !== undefined && op.coin === coin
  const confirmed = usable ? await isConfirmedTx(reader, tx, min, chain) : true
  return {
    op: usable && confirmed ? op : undefined,
    state: { bind: maybeOutputs(tx)!, bindConfirmed: confirmed },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysbind

/**
 * The parameters of {@link resolveGatewaysBind}: those of `gatewaysbind`; `tokensupply` is token satoshis as the
 * daemon's RPC reads it (`atol`): a bigint, or whole-number text (`'100000000'`).
 * @example
 * const p: GatewaysBindResolveParams = { tokenid, oracletxid, coin: 'KMD', tokensupply: 100000000n, M: 1, N: 1,
 *   pubkeys: [pk], pubtype: 60, p2shtype: 85, wiftype: 188 }
 */
export type GatewaysBindResolveParams = GatewaysBindParams

/**
 * `gatewaysbind` through a chain source (spec 5.4): reads the token's create transaction (its vout 1 is the full
 * supply, when its opret is a token create), the caller's outputs of the token at CC1(0xf2, caller) (their
 * `CCtoken_balance` and the `AddTokenCCInputs` candidates), the oracle's create transaction, every bind at the
 * gateways global CC address (its confirmed history: a bind of the same token is refused), each bind pubkey's
 * normal balance (confirmed unspent at its address) and the caller's normal coins, then builds.
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND (other reads)
 * @example
 * const params = { tokenid, oracletxid, coin: 'KMD', tokensupply: 100000000n, M: 1, N: 1, pubkeys: [pk] }
 * await resolveGatewaysBind({ ...params, pubtype: 60, p2shtype: 85, wiftype: 188 }, { view, pubkey, privateKey })
 */
export async function resolveGatewaysBind(
  params: GatewaysBindResolveParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<BuildResult> {
  const { p, reader, chain } = begin(params, ctx, options, 'resolveGatewaysBind')
  const tokenid = txidParam(p.tokenid, 'tokenid')
  const oracletxid = txidParam(p.oracletxid, 'oracletxid')
  const tokensupply = amountParam(p.tokensupply, 'tokensupply', gatewaysUnits.gatewaysbind.tokensupply)
  const me = pubkeyBytes(ctx.pubkey, 'context.pubkey')
  if (Array.isArray(p.pubkeys)) p.pubkeys.forEach((k, i) => refuseOffCurve(k, `pubkeys[${i}]`))
  // the bind pubkeys' balances are read only when the daemon would get that far (N keys, each 33 bytes)
  let keys: Uint8Array[] | undefined
  if (Array.isArray(p.pubkeys) && p.pubkeys.length === p.N)
    try {
      keys = p.pubkeys.map((k) => (typeof k === 'string' ? hexToBytes(k) : k))
      if (!keys.every((k) => k instanceof Uint8Array && k.length === 33)) keys = undefined
    } catch {
      keys = undefined
    }
  const [height, utxos, token, tokens, balance, oracle, binds, balances] = await Promise.all([
    reader.height(),
    normalCoins(reader, me, { chain }),
    maybeTx(reader, tokenid),
    // every valid candidate: the builder applies AddTokenCCInputs' supply/64 threshold and 64-input limit
    tokenInputs(reader, tokenid, me, undefined, { chain, mempool: options.mempool === true }),
    ccTokenBalance(reader, ccAddress(EVAL.TOKENS, me, chain), tokenid, chain, options.mempool === true),
    maybeTx(reader, oracletxid),
    reader
      .history(gatewaysGlobalAddress(chain))
      .then((h) => reader.txs(h.map((e) => e.txid)))
      .then((txs) => txs.filter((t) => bindOpretOf(t) !== undefined).map(outputsOf)),
    keys === undefined
      ? undefined
      : Promise.all(
          keys.map(async (k) => (await reader.unspent(p2pkhAddress(k, chain))).reduce((s, u) => s + u.satoshis, 0n)),
        ),
  ])
  // `CCfullsupply`: vout 1 of the token's create transaction, 0 when tokenid is not a token create
  const create = token === undefined ? undefined : lastOpret(outputsOf(token), decodeTokensOpret)
  return buildGatewaysBind({ ...p, tokensupply }, buildContextOf(ctx, utxos, height), {
    ...(token !== undefined && create?.funcid === 'c' ? { token: outputsOf(token) } : {}),
    tokens,
    balance,
    ...(oracle !== undefined ? { oracle: outputsOf(oracle) } : {}),
    binds,
    ...(balances !== undefined ? { balances } : {}),
  })
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysdeposit

/**
 * `gatewaysdeposit` through a chain source (spec 5.5): reads the bind (and that it is confirmed), then for each bind
 * pubkey its oracle sample of `height` (the publisher's register at the oracle's marker address, its current baton,
 * back through its data transactions: `OraclesBatontxid` + `CCOraclesReverseScan`), whether `cointxid` was already
 * deposited (its marker address `02‖cointxid` has confirmed history or a mempool output), the oracle's create
 * transaction and the caller's normal coins, then builds (the builder checks the merkle-root quorum and verifies the
 * proof). `amount`: coins at the daemon; here a bigint is satoshis, a decimal string coins.
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example await resolveGatewaysDeposit({ bindtxid, height, coin: 'KMD', cointxid, claimvout: 0, deposithex, proof, destpub, amount: '0.5' }, ctx)
 */
export async function resolveGatewaysDeposit(
  params: GatewaysDepositParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<GatewaysDepositResult> {
  const { p, reader, min, chain } = begin(params, ctx, options, 'resolveGatewaysDeposit')
  const bindtxid = txidParam(p.bindtxid, 'bindtxid')
  const cointxid = txidParam(p.cointxid, 'cointxid')
  const amount = amountParam(p.amount, 'amount', gatewaysUnits.gatewaysdeposit.amount)
  refuseOffCurve(p.destpub, 'destpub')
  const [height, bind] = await Promise.all([reader.height(), readBind(reader, bindtxid, p.coin, min, chain)])
  const build = (state: Omit<GatewaysDepositState, 'bind' | 'bindConfirmed'>, utxos: readonly Utxo[] = []) =>
    buildGatewaysDeposit({ ...p, amount }, buildContextOf(ctx, utxos, height), { ...bind.state, ...state })
  if (bind.op === undefined) return build({ samples: [] }) // refuses: no bind, not this coin's, or unconfirmed
  const b = bind.op
  const marker = txidAddress(cointxid, chain)
  const [samples, oracle, history, mempool, utxos] = await Promise.all([
    Promise.all(
      b.pubkeys.map(async (pk) => {
        const baton = await oracleBaton(reader, b.oracletxid, pk, chain)
        return baton === undefined ? undefined : reverseScan(reader, baton, b.oracletxid, pk, p.height)
      }),
    ),
    maybeTx(reader, b.oracletxid),
    reader.history(marker),
    reader.addressMempool(marker),
    normalCoins(reader, ctx.pubkey, { chain }),
  ])
  return build(
    {
      samples: samples.flatMap((s) => (s === undefined ? [] : [outputsOf(s.tx)])),
      ...(oracle !== undefined ? { oracle: outputsOf(oracle) } : {}),
      cointxidExists:
        (await depositMarkerConfirmed(reader, history, marker, cointxid, chain)) || mempool.outputs.length > 0,
    },
    utxos,
  )
}

/**
 * Whether the confirmed history of a cointxid's marker address holds a deposit's marker: a transaction with the P2PK
 * marker of `02‖cointxid` (what `gatewaysdeposit` pays, src/cc/gateways.cpp) or a CC output filed under that address.
 * komodod's `CCCointxidExists` (src/cc/CCutils.cpp) reads `SetCCtxids(…, ccflag = true)`, index type 3 only, so of the
 * confirmed history it sees only CC outputs there; the P2PK marker is counted here as well (a confirmed deposit of
 * the same coin transaction is refused: stricter than komodod, which would build a second deposit). A stranger's
 * payment to the address in another form (a P2PKH, a CLTV prefix) counts for neither. The mempool side is komodod's
 * `myIs_coinaddr_inmempoolvout`: any output to the address, the caller's check.
 */
async function depositMarkerConfirmed(
  reader: StateReader,
  history: readonly { txid: string }[],
  marker: string,
  cointxid: string,
  chain: ChainParams | undefined,
): Promise<boolean> {
  if (history.length === 0) return false
  const pk = p2pkScript(txidPubkey(cointxid))
  const txs = await reader.txs(history.map((h) => h.txid))
  return txs.some((t) => t.tx.vout.some((o) => equalBytes(o.script, pk) || isCcFiledAt(o.script, marker, chain)))
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysclaim

/**
 * `gatewaysclaim` through a chain source (spec 5.6): reads the bind (confirmed), the deposit (confirmed: found in the
 * history of its claim marker's address) and the gateway's token inputs (`AddGatewaysInputs`: the unspent outputs at
 * TOK2(0xf1, gatewayspk) from the bind's vout 0 or vout 1 of this gateway's withdraws and claims, in address-index
 * order, mempool spends not excluded as the daemon), then builds. No normal coins: the deposit marker pays the fee.
 * `amount`: coins at the daemon; here a bigint is satoshis, a decimal string coins.
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example await resolveGatewaysClaim({ bindtxid, coin: 'KMD', deposittxid, destpub, amount: '0.5' }, ctx)
 */
export async function resolveGatewaysClaim(
  params: GatewaysClaimParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<BuildResult> {
  const { p, reader, min, chain } = begin(params, ctx, options, 'resolveGatewaysClaim')
  const bindtxid = txidParam(p.bindtxid, 'bindtxid')
  const deposittxid = txidParam(p.deposittxid, 'deposittxid')
  const amount = amountParam(p.amount, 'amount', gatewaysUnits.gatewaysclaim.amount)
  refuseOffCurve(p.destpub, 'destpub')
  const [height, bind, deposit] = await Promise.all([
    reader.height(),
    readBind(reader, bindtxid, p.coin, min, chain),
    maybeTx(reader, deposittxid),
  ])
  const d = gatewaysOpretOf(deposit)
  const usable = bind.op !== undefined && deposit !== undefined && d?.funcid === 'D' && d.refcoin === p.coin
  const depositConfirmed = usable ? await isConfirmedTx(reader, deposit, min, chain) : true
  const tokens = usable && depositConfirmed ? await gatewayTokenInputs(reader, bindtxid, bind.op!, chain) : []
  return buildGatewaysClaim({ ...p, amount }, buildContextOf(ctx, [], height), {
    ...bind.state,
    ...(deposit !== undefined ? { deposit: outputsOf(deposit), depositConfirmed } : {}),
    tokens,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// gatewayswithdraw

/**
 * `gatewayswithdraw` through a chain source (spec 5.7): reads the bind (confirmed), the open markers at the gateways
 * global CC address (vout 0 of 10000, confirmed, mempool spends included, as the daemon's pending-withdraw scan)
 * and the withdraws their 'P's refer to, the caller's outputs of the bind's token (`AddTokenCCInputs` candidates)
 * and normal coins, then builds. `amount`: coins at the daemon; here a bigint is satoshis, a decimal string coins.
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example await resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub, amount: '0.2' }, ctx)
 */
export async function resolveGatewaysWithdraw(
  params: GatewaysWithdrawParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<BuildResult> {
  const { p, reader, min, chain } = begin(params, ctx, options, 'resolveGatewaysWithdraw')
  const bindtxid = txidParam(p.bindtxid, 'bindtxid')
  const amount = amountParam(p.amount, 'amount', gatewaysUnits.gatewayswithdraw.amount)
  refuseOffCurve(p.withdrawpub, 'withdrawpub')
  const [height, bind] = await Promise.all([reader.height(), readBind(reader, bindtxid, p.coin, min, chain)])
  if (bind.op === undefined)
    return buildGatewaysWithdraw({ ...p, amount }, buildContextOf(ctx, [], height), { ...bind.state, tokens: [] })
  const me = pubkeyBytes(ctx.pubkey, 'context.pubkey')
  const [markers, tokens, utxos] = await Promise.all([
    openMarkers(reader, chain),
    tokenInputs(reader, bind.op.tokenid, me, amount, { chain, mempool: options.mempool === true }),
    normalCoins(reader, me, { chain }),
  ])
  const referred = markers.flatMap((t) => {
    const q = gatewaysOpretOf(t)
    return q?.funcid === 'P' ? [q.withdrawtxid] : []
  })
  const withdraws = (await Promise.all(referred.map((id) => maybeTx(reader, id)))).flatMap((t) =>
    t === undefined ? [] : [outputsOf(t)],
  )
  return buildGatewaysWithdraw({ ...p, amount }, buildContextOf(ctx, utxos, height), {
    ...bind.state,
    markers: markers.map(outputsOf),
    withdraws,
    tokens,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// gatewayspartialsign, gatewayscompletesigning

/** The signing chain's state: the last transaction, its withdraw (confirmed) and the withdraw's bind. */
async function signingState(
  reader: StateReader,
  lasttxid: string,
  coin: unknown,
  min: number,
  chain?: ChainParams,
): Promise<GatewaysSigningState> {
  const last = await maybeTx(reader, lasttxid)
  const q = gatewaysOpretOf(last)
  const withdraw =
    q?.funcid === 'W'
      ? last
      : q?.funcid === 'P' && q.refcoin === coin
        ? await maybeTx(reader, q.withdrawtxid)
        : undefined
  const w = gatewaysOpretOf(withdraw)
  if (withdraw === undefined || w?.funcid !== 'W' || w.refcoin !== coin)
    return {
      ...(last !== undefined ? { last: outputsOf(last) } : {}),
      ...(withdraw !== undefined ? { withdraw: outputsOf(withdraw) } : {}),
    }
  const [withdrawConfirmed, bind] = await Promise.all([
    isConfirmedTx(reader, withdraw, min, chain),
    maybeTx(reader, w.bindtxid),
  ])
  return {
    last: outputsOf(last!),
    withdraw: outputsOf(withdraw),
    withdrawConfirmed,
    ...(bind !== undefined ? { bind: outputsOf(bind) } : {}),
  }
}

/** The resolve of partialsign and completesigning: the same look-ups, then the builder given. */
async function resolveSigning<P extends object>(
  params: P,
  ctx: ResolveContext,
  options: GatewaysResolveOptions,
  names: { resolver: string; last: keyof P & string; coin: keyof P & string },
  build: (params: P, context: BuildContext, state: GatewaysSigningState) => BuildResult,
): Promise<BuildResult> {
  const { p, reader, min, chain } = begin(params, ctx, options, names.resolver)
  const last = txidParam(p[names.last], names.last)
  const [height, state, utxos] = await Promise.all([
    reader.height(),
    signingState(reader, last, p[names.coin], min, chain),
    normalCoins(reader, ctx.pubkey, { chain }),
  ])
  return build(p, buildContextOf(ctx, utxos, height), state)
}

/**
 * `gatewayspartialsign` through a chain source (spec 5.8): reads the last transaction of the signing chain
 * (`txidaddr`: the withdraw, or the latest 'P'), the withdraw (confirmed) and its bind, and the caller's normal coins,
 * then builds (spending the last transaction's marker).
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example await resolveGatewaysPartialSign({ txidaddr: withdrawtxid, refcoin: 'KMD', hex: partiallySignedHex }, ctx)
 */
export function resolveGatewaysPartialSign(
  params: GatewaysPartialSignParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<BuildResult> {
  const names = { resolver: 'resolveGatewaysPartialSign', last: 'txidaddr', coin: 'refcoin' } as const
  return resolveSigning(params, ctx, options, names, buildGatewaysPartialSign)
}

/**
 * `gatewayscompletesigning` through a chain source (spec 5.8): as {@link resolveGatewaysPartialSign}, for the
 * transaction that carries the fully signed payout (`withdrawtxid`: the last transaction of the signing chain).
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example await resolveGatewaysCompleteSigning({ withdrawtxid: lasttxid, coin: 'KMD', hex: signedHex }, ctx)
 */
export function resolveGatewaysCompleteSigning(
  params: GatewaysCompleteSigningParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<BuildResult> {
  const names = { resolver: 'resolveGatewaysCompleteSigning', last: 'withdrawtxid', coin: 'coin' } as const
  return resolveSigning(params, ctx, options, names, buildGatewaysCompleteSigning)
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysmarkdone

/**
 * `gatewaysmarkdone` through a chain source (spec 5.8): reads the complete-signing transaction (confirmed), its
 * withdraw and the withdraw's bind, and the caller's normal coins, then builds (spending the 'S' marker).
 * @throws KomodoCcError the builder's refusals with the daemon's texts | CHAIN_MISMATCH | TX_NOT_FOUND
 * @example await resolveGatewaysMarkDone({ completesigningtx: completetxid, coin: 'KMD' }, ctx)
 */
export async function resolveGatewaysMarkDone(
  params: GatewaysMarkDoneParams,
  ctx: ResolveContext,
  options: GatewaysResolveOptions = {},
): Promise<BuildResult> {
  const { p, reader, min, chain } = begin(params, ctx, options, 'resolveGatewaysMarkDone')
  const cid = txidParam(p.completesigningtx, 'completesigningtx')
  const [height, complete, utxos] = await Promise.all([
    reader.height(),
    maybeTx(reader, cid),
    normalCoins(reader, ctx.pubkey, { chain }),
  ])
  const s = gatewaysOpretOf(complete)
  const usable = complete !== undefined && s?.funcid === 'S' && s.refcoin === p.coin
  const [completeConfirmed, withdraw] = usable
    ? await Promise.all([isConfirmedTx(reader, complete, min, chain), maybeTx(reader, s.withdrawtxid)])
    : [true, undefined]
  const w = gatewaysOpretOf(withdraw)
  const bind = w?.funcid === 'W' && w.refcoin === p.coin ? await maybeTx(reader, w.bindtxid) : undefined
  return buildGatewaysMarkDone(p, buildContextOf(ctx, utxos, height), {
    ...(complete !== undefined ? { complete: outputsOf(complete), completeConfirmed } : {}),
    ...(withdraw !== undefined ? { withdraw: outputsOf(withdraw) } : {}),
    ...(bind !== undefined ? { bind: outputsOf(bind) } : {}),
  })
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysinfo

/** `gatewaysinfo`'s refusal object. @example const e: GatewaysInfoError = { result: 'error', error: 'cant find bindtxid …' } */
export type GatewaysInfoError = { result: 'error'; error: string }

/**
 * `gatewaysinfo bindtxid` read through a chain source (spec 5.10), as the daemon prints it: the bind's fields, its
 * deposit address and `remaining` = `CCtoken_balance` of the gateway token address TOK2(0xf1, gatewayspk) for the
 * bind's token (confirmed unspent outputs of the create transaction or of a token opret of this tokenid, those spent
 * in the mempool included), `issued` = totalsupply − remaining. A missing or non-bind transaction gives the daemon's
 * error object.
 * @throws KomodoCcError ARG_INVALID (bindtxid) | CHAIN_MISMATCH
 * @example (await gatewaysInfo(new StateReader(view), bindtxid)).remaining // '0.70000000'
 */
export async function gatewaysInfo(
  reader: StateReader,
  bindtxid: string,
  chain?: ChainParams,
): Promise<GatewaysInfo<'offline'> | GatewaysInfoError> {
  const id = txidText(bindtxid, 'bindtxid')
  const t = await maybeTx(reader, id)
  if (t === undefined) return { result: 'error', error: `cant find bindtxid ${id}` }
  const b = bindOpretOf(t)
  if (b === undefined) return { result: 'error', error: `invalid bindtxid ${id} coin.` }
  if (b.M > b.N || b.N === 0) return { result: 'success', name: 'Gateways' }
  const remaining = await ccTokenBalance(reader, gatewayTokensAddress(chain), b.tokenid, chain)
  return {
    result: 'success',
    name: 'Gateways',
    M: b.M,
    N: b.N,
    pubkeys: b.pubkeys,
    coin: b.coin,
    oracletxid: b.oracletxid,
    taddr: b.taddr,
    prefix: b.prefix,
    prefix2: b.prefix2,
    wiftype: b.wiftype,
    deposit: gatewaysDepositAddress(
      b.M,
      b.pubkeys.map((k) => hexToBytes(k)),
      { taddr: b.taddr, prefix: b.prefix, prefix2: b.prefix2 },
    ),
    tokenid: b.tokenid,
    totalsupply: formatCoins(b.totalsupply),
    remaining: formatCoins(remaining),
    issued: formatCoins(b.totalsupply - remaining),
  }
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The gateways module's resolvers, one per state-changing RPC, with the daemon's parameter names in order (as the
 * builders take them): what the wallet, the CLI and the devnet call.
 * @example gatewaysResolvers.find((r) => r.method === 'gatewaysclaim')!.params // ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount']
 */
export const gatewaysResolvers = /* @__PURE__ */ Object.freeze([
  methodResolver(
    'gatewaysbind',
    ['tokenid', 'oracletxid', 'coin', 'tokensupply', 'M', 'N', 'pubkeys', 'pubtype', 'p2shtype', 'wiftype', 'taddr'],
    resolveGatewaysBind,
  ),
  methodResolver(
    'gatewaysdeposit',
    ['bindtxid', 'height', 'coin', 'cointxid', 'claimvout', 'deposithex', 'proof', 'destpub', 'amount'],
    resolveGatewaysDeposit,
  ),
  methodResolver('gatewaysclaim', ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'], resolveGatewaysClaim),
  methodResolver('gatewayswithdraw', ['bindtxid', 'coin', 'withdrawpub', 'amount'], resolveGatewaysWithdraw),
  methodResolver('gatewayspartialsign', ['txidaddr', 'refcoin', 'hex'], resolveGatewaysPartialSign),
  methodResolver('gatewayscompletesigning', ['withdrawtxid', 'coin', 'hex'], resolveGatewaysCompleteSigning),
  methodResolver('gatewaysmarkdone', ['completesigningtx', 'coin'], resolveGatewaysMarkDone),
])
