// Reads of Tokel's DEX from any chain source (a ChainView): tokenv2orders and mytokenv2orders (tokel
// src/cc/CCassetstx_impl.h AssetOrders<TokensV2, AssetsV2>), as the daemon answers them without -unspentccindex and
// without height bounds.
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { pubkeyBytes } from '../../address/address.js'
import type { ChainParams } from '../../address/chain.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccV2Address, ccV2Script } from '../../script/ccv2.js'
import { readerFrom, type ReadSource, type StateReader } from '../../cctx/resolve.js'
import { txidParam } from '../../cctx/common.js'
import type { Transaction } from '../../tx/types.js'
import { assetsV2MarkerScript, tokensV2GlobalScripts } from '../tokensv2/globals.js'
import { tokenV2Output } from '../tokensv2/build.js'
import { decodeAssetsV2Opret, EVAL_ASSETSV2, type AssetsV2OrderOpret } from './opret.js'

/** One open order, as `tokenv2orders` prints it (amounts as bigints: coins in satoshis, asks' tokens in units). */
export type TokenV2Order = {
  funcid: 's' | 'S' | 'b' | 'B'
  txid: string
  /** A bid's coins (satoshis). */
  bidamount?: bigint
  /** An ask's tokens (units). */
  askamount?: bigint
  origaddress: string
  origtokenaddress: string
  tokenid: string
  /** An ask: unit price × tokens (satoshis); a bid: the tokens it still buys (units). */
  totalrequired?: bigint
  /** Satoshis per token unit. */
  price?: bigint
  blockHeight?: number
  ExpiryHeight?: number
}

/**
 * `tokenv2orders [tokenid]`: the open bids (unspent on the assets global address) then asks (unspent on the
 * tokens-in-assets global address), each order once, of `tokenid` when given, empty ones left out (`AssetOrders`).
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await tokenv2orders({ view, chain: TOKEL }, tokenid) // [{ funcid: 's', txid, askamount: 1n, price: 100000000n, … }]
 */
export async function tokenv2orders(ctx: ReadSource, tokenid?: string): Promise<TokenV2Order[]> {
  const reader = readerFrom(ctx)
  const ref = tokenid === undefined ? undefined : txidParam(tokenid, 'tokenid')
  const g = tokensV2GlobalScripts()
  const out: TokenV2Order[] = []
  for (const script of [g.assetsGlobal, g.assetsTokens]) {
    const address = ccV2Address(hexToBytes(script), ctx.chain)
    for (const u of await reader.unspent(address)) {
      if (u.vout !== 0) continue // an order's locked value is its vout 0
      const o = await orderItem(reader, u.txid, u.height, ctx.chain, ref, undefined)
      if (o !== null && !out.some((x) => x.txid === o.txid)) out.push(o)
    }
  }
  return out
}

/**
 * `mytokenv2orders [tokenid]`: the orders of `pubkey` (default the context's), found by their markers on its
 * CC1of2(F6, pubkey, global) address; an order whose locked value was partly filled is followed to the fill that
 * holds it now (`CCgetspenttxid` on vout 0, through the tokens-in-assets or assets global address's history).
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED | PUBKEY_INVALID
 * @example await mytokenv2orders({ view, pubkey, chain: TOKEL }) // [{ funcid: 'b', txid, bidamount: 300000000n, … }]
 */
export async function mytokenv2orders(
  ctx: ReadSource & { pubkey: string | Uint8Array },
  tokenid?: string,
): Promise<TokenV2Order[]> {
  const reader = readerFrom(ctx)
  const pk = bytesToHex(pubkeyBytes(ctx.pubkey, 'pubkey'))
  const ref = tokenid === undefined ? undefined : txidParam(tokenid, 'tokenid')
  const markers = ccV2Address(assetsV2MarkerScript(pk), ctx.chain)
  const out: TokenV2Order[] = []
  for (const u of await reader.unspent(markers)) {
    const o = await orderItem(reader, u.txid, u.height, ctx.chain, ref, pk)
    if (o !== null && !out.some((x) => x.txid === o.txid)) out.push(o)
  }
  return out
}

/** `addOrders`: the order (followed through its fills) as the daemon prints it, or null when it is not listed. */
async function orderItem(
  reader: StateReader,
  txid: string,
  height: number,
  chain: ChainParams | undefined,
  ref: string | undefined,
  owner: string | undefined,
): Promise<TokenV2Order | null> {
  let tx: Transaction = (await reader.tx(txid)).tx
  let order = decodeOrder(tx)
  if (order === null || tx.vout.length <= 1) return null
  if ((owner !== undefined && order.origpubkey !== owner) || (ref !== undefined && order.tokenid !== ref)) return null
  // CCgetspenttxid on vout 0, while the spender is in the chain
  let id = txid
  let at = height
  for (;;) {
    const next = await spenderOf(reader, id, tx, chain)
    if (next === null) break
    id = next.txid
    at = next.height
    tx = (await reader.tx(id)).tx
  }
  if (id !== txid) {
    order = decodeOrder(tx)
    if (order === null) return null
  }
  if (tx.vout.length < 2) return null
  const value = tx.vout[0]!.value
  const bid = order.funcid === 'b' || order.funcid === 'B'
  const item: TokenV2Order = {
    funcid: order.funcid,
    txid: id,
    ...(bid ? { bidamount: value } : { askamount: value }),
    origaddress: ccV2Address(ccV2Script(cc1of1(EVAL_ASSETSV2, order.origpubkey), { subver: 0 }), chain),
    origtokenaddress: ccV2Address(tokenV2Output(order.origpubkey), chain),
    tokenid: order.tokenid,
  }
  if (order.unitPrice > 0n) {
    item.totalrequired = bid ? value / order.unitPrice : order.unitPrice * value
    item.price = order.unitPrice
  }
  if (at > 0) item.blockHeight = at
  if (order.expiryHeight > 0) item.ExpiryHeight = order.expiryHeight
  return value > 0n ? item : null
}

function decodeOrder(tx: Transaction): AssetsV2OrderOpret | null {
  try {
    const o = decodeAssetsV2Opret(tx.vout[tx.vout.length - 1]!.script)
    return o.funcid === 'x' || o.funcid === 'o' ? null : (o as AssetsV2OrderOpret)
  } catch {
    return null
  }
}

/** The confirmed transaction spending `txid`:0 (found in the history of the address vout 0 pays), or null. */
async function spenderOf(
  reader: StateReader,
  txid: string,
  tx: Transaction,
  chain: ChainParams | undefined,
): Promise<{ txid: string; height: number } | null> {
  const o = tx.vout[0]
  if (o === undefined) return null
  let address: string
  try {
    address = ccV2Address(o.script, chain)
  } catch {
    return null // not a CC v2 output: no order lock
  }
  for (const h of await reader.history(address)) {
    if (h.txid === txid) continue
    const { tx: t } = await reader.tx(h.txid)
    if (t.vin.some((i) => i.txid === txid && i.vout === 0)) return { txid: h.txid, height: h.height }
  }
  return null
}
