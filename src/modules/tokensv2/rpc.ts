// Tokel's tokens v2 and assets v2 RPCs as the komodod client calls them (layer 7): argument checks and conversion
// (amounts by Tokel's units: coins as `AmountFromValue` reads them, exact, at most 8 decimals; token units as `atoll`),
// result parsers. createKomodoRpc adds these methods (tokel src/rpc/tokensrpc.cpp).
import { KomodoCcError } from '../../errors.js'
import type { ExactJson } from '../../rpc/json.js'
import type { ExactParam } from '../../rpc/transport.js'
import { amountArg, formatCoins, type AmountArg } from '../../amount.js'
import { rpcMethod } from '../../rpc/method.js'
import { amountTextParam, intParam, optionalParam, pubkeyParam, textParam, txidParam } from '../../rpc/params.js'
import { asObject, parseHexResult, resultString as str, resultU64 as u64 } from '../../rpc/results.js'
import { tokensV2Units } from './units.js'
import type { TokenV2BalanceResult } from './info.js'
import { assetsV2Units } from '../assetsv2/units.js'

/** A coins parameter of Tokel's RPCs (`AmountFromValue`: exact text, never the "+0.000000005" of atof readers). */
const coins = (v: unknown, name: string): string => formatCoins(amountArg(v, name, 'coins'))
const units = (v: unknown, name: string): string => amountTextParam(v, name, 'units', { min: 1n })
const expiry = (v: number | undefined): string[] =>
  v === undefined ? [] : [intParam(v, 'expiryHeight', 0, 0x7fffffff)]

/**
 * Tokel's RPCs of the komodod client, by daemon name: the ten that build a transaction (answering `{ result, hex }`)
 * and `tokenv2balance`.
 * @example tokelRpc.tokenv2ask.toParams('1', tokenid, '2') // ['1', tokenid, '2']
 * @internal
 */
