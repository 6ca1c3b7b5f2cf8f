// The rewards module's step of `komodo-cc demo` (layer 8, listed in src/modules/registry/io.ts): a plan, a lock,
// and an unlock refused until the clock moves.
import { formatCoins } from '../../amount.js'
import { parseTransaction } from '../../tx/codec.js'
import type { ModuleDemo } from '../../devnet/module.js'
import type { WalletMethodName } from '../registry/resolvers.js'
import type { WalletMethod } from '../../wallet/wallet.js'

/**
 * The rewards step of the demo: `rewardscreatefunding` of a plan, `rewardslock` of 20 coins, an early
 * `rewardsunlock` the daemon refuses; with a movable clock (the devnet), two days later the unlock pays 20 coins and
 * the reward.
 * @example await rewardsDemo.run(ctx, {})
 * @internal
 */
export const rewardsDemo: ModuleDemo = /* @__PURE__ */ Object.freeze({
  withoutClock: "the rewards unlock (a day's lock)",
  async run({ rpc, line, submit, confirm, advanceTime }) {
    const plan = await rpc.rewardscreatefunding('DEMO', '100', '5', 1, 10, '1')
    const fundingtxid = await submit('rewardscreatefunding', plan.hex, 'plan DEMO: 100 coins, 5% APR, 1..10 days')
    await confirm()
    const lock = await rpc.rewardslock('DEMO', fundingtxid, '20')
    const locktxid = await submit('rewardslock', lock.hex, '20 coins locked')
    await confirm()
    let early = ''
    try {
      await rpc.rewardsunlock('DEMO', fundingtxid, locktxid)
    } catch (e) {
      early = (e as { daemonMessage?: string }).daemonMessage ?? String(e)
      line('rewardsunlock (early)', `refused: ${early}`)
    }
    let ok = early.startsWith('reward 0 is <= the transaction fee')
    if (advanceTime !== undefined) {
      advanceTime(2 * 86400)
      await confirm()
      line('devnet clock', 'advanced two days')
      const unlock = await rpc.rewardsunlock('DEMO', fundingtxid, locktxid)
      const paid = parseTransaction(unlock.hex).vout[1]!.value
      await submit('rewardsunlock', unlock.hex, `pays ${formatCoins(paid)} (20 + reward)`)
      await confirm()
      ok &&= paid > 2_000_000_000n
    } else
      line(
        'rewardsunlock',
        `skipped: the plan's minimum lock is one day and this daemon's clock cannot be moved; run \`rewardsunlock DEMO ${fundingtxid} ${locktxid}\` after it`,
      )
    return { ok }
  },
  async wallet({ wallet, sent, confirm, line, advanceTime }) {
    const call = (m: WalletMethodName, ...a: unknown[]) => (wallet[m] as WalletMethod)(...a)
    const plan = await call('rewardscreatefunding', 'WALLETRW', '50', '5', 1, 10, '1')
    sent('rewardscreatefunding', plan, 'plan WALLETRW: 50 coins, 5% APR')
    await confirm()
    const lock = await call('rewardslock', 'WALLETRW', plan.txid, '10')
    sent('rewardslock', lock, '10 coins locked')
    await confirm()
    if (advanceTime === undefined) {
      line('wallet rewardsunlock', "skipped: this daemon's clock cannot be moved")
      return { ok: true }
    }
    advanceTime(2 * 86400)
    await confirm()
    const unlock = await call('rewardsunlock', 'WALLETRW', plan.txid, lock.txid)
    sent('rewardsunlock', unlock, `pays ${formatCoins(unlock.build.tx.vout[1]!.value)} (10 + reward)`)
    await confirm()
    return { ok: unlock.build.tx.vout[1]!.value > 1_000_000_000n }
  },
})
