// Offline builders of the assets v2 RPCs of Tokel's fork (the token DEX): tokenv2ask, tokenv2bid, tokenv2cancelask,
// tokenv2fillask (tokel src/cc/CCassetstx_impl.h CreateSell, CreateBuyOffer, CancelSell, FillSell;
// src/rpc/tokensrpc.cpp; CCassetsUtils.cpp SetAskFillamounts, AssetsFillOrderIsDust; spec tokel-v2 §8).
import { KomodoCcError } from '../../errors.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import type { AmountInput } from '../../amount.js'
import { cc1of1, cc1of2 } from '../../cc/condition.js'
import { ccV2Script, parseCcV2Script } from '../../script/ccv2.js'
import { p2pkScript } from '../../script/script.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcV2Tx } from '../../cctx/finalize.js'
import { ASSETSV2_CC } from '../../cc/eval.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { amountParam, normalInputs, stateTx, txidParam, type TxLike } from '../../cctx/common.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'
import type { Transaction } from '../../tx/types.js'
import { decodeTokensV2Opret, type TokensV2CreateOpret } from '../tokensv2/opret.js'
import { tokelRoyalty, TKLROYALTY_DIVISOR } from '../tokensv2/tokeldata.js'
import { ASSETSV2_GLOBAL_PUBKEY, TOKENSV2_MARKER_VALUE, tokensV2Condition } from '../tokensv2/globals.js'
import { MAX_NORMAL_INPUTS, TOKEL_GATHER, tokenV2Inputs, tokenV2Output, unitsParam } from '../tokensv2/build.js'
import { decodeAssetsV2Opret, encodeAssetsV2Payload, EVAL_ASSETSV2, type AssetsV2OrderOpret } from './opret.js'
import { encodeTokensV2Payload } from '../tokensv2/opret.js'

/** `ASSETS_MARKER_AMOUNT`. */
const MARKER = TOKENSV2_MARKER_VALUE
/** `ASSETS_NORMAL_DUST`: the royalty dust bound. @example ASSETS_NORMAL_DUST // 500n */
export const ASSETS_NORMAL_DUST = 500n
/** Default order expiry: tip + 4 weeks of 60-s blocks (tokensrpc.cpp). @example DEFAULT_ORDER_EXPIRY // 40320 */
export const DEFAULT_ORDER_EXPIRY = 4 * 7 * 24 * 60

/** The tokens locked by an ask: TV2(F6, 0, 1, {AssetsV2 global}) with params `02 f6 01 01 <global>`. */
const askLock = () => tokenV2Output(ASSETSV2_GLOBAL_PUBKEY, EVAL_ASSETSV2)
/** The order marker CC1of2(F6, origpk, global), sub-version 0, no params. */
const marker = (origpk: string) => ccV2Script(cc1of2(EVAL_ASSETSV2, origpk, ASSETSV2_GLOBAL_PUBKEY), { subver: 0 })
const assetsOpret = (tokenid: string, p: Parameters<typeof encodeAssetsV2Payload>[0]) =>
  encodeTokensV2Payload({ funcid: 't', tokenid, blobs: [bytesToHex(encodeAssetsV2Payload(p))] })

/**
 * The parameters of `tokenv2ask numtokens tokenid price [expiryHeight]`: `price` in coins per token unit
 * (`AmountFromValue`), `numtokens` token units.
 * @example const p: TokenV2AskParams = { numtokens: 1n, tokenid, price: '1.5' }
 */
export type TokenV2AskParams = {
  numtokens: bigint | string
  tokenid: string
  price: AmountInput
  expiryHeight?: number | undefined
}

/**
 * `tokenv2ask`: normal inputs for fee + marker, the caller's token inputs; vout 0 the tokens locked on the
 * tokens-in-assets global address, vout 1 the order marker, vout 2 the token change (pubkey output) if any, P2PK
 * change unless dust, the 's' opret (unit price = askamount / numtokens, the caller as origpubkey, the expiry).
 * @param context.height - the chain tip (the default expiry is tip + 40320; an expiry below the tip is refused)
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | AMOUNT_INVALID
 * @example buildTokenV2Ask({ numtokens: 1n, tokenid, price: '1' }, ctx, { tokens })
 */
