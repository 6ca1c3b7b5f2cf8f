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
  /** Seconds counted (tip time − lock block time, capped at maxseconds as komodod's int64; 0 when unconfirmed). */
  duration: number
  /** The reward in satoshis, komodod's uint64 (0 below minseconds; never above the amount). */
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
 * Predicts what `rewardsunlock` would pay now, exactly as komodod's `RewardsCalc` (src/cc/rewards.cpp) — its int64
 * reading of the plan's uint64 `minseconds`/`maxseconds`/APR, the pre-2019 formula's int64 wrap, the uint64 cap at
 * the amount (vectors/modules/rewards-calc.json is komodod's own expression compiled) — and whether it would fail with the
 * daemon's `reward N is <= the transaction fee`. `now` is the tip block's time. The formula switch follows the
 * December 2019 hard fork: asset chains by `now` (> 1576840000), KMD by `height` (> 1670000) — pass `chain: 'KMD'`
 * and `height` for KMD itself.
 * @throws KomodoCcError AMOUNT_INVALID | INT_RANGE | ARG_INVALID
 * @example rewardsPayout({ apr: 500000000n, minseconds: 86400, maxseconds: 864000 * 10 }, { amount: 10000000000n,
 *   blockTime: 1700000000 }, 1700000000 + 30 * 86400).reward // 41095890n
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
  // RewardsCalc (src/cc/rewards.cpp) takes the plan's uint64 fields as int64_t and returns uint64_t: every cast below
  // is komodod's, wrap included (gcc on x86-64 wraps int64 overflow in the pre-2019 formula)
  const i64 = (x: bigint): bigint => BigInt.asIntN(64, x)
  const u64 = (x: bigint): bigint => BigInt.asUintN(64, x)
  const amount = i64(lock.amount)
  const apr = i64(u64(plan.apr))
  const minseconds = i64(u64(BigInt(plan.minseconds)))
  const maxseconds = i64(u64(BigInt(plan.maxseconds)))
  const exact =
    options.chain === 'KMD'
      ? (options.height ?? 0) > REWARDS_FORMULA_SWITCH_HEIGHT_KMD
      : now > REWARDS_FORMULA_SWITCH_TIME
  const formula = exact ? 'exact' : 'pre2019'
  // CCduration (src/cc/CCutils.cpp): tip time − block time, 0 when unconfirmed or when the tip is not later
  let duration = lock.blockTime === undefined || lock.blockTime === null ? 0n : BigInt(now - lock.blockTime)
  if (duration < 0n) duration = 0n
  let reward = 0n
  if (duration >= minseconds) {
    if (duration > maxseconds) duration = maxseconds
    if (exact) {
      // arith_uint256 of each int64 (as uint64), the product mod 2^256, GetLow64 of the quotient
      const num = BigInt.asUintN(256, u64(amount) * u64(apr) * u64(duration))
      reward = u64(num / (100000000n * 100n * YEAR))
    } else reward = u64(i64(i64(i64(i64(amount * duration) / YEAR) * i64(apr / 1000000n)) / 10000n))
    // `reward > amount` compares as uint64
    if (reward > u64(amount)) reward = u64(amount)
  }
  const unlockFails = reward <= TXFEE
  const base = { duration: Number(duration), reward, formula, payout: lock.amount + reward, unlockFails } as const
  return unlockFails ? { ...base, daemonError: `reward ${reward} is <= the transaction fee` } : { ...base }
}
