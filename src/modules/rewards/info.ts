// Offline `rewardsinfo`.
import { formatCoins } from '../../amount.js'
import { cc1of1, encodeCondition } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { hexOf } from '../opret.js'
import {
  ccScriptHex,
  expectFuncid,
  infoTx,
  infoTxs,
  spentSet,
  type InfoAmount,
  type InfoCount,
  type InfoForm,
  type InfoTxInput,
} from '../offline-info.js'
import { decodeRewardsPayload, rewardsAprToPercent, type RewardsOpret } from './opret.js'

/**
 * `rewardsinfo`: the RPC client's result (`RewardsInfo`: `APR` is percent × 10^8, 5 % = 500000000n, the on-chain
 * unit; money in satoshis; seconds as numbers) and the offline `rewardsinfo`'s (`RewardsInfo<'offline'>`: `APR` and
 * money as the daemon prints them, seconds as the plan's opret holds them).
 * @example const info: RewardsInfo = await rpc.rewardsinfo(fundingtxid)
 */
export type RewardsInfo<F extends InfoForm = 'rpc'> = {
  result: string
  fundingtxid: string
  name: string
  sbits: bigint
  APR: InfoAmount<F>
  minseconds: InfoCount<F>
  maxseconds: InfoCount<F>
  mindeposit: InfoAmount<F>
  funding: InfoAmount<F>
  locked: InfoAmount<F>
}

/**
 * Offline `rewardsinfo`: the plan from its 'F' transaction; `funding` (F/A/U outputs 0) and `locked` (L outputs 0)
 * among `[fundingTx, ...txs]` at the rewards global address, unspent within the set.
 * @throws KomodoCcError OPRET_FUNCID (`fundingtxid isnt rewards creation txid`)
 * @example rewardsinfo(createHex).APR // '5.00000000'
 */
export function rewardsinfo(fundingTx: InfoTxInput, txs: readonly InfoTxInput[] = []): RewardsInfo<'offline'> {
  const f = infoTx(fundingTx, 'fundingTx', decodeRewardsPayload)
  expectFuncid(f, 'rewards', 'F', 'fundingtxid isnt rewards creation txid')
  const plan = f.payload as Extract<RewardsOpret, { funcid: 'F' }>
  const all = [f, ...infoTxs(txs, 'txs', decodeRewardsPayload)]
  const spent = spentSet(all)
  const addr = ccScriptHex(encodeCondition(cc1of1(EVAL.REWARDS, ccModule(EVAL.REWARDS).pubkey)))
  let funding = 0n
  let locked = 0n
  for (const { tx, txid, payload: p } of all) {
    if (p === null) continue
    const fid = p.funcid === 'F' ? txid : p.fundingtxid
    const o = tx.vout[0]
    if (fid !== f.txid || o === undefined || spent.has(`${txid}:0`) || hexOf(o.script) !== addr) continue
    if (p.funcid === 'L') locked += o.value
    else funding += o.value
  }
  return {
    result: 'success',
    fundingtxid: f.txid,
    name: plan.name ?? '',
    sbits: plan.sbits,
    APR: rewardsAprToPercent(plan.APR),
    minseconds: plan.minseconds,
    maxseconds: plan.maxseconds,
    mindeposit: formatCoins(plan.mindeposit),
    funding: formatCoins(funding),
    locked: formatCoins(locked),
  }
}
