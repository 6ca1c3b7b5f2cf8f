// The dice module's RPCs as the komodod client calls them (layer 7): argument checks and conversion, result
// parsers. createKomodoRpc builds its `dice*` methods from this table (through modules/registry/rpc.ts).
import type { ExactJson } from '../../rpc/json.js'
import type { AmountArg } from '../../amount.js'
import { checkTransactionHex } from '../../rpc/txcheck.js'
import { moduleAddressRpc, planAmountRpc, rpcMethod } from '../../rpc/method.js'
import { diceUnits } from './units.js'
import {
  amountTextParam,
  intParam,
  planAmountParams,
  planNameParam,
  planTxidParams,
  txidParam,
} from '../../rpc/params.js'
import {
  asObject,
  parseHexResult,
  parseTxidList,
  resultCoins as coins,
  resultInt as int,
  resultPlanHead,
  resultString as str,
} from '../../rpc/results.js'
import type { DiceFinishRpcResult, DiceInfo, DiceStatus } from './info.js'

/**
 * The dice RPCs of the komodod client, by daemon name.
 * @example diceRpc.dicebet.toParams('KMDDice', fundingtxid, '1', 2) // ['KMDDice', fundingtxid, '1', '2']
 * @internal
 */
export const diceRpc = /* @__PURE__ */ Object.freeze({
  /**
   * `diceaddfunds name fundingtxid amount`: a transaction adding `amount` (AmountArg; ≥ 1 satoshi) to the plan's
   * bankroll; `{result, hex}`, not broadcast.
   */
  diceaddfunds: planAmountRpc(),
  /**
   * `diceaddress [pubkey]`: the dice module's addresses, the node's own and, with `pubkey`, that key's CC address
   * (balances in bigint satoshis).
   */
  diceaddress: moduleAddressRpc(['Dice']),
  /**
   * `dicebet name fundingtxid amount odds`: a transaction betting `amount` (AmountArg) at `odds` (integer 1..9999) on
   * the plan; `{result, hex}`, not broadcast.
   */
  dicebet: rpcMethod(
    ['name', 'fundingtxid', 'amount', 'odds'],
    (name: string, fundingtxid: string, amount: AmountArg, odds: number) => [
      ...planAmountParams(name, fundingtxid, amount),
      intParam(odds, 'odds', 1, 9999),
    ],
    parseHexResult,
  ),
  /**
   * `dicefinish name fundingtxid bettxid`: the transaction settling the bet; `finished: true` (hex `"0"`) when it is
   * already settled. Not broadcast.
   */
  dicefinish: rpcMethod(
    ['name', 'fundingtxid', 'bettxid'],
    (name: string, fundingtxid: string, bettxid: string) => [
      planNameParam(name, 'name'),
      txidParam(fundingtxid, 'fundingtxid'),
      txidParam(bettxid, 'bettxid'),
    ],
    parseDiceFinish,
  ),
  /**
   * `dicefund name funds minbet maxbet maxodds timeoutblocks`: a transaction creating a dice plan (name ≤ 8 bytes)
   * with `funds`, `minbet`, `maxbet` as AmountArg and the integers `maxodds` (1..9999) and `timeoutblocks`;
   * `{result, hex}`, not broadcast.
   */
  dicefund: rpcMethod(
    ['name', 'funds', 'minbet', 'maxbet', 'maxodds', 'timeoutblocks'],
    (name: string, funds: AmountArg, minbet: AmountArg, maxbet: AmountArg, maxodds: number, timeoutblocks: number) => [
      planNameParam(name, 'name'),
      amountTextParam(funds, 'funds', diceUnits.dicefund.funds, { min: 1n }),
      amountTextParam(minbet, 'minbet', diceUnits.dicefund.minbet),
      amountTextParam(maxbet, 'maxbet', diceUnits.dicefund.maxbet),
      intParam(maxodds, 'maxodds', 1, 9999),
      intParam(timeoutblocks, 'timeoutblocks', 1, 0x7fffffff),
    ],
    parseHexResult,
  ),
  /**
   * `diceinfo fundingtxid`: the plan's name, `sbits`, bet limits and `funding` (bigint satoshis), `maxodds`,
   * `timeoutblocks`, and `entropytxs` when printed.
   */
  diceinfo: rpcMethod(['fundingtxid'], (fundingtxid: string) => [txidParam(fundingtxid, 'fundingtxid')], parseDiceInfo),
  /** `dicelist`: the fundingtxids (display hex) of the chain's dice plans. */
  dicelist: rpcMethod([], () => [], parseTxidList),
  /**
   * `dicestatus name fundingtxid [bettxid]`: `status` of the bet ("win" with `won` in bigint satoshis, "loss", "bet
   * still pending"), or without `bettxid` "finalized" with a count `n` or "no pending bets".
   */
  dicestatus: rpcMethod(
    ['name', 'fundingtxid', 'bettxid'],
    (name: string, fundingtxid: string, bettxid?: string) => planTxidParams(name, fundingtxid, bettxid, 'bettxid'),
    parseDiceStatus,
  ),
})

/** @internal @example parseDiceFinish(await send('dicefinish', params)).finished */
export function parseDiceFinish(v: ExactJson): DiceFinishRpcResult {
  const o = asObject(v)
  const hex = str(o, 'hex')
  const result = typeof o.result === 'string' ? o.result : 'success'
  if (hex === '0') return { result, hex, finished: true }
  checkTransactionHex(hex, 'result.hex')
  return { result, hex, finished: false }
}

/** @internal @example parseDiceInfo(await send('diceinfo', [fundingtxid])).funding */
export function parseDiceInfo(v: ExactJson): DiceInfo {
  const o = asObject(v)
  const out: DiceInfo = {
    ...resultPlanHead(o),
    minbet: coins(o.minbet ?? null, 'result.minbet'),
    maxbet: coins(o.maxbet ?? null, 'result.maxbet'),
    maxodds: int(o.maxodds ?? null, 'result.maxodds'),
    timeoutblocks: int(o.timeoutblocks ?? null, 'result.timeoutblocks'),
    funding: coins(o.funding ?? null, 'result.funding'),
  }
  if (o.entropytxs !== undefined) out.entropytxs = int(o.entropytxs, 'result.entropytxs')
  return out
}

/** @internal @example parseDiceStatus(await send('dicestatus', params)).status */
export function parseDiceStatus(v: ExactJson): DiceStatus {
  const o = asObject(v)
  const out: DiceStatus = { result: str(o, 'result'), status: str(o, 'status') }
  if (o.won !== undefined) out.won = coins(o.won, 'result.won')
  if (o.n !== undefined) out.n = int(o.n, 'result.n')
  return out
}
