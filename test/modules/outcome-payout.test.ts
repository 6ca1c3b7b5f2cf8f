import { describe, expect, test } from 'vitest'
import { diceOutcome } from '../../src/modules/dice/outcome.js'
import { rewardsPayout } from '../../src/modules/rewards/payout.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { sha256 } from '../../src/hash/index.js'

// Spec section 3.7 (DiceCalc) synthetic vectors.
const H = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const B1 = Uint8Array.from({ length: 32 }, (_, i) => 32 - i)
const fill = (b: number) => new Uint8Array(32).fill(b)
const plan = { minbet: 1n, maxbet: 10n ** 12n, maxodds: 9999 }
const bet = (odds: number, bettor: Uint8Array) =>
  diceOutcome({ ...plan, bet: 100000000n, vout2Value: 10000n + BigInt(odds), houseEntropy: H, bettorEntropy: bettor })

describe('diceOutcome (spec 3.7 vectors)', () => {
  test("the draw hash is the spec's", () => {
    const cat = (a: Uint8Array, b: Uint8Array) => Uint8Array.from([...a, ...b])
    const x = (bet2: Uint8Array) => bytesToHex(sha256(cat(sha256(cat(H, bet2)), sha256(cat(bet2, H)))))
    expect(x(B1).startsWith('de06d65efc76')).toBe(true)
    expect(x(fill(0x0e)).startsWith('27226064e94d')).toBe(true)
    expect(x(fill(0x0b)).startsWith('f86e9f80605918bf')).toBe(true)
  })
  test('row 1: modval 9421, loss at every odds', () => {
    for (const odds of [1, 2, 10, 100]) expect(bet(odds, B1).win).toBe(false)
    expect(bet(2, B1)).toMatchObject({ modval: 9421, threshold: 3333, payout: 0n })
  })
  test('row 2: modval 294: wins at odds 1, 2, 10; loses at 100', () => {
    expect(bet(1, fill(0x0e))).toMatchObject({ win: true, payout: 200000000n })
    expect(bet(2, fill(0x0e))).toMatchObject({ win: true, modval: 294, threshold: 3333, payout: 300000000n })
    expect(bet(10, fill(0x0e))).toMatchObject({ win: true, threshold: 909, payout: 1100000000n })
    expect(bet(100, fill(0x0e))).toMatchObject({ win: false, threshold: 99 })
  })
  test('row 3: two groups ≥ 10^6 are skipped, modval 4939 loses', () => {
    for (const odds of [2, 10, 100]) expect(bet(odds, fill(0x0b))).toMatchObject({ win: false, modval: 4939 })
  })
  test("plan violations lose with the daemon's messages", () => {
    expect(
      diceOutcome({
        ...plan,
        minbet: 200000000n,
        bet: 100000000n,
        vout2Value: 10002n,
        houseEntropy: H,
        bettorEntropy: fill(0x0e),
      }),
    ).toMatchObject({ win: false, daemonError: 'bet size violation 1.00000000' })
    expect(
      diceOutcome({
        ...plan,
        maxodds: 5,
        bet: 100000000n,
        vout2Value: 10010n,
        houseEntropy: H,
        bettorEntropy: fill(0x0e),
      }),
    ).toMatchObject({ win: false, daemonError: 'invalid odds 10, must be <= 5' })
    expect(diceOutcome({ ...plan, bet: 1n, vout2Value: 10000n, houseEntropy: H, bettorEntropy: H })).toMatchObject({
      win: false,
      odds: 0,
    })
  })
  test('bad input is typed', () => {
    expect(() =>
      diceOutcome({ ...plan, bet: 1n, vout2Value: 10002n, houseEntropy: new Uint8Array(31), bettorEntropy: H }),
    ).toThrow(expect.objectContaining({ code: 'BYTES_LENGTH' }))
    expect(() =>
      diceOutcome({ ...plan, bet: 1 as never, vout2Value: 10002n, houseEntropy: H, bettorEntropy: H }),
    ).toThrow(expect.objectContaining({ code: 'AMOUNT_INVALID' }))
  })
})

describe('rewardsPayout (spec 4.7 examples)', () => {
  const DAY = 86400
  const t0 = 1_700_000_000
  const p5 = { apr: 500000000n, minseconds: DAY, maxseconds: 1000 * DAY }
  test('100 coins at 5%: 30 days → 41095890, 60 days → 82191780', () => {
    expect(rewardsPayout(p5, { amount: 10000000000n, blockTime: t0 }, t0 + 30 * DAY).reward).toBe(41095890n)
    expect(rewardsPayout(p5, { amount: 10000000000n, blockTime: t0 }, t0 + 60 * DAY).reward).toBe(82191780n)
  })
  test('the old formula gives the same at 30 days', () => {
    expect(
      rewardsPayout(p5, { amount: 10000000000n, blockTime: 1_500_000_000 }, 1_500_000_000 + 30 * DAY),
    ).toMatchObject({ formula: 'pre2019', reward: 41095890n })
  })
  test('1000 coins, APR "0.29" (28999999), 365 days: new 289999990, old 280000000', () => {
    const p = { apr: 28999999n, minseconds: 0, maxseconds: 400 * DAY }
    expect(rewardsPayout(p, { amount: 100000000000n, blockTime: t0 }, t0 + 365 * DAY).reward).toBe(289999990n)
    expect(
      rewardsPayout(p, { amount: 100000000000n, blockTime: 1_500_000_000 }, 1_500_000_000 + 365 * DAY).reward,
    ).toBe(280000000n)
  })
  test('KMD switches by height', () => {
    const p = { apr: 28999999n, minseconds: 0, maxseconds: 400 * DAY }
    expect(
      rewardsPayout(p, { amount: 100000000000n, blockTime: t0 }, t0 + 365 * DAY, { chain: 'KMD', height: 1_000_000 })
        .formula,
    ).toBe('pre2019')
    expect(
      rewardsPayout(p, { amount: 100000000000n, blockTime: t0 }, t0 + 365 * DAY, { chain: 'KMD', height: 2_000_000 })
        .formula,
    ).toBe('exact')
  })
  test("before minseconds, unconfirmed, or a tiny reward: the daemon's refusal", () => {
    expect(rewardsPayout(p5, { amount: 10000000000n, blockTime: t0 }, t0 + 100)).toMatchObject({
      reward: 0n,
      unlockFails: true,
      daemonError: 'reward 0 is <= the transaction fee',
    })
    expect(rewardsPayout(p5, { amount: 10000000000n }, t0)).toMatchObject({ duration: 0, unlockFails: true })
    // 100 coins at 5% first pays more than the fee about 631 s after minseconds
    expect(rewardsPayout({ ...p5, minseconds: 0 }, { amount: 10000000000n, blockTime: t0 }, t0 + 630).unlockFails).toBe(
      true,
    )
    expect(rewardsPayout({ ...p5, minseconds: 0 }, { amount: 10000000000n, blockTime: t0 }, t0 + 632).unlockFails).toBe(
      false,
    )
  })
  test('duration caps at maxseconds and the reward at the amount', () => {
    const p = { apr: 2500000000n, minseconds: 0, maxseconds: 10 * DAY }
    expect(rewardsPayout(p, { amount: 10000000000n, blockTime: t0 }, t0 + 100 * DAY).duration).toBe(10 * DAY)
    expect(
      rewardsPayout(
        { apr: 10n ** 15n, minseconds: 0, maxseconds: 1000 * DAY },
        { amount: 1000000n, blockTime: t0 },
        t0 + 500 * DAY,
      ).reward,
    ).toBe(1000000n)
  })
})
