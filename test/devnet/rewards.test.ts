import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../src/bytes/hex.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccModule } from '../../src/cc/eval.js'
import { p2pkScript } from '../../src/script/script.js'
import { keySigner } from '../../src/tx/sign.js'
import { parseTransaction } from '../../src/tx/codec.js'
import type { Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { StateReader } from '../../src/cctx/resolve.js'
import { rewardsPlanOutputs } from '../../src/modules/rewards/resolve.js'
import { expectModuleError, expectRefused, resign } from './_helpers.js'

const R = ccModule('Rewards')
const GLOBAL = [cc1of1(0xe5, R.pubkey)]
const GKEY = [hexToBytes(R.privkey)]
const EVAL_FALSE =
  '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element); Rewards: '
const OTHER = keySigner(hexToBytes('00'.repeat(31) + '0b')).publicKey

let dev: Devnet
let fundingtxid: string
let lock1: string
let valid: Transaction // a valid unlock of lock1, built after the clock moved

const clone = (tx: Transaction): Transaction => ({
  ...tx,
  vin: tx.vin.map((i) => ({ ...i })),
  vout: tx.vout.map((v) => ({ ...v })),
})
const refusedBy = (t: Transaction, why: string) =>
  expectRefused(dev.rpc.call('sendrawtransaction', [resign(dev, t, GLOBAL, GKEY), true]), -26, EVAL_FALSE + why) // allowhighfees: the rule, not the fee, under test

beforeAll(async () => {
  dev = await startTestDevnet()
  fundingtxid = await dev.rpc.sendrawtransaction(
    (await dev.rpc.rewardscreatefunding('PLAN', '100', '5', 1, 10, '1')).hex,
  )
  await dev.mine(1)
  lock1 = await dev.rpc.sendrawtransaction((await dev.rpc.rewardslock('PLAN', fundingtxid, '20')).hex)
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

describe('rewards RPCs and the clock', () => {
  test('rewardsinfo / rewardslist', async () => {
    expect(await dev.rpc.rewardslist()).toEqual([fundingtxid])
    const info = await dev.rpc.rewardsinfo(fundingtxid)
    expect(info).toMatchObject({
      name: 'PLAN',
      APR: 500000000n,
      minseconds: 86400,
      maxseconds: 864000,
      funding: 10_000_000_000n,
      locked: 2_000_000_000n,
    })
  })
  test('an unlock before minseconds: "reward 0 is <= the transaction fee"; after the clock moves, it pays amount + reward', async () => {
    await expectModuleError(dev.rpc.rewardsunlock('PLAN', fundingtxid, lock1), 'reward 0 is <= the transaction fee')
    dev.advanceTime(86400 * 3)
    await dev.mine(1)
    const u = await dev.rpc.rewardsunlock('PLAN', fundingtxid, lock1)
    valid = parseTransaction(u.hex)
    // 20 coins at 5% for (about) 3 days: 20e8·5e8·d/(1e8·100·31536000) with d ≤ 259200 → at most 821917 sat
    const reward = valid.vout[1]!.value - 2_000_000_000n
    expect(reward).toBeGreaterThan(800_000n)
    expect(reward).toBeLessThanOrEqual(821_917n)
  })
})

describe('Rewards consensus (spec 4.9)', () => {
  test('a lock spending rewards CC: unexpected RewardsValidate for lock', async () => {
    const l = clone(parseTransaction((await dev.rpc.rewardslock('PLAN', fundingtxid, '2')).hex))
    const f = (await rewardsPlanOutputs(new StateReader(dev.view), fundingtxid)).funding[0]!
    l.vin.push({ txid: f.txid, vout: f.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    l.vout.splice(l.vout.length - 1, 0, { value: f.satoshis, script: p2pkScript(hexToBytes(dev.pubkey)) })
    await refusedBy(l, 'unexpected RewardsValidate for lock')
  })
  test('fee above 10000: txfee is too high', async () => {
    const t = clone(valid)
    t.vout[1] = { ...t.vout[1]!, value: t.vout[1]!.value - 1n }
    await refusedBy(t, 'txfee is too high')
  })
  test('payout to another script: unlock tx vout.1 mismatched scriptPubKey', async () => {
    const t = clone(valid)
    t.vout[1] = { ...t.vout[1]!, script: p2pkScript(OTHER) }
    await refusedBy(t, 'unlock tx vout.1 mismatched scriptPubKey')
  })
  test('paying more than amount + reward out of the plan: unlock tx vout.1 isnt amount+reward', async () => {
    const t = clone(valid)
    t.vout[1] = { ...t.vout[1]!, value: t.vout[1]!.value + 1_000_000n }
    t.vout[0] = { ...t.vout[0]!, value: t.vout[0]!.value - 1_000_000n }
    await refusedBy(t, 'unlock tx vout.1 isnt amount+reward')
  })
  test('an unlock whose opret names another sbits: mismatched inputs != outputs + txfee (IsRewardsvout counts no output)', async () => {
    // RewardsExactAmounts compares with the funding's sbits; IsRewardsvout counts this transaction's plan output only
    // when its own opret has those sbits, so the plan change (vout 0) counts nothing and the amounts do not balance
    const t = clone(valid)
    const op = t.vout[t.vout.length - 1]!.script
    const bytes = op.slice()
    bytes[4] = bytes[4]! ^ 0x01 // 6a <push> e5 'U' sbits…: the first sbits byte
    t.vout[t.vout.length - 1] = { value: 0n, script: bytes }
    await refusedBy(t, 'mismatched inputs != outputs + txfee')
  })
  test('a fresh lock at vin 0: no eligible rewards', async () => {
    const fresh = await dev.rpc.sendrawtransaction((await dev.rpc.rewardslock('PLAN', fundingtxid, '20')).hex)
    await dev.mine(1)
    const t = clone(valid)
    t.vin[0] = { ...t.vin[0]!, txid: fresh }
    await refusedBy(t, 'no eligible rewards')
  })
  test('the funding transaction at vin 0: cant unlock fundingtxid', async () => {
    const t = clone(valid)
    const [a, b] = [t.vin[0]!, t.vin[1]!]
    t.vin[0] = b
    t.vin[1] = a
    await refusedBy(t, 'cant unlock fundingtxid')
  })
  test('a normal input added: unexpected normal vin for unlock', async () => {
    const t = clone(valid)
    const c = dev.chain.walletUtxos().find((u) => u.height === 0 && !dev.chain.spentInMempool(u.txid, u.vout))!
    t.vin.push({ txid: c.txid, vout: c.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    await refusedBy(t, 'unexpected normal vin for unlock')
  })
  test('the valid unlock is accepted and pays the locker', async () => {
    const hex = resign(dev, valid, GLOBAL, GKEY)
    const id = await dev.rpc.sendrawtransaction(hex)
    await dev.mine(1)
    expect(dev.chain.confirmations(id)).toBe(1)
    // lock1 is gone; the fresh 20-coin lock remains
    expect((await dev.rpc.rewardsinfo(fundingtxid)).locked).toBe(2_000_000_000n)
  })
})
