// rewardsPayout against komodod's own RewardsCalc: vectors/modules/rewards-calc.json was computed by compiling
// komodod's expression with its arith_uint256 (tools/rewards/gen-vectors.py), not by this library. Each vector's
// duration is placed as tip time − lock block time; the formula by the tip's time (the December 2019 switch).
import { describe, expect, test } from 'vitest'
import v from '../../../vectors/modules/rewards-calc.json' with { type: 'json' }
import { REWARDS_FORMULA_SWITCH_TIME, rewardsPayout } from '../../../src/modules/rewards/payout.js'

describe("rewardsPayout = komodod's RewardsCalc (compiled)", () => {
  test.each(v.valid)('$description', ({ amount, apr, minseconds, maxseconds, duration, hardfork, reward }) => {
    const now = hardfork === 1 ? 1_700_000_000 : REWARDS_FORMULA_SWITCH_TIME
    const lock = duration === 0 ? { amount: BigInt(amount) } : { amount: BigInt(amount), blockTime: now - duration }
    const r = rewardsPayout(
      { apr: BigInt(apr), minseconds: BigInt(minseconds), maxseconds: BigInt(maxseconds) },
      lock,
      now,
    )
    expect(r.formula).toBe(hardfork === 1 ? 'exact' : 'pre2019')
    expect(r.reward).toBe(BigInt(reward))
    expect(r.payout).toBe(BigInt(amount) + BigInt(reward))
  })
  test("the issue's cases: a 1,000,000-coin pre-2019 lock pays the whole amount; maxseconds 2^64−1 drains the plan", () => {
    const pick = (d: string) => v.valid.find((c) => c.description === d)!
    expect(pick('pre-2019: 1,000,000 coins for a year (amount × duration wraps int64)').reward).toBe('100000000000000')
    expect(pick('exact: maxseconds 2^64-1 (int64 -1: duration becomes -1)').reward).toBe('10000000000')
    expect(pick('exact: minseconds 2^63 (int64 min: every duration passes)').reward).not.toBe('0')
  })
})
