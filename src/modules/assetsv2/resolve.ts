// Assets v2 resolvers: the state Tokel's daemon reads for tokenv2ask, tokenv2bid, tokenv2fillask, tokenv2fillbid,
// tokenv2cancelask and tokenv2cancelbid (CCassetstx_impl.h CreateSell, CreateBuyOffer, FillSell, FillBuyOffer,
// CancelSell, CancelBuyOffer), found through a ChainView, then the builders.
import { bytesToHex } from '../../bytes/hex.js'
import { amountArg } from '../../amount.js'
import { assetsV2Units } from './units.js'
import { pubkeyBytes } from '../../address/address.js'
import { daemonRefusal } from '../../cctx/context.js'
import type { BuildResult } from '../../cctx/complete.js'
import { txidParam } from '../../cctx/common.js'
import { buildContextOf, methodResolver, normalCoins, readerOf, type ResolveContext } from '../../cctx/resolve.js'
import { tokenV2Utxos } from '../tokensv2/resolve.js'
import { unitsParam } from '../tokensv2/build.js'
import {
  buildTokenV2Ask,
  buildTokenV2Bid,
  buildTokenV2CancelAsk,
  buildTokenV2CancelBid,
  buildTokenV2FillAsk,
  buildTokenV2FillBid,
  type TokenV2AskParams,
  type TokenV2BidParams,
  type TokenV2FillAskParams,
  type TokenV2FillBidParams,
} from './build.js'

/**
 * `tokenv2ask`, key-local: the caller's confirmed coins (`AddNormalinputsRemote`), its token outputs of the token
 * (`AddTokenCCInputs`), the tip, then {@link buildTokenV2Ask}.
 * @throws KomodoCcError like {@link buildTokenV2Ask} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2Ask({ numtokens: 1n, tokenid, price: '1' }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2Ask(params: TokenV2AskParams, ctx: ResolveContext): Promise<BuildResult> {
  params = orderAmounts(params, 'tokenv2ask')
  const reader = readerOf(ctx)
  const tokenid = txidParam(params.tokenid, 'tokenid')
  const units = unitsParam(params.numtokens)
  if (units <= 0n) throw daemonRefusal('numtokens invalid')
  const [utxos, height, tokens] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
    tokenV2Utxos(reader, tokenid, bytesToHex(pubkeyBytes(ctx.pubkey, 'pubkey')), units, ctx.chain),
  ])
  return buildTokenV2Ask(params, buildContextOf(ctx, utxos, height), { tokens })
}

/**
 * `tokenv2fillask`, key-local: the caller's wallet coins (local-mode `AddNormalinputs`), the ask transaction and the
 * token's create (its creator and royalty), then {@link buildTokenV2FillAsk}. Whether the ask's vout 0 is still
 * unspent (`CCgetspenttxid`) is not checked here: a spent ask gives a transaction the chain refuses.
 * @throws KomodoCcError like {@link buildTokenV2FillAsk} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2FillAsk({ tokenid, asktxid, fillunits: 1n }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2FillAsk(params: TokenV2FillAskParams, ctx: ResolveContext): Promise<BuildResult> {
  params = {
    ...params,
    fillunits: amountArg(params.fillunits, 'fillunits', assetsV2Units.tokenv2fillask.fillunits, {
      allowNegative: true,
    }),
    unitprice: optionalCoins(params.unitprice, 'unitprice'),
  }
  const reader = readerOf(ctx)
  const tokenid = txidParam(params.tokenid, 'tokenid')
  const asktxid = txidParam(params.asktxid, 'asktxid')
  const [utxos, height, ask, create] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
    reader.tx(asktxid),
    reader.tx(tokenid),
  ])
  return buildTokenV2FillAsk(params, buildContextOf(ctx, utxos, height), { ask: ask.hex, create: create.hex })
}

/**
 * `tokenv2cancelask`, key-local: the ask transaction, then {@link buildTokenV2CancelAsk} (no normal coins: the
 * marker pays the fee).
 * @throws KomodoCcError like {@link buildTokenV2CancelAsk} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2CancelAsk({ tokenid, asktxid }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2CancelAsk(
  params: { tokenid: string; asktxid: string },
  ctx: ResolveContext,
): Promise<BuildResult> {
  const reader = readerOf(ctx)
  const asktxid = txidParam(params.asktxid, 'asktxid')
  const [height, ask] = await Promise.all([reader.height(), reader.tx(asktxid)])
  return buildTokenV2CancelAsk(params, buildContextOf(ctx, [], height), { ask: ask.hex })
}

/**
 * `tokenv2bid`, key-local: the caller's confirmed coins (`AddNormalinputsRemote`), the token's create (it must be a
 * v2 create), the tip, then {@link buildTokenV2Bid}.
 * @throws KomodoCcError like {@link buildTokenV2Bid} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2Bid({ numtokens: 1n, tokenid, price: '1' }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2Bid(params: TokenV2BidParams, ctx: ResolveContext): Promise<BuildResult> {
  params = orderAmounts(params, 'tokenv2bid')
  const reader = readerOf(ctx)
  const tokenid = txidParam(params.tokenid, 'tokenid')
  const [utxos, height, create] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
    reader.tx(tokenid),
  ])
  return buildTokenV2Bid(params, buildContextOf(ctx, utxos, height), { create: create.hex })
}

/**
 * `tokenv2fillbid`, key-local: the caller's wallet coins (`AddNormalinputs`), the bid transaction, the token's create
 * (creator and royalty), the caller's token outputs (`AddTokenCCInputs`, pubkey overload), then
 * {@link buildTokenV2FillBid}. Whether the bid's vout 0 is still unspent is not checked here (as for fills of asks).
 * @throws KomodoCcError like {@link buildTokenV2FillBid} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2FillBid({ tokenid, bidtxid, fillamount: 1n }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2FillBid(params: TokenV2FillBidParams, ctx: ResolveContext): Promise<BuildResult> {
  params = {
    ...params,
    fillamount: amountArg(params.fillamount, 'fillamount', assetsV2Units.tokenv2fillbid.fillamount, {
      allowNegative: true,
    }),
    unitprice: optionalCoins(params.unitprice, 'unitprice'),
  }
  const reader = readerOf(ctx)
  const tokenid = txidParam(params.tokenid, 'tokenid')
  const bidtxid = txidParam(params.bidtxid, 'bidtxid')
  const units = unitsParam(params.fillamount)
  if (units <= 0n) throw daemonRefusal('fillamount must be positive')
  const [utxos, height, bid, create, tokens] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
    reader.tx(bidtxid),
    reader.tx(tokenid),
    tokenV2Utxos(reader, tokenid, bytesToHex(pubkeyBytes(ctx.pubkey, 'pubkey')), units, ctx.chain),
  ])
  return buildTokenV2FillBid(params, buildContextOf(ctx, utxos, height), {
    bid: bid.hex,
    create: create.hex,
    tokens,
  })
}

/**
 * `tokenv2cancelbid`, key-local: the bid transaction, then {@link buildTokenV2CancelBid} (no normal coins: the
 * marker pays the fee).
 * @throws KomodoCcError like {@link buildTokenV2CancelBid} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2CancelBid({ tokenid, bidtxid }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2CancelBid(
  params: { tokenid: string; bidtxid: string },
  ctx: ResolveContext,
): Promise<BuildResult> {
  const reader = readerOf(ctx)
  const bidtxid = txidParam(params.bidtxid, 'bidtxid')
  const [height, bid] = await Promise.all([reader.height(), reader.tx(bidtxid)])
  return buildTokenV2CancelBid(params, buildContextOf(ctx, [], height), { bid: bid.hex })
}

/**
 * The assets v2 module's state-changing RPCs as the wallet, the CLI and the devnet call them, parameters in the
 * daemon's order (tokel src/rpc/tokensrpc.cpp).
 * @example assetsV2Resolvers.map((r) => r.method) // ['tokenv2ask', 'tokenv2bid', 'tokenv2fillask', 'tokenv2fillbid', 'tokenv2cancelask', 'tokenv2cancelbid']
 */
