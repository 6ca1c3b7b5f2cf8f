// The tokens module's RPCs as the komodod client calls them (layer 7): argument checks and conversion, result
// parsers. createKomodoRpc builds its `token*` methods from this table (through modules/registry/rpc.ts).
import { KomodoCcError } from '../../errors.js'
import type { ExactJson } from '../../rpc/json.js'
import type { AmountArg } from '../../amount.js'
import { moduleAddressRpc, rpcMethod } from '../../rpc/method.js'
import { amountTextParam, hexParam, optionalParam, pubkeyParam, textParam, txidParam } from '../../rpc/params.js'
import { tokensUnits } from './units.js'
import {
  asObject,
  parseHexResult,
  parseTxidList,
  resultCoins as coins,
  resultOptString as optStr,
  resultString as str,
  resultTxid as txidOf,
  resultU64 as u64,
} from '../../rpc/results.js'
import type { TokenBalance, TokenInfo } from './info.js'

/**
 * The tokens RPCs of the komodod client, by daemon name (`tokencreate`: `data`, hex of 1..10001 bytes, makes a
 * non-fungible token, whose supply must then be 1 satoshi, "0.00000001").
 * @example tokensRpc.tokentransfer.toParams(tokenid, destpubkey, 5n) // [tokenid, destpubkey, '5']
 * @internal
 */
export const tokensRpc = /* @__PURE__ */ Object.freeze({
  /**
   * `tokenaddress [pubkey]`: the tokens module's addresses, the node's own and, with `pubkey`, that key's CC address
   * (balances in bigint satoshis).
   */
  tokenaddress: moduleAddressRpc(['Tokens', 'Assets']),
  /**
   * `tokenbalance tokenid [pubkey]`: the token units (bigint; 1 unit = 1 satoshi) that `pubkey` (default: the node's
   * `-pubkey`) holds of `tokenid`, and its CC address.
   */
  tokenbalance: rpcMethod(
    ['tokenid', 'pubkey'],
    (tokenid: string, pubkey?: string) => [
      txidParam(tokenid, 'tokenid'),
      ...optionalParam(pubkey, (p) => pubkeyParam(p, 'pubkey')),
    ],
    parseTokenBalance,
  ),
  /** `data` (hex, 1..10001 bytes) makes a non-fungible token: supply must then be 1 satoshi ("0.00000001"). */
  tokencreate: rpcMethod(
    ['name', 'supply', 'description', 'data'],
    (name: string, supply: AmountArg, description?: string, data?: string) => {
      const params = [
        textParam(name, 'name', 32),
        amountTextParam(supply, 'supply', tokensUnits.tokencreate.supply, { min: 1n }),
      ]
      if (description !== undefined || data !== undefined)
        params.push(textParam(description ?? '', 'description', 4096, true))
      if (data !== undefined) {
        const d = hexParam(data, 'data')
        if (d.length > 20002)
          throw new KomodoCcError('ARG_INVALID', 'data must be at most 10001 bytes', { name: 'data' })
        if (params[1] !== '0.00000001')
          throw new KomodoCcError('ARG_INVALID', 'a non-fungible token (data given) must have supply 1 satoshi', {
            name: 'supply',
          })
        params.push(d)
      }
      return params
    },
    parseHexResult,
  ),
  /**
   * `tokeninfo tokenid`: the token's name, description, owner pubkey and `supply` in token units (bigint), and `data`
   * for a non-fungible token.
   */
  tokeninfo: rpcMethod(['tokenid'], (tokenid: string) => [txidParam(tokenid, 'tokenid')], parseTokenInfo),
  /** `tokenlist`: the tokenids (display hex) of every token created on the chain. */
  tokenlist: rpcMethod([], () => [], parseTxidList),
  /**
   * `tokentransfer tokenid destpubkey amount`: a transaction sending `amount` token units (a bigint, or whole-number
   * text as komodo-cli reads it; ≥ 1; not coins) to `destpubkey`; `{result, hex}`, not broadcast.
   */
  tokentransfer: rpcMethod(
    ['tokenid', 'destpubkey', 'amount'],
    (tokenid: string, destpubkey: string, amount: AmountArg) => [
      txidParam(tokenid, 'tokenid'),
      pubkeyParam(destpubkey, 'destpubkey'),
      amountTextParam(amount, 'amount', tokensUnits.tokentransfer.amount, { min: 1n }),
    ],
    parseHexResult,
  ),
})

/** @internal @example parseTokenInfo(await send('tokeninfo', [tokenid])).supply */
export function parseTokenInfo(v: ExactJson): TokenInfo {
  const o = asObject(v)
  const sup = o.supply
  // Current daemons print supply as a JSON integer of token units; an old docs page shows "%.8f" coin text.
  const supply =
    typeof sup === 'string' && sup.includes('.') ? coins(sup, 'result.supply') : u64(sup ?? null, 'result.supply')
  const out: TokenInfo = {
    result: str(o, 'result'),
    tokenid: txidOf(o.tokenid ?? null, 'result.tokenid'),
    owner: str(o, 'owner'),
    name: str(o, 'name'),
    supply,
    description: str(o, 'description'),
  }
  for (const k of ['data', 'IsImported', 'sourceChain', 'sourceTokenId'] as const) {
    const x = optStr(o, k)
    if (x !== undefined) out[k] = x
  }
  return out
}

/** @internal @example parseTokenBalance(await send('tokenbalance', [tokenid])).balance */
export function parseTokenBalance(v: ExactJson): TokenBalance {
  const o = asObject(v)
  return {
    result: str(o, 'result'),
    CCaddress: str(o, 'CCaddress'),
    tokenid: str(o, 'tokenid'),
    balance: u64(o.balance ?? null, 'result.balance'),
  }
}
