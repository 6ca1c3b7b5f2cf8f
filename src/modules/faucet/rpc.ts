// The faucet module's RPCs as the komodod client calls them (layer 7): argument checks and conversion, result
// parsers. createKomodoRpc builds its `faucet*` methods from this table (through modules/registry/rpc.ts).
import type { ExactJson } from '../../rpc/json.js'
import type { AmountArg } from '../../amount.js'
import { moduleAddressRpc, rpcMethod } from '../../rpc/method.js'
import { amountTextParam } from '../../rpc/params.js'
import { faucetUnits } from './units.js'
import { asObject, parseHexResult, resultCoins as coins, resultString as str } from '../../rpc/results.js'
import type { FaucetInfo } from './info.js'

/**
 * The faucet RPCs of the komodod client, by daemon name.
 * @example faucetRpc.faucetfund.toParams('100') // ['100']
 * @internal
 */
export const faucetRpc = /* @__PURE__ */ Object.freeze({
  /**
   * `faucetaddress [pubkey]`: the faucet module's addresses, the node's own and, with `pubkey`, that key's CC address
   * (balances in bigint satoshis).
   */
  faucetaddress: moduleAddressRpc(['Faucet']),
  /**
   * `faucetfund amount`: a transaction adding `amount` (AmountArg: text coins, bigint satoshis; ≥ 1 satoshi)
   * to the faucet; `{result, hex}`, not broadcast.
   */
  faucetfund: rpcMethod(
    ['amount'],
    (amount: AmountArg) => [amountTextParam(amount, 'amount', faucetUnits.faucetfund.amount, { min: 1n })],
    parseHexResult,
  ),
  /**
   * `faucetget`: a transaction taking the faucet's payout to the node's key (the daemon searches the proof-of-work
   * nonce); `{result, hex}`, not broadcast.
   */
  faucetget: rpcMethod([], () => [], parseHexResult),
  /** `faucetinfo`: the faucet's name and `funding`, the coins left in it, in bigint satoshis. */
  faucetinfo: rpcMethod([], () => [], parseFaucetInfo),
})

/** @internal @example parseFaucetInfo(await send('faucetinfo', [])).funding */
export function parseFaucetInfo(v: ExactJson): FaucetInfo {
  const o = asObject(v)
  return { result: str(o, 'result'), name: str(o, 'name'), funding: coins(o.funding ?? null, 'result.funding') }
}