export const assetsV2Resolvers = /* @__PURE__ */ Object.freeze([
  methodResolver('tokenv2ask', ['numtokens', 'tokenid', 'price', 'expiryHeight'], resolveTokenV2Ask),
  methodResolver('tokenv2bid', ['numtokens', 'tokenid', 'price', 'expiryHeight'], resolveTokenV2Bid),
  methodResolver('tokenv2fillask', ['tokenid', 'asktxid', 'fillunits', 'unitprice'], resolveTokenV2FillAsk),
  methodResolver('tokenv2fillbid', ['tokenid', 'bidtxid', 'fillamount', 'unitprice'], resolveTokenV2FillBid),
  methodResolver('tokenv2cancelask', ['tokenid', 'asktxid'], resolveTokenV2CancelAsk),
  methodResolver('tokenv2cancelbid', ['tokenid', 'bidtxid'], resolveTokenV2CancelBid),
])

/** An order's amounts read by their units (`numtokens` token units, `price` coins: assetsV2Units), as bigints. */
function orderAmounts<P extends TokenV2AskParams>(params: P, method: 'tokenv2ask' | 'tokenv2bid'): P {
  if (typeof params !== 'object' || params === null) return params
  return {
    ...params,
    numtokens: amountArg(params.numtokens, 'numtokens', assetsV2Units[method].numtokens, { allowNegative: true }),
    price: amountArg(params.price, 'price', assetsV2Units[method].price, { allowNegative: true }),
  }
}

/** An optional coins amount (a fill's `unitprice`): absent stays absent. */
function optionalCoins(v: unknown, name: string): bigint | undefined {
  return v === undefined ? undefined : amountArg(v, name, 'coins', { allowNegative: true })
}
