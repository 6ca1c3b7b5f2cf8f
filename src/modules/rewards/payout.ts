import { KomodoCcError } from '../../errors.js'

/** Seconds in the year the rewards formula uses. */
const YEAR = 31536000n
/** Asset chains switched to the exact formula after this block timestamp (December 2019 hard fork). */
export const REWARDS_FORMULA_SWITCH_TIME = 1576840000
/** KMD switched at this height. */
export const REWARDS_FORMULA_SWITCH_HEIGHT_KMD = 1670000
const TXFEE = 10000n

/** A rewards plan's parameters as stored in its 'F' opret. */
export type RewardsPlanParams = {
  /** APR as stored: percent × 10^8 (5% = 500000000n). */
  apr: bigint
  minseconds: bigint | number
  maxseconds: bigint | number
}

/** A lock as the unlock sees it. */
export type RewardsLockInfo = {
  /** The lock's vout0 value in satoshis. */
  amount: bigint
  /** Time of the block containing the lock; omit or null when unconfirmed. */
  blockTime?: number | null
}

/** The prediction of {@link rewardsPayout}. */
export type RewardsPayout = {
  /** Seconds counted (tip time − lock block time, capped at maxseconds; 0 when unconfirmed). */
  duration: number
  /** The reward in satoshis (0 below minseconds; never above the amount). */
  reward: bigint
  /** Which formula applied. */
  formula: 'exact' | 'pre2019'
  /** amount + reward: what the unlock pays to the lock's vout1 script. */
  payout: bigint
  /** True when `rewardsunlock` would refuse now. */
  unlockFails: boolean
  /** The daemon's message when it would refuse (`reward N is <= the transaction fee`). */
  daemonError?: string
}

/**
 * Predicts what `rewardsunlock` would pay now, exactly as komodod's `RewardsCalc`, and whether it would fail with the
 * daemon's `reward N is <= the transaction fee`. `now` is the tip block's time. The formula switch follows the
 * December 2019 hard fork: asset chains by `now` (> 1576840000), KMD by `height` (> 1670000) — pass `chain: 'KMD'`
 * and `height` for KMD itself.
 * @throws KomodoCcError AMOUNT_INVALID | INT_RANGE | ARG_INVALID
 * @example rewardsPayout({ apr: 500000000n, minseconds: 86400, maxseconds: 864000 * 10 }, { amount: 10000000000n, blockTime: 1700000000 }, 1700000000 + 30 * 86400).reward // 41095890n
 */
export function rewardsPayout(
  plan: RewardsPlanParams,
  lock: RewardsLockInfo,
  now: number,
  options: { chain?: 'KMD' | 'asset'; height?: number } = {},
): RewardsPayout {
  if (typeof plan !== 'object' || plan === null || typeof lock !== 'object' || lock === null)
    throw new KomodoCcError('ARG_INVALID', 'rewardsPayout expects plan and lock objects')
  if (typeof plan.apr !== 'bigint' || plan.apr < 0n)
    throw new KomodoCcError('AMOUNT_INVALID', 'plan.apr expected a non-negative bigint (percent × 10^8)', {
      name: 'apr',
    })
  if (typeof lock.amount !== 'bigint' || lock.amount < 0n)
    throw new KomodoCcError('AMOUNT_INVALID', 'lock.amount expected a non-negative bigint of satoshis', {
      name: 'amount',
    })
  if (!Number.isInteger(now))
    throw new KomodoCcError('INT_RANGE', `now expected an integer timestamp, got ${String(now)}`, { name: 'now' })
  const minseconds = BigInt(plan.minseconds)
  const maxseconds = BigInt(plan.maxseconds)
  const exact =
    options.chain === 'KMD'
      ? (options.height ?? 0) > REWARDS_FORMULA_SWITCH_HEIGHT_KMD
      : now > REWARDS_FORMULA_SWITCH_TIME
  const formula = exact ? 'exact' : 'pre2019'
  let duration = lock.blockTime === undefined || lock.blockTime === null ? 0n : BigInt(now - lock.blockTime)
  if (duration < 0n) duration = 0n
  let reward = 0n
  if (duration >= minseconds) {
    if (duration > maxseconds) duration = maxseconds
    if (exact) reward = (lock.amount * plan.apr * duration) / (100000000n * 100n * YEAR)
    else
      reward = BigInt.asIntN(
        64,
        BigInt.asIntN(64, (BigInt.asIntN(64, lock.amount * duration) / YEAR) * (plan.apr / 1000000n)) / 10000n,
      )
    if (reward > lock.amount) reward = lock.amount
    if (reward < 0n) reward = 0n
  }
  const unlockFails = reward <= TXFEE
  const base = { duration: Number(duration), reward, formula, payout: lock.amount + reward, unlockFails } as const
  return unlockFails ? { ...base, daemonError: `reward ${reward} is <= the transaction fee` } : { ...base }
}
