// How the inspector reads assets v2 transactions (Tokel's token DEX, eval 0xF6): asks, bids, fills (with the royalty
// paid to the token's creator) and cancels, laid out as tokel src/cc/CCassetstx_impl.h builds them (spec §8.4, §8.6).
import type { InspectedOutput, ReadContext, ReadingBase, TxFacts } from '../inspection.js'
import { shortText, type ModuleInspector } from '../descriptor.js'
import { decodeAssetsV2Payload, isAssetsV2Payload, type AssetsV2Opret, type AssetsV2OrderOpret } from './opret.js'

/**
 * The order fields every order reading carries (from its opret). @example const o: AssetsV2OrderFields = { tokenid,
 * unitPrice: 1n, origpubkey, expiryHeight: 0 }
 */
export type AssetsV2OrderFields = { tokenid: string; unitPrice: bigint; origpubkey: string; expiryHeight: number }
/** `tokenv2ask`: tokens locked for sale at `unitPrice` sat per unit. @example inspectTransaction(hex).reading.kind === 'tokenv2ask' */
export type TokenV2AskReading = ReadingBase & AssetsV2OrderFields & { kind: 'tokenv2ask'; numtokens: bigint | null }
/** `tokenv2bid`: coins locked to buy at `unitPrice` sat per unit. @example inspectTransaction(hex).reading.kind === 'tokenv2bid' */
export type TokenV2BidReading = ReadingBase & AssetsV2OrderFields & { kind: 'tokenv2bid'; bidamount: bigint | null }
/**
 * `tokenv2fillask` / `tokenv2fillbid`: units filled, coins paid to the seller, and the royalty paid to the token's
 * creator (null when the transaction has no royalty output: no royalty, or the dust rule sent it all to one party).
 * @example (inspectTransaction(hex).reading as TokenV2FillReading).royalty // 500000n
 */
export type TokenV2FillReading = ReadingBase &
  AssetsV2OrderFields & {
    kind: 'tokenv2fillask' | 'tokenv2fillbid'
    /** The order transaction filled (the CC input spending its vout 0). */
    ordertxid: string | null
    fillunits: bigint | null
    /** Coins to the seller (the order's creator for an ask, the filler for a bid). */
    paid: bigint | null
    royalty: bigint | null
    /** The royalty's payee (the token creator's pubkey). */
    royaltyTo: string | null
  }
/** `tokenv2cancelask` / `tokenv2cancelbid`. @example inspectTransaction(hex).reading.kind === 'tokenv2cancelask' */
export type TokenV2CancelReading = ReadingBase & {
  kind: 'tokenv2cancelask' | 'tokenv2cancelbid'
  tokenid: string
  ordertxid: string | null
}
/** Every reading of an assets v2 transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'tokenv2fillask') r.royalty */
export type AssetsV2Reading = TokenV2AskReading | TokenV2BidReading | TokenV2FillReading | TokenV2CancelReading

/** The order input: the first CC input carrying eval 0xF6 (the ask's tokens or the bid's coins, always `…:0`). */
function orderTxid(facts: TxFacts): string | null {
  const ins = facts.inputs
  for (let i = 0; i < ins.length; i++) {
    const f = ins[i]!
    if (f.kind === 'cc' && f.evalCodes.includes(0xf6)) return facts.tx.vin[i]!.txid
  }
  return null
}

const isP2pk = (o: InspectedOutput | undefined): o is InspectedOutput => o !== undefined && o.kind === 'p2pk'

