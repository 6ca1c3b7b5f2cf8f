// Builders fed state by a backend refuse what they can check is not what it claims (BUILD_STATE naming the claim)
// instead of building inputs no node would accept.
import { describe, expect, test } from 'vitest'
import {
  buildRewardsAddFunding,
  buildRewardsCreateFunding,
  buildRewardsUnlock,
  type RewardsUnlockState,
} from '../../src/modules/rewards/build.js'
import { buildOraclesData } from '../../src/modules/oracles/build.js'
import { buildDiceBet } from '../../src/modules/dice/build.js'
import { encodeOracleData } from '../../src/oracle-data/format.js'
import { verifyInput } from '../../src/tx/sign.js'
import { p2pkScript } from '../../src/script/script.js'
import { FIXTURES, k1, k2 } from './_builders.js'
import { out } from './_build.js'

const { rwPlan, rwAdds, rwLock, T } = FIXTURES
const ctx = { pubkey: k2.pub, utxos: [], height: 1000 }
const base: RewardsUnlockState = {
  plan: rwPlan.hex,
  locks: [{ tx: rwLock.hex, blockTime: T }],
  funding: rwAdds.map((r) => out(r, 0)),
  fundingTxs: rwAdds.map((r) => r.hex),
  tipTime: T + 30 * 86400,
}
const unlock = (state: Partial<RewardsUnlockState>) => () =>
  buildRewardsUnlock({ name: 'HOSTILE', fundingtxid: rwPlan.txid, txid: rwLock.txid }, ctx, { ...base, ...state })
const refused = (claim: string) =>
  expect.objectContaining({ code: 'BUILD_STATE', details: expect.objectContaining({ claim }) })

describe("rewardsunlock: every funding input is the plan's F/A/U vout 0, checked against its transaction", () => {
  test('the fixture builds; each spent input verifies; plan funding from the plan itself and from fundingTxs', () => {
    const r = unlock({})()
    const prevouts = [out(rwLock, 0), ...rwAdds.map((a) => out(a, 0))]
    r.tx.vin.forEach((v, i) => {
      const p = prevouts.find((u) => u.txid === v.txid && u.vout === v.vout)!
      expect(verifyInput(r.tx, i, { value: p.satoshis, script: p.script })).toMatchObject({ valid: true })
    })
    expect(unlock({ funding: [out(rwPlan, 0)], fundingTxs: [] })().tx.vin.map((v) => v.txid)).toEqual([
      rwLock.txid,
      rwPlan.txid,
    ])
  })

  test("the lock itself offered as funding (same address, an 'L'): refused, not spent twice", () => {
    expect(unlock({ funding: [out(rwLock, 0), ...base.funding] })).toThrow(refused('plan funding'))
  })

  test('funding of another plan at the same address: refused', () => {
    const other = buildRewardsCreateFunding(
      { name: 'OTHER', amount: '500', APR: '5', mindays: 0, maxdays: 100, mindeposit: '0.001' },
      { pubkey: k1.pub, utxos: [out(rwPlan, 2)], height: 901 },
    )
    const otherAdd = buildRewardsAddFunding(
      { name: 'OTHER', fundingtxid: other.txid, amount: 5_000_000n },
      { pubkey: k1.pub, utxos: [out(other, 2)], height: 902 },
      { plan: other.hex },
    )
    expect(
      unlock({ funding: [out(otherAdd, 0), ...base.funding], fundingTxs: [...base.fundingTxs!, otherAdd.hex] }),
    ).toThrow(refused('plan funding'))
    expect(unlock({ funding: [out(other, 0)], fundingTxs: [other.hex] })).toThrow(refused('plan funding'))
  })

  test('a funding output whose transaction is not in state: refused (cannot be verified)', () => {
    expect(unlock({ fundingTxs: [] })).toThrow(refused('plan funding'))
  })

  test("a funding output that is not its transaction's vout 0 as given (value, index): refused", () => {
    const [a0, ...rest] = base.funding
    expect(unlock({ funding: [{ ...a0!, satoshis: a0!.satoshis + 1n }, ...rest] })).toThrow(refused('plan funding'))
    expect(unlock({ funding: [{ ...out(rwAdds[0]!, 1), script: a0!.script }, ...rest] })).toThrow(
      refused('plan funding'),
    )
  })
})

describe('oraclesdata: the baton is vout 1 of 10000 sat', () => {
  const { oracle, oracleRegister, myOraclesCc } = FIXTURES
  const baton = out(oracleRegister, 1)
  const subs = [{ txid: '77'.repeat(32), vout: 0, satoshis: 30000n, script: myOraclesCc }]
  const build = (b: typeof baton) => () =>
    buildOraclesData(
      { oracletxid: oracle.txid, hexstr: encodeOracleData('s', ['hi']) },
      { pubkey: k1.pub, utxos: [out(oracleRegister, 3)], height: 1000, privateKey: k1.priv },
      { oracle: oracle.hex, datafee: 20000n, baton: b, subscriptions: subs },
    )
  test('an output of another value or index on the baton address is refused', () => {
    expect(build(baton)().signed).toBe(true)
    expect(build({ ...baton, satoshis: 20000n })).toThrow(
      expect.objectContaining({ code: 'BUILD_STATE', details: expect.objectContaining({ name: 'state.baton' }) }),
    )
    expect(build({ ...baton, vout: 2 })).toThrow(
      expect.objectContaining({ code: 'BUILD_STATE', details: expect.objectContaining({ name: 'state.baton' }) }),
    )
  })
})

describe('dicebet: a plan transaction listed twice counts once', () => {
  const { diceFund, dicePlanTxs, diceBetState } = FIXTURES
  const bettor = {
    pubkey: k2.pub,
    utxos: [{ txid: '66'.repeat(32), vout: 0, satoshis: 10n * 100_000_000n, script: p2pkScript(k2.pub) }],
    height: 1000,
  }
  test('50 entropy transactions listed twice are not the 100 the daemon requires', () => {
    const half = dicePlanTxs.slice(0, 51) // the plan and 50 entropy transactions
    const twice = [...half, ...half.slice(1).map((t) => ({ ...t }))]
    expect(() =>
      buildDiceBet({ name: 'HOSTILE', fundingtxid: diceFund.txid, amount: 100_000_000n, odds: 2 }, bettor, {
        ...diceBetState,
        planTxs: twice,
        bettorEntropy: '11'.repeat(32),
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'INSUFFICIENT_FUNDS',
        details: expect.objectContaining({ daemonError: 'Your dealer is broke, find a new casino.' }),
      }),
    )
  })
})
