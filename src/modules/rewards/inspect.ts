// How the inspector reads rewards transactions (and the 2018 recover unlock).
import { EVAL } from '../../cc/eval.js'
import type { ReadContext, ReadingBase } from '../inspection.js'
import type { ModuleInspector } from '../descriptor.js'
import { decodeRewardsPayload, rewardsAprToPercent, type RewardsOpret } from './opret.js'

/**
 * `rewardscreatefunding`: the plan and its first funds (APR as the daemon prints it). @example
 * inspectTransaction(hex).reading.kind === 'rewardscreatefunding'
 */
export type RewardsCreateFundingReading = ReadingBase & {
  kind: 'rewardscreatefunding'
  name: string | null
  sbits: bigint
  funds: bigint | null
  APR: string
  minseconds: bigint
  maxseconds: bigint
  mindeposit: bigint
}
/** `rewardsaddfunding`. @example inspectTransaction(hex).reading.kind === 'rewardsaddfunding' */
export type RewardsAddFundingReading = ReadingBase & {
  kind: 'rewardsaddfunding'
  name: string | null
  fundingtxid: string
  amount: bigint | null
}
/** `rewardslock`: the deposit and where the unlock will pay. @example inspectTransaction(hex).reading.kind === 'rewardslock' */
export type RewardsLockReading = ReadingBase & {
  kind: 'rewardslock'
  name: string | null
  fundingtxid: string
  amount: bigint | null
  unlockAddress: string | null
}
/**
 * `rewardsunlock`: what was paid, and (with `prevouts`) the lock amount and the reward. @example
 * inspectTransaction(hex, { prevouts }).reading.kind === 'rewardsunlock'
 */
export type RewardsUnlockReading = ReadingBase & {
  kind: 'rewardsunlock'
  name: string | null
  fundingtxid: string
  locktxid: string | null
  recover: boolean
  paid: bigint | null
  to: string | null
  lockAmount?: bigint
  reward?: bigint
}
/** Every reading of a rewards transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'rewardsunlock') r.paid */
export type RewardsReading =
  RewardsCreateFundingReading | RewardsAddFundingReading | RewardsLockReading | RewardsUnlockReading

function read({ tx, facts, payload, body, role, changeRest, value: v }: ReadContext<RewardsOpret>): RewardsReading {
  const d = payload!
  if (d.funcid === 'F') {
    role(0, 'funding', 'cc')
    role(1, 'marker')
    changeRest()
    return {
      kind: 'rewardscreatefunding',
      name: d.name,
      sbits: d.sbits,
      funds: v(0),
      APR: rewardsAprToPercent(d.APR),
      minseconds: d.minseconds,
      maxseconds: d.maxseconds,
      mindeposit: d.mindeposit,
    }
  }
  if (d.funcid === 'A') {
    role(0, 'funding', 'cc')
    changeRest()
    return { kind: 'rewardsaddfunding', name: d.name, fundingtxid: d.fundingtxid, amount: v(0) }
  }
  if (d.funcid === 'L') {
    role(0, 'deposit', 'cc')
    role(1, 'unlock destination')
    changeRest()
    return {
      kind: 'rewardslock',
      name: d.name,
      fundingtxid: d.fundingtxid,
      amount: v(0),
      unlockAddress: body[1]?.address ?? null,
    }
  }
  const recover = body[0] !== undefined && body[0].kind !== 'cc'
  if (recover) {
    role(0, 'payout')
    role(1, 'change')
    // the 2018 recover unlock: the lock's only input, payout = amount − 10000, no change (§6, §8 rule 22)
    if (body.length === 1 && tx.vin.length === 1) facts.era = '2018'
  } else {
    role(0, 'funding change', 'cc')
    role(1, 'payout')
  }
  return {
    kind: 'rewardsunlock',
    name: d.name,
    fundingtxid: d.fundingtxid,
    locktxid: tx.vin[0]?.txid ?? null,
    recover,
    paid: v(recover ? 0 : 1),
    to: body[recover ? 0 : 1]?.address ?? null,
  }
}

/**
 * The rewards module's reading of its transactions (eval 0xe5).
 * @example rewardsInspector.ccEvals(draft) // [0xe5]
 * @internal
 */
export const rewardsInspector: ModuleInspector<RewardsOpret, RewardsReading> = /* @__PURE__ */ Object.freeze({
  decodeOpret: (payload: Uint8Array) => decodeRewardsPayload(payload),
  ccEvals: () => [EVAL.REWARDS],
  read,
  withPrevouts(reading: ReadingBase, prevouts: readonly ({ value: bigint } | null)[]): void {
    const r = reading as RewardsReading
    if (r.kind !== 'rewardsunlock' || prevouts[0] == null) return
    const lock = prevouts[0].value
    r.lockAmount = lock
    // recover mode pays the lock back less the fee(s): 20000 today, 10000 in the 2018 form (legacy-2018-layouts.md §6)
    r.reward = (r.paid as bigint) - lock + (r.recover ? (r.era === '2018' ? 10000n : 20000n) : 0n)
  },
  summary(r: ReadingBase, add): boolean {
    if ((r as RewardsReading).kind !== 'rewardsunlock') return false
    add('plan', r.name, 'text')
    add('paid', r.paid, 'coins')
    add('reward', r.reward, 'coins')
    return true
  },
})
