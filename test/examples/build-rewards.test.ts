import { expect, test } from 'vitest'
import { rewardsBuildExample } from '../../examples/build-rewards.js'
import { verifyInput } from '../../src/tx/sign.js'
import { inspectBuild } from '../../src/inspect-build.js'

test('README rewards builder example runs: plan, lock, unlock after 5 days, early refusal', () => {
  const r = rewardsBuildExample()
  // 200 coins × 5% × 5 days: ⌊20000000000 · 500000000 · 432000 / (10^8 · 100 · 31536000)⌋
  expect(r.reward).toBe(13698630n)
  expect(r.paid).toBe(20000000000n + 13698630n)
  expect(r.early).toBe('reward 0 is <= the transaction fee')
  expect([inspectBuild(r.plan).method, inspectBuild(r.lock).method, inspectBuild(r.unlock).method]).toEqual([
    'rewardscreatefunding',
    'rewardslock',
    'rewardsunlock',
  ])
  expect(r.unlock.tx.vin.map((v) => v.txid)).toEqual([r.lock.txid, r.plan.txid])
  r.unlock.tx.vin.forEach((_, i) => {
    const src = i === 0 ? r.lock.tx.vout[0]! : r.plan.tx.vout[0]!
    expect(verifyInput(r.unlock.tx, i, { value: src.value, script: src.script })).toMatchObject({ valid: true })
  })
})