export const tokelRpc = /* @__PURE__ */ Object.freeze({
  /** `tokenv2create name supply [description] [data]`: `supply` in coins ('0.00000001' is one unit). */
  tokenv2create: rpcMethod(
    ['name', 'supply', 'description', 'data'],
    (name: string, supply: AmountArg, description?: string, data?: string) => [
      textParam(name, 'name', 32),
      coins(amountArg(supply, 'supply', tokensV2Units.tokenv2create.supply), 'supply'),
      ...(description !== undefined || data !== undefined
        ? [textParam(description ?? '', 'description', 4096, true)]
        : []),
      ...optionalParam(data, (d) => textParam(d, 'data', 20002)),
    ],
    parseHexResult,
  ),
  /** `tokenv2createtokel name supply [description] [json]`: the Tokel data as an object or its JSON text. */
  tokenv2createtokel: rpcMethod(
    ['name', 'supply', 'description', 'data'],
    (name: string, supply: AmountArg, description?: string, data?: string | Record<string, ExactParam>) => {
      const out: ExactParam[] = [
        textParam(name, 'name', 32),
        coins(amountArg(supply, 'supply', tokensV2Units.tokenv2createtokel.supply), 'supply'),
      ]
      if (description !== undefined || data !== undefined)
        out.push(textParam(description ?? '', 'description', 4096, true))
      if (data !== undefined) {
        let json: unknown = data
        if (typeof data === 'string')
          try {
            json = JSON.parse(data)
          } catch {
            throw new KomodoCcError('ARG_INVALID', 'data must be a JSON object or its text', { name: 'data' })
          }
        if (typeof json !== 'object' || json === null || Array.isArray(json))
          throw new KomodoCcError('ARG_INVALID', 'data must be a JSON object or its text', { name: 'data' })
        out.push(json as Record<string, ExactParam>)
      }
      return out
    },
    parseHexResult,
  ),
  /** `tokenv2transfer tokenid destination amount`: a pubkey or (after S1) an R-address; `amount` in token units. */
  tokenv2transfer: rpcMethod(
    ['tokenid', 'destination', 'amount'],
    (tokenid: string, destination: string, amount: AmountArg) => [
      txidParam(tokenid, 'tokenid'),
      textParam(destination, 'destination', 100),
      amountTextParam(amount, 'amount', tokensV2Units.tokenv2transfer.amount, { min: 1n }),
    ],
    parseHexResult,
  ),
  /** `tokenv2transfermany tokenid1 … destpubkey amount`: the same amount of each token. */
  tokenv2transfermany: rpcMethod(
    ['tokenids', 'destpubkey', 'amount'],
    (tokenids: readonly string[], destpubkey: string, amount: AmountArg) => {
      if (!Array.isArray(tokenids) || tokenids.length === 0)
        throw new KomodoCcError('ARG_INVALID', 'tokenids expected a non-empty array', { name: 'tokenids' })
      return [
        ...tokenids.map((t, i) => txidParam(t, `tokenids[${i}]`)),
        pubkeyParam(destpubkey, 'destpubkey'),
        amountTextParam(amount, 'amount', tokensV2Units.tokenv2transfermany.amount, { min: 1n }),
      ]
    },
    parseHexResult,
  ),
  /** `tokenv2ask numtokens tokenid price [expiryHeight]`: `price` in coins per token unit. */
  tokenv2ask: rpcMethod(
    ['numtokens', 'tokenid', 'price', 'expiryHeight'],
    (numtokens: AmountArg, tokenid: string, price: AmountArg, expiryHeight?: number) => [
      units(amountArg(numtokens, 'numtokens', assetsV2Units.tokenv2ask.numtokens), 'numtokens'),
      txidParam(tokenid, 'tokenid'),
      coins(price, 'price'),
      ...expiry(expiryHeight),
    ],
    parseHexResult,
  ),
  /** `tokenv2bid numtokens tokenid price [expiryHeight]`. */
  tokenv2bid: rpcMethod(
    ['numtokens', 'tokenid', 'price', 'expiryHeight'],
    (numtokens: AmountArg, tokenid: string, price: AmountArg, expiryHeight?: number) => [
      units(amountArg(numtokens, 'numtokens', assetsV2Units.tokenv2bid.numtokens), 'numtokens'),
      txidParam(tokenid, 'tokenid'),
      coins(price, 'price'),
      ...expiry(expiryHeight),
    ],
    parseHexResult,
  ),
  /** `tokenv2fillask tokenid asktxid fillunits [unitprice]`. */
  tokenv2fillask: rpcMethod(
    ['tokenid', 'asktxid', 'fillunits', 'unitprice'],
    (tokenid: string, asktxid: string, fillunits: AmountArg, unitprice?: AmountArg) => [
      txidParam(tokenid, 'tokenid'),
      txidParam(asktxid, 'asktxid'),
      units(amountArg(fillunits, 'fillunits', assetsV2Units.tokenv2fillask.fillunits), 'fillunits'),
      ...(unitprice === undefined ? [] : [coins(unitprice, 'unitprice')]),
    ],
    parseHexResult,
  ),
  /** `tokenv2fillbid tokenid bidtxid fillamount [unitprice]`. */
  tokenv2fillbid: rpcMethod(
    ['tokenid', 'bidtxid', 'fillamount', 'unitprice'],
    (tokenid: string, bidtxid: string, fillamount: AmountArg, unitprice?: AmountArg) => [
      txidParam(tokenid, 'tokenid'),
      txidParam(bidtxid, 'bidtxid'),
      units(amountArg(fillamount, 'fillamount', assetsV2Units.tokenv2fillbid.fillamount), 'fillamount'),
      ...(unitprice === undefined ? [] : [coins(unitprice, 'unitprice')]),
    ],
    parseHexResult,
  ),
  /** `tokenv2cancelask tokenid asktxid`. */
  tokenv2cancelask: rpcMethod(
    ['tokenid', 'asktxid'],
    (tokenid: string, asktxid: string) => [txidParam(tokenid, 'tokenid'), txidParam(asktxid, 'asktxid')],
    parseHexResult,
  ),
  /** `tokenv2cancelbid tokenid bidtxid`. */
  tokenv2cancelbid: rpcMethod(
    ['tokenid', 'bidtxid'],
    (tokenid: string, bidtxid: string) => [txidParam(tokenid, 'tokenid'), txidParam(bidtxid, 'bidtxid')],
    parseHexResult,
  ),
  /** `tokenv2balance tokenid [pubkey]`: token units as a bigint. */
  tokenv2balance: rpcMethod(
    ['tokenid', 'pubkey'],
    (tokenid: string, pubkey?: string) => [
      txidParam(tokenid, 'tokenid'),
      ...optionalParam(pubkey, (p) => pubkeyParam(p, 'pubkey')),
    ],
    (v: ExactJson): TokenV2BalanceResult => {
      const o = asObject(v)
      const keys = Array.isArray(o.CCIndexKeys) ? o.CCIndexKeys.map((k) => String(k)) : []
      return {
        result: str(o, 'result'),
        tokenid: str(o, 'tokenid'),
        balance: u64(o.balance ?? null, 'result.balance'),
        CCIndexKeys: keys,
      }
    },
  ),
})