export function buildTokenV2Ask(
  params: TokenV2AskParams,
  context: BuildContext,
  state: { tokens: readonly Utxo[] },
): BuildResult {
  const { numtokens, tokenid, price, expiryHeight } = builderParams(
    params,
    'buildTokenV2Ask',
    ['numtokens', 'tokenid', 'price'],
    ['expiryHeight'],
  )
  const ctx = checkContext(context)
  const id = tokenidParam(tokenid)
  const units = unitsParam(numtokens)
  if (units <= 0n) throw daemonRefusal('numtokens invalid')
  const priceSat = amountParam(price, 'price', 'coins')
  if (priceSat <= 0n) throw daemonRefusal('price invalid')
  const askamount = priceSat * units
  const expiry = expiryParam(expiryHeight, context.height)
  if (typeof state !== 'object' || state === null) throw new KomodoCcError('BUILD_STATE', 'state expected { tokens }')
  const normal = normalInputs(
    ctx,
    ctx.fee + MARKER,
    MAX_NORMAL_INPUTS,
    'need some native coins to place ask',
    TOKEL_GATHER,
  )
  const { plans, total } = tokenV2Inputs(ctx.pubkey, state.tokens, units)
  const unitPrice = askamount / units
  const mine = bytesToHex(ctx.pubkey)
  const outputs = [
    { value: units, script: askLock() },
    { value: MARKER, script: marker(mine) },
  ]
  if (total > units) outputs.push({ value: total - units, script: tokenV2Output(mine) })
  const fin = finalizeCcV2Tx({
    inputs: [...normal, ...plans],
    outputs,
    opret: assetsOpret(id, { funcid: 's', tokenid: id, unitPrice, origpubkey: mine, expiryHeight: expiry }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, ASSETSV2_CC, parseCcV2Script)
}

/**
 * The parameters of `tokenv2bid numtokens tokenid price [expiryHeight]`.
 * @example const p: TokenV2BidParams = { numtokens: 1n, tokenid, price: '1' }
 */
export type TokenV2BidParams = TokenV2AskParams

/**
 * `tokenv2bid`: the token's create must be a v2 create; normal inputs for bidamount + fee + marker; vout 0 the coins
 * locked on the assets global address CC1(F6, global), vout 1 the order marker, P2PK change unless dust, the 'b'
 * opret (unit price = bidamount / numtokens).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildTokenV2Bid({ numtokens: 1n, tokenid, price: '1' }, ctx, { create })
 */
export function buildTokenV2Bid(
  params: TokenV2BidParams,
  context: BuildContext,
  state: { create: TxLike },
): BuildResult {
  const { numtokens, tokenid, price, expiryHeight } = builderParams(
    params,
    'buildTokenV2Bid',
    ['numtokens', 'tokenid', 'price'],
    ['expiryHeight'],
  )
  const ctx = checkContext(context)
  const id = tokenidParam(tokenid, 'invalid tokenid')
  const units = unitsParam(numtokens)
  const priceSat = amountParam(price, 'price', 'coins')
  if (priceSat <= 0n) throw daemonRefusal('price must be positive')
  const bidamount = priceSat * units
  if (bidamount <= 0n) throw daemonRefusal('bid amount must be positive')
  const expiry = expiryParam(expiryHeight, context.height)
  createOf(state?.create, id)
  const unitPrice = bidamount / units
  if (unitPrice <= 0n) throw daemonRefusal('invalid bid params')
  const normal = normalInputs(
    ctx,
    bidamount + ctx.fee + MARKER,
    MAX_NORMAL_INPUTS,
    'no coins found to make buy offer',
    TOKEL_GATHER,
  )
  const fin = finalizeCcV2Tx({
    inputs: normal,
    outputs: [
      { value: bidamount, script: ccV2Script(cc1of1(EVAL_ASSETSV2, ASSETSV2_GLOBAL_PUBKEY), { subver: 0 }) },
      { value: MARKER, script: marker(bytesToHex(ctx.pubkey)) },
    ],
    opret: assetsOpret(id, {
      funcid: 'b',
      tokenid: id,
      unitPrice,
      origpubkey: bytesToHex(ctx.pubkey),
      expiryHeight: expiry,
    }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, ASSETSV2_CC, parseCcV2Script)
}

/**
 * `tokenv2cancelask tokenid asktxid`: spends the order's vout 0 (signed with the AssetsV2 global key) and its marker
 * (vout 1 of an 's', vout 3 of an 'S'; signed by the caller when it is the order's creator, else with the global key,
 * which validation allows only after expiry), returns the tokens to the creator's pubkey output. No normal input:
 * the daemon adds none when txfee ≤ the marker (`txfee <= ASSETS_MARKER_AMOUNT || AddNormalinputsRemote(…)`), so the
 * 10000-sat marker pays the fee. 'x' opret.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE
 * @example buildTokenV2CancelAsk({ tokenid, asktxid }, ctx, { ask: askTxHex })
 */
export function buildTokenV2CancelAsk(
  params: { tokenid: string; asktxid: string },
  context: BuildContext,
  state: { ask: TxLike },
): BuildResult {
  const { tokenid, asktxid } = builderParams(params, 'buildTokenV2CancelAsk', ['tokenid', 'asktxid'])
  const ctx = checkContext(context)
  const id = tokenidParam(tokenid, 'invalid parameter')
  const oid = txidParam(asktxid, 'asktxid')
  const { tx, order } = orderOf(state?.ask, oid, 'state.ask')
  if (order.funcid !== 's' && order.funcid !== 'S') throw daemonRefusal('invalid ask tx or not enough vouts')
  const askamount = tx.vout[0]!.value
  if (askamount === 0n) throw daemonRefusal('ask is empty')
  const markerVout = order.funcid === 's' ? 1 : 3
  if (tx.vout.length <= markerVout + 1) throw daemonRefusal('invalid ask tx or not enough vouts')
  const lock = utxoOf(tx, oid, 0)
  const mark = utxoOf(tx, oid, markerVout)
  const mine = bytesToHex(ctx.pubkey) === order.origpubkey
  const inputs: InputPlan[] = [
    {
      kind: 'cc',
      utxo: lock,
      role: 'global',
      condition: tokensV2Condition(EVAL_ASSETSV2, 0, 1, [ASSETSV2_GLOBAL_PUBKEY]),
      evalCode: EVAL_ASSETSV2,
    },
    {
      kind: 'cc',
      utxo: mark,
      role: mine ? 'caller' : 'global',
      condition: cc1of2(EVAL_ASSETSV2, order.origpubkey, ASSETSV2_GLOBAL_PUBKEY),
      evalCode: EVAL_ASSETSV2,
    },
  ]
  const fin = finalizeCcV2Tx({
    inputs,
    outputs: [{ value: askamount, script: tokenV2Output(order.origpubkey) }],
    opret: assetsOpret(id, { funcid: 'x', tokenid: id }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, ASSETSV2_CC, parseCcV2Script)
}

/**
 * The parameters of `tokenv2fillask tokenid asktxid fillunits [unitprice]` (`unitprice` in coins; 0 or absent: the
 * order's price).
 * @example const p: TokenV2FillAskParams = { tokenid, asktxid, fillunits: 1n }
 */
export type TokenV2FillAskParams = {
  tokenid: string
  asktxid: string
  fillunits: bigint | string
  unitprice?: AmountInput | undefined
}

/**
 * `tokenv2fillask` (`FillSell`): paid = unit price × fillunits; the royalty r/1000 of the token's Tokel data
 * (clamped to 999) is ⌊paid / 1000⌋ × r to the token creator's pubkey, unless `AssetsFillOrderIsDust` (⌊paid / 1000⌋ ×
 * min(r, 1000 − r) ≤ 500) sends the whole payment to one party (the creator when r ≥ 500). Inputs: normal coins for
 * fee + marker + paid, then the ask's vout 0 (global key). Outputs: vout 0 the remaining tokens (may be 0) back on the
 * tokens-in-assets address, vout 1 the bought tokens to the caller's pubkey output, vout 2 the seller's coins, vout 3
 * the royalty if any, a new marker if tokens remain, P2PK change, 'S' opret (the order's price, creator, expiry).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildTokenV2FillAsk({ tokenid, asktxid, fillunits: 1n }, ctx, { ask, create })
 */
export function buildTokenV2FillAsk(
  params: TokenV2FillAskParams,
  context: BuildContext,
  state: { ask: TxLike; create: TxLike },
): BuildResult {
  const { tokenid, asktxid, fillunits, unitprice } = builderParams(
    params,
    'buildTokenV2FillAsk',
    ['tokenid', 'asktxid', 'fillunits'],
    ['unitprice'],
  )
  const ctx = checkContext(context)
  const id = tokenidParam(tokenid, 'invalid parameter')
  const oid = txidParam(asktxid, 'asktxid')
  const fill = unitsParam(fillunits)
  if (fill <= 0n) throw daemonRefusal('fillunits must be positive')
  const create = createOf(state?.create, id)
  const { tx, order } = orderOf(state?.ask, oid, 'state.ask')
  if (order.funcid !== 's' && order.funcid !== 'S') throw daemonRefusal('not an ask order')
  if (order.tokenid !== id) throw daemonRefusal('invalid tokenid')
  const orig = tx.vout[0]!.value
  let paidUnitPrice = unitprice === undefined ? 0n : amountParam(unitprice, 'unitprice', 'coins')
  if (paidUnitPrice <= 0n) paidUnitPrice = order.unitPrice
  if (paidUnitPrice <= 0n) throw daemonRefusal('could not get unit price')
  const paid = paidUnitPrice * fill
  const r = BigInt(tokelRoyalty(create.blobs[0] ?? null))
  const { royalty, toCreator } = royaltySplit(paid, r)
  const normal = normalInputs(
    ctx,
    ctx.fee + MARKER + paid,
    MAX_NORMAL_INPUTS,
    'filltx not enough normal utxos',
    TOKEL_GATHER,
  )
  // SetAskFillamounts → ValidateAskRemainder: paid unit price ≥ the order's, fill ≤ the tokens left
  if (orig === 0n || fill > orig || paid / fill < order.unitPrice) throw daemonRefusal('incorrect units or price')
  const lock = utxoOf(tx, oid, 0)
  const seller = toCreator ? create.origpubkey : order.origpubkey
  const outputs = [
    { value: orig - fill, script: askLock() },
    { value: fill, script: tokenV2Output(bytesToHex(ctx.pubkey)) },
    { value: paid - royalty, script: p2pkScript(hexToBytes(seller)) },
  ]
  if (royalty > 0n) outputs.push({ value: royalty, script: p2pkScript(hexToBytes(create.origpubkey)) })
  if (orig - fill > 0n) outputs.push({ value: MARKER, script: marker(order.origpubkey) })
  const fin = finalizeCcV2Tx({
    inputs: [
      ...normal,
      {
        kind: 'cc',
        utxo: lock,
        role: 'global',
        condition: tokensV2Condition(EVAL_ASSETSV2, 0, 1, [ASSETSV2_GLOBAL_PUBKEY]),
        evalCode: EVAL_ASSETSV2,
      },
    ],
    outputs,
    opret: assetsOpret(id, {
      funcid: 'S',
      tokenid: id,
      unitPrice: order.unitPrice,
      origpubkey: order.origpubkey,
      expiryHeight: order.expiryHeight,
    }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, ASSETSV2_CC, parseCcV2Script)
}

/**
 * The royalty of a DEX payment (`FillSell`/`FillBuyOffer` with `AssetsFillOrderIsDust`): ⌊paid / 1000⌋ × r, unless
 * ⌊paid / 1000⌋ × min(r, 1000 − r) ≤ 500, when there is no royalty output and the whole payment goes to the creator
 * if r ≥ 500 (`toCreator`), else to the seller.
 * @example royaltySplit(100000000n, 500n) // { royalty: 50000000n, toCreator: false }
 */
export function royaltySplit(paid: bigint, r: bigint): { royalty: bigint; toCreator: boolean } {
  if (r <= 0n) return { royalty: 0n, toCreator: false }
  const d = BigInt(TKLROYALTY_DIVISOR)
  const lo = r < d - r ? r : d - r
  if ((paid / d) * lo <= ASSETS_NORMAL_DUST) return { royalty: 0n, toCreator: !(r < d / 2n) }
  return { royalty: (paid / d) * r, toCreator: false }
}

function tokenidParam(v: unknown, error = 'tokenid invalid'): string {
  let id: string
  try {
    id = txidParam(v, 'tokenid')
  } catch {
    throw daemonRefusal(error)
  }
  if (/^0{64}$/.test(id)) throw daemonRefusal(error)
  return id
}

function expiryParam(v: unknown, tip: number): number {
  if (v === undefined || v === 0) return tip + DEFAULT_ORDER_EXPIRY
  if (typeof v !== 'number' || !Number.isInteger(v) || v < tip || v > 0x7fffffff)
    throw daemonRefusal('expiry height invalid', { expiryHeight: String(v), tip })
  return v
}

/** The token's v2 create payload from its transaction (state), as `GetTokenData`/`DecodeTokenCreateOpRet` read it. */
function createOf(create: TxLike | undefined, tokenid: string): TokensV2CreateOpret {
  if (create === undefined) throw daemonRefusal('could not find assetid\n', {}, 'BUILD_STATE')
  const tx = stateTx(create, tokenid, 'state.create')
  try {
    const p = decodeTokensV2Opret(tx.vout[tx.vout.length - 1]!.script)
    if (p.funcid === 'c') return p
  } catch {
    // below
  }
  throw daemonRefusal("assetid isn't token creation txid\n", {}, 'BUILD_STATE')
}

/** An order transaction (state) and its 's'/'b'/'S'/'B' payload (`GetOrderParams`). */
function orderOf(v: TxLike | undefined, txid: string, name: string): { tx: Transaction; order: AssetsV2OrderOpret } {
  if (v === undefined) throw daemonRefusal("can't get ask tx", {}, 'BUILD_STATE')
  const tx = stateTx(v, txid, name)
  try {
    const p = decodeAssetsV2Opret(tx.vout[tx.vout.length - 1]!.script)
    if (p.funcid !== 'x' && p.funcid !== 'o' && tx.vout.length > 1) return { tx, order: p as AssetsV2OrderOpret }
  } catch {
    // below
  }
  throw daemonRefusal('not an ask order', { name }, 'BUILD_STATE')
}

function utxoOf(tx: Transaction, txid: string, vout: number): Utxo {
  const o = tx.vout[vout]!
  return checkUtxo({ txid, vout, satoshis: o.value, script: o.script }, `order vout ${vout}`)
}

/**
 * `tokenv2cancelbid tokenid bidtxid`: spends the bid's coins (vout 0, global key) and its marker (vout 1 of a 'b',
 * vout 3 of a 'B'); the coins go back to the bidder's P2PK, or stay on the assets global address when they are 500
 * sat or less. No normal input (the marker pays the fee, as in {@link buildTokenV2CancelAsk}). 'o' opret.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE
 * @example buildTokenV2CancelBid({ tokenid, bidtxid }, ctx, { bid: bidTxHex })
 */
export function buildTokenV2CancelBid(
  params: { tokenid: string; bidtxid: string },
  context: BuildContext,
  state: { bid: TxLike },
): BuildResult {
  const { tokenid, bidtxid } = builderParams(params, 'buildTokenV2CancelBid', ['tokenid', 'bidtxid'])
  const ctx = checkContext(context)
  const id = tokenidParam(tokenid, 'invalid parameter')
  const oid = txidParam(bidtxid, 'bidtxid')
  const { tx, order } = orderOf(state?.bid, oid, 'state.bid')
  if (order.funcid !== 'b' && order.funcid !== 'B') throw daemonRefusal('invalid bidtx or not enough vouts')
  const bidamount = tx.vout[0]!.value
  if (bidamount === 0n) throw daemonRefusal('bid is empty')
  const markerVout = order.funcid === 'b' ? 1 : 3
  if (tx.vout.length <= markerVout + 1) throw daemonRefusal('invalid bidtx or not enough vouts')
  const mine = bytesToHex(ctx.pubkey) === order.origpubkey
  const fin = finalizeCcV2Tx({
    inputs: [
      coinsInput(utxoOf(tx, oid, 0)),
      {
        kind: 'cc',
        utxo: utxoOf(tx, oid, markerVout),
        role: mine ? 'caller' : 'global',
        condition: cc1of2(EVAL_ASSETSV2, order.origpubkey, ASSETSV2_GLOBAL_PUBKEY),
        evalCode: EVAL_ASSETSV2,
      },
    ],
    outputs: [
      {
        value: bidamount,
        script: bidamount > ASSETS_NORMAL_DUST ? p2pkScript(hexToBytes(order.origpubkey)) : assetsGlobal(),
      },
    ],
    opret: assetsOpret(id, { funcid: 'o', tokenid: id }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, ASSETSV2_CC, parseCcV2Script)
}

/**
 * The parameters of `tokenv2fillbid tokenid bidtxid fillamount [unit_price]`: `fillamount` token units sold,
 * `unitprice` in coins (0 or absent: the bid's price).
 * @example const p: TokenV2FillBidParams = { tokenid, bidtxid, fillamount: 1n }
 */
export type TokenV2FillBidParams = {
  tokenid: string
  bidtxid: string
  fillamount: bigint | string
  unitprice?: AmountInput | undefined
}

/**
 * `tokenv2fillbid` (`FillBuyOffer`): normal inputs for fee + marker, the bid's coins (global key), the caller's
 * tokens; paid = fill units × unit price (`SetBidFillamounts`: at most the bid, at most the bid's unit price);
 * vout 0 the coins left (on the assets global address while units remain or when 500 sat or less, else back to the
 * bidder), vout 1 the seller's coins, vout 2 the royalty (rule of {@link royaltySplit}), the tokens to the bidder's
 * pubkey output, a new marker while units remain, token change, P2PK change, 'B' opret.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildTokenV2FillBid({ tokenid, bidtxid, fillamount: 1n }, ctx, { bid, create, tokens })
 */
export function buildTokenV2FillBid(
  params: TokenV2FillBidParams,
  context: BuildContext,
  state: { bid: TxLike; create: TxLike; tokens: readonly Utxo[] },
): BuildResult {
  const { tokenid, bidtxid, fillamount, unitprice } = builderParams(
    params,
    'buildTokenV2FillBid',
    ['tokenid', 'bidtxid', 'fillamount'],
    ['unitprice'],
  )
  const ctx = checkContext(context)
  const id = tokenidParam(tokenid, 'must provide tokenid and bidtxid')
  const oid = txidParam(bidtxid, 'bidtxid')
  const fill = unitsParam(fillamount)
  if (fill <= 0n) throw daemonRefusal('fillamount must be positive')
  const create = createOf(state?.create, id)
  const { tx, order } = orderOf(state?.bid, oid, 'state.bid')
  if (order.funcid !== 'b' && order.funcid !== 'B') throw daemonRefusal('not an bid order')
  if (order.tokenid !== id) throw daemonRefusal('invalid tokenid')
  const bidAmount = tx.vout[0]!.value
  const origUnits = bidAmount / order.unitPrice
  let paidUnitPrice = unitprice === undefined ? 0n : amountParam(unitprice, 'unitprice', 'coins')
  if (paidUnitPrice === 0n) paidUnitPrice = order.unitPrice
  const normal = normalInputs(ctx, ctx.fee + MARKER, MAX_NORMAL_INPUTS, 'no normal coins left', TOKEL_GATHER)
  const { plans, total } = tokenV2Inputs(ctx.pubkey, state.tokens, fill)
  // SetBidFillamounts → ValidateBidRemainder
  const paid = fill * paidUnitPrice
  if (fill > origUnits || paid <= 0n || paid > bidAmount || paid / fill > order.unitPrice)
    throw daemonRefusal('incorrect units or price')
  const r = BigInt(tokelRoyalty(create.blobs[0] ?? null))
  const { royalty, toCreator } = royaltySplit(paid, r)
  const mine = bytesToHex(ctx.pubkey)
  const left = bidAmount - paid
  const outputs = [
    {
      value: left,
      script:
        origUnits - fill > 0n || left <= ASSETS_NORMAL_DUST ? assetsGlobal() : p2pkScript(hexToBytes(order.origpubkey)),
    },
    { value: paid - royalty, script: p2pkScript(hexToBytes(toCreator ? create.origpubkey : mine)) },
  ]
  if (royalty > 0n) outputs.push({ value: royalty, script: p2pkScript(hexToBytes(create.origpubkey)) })
  outputs.push({ value: fill, script: tokenV2Output(order.origpubkey) })
  if (origUnits - fill > 0n) outputs.push({ value: MARKER, script: marker(order.origpubkey) })
  if (total > fill) outputs.push({ value: total - fill, script: tokenV2Output(mine) })
  const fin = finalizeCcV2Tx({
    inputs: [...normal, coinsInput(utxoOf(tx, oid, 0)), ...plans],
    outputs,
    opret: assetsOpret(id, {
      funcid: 'B',
      tokenid: id,
      unitPrice: order.unitPrice,
      origpubkey: order.origpubkey,
      expiryHeight: order.expiryHeight,
    }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, ASSETSV2_CC, parseCcV2Script)
}

/** The assets global coins output CC1(F6, global), sub-version 0 (`MakeCC1voutMixed`). */
function assetsGlobal(): Uint8Array {
  return ccV2Script(cc1of1(EVAL_ASSETSV2, ASSETSV2_GLOBAL_PUBKEY), { subver: 0 })
}

/** A bid's coins on the assets global address, signed with the global key. */
function coinsInput(utxo: Utxo): InputPlan {
  return {
    kind: 'cc',
    utxo,
    role: 'global',
    condition: cc1of1(EVAL_ASSETSV2, ASSETSV2_GLOBAL_PUBKEY),
    evalCode: EVAL_ASSETSV2,
  }
}
