// The rewards module's RPCs as the komodod client calls them (layer 7): argument checks and conversion, result
// parsers. createKomodoRpc builds its `rewards*` methods from this table (through modules/registry/rpc.ts).
import { KomodoCcError } from '../../errors.js'
import type { AmountArg } from '../../amount.js'
import type { ExactJson } from '../../rpc/json.js'
import { moduleAddressRpc, planAmountRpc, rpcMethod } from '../../rpc/method.js'
import { rewardsUnits } from './units.js'
import { amountTextParam, intParam, planNameParam, planTxidParams, txidParam } from '../../rpc/params.js'
import {
  asObject,
  parseHexResult,
  parseTxidList,
  resultCoins as coins,
  resultInt as int,
  resultPlanHead,
} from '../../rpc/results.js'
import type { RewardsInfo } from './info.js'

/**
 * The rewards RPCs of the komodod client, by daemon name. `rewardscreatefunding`'s optional parameters (APR,
 * mindays, maxdays, mindeposit) may be omitted only from the end.
 * @example rewardsRpc.rewardscreatefunding.toParams('FREE', '1000', '5') // ['FREE', '1000', '5']
 * @internal
 */
export const rewardsRpc = /* @__PURE__ */ Object.freeze({
  /**
   * `rewardsaddfunding name fundingtxid amount`: a transaction adding `amount` (AmountArg; ≥ 1 satoshi) to the plan's
   * funding; `{result, hex}`, not broadcast.
   */
  rewardsaddfunding: planAmountRpc(),
  /**
   * `rewardsaddress [pubkey]`: the rewards module's addresses, the node's own and, with `pubkey`, that key's CC address
   * (balances in bigint satoshis).
   */
  rewardsaddress: moduleAddressRpc(['Rewards']),
  /**
   * `rewardscreatefunding name amount [APR mindays maxdays mindeposit]`: a transaction creating a rewards plan (name ≤ 8
   * bytes) funded with `amount` (AmountArg); `APR` is percent as text (or percent × 10^8 as a bigint), `mindays`/`maxdays` integers,
   * `mindeposit` an AmountArg; leaving out a middle one is `ARG_INVALID`. `{result, hex}`, not broadcast.
   */
  rewardscreatefunding: rpcMethod(
    ['name', 'amount', 'APR', 'mindays', 'maxdays', 'mindeposit'],
    (name: string, amount: AmountArg, APR?: AmountArg, mindays?: number, maxdays?: number, mindeposit?: AmountArg) => {
      const params = [
        planNameParam(name, 'name'),
        amountTextParam(amount, 'amount', rewardsUnits.rewardscreatefunding.amount, { min: 1n }),
      ]
      const rest: string[] = []
      // optional parameters may be omitted only from the end
      if (APR !== undefined) rest.push(amountTextParam(APR, 'APR', rewardsUnits.rewardscreatefunding.APR))
      if (mindays !== undefined) {
        if (APR === undefined) throw gap('mindays', 'APR')
        rest.push(intParam(mindays, 'mindays', 0, 0x7fffffff))
      }
      if (maxdays !== undefined) {
        if (mindays === undefined) throw gap('maxdays', 'mindays')
        rest.push(intParam(maxdays, 'maxdays', 0, 0x7fffffff))
      }
      if (mindeposit !== undefined) {
        if (maxdays === undefined) throw gap('mindeposit', 'maxdays')
        rest.push(amountTextParam(mindeposit, 'mindeposit', rewardsUnits.rewardscreatefunding.mindeposit))
      }
      return [...params, ...rest]
    },
    parseHexResult,
  ),
  /**
   * `rewardsinfo fundingtxid`: the plan's name, `sbits`, `APR` (percent × 10^8), `minseconds`, `maxseconds`, and
   * `mindeposit`, `funding`, `locked` in bigint satoshis.
   */
  rewardsinfo: rpcMethod(
    ['fundingtxid'],
    (fundingtxid: string) => [txidParam(fundingtxid, 'fundingtxid')],
    parseRewardsInfo,
  ),
  /** `rewardslist`: the fundingtxids (display hex) of the chain's rewards plans. */
  rewardslist: rpcMethod([], () => [], parseTxidList),
  /**
   * `rewardslock name fundingtxid amount`: a transaction locking `amount` (AmountArg; ≥ 1 satoshi) in the plan;
   * `{result, hex}`, not broadcast.
   */
  rewardslock: planAmountRpc(),
  /**
   * `rewardsunlock name fundingtxid [txid]`: a transaction paying out the lock `txid` with its reward (the daemon's
   * automatic mode when `txid` is left out); `{result, hex}`, not broadcast.
   */
  rewardsunlock: rpcMethod(
    ['name', 'fundingtxid', 'txid'],
    (name: string, fundingtxid: string, txid?: string) => planTxidParams(name, fundingtxid, txid, 'txid'),
    parseHexResult,
  ),
})

function gap(field: string, missing: string): KomodoCcError {
  return new KomodoCcError(
    'ARG_INVALID',
    `${field} needs ${missing} (optional parameters may be omitted only from the end)`,
    { name: field },
  )
}

/** @internal @example parseRewardsInfo(await send('rewardsinfo', [fundingtxid])).APR */
export function parseRewardsInfo(v: ExactJson): RewardsInfo {
  const o = asObject(v)
  return {
    ...resultPlanHead(o),
    APR: coins(o.APR ?? null, 'result.APR'),
    minseconds: int(o.minseconds ?? null, 'result.minseconds'),
    maxseconds: int(o.maxseconds ?? null, 'result.maxseconds'),
    mindeposit: coins(o.mindeposit ?? null, 'result.mindeposit'),
    funding: coins(o.funding ?? null, 'result.funding'),
    locked: coins(o.locked ?? null, 'result.locked'),
  }
}