function read({ facts, payload, body, role, changeRest, value }: ReadContext<AssetsV2Opret>): AssetsV2Reading {
  const q = payload!
  if (q.funcid === 'x' || q.funcid === 'o') {
    role(0, q.funcid === 'x' ? 'tokens returned' : 'coins returned')
    changeRest()
    return {
      kind: q.funcid === 'x' ? 'tokenv2cancelask' : 'tokenv2cancelbid',
      tokenid: q.tokenid,
      ordertxid: orderTxid(facts),
    }
  }
  const p = q as AssetsV2OrderOpret
  const order: AssetsV2OrderFields = {
    tokenid: p.tokenid,
    unitPrice: p.unitPrice,
    origpubkey: p.origpubkey,
    expiryHeight: p.expiryHeight,
  }
  if (p.funcid === 's' || p.funcid === 'b') {
    role(0, p.funcid === 's' ? 'locked tokens' : 'locked coins', 'cc')
    role(1, 'marker', 'cc')
    role(2, 'token change', 'cc')
    changeRest()
    return p.funcid === 's'
      ? { kind: 'tokenv2ask', ...order, numtokens: value(0) }
      : { kind: 'tokenv2bid', ...order, bidamount: value(0) }
  }
  if (p.funcid === 'S') {
    // vout0 remaining tokens, vout1 tokens to the buyer, vout2 coins to the seller, vout3 royalty (P2PK to another
    // key than the buyer's), then the new marker, change (FillSell)
    role(0, 'remaining tokens', 'cc')
    role(1, 'tokens bought', 'cc')
    role(2, 'paid to seller', 'p2pk')
    const buyer = body[1]?.pubkey
    const r = body[3]
    const royalty = isP2pk(r) && r.pubkey !== buyer ? r : null
    if (royalty !== null) royalty.role = 'royalty'
    for (const o of body.slice(3)) if (o.kind === 'cc' && o.role === undefined) o.role = 'marker'
    changeRest()
    return {
      kind: 'tokenv2fillask',
      ...order,
      ordertxid: orderTxid(facts),
      fillunits: value(1),
      paid: value(2),
      royalty: royalty?.value ?? null,
      royaltyTo: royalty?.pubkey ?? null,
    }
  }
  // 'B' (FillBuyOffer): vout0 remaining coins, vout1 paid to the filler, vout2 royalty, then the tokens to the bidder
  // (a token output listing origpubkey), the marker, token change, change
  role(0, 'remaining coins')
  role(1, 'paid to seller', 'p2pk')
  const seller = body[1]?.pubkey
  const r = body[2]
  const royalty = isP2pk(r) && r.pubkey !== seller ? r : null
  if (royalty !== null) royalty.role = 'royalty'
  const toBidder = body.find((o) => o.n > 1 && o.kind === 'cc' && o.pubkey === p.origpubkey && o.role === undefined)
  if (toBidder !== undefined) toBidder.role = 'tokens sold'
  for (const o of body.slice(2))
    if (o.kind === 'cc' && o.role === undefined)
      o.role = o.cc?.evalCodes?.includes(0xf5) === true ? 'token change' : 'marker'
  changeRest()
  return {
    kind: 'tokenv2fillbid',
    ...order,
    ordertxid: orderTxid(facts),
    fillunits: toBidder?.value ?? null,
    paid: value(1),
    royalty: royalty?.value ?? null,
    royaltyTo: royalty?.pubkey ?? null,
  }
}

/**
 * The assets v2 module's reading of its transactions: it claims the tokens v2 't' oprets whose blob is an asset
 * payload (eval 0xF6).
 * @example assetsV2Inspector.claimsOpret!(payload) // true for an ask
 * @internal
 */
export const assetsV2Inspector: ModuleInspector<AssetsV2Opret, AssetsV2Reading> = /* @__PURE__ */ Object.freeze({
  claimsOpret: (payload: Uint8Array) => isAssetsV2Payload(payload),
  decodeOpret: (payload: Uint8Array) => decodeAssetsV2Payload(payload),
  ccEvals: () => [0xf6, 0xf5],
  read,
  summary(r: ReadingBase, add): boolean {
    const x = r as AssetsV2Reading
    add('tokenid', x.tokenid)
    if ('unitPrice' in x) add('unit price', x.unitPrice)
    if (x.kind === 'tokenv2fillask' || x.kind === 'tokenv2fillbid') {
      add('units', x.fillunits)
      add('paid', x.paid)
      if (x.royalty !== null) add('royalty', x.royalty)
      if (x.royaltyTo !== null) add('to creator', shortText(x.royaltyTo), 'text')
    }
    return true
  },
})
