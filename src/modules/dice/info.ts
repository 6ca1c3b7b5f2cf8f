// Offline `diceinfo`.
import { formatCoins } from '../../amount.js'
import {
  expectFuncid,
  infoTx,
  infoTxs,
  spentSet,
  type InfoAmount,
  type InfoCount,
  type InfoForm,
  type InfoTxInput,
} from '../offline-info.js'
import { decodeDicePayload, type DiceOpret } from './opret.js'
import { dicePlanFunds } from './plan.js'

/**
 * `diceinfo`: the RPC client's result (`DiceInfo`: amounts in satoshis, counts as numbers; `entropytxs` only on
 * newer daemons) and the offline `diceinfo`'s (`DiceInfo<'offline'>`: amounts as the daemon prints them, `maxodds`
 * and `timeoutblocks` as the plan's opret holds them).
 * @example const info: DiceInfo = await rpc.diceinfo(fundingtxid)
 */
export type DiceInfo<F extends InfoForm = 'rpc'> = {
  result: string
  fundingtxid: string
  name: string
  sbits: bigint
  minbet: InfoAmount<F>
  maxbet: InfoAmount<F>
  maxodds: InfoCount<F>
  timeoutblocks: InfoCount<F>
  funding: InfoAmount<F>
  entropytxs?: number
}
/**
 * `dicestatus` (RPC client): `status` is "win" | "loss" | "bet still pending" | "finalized" | "no pending bets".
 * @example const s: DiceStatus = await rpc.dicestatus(name, fundingtxid, bettxid)
 */
export type DiceStatus = { result: string; status: string; won?: bigint; n?: number }
/**
 * `dicefinish` (RPC client): `finished` is true when the daemon answered hex `"0"` (bet already finished; nothing to
 * send). @example const r: DiceFinishRpcResult = await rpc.dicefinish(name, fundingtxid, bettxid)
 */
export type DiceFinishRpcResult = { result: string; hex: string; finished: boolean }

/**
 * Offline `diceinfo`: the plan from its 'F' transaction; `funding` and `entropytxs` from the plan's outputs at
 * index 0 among `[fundingTx, ...txs]` (funcids F E W L T R, ≥ 10000, at the dice global address) that no
 * transaction of the set spends.
 * @throws KomodoCcError OPRET_FUNCID (`fundingtxid isnt dice creation txid`)
 * @example diceinfo(fundHex).name // 'KMDDice'
 */
export function diceinfo(fundingTx: InfoTxInput, txs: readonly InfoTxInput[] = []): DiceInfo<'offline'> {
  const f = infoTx(fundingTx, 'fundingTx', decodeDicePayload)
  expectFuncid(f, 'dice', 'F', 'fundingtxid isnt dice creation txid')
  const plan = f.payload as Extract<DiceOpret, { funcid: 'F' }>
  const all = [f, ...infoTxs(txs, 'txs', decodeDicePayload)]
  const spent = spentSet(all)
  const ref = { fundingtxid: f.txid, sbits: plan.sbits }
  let funding = 0n
  let entropytxs = 0
  for (const { tx, txid, payload: p } of all) {
    // DicePlanFunds' membership (./plan.ts) over the given set's unspent outputs
    if (spent.has(`${txid}:0`)) continue
    const kind = dicePlanFunds(0, tx.vout[0], p, () => txid, ref)
    if (kind === null) continue
    funding += tx.vout[0]!.value
    if (kind === 'entropy') entropytxs++
  }
  return {
    result: 'success',
    fundingtxid: f.txid,
    name: plan.name ?? '',
    sbits: plan.sbits,
    minbet: formatCoins(plan.minbet),
    maxbet: formatCoins(plan.maxbet),
    maxodds: plan.maxodds,
    timeoutblocks: plan.timeoutblocks,
    funding: formatCoins(funding),
    entropytxs,
  }
}
