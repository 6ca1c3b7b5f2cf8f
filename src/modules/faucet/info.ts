// Offline `faucetinfo`.
import { formatCoins } from '../../amount.js'
import { cc1of1, encodeCondition } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { hexOf } from '../opret.js'
import { ccScriptHex, infoTxs, spentSet, type InfoAmount, type InfoForm, type InfoTxInput } from '../offline-info.js'
import { addFaucetInputs } from './add-inputs.js'
import { decodeFaucetPayload } from './opret.js'

/**
 * `faucetinfo`: the RPC client's result (`FaucetInfo`, `funding` in satoshis) and the offline `faucetinfo`'s
 * (`FaucetInfo<'offline'>`, `funding` as the daemon prints it).
 * @example const info: FaucetInfo = await rpc.faucetinfo()
 */
export type FaucetInfo<F extends InfoForm = 'rpc'> = { result: string; name: string; funding: InfoAmount<F> }

/**
 * Offline `faucetinfo`: `funding` = the faucet-address CC outputs above 1,000,000 sat among `txs` that no
 * transaction in `txs` spends (give the faucet's funding and get transactions; unspent is judged within the set).
 * @example faucetinfo([fundHex]).funding // '100.00000000'
 */
export function faucetinfo(txs: readonly InfoTxInput[]): FaucetInfo<'offline'> {
  const all = infoTxs(txs, 'txs', decodeFaucetPayload)
  const spent = spentSet(all)
  const faucet = ccScriptHex(encodeCondition(cc1of1(EVAL.FAUCET, ccModule(EVAL.FAUCET).pubkey)))
  const outputs = all.flatMap(({ tx, txid }) =>
    tx.vout.map((o, n) => ({ satoshis: o.value, key: `${txid}:${n}`, script: o.script })),
  )
  // AddFaucetInputs(cp, mtx, faucetpk, 0, 0) over the set's faucet outputs that no transaction of the set spends
  const { sum } = addFaucetInputs(outputs, 0n, 0, (u) => !spent.has(u.key) && hexOf(u.script) === faucet)
  return { result: 'success', name: 'Faucet', funding: formatCoins(sum) }
}
