import { bytesToHex } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { p2pkhAddress } from '../../address/address.js'
import { daemonParseCoins } from '../../amount.js'
import { KomodoCcError } from '../../errors.js'
import { decodeRewardsPayload, type RewardsOpret } from './opret.js'
import { rewardsPayout } from './payout.js'
import {
  resolveRewardsAddFunding,
  resolveRewardsCreateFunding,
  resolveRewardsLock,
  resolveRewardsUnlock,
  rewardsInfo,
} from './resolve.js'
import { ccScript } from '../../script/cc.js'
import type { Transaction } from '../../tx/types.js'
import type { BuildResult } from '../../cctx/complete.js'
import { StateReader } from '../../cctx/resolve.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'
import { hexResult, numText, str, txidArg, type DevnetNode, type Method } from '../../devnet/node.js'
import { decodedLastOpret } from '../../devnet/opret.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck } from '../../devnet/validate.js'

const REWARDS = /* @__PURE__ */ ccModule('Rewards')
const TXFEE = 10000n
const MAX_APR = 25n * 100_000_000n

const globalScript = (): Uint8Array => ccScript(cc1of1(EVAL.REWARDS, REWARDS.pubkey))
const isCc = (s: Uint8Array): boolean => s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc

/** The strictly decoded rewards opret of a transaction, or null. */
export function rewardsOpret(tx: Transaction | undefined): RewardsOpret | null {
  return decodedLastOpret(tx, decodeRewardsPayload, (p) => p.length >= 3 && p[0] === EVAL.REWARDS)
}

/**
 * `IsRewardsvout` (src/cc/rewards.cpp): the value of output `v` when it is a CC output to the Rewards global address
 * and the transaction's own opret names sbits `refsbits` and the funding `ref` (an 'F' names itself); else 0.
 */
function rewardsVout(tx: Transaction, txid: string, v: number, refsbits: bigint, ref: string): bigint {
  const o = tx.vout[v]
  if (o === undefined || !isCc(o.script)) return 0n
  const p = rewardsOpret(tx)
  if (p === null || p.sbits !== refsbits || ((p.funcid === 'F' ? txid : p.fundingtxid) !== ref && txid !== ref))
    return 0n
  return equalBytes(o.script, globalScript()) ? o.value : 0n
}

/**
 * `RewardsValidate` (spec 4.9) with the daemon's texts.
 * @throws DevnetRefusal `…; Rewards: <text>`
 * @example validators.set(0xe5, validateRewards)
 */
export function validateRewards(check: ModuleCheck): void {
  const { chain, tx, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('Rewards', why)
  }
  if (tx.vout.length === 0) return fail('no vouts')
  const p = rewardsOpret(tx)
  if (p === null) return fail('unexpected rewards missing funcid')
  const fundingtxid = p.funcid === 'F' ? check.txid : p.fundingtxid
  const ftx = chain.txs.get(fundingtxid)?.tx
  if (ftx === undefined) return fail('cant find fundingtxid')
  const f = rewardsOpret(ftx)
  if (f?.funcid !== 'F') return fail('fundingTx not valid')
  if (f.APR > MAX_APR) return fail('excessive APR')
  if (p.funcid === 'F') return fail('unexpected RewardsValidate for createfunding')
  if (p.funcid === 'A') return fail('unexpected RewardsValidate for addfunding')
  if (p.funcid === 'L') return fail('unexpected RewardsValidate for lock')
  if (p.funcid !== 'U') return fail('unexpected rewards funcid')
  const vin0 = tx.vin[0]!
  if (vin0.txid === fundingtxid) return fail('cant unlock fundingtxid')
  const lockEntry = chain.txs.get(vin0.txid)
  if (lockEntry === undefined) return fail('always should find vin.0, but didnt')
  const l = rewardsOpret(lockEntry.tx)
  if (l?.funcid !== 'L') return fail('can only unlock locktxid')
  if (l.fundingtxid !== fundingtxid) return fail('mismatched vinfundingtxid')
  for (const inp of inputs)
    if (!inp.cc || !inp.evalCodes.includes(EVAL.REWARDS)) return fail('unexpected normal vin for unlock')
  const valueIn = inputs.reduce((s, i) => s + i.coin.value, 0n)
  const valueOut = tx.vout.reduce((s, o) => s + o.value, 0n)
  if (valueIn - valueOut > TXFEE) return fail('txfee is too high')
  const lockOut = lockEntry.tx.vout[0]!
  const lockTime = lockEntry.height >= 0 ? chain.blocks[lockEntry.height]!.time : null
  // the tip's time, as the builder computes it (komodod uses the validation height's timestamp)
  const { reward } = rewardsPayout(
    { apr: f.APR, minseconds: f.minseconds, maxseconds: f.maxseconds },
    { amount: lockOut.value, blockTime: lockTime },
    chain.tip.time,
  )
  if (reward <= 0n) return fail('no eligible rewards')
  const lockV1 = lockEntry.tx.vout[1]
  if (tx.vin.length === 1 && !isCc(tx.vout[0]!.script)) {
    if (tx.vout[1]?.value !== TXFEE) return fail('wrong marker vout value')
    if (!equalBytes(tx.vout[1]!.script, tx.vout[0]!.script))
      return fail('unlock recover tx vout.1 mismatched scriptPubKey')
    if (lockV1 === undefined || !equalBytes(tx.vout[0]!.script, lockV1.script))
      return fail('unlock recover tx vout.0 mismatched scriptPubKey')
    if (tx.vout[0]!.value > lockOut.value) return fail('unlock recover tx vout.0 mismatched amounts')
    if (tx.vout[2]?.value !== 0n) return fail('unlock recover tx vout.1 nonz amount')
    return
  }
  if (!isCc(lockOut.script)) return fail('unlock tx vout.0 is normal output')
  if (tx.vout.length !== 3) return fail('unlock tx wrong number of vouts')
  if (!isCc(tx.vout[0]!.script)) return fail('unlock tx vout.0 is normal output')
  if (isCc(tx.vout[1]!.script)) return fail('unlock tx vout.1 is CC output')
  if (lockV1 === undefined || !equalBytes(tx.vout[1]!.script, lockV1.script))
    return fail('unlock tx vout.1 mismatched scriptPubKey')
  // RewardsExactAmounts(cp, eval, tx, txfee + vout[1], sbits, fundingtxid): sbits is the funding's (the 'F' decode
  // overwrote the 'U' opret's), every rewards input and output counted by IsRewardsvout
  let ccIn = 0n
  for (const inp of inputs) {
    const src = chain.txs.get(inp.coin.txid)
    if (src === undefined) return fail('always should find vin, but didnt')
    if (src.height < 0) return fail('cant rewards from mempool')
    ccIn += rewardsVout(src.tx, src.txid, inp.coin.vout, f.sbits, fundingtxid)
  }
  let ccOut = 0n
  for (let v = 0; v < tx.vout.length; v++) ccOut += rewardsVout(tx, check.txid, v, f.sbits, fundingtxid)
  if (ccIn !== ccOut + TXFEE + tx.vout[1]!.value) return fail('mismatched inputs != outputs + txfee')
  if (tx.vout[1]!.value > lockOut.value + reward) return fail('unlock tx vout.1 isnt amount+reward')
  if (tx.vout[2]!.value !== 0n) return fail('unlock tx vout.2 isnt 0')
  for (let i = 1; i < tx.vout.length; i++) if (isCc(tx.vout[i]!.script)) return fail('invalid CC vout')
}

function allPlans(n: DevnetNode): string[] {
  const out: string[] = []
  for (const r of n.chain.addressHistory.get(p2pkhAddress(REWARDS.pubkey)) ?? [])
    if (rewardsOpret(n.chain.txs.get(r.txid)?.tx)?.funcid === 'F' && !out.includes(r.txid)) out.push(r.txid)
  return out
}

/** A resolver's outcome shaped as the module RPCs answer: `{result:"success", hex}` or `{result:"error", error}`. */
async function resolvedHex(build: Promise<BuildResult>): Promise<Record<string, unknown>> {
  try {
    return { result: 'success', hex: (await build).hex }
  } catch (e) {
    return hexResult(() => {
      throw e
    })
  }
}

/** The rewards RPCs of the devnet wallet: each parses its parameters as komodod does, then runs its resolver. @internal */
export const REWARDS_METHODS: Record<string, Method> = {
  rewardscreatefunding: {
    min: 2,
    max: 6,
    usage: 'rewardscreatefunding name amount APR mindays maxdays mindeposit\n',
    run: (n, p) => {
      const name = str(p[0])
      const amount = daemonParseCoins(numText(p[1]))
      const apr = p[2] === undefined ? undefined : daemonParseCoins(numText(p[2]), { fudge: false })
      const days = (v: unknown): bigint | undefined =>
        v === undefined ? undefined : BigInt(Number.parseInt(numText(v), 10) || 0)
      const mindeposit = p[5] === undefined ? undefined : daemonParseCoins(numText(p[5]))
      return resolvedHex(
        resolveRewardsCreateFunding(
          { name, amount, APR: apr, mindays: days(p[3]), maxdays: days(p[4]), mindeposit },
          walletResolveContext(n),
        ),
      )
    },
  },
  rewardsaddfunding: {
    min: 3,
    max: 3,
    usage: 'rewardsaddfunding name fundingtxid amount\n',
    run: (n, p) => {
      const name = str(p[0])
      const fundingtxid = txidArg(p[1])
      const amount = daemonParseCoins(numText(p[2]))
      return resolvedHex(resolveRewardsAddFunding({ name, fundingtxid, amount }, walletResolveContext(n)))
    },
  },
  rewardslock: {
    min: 3,
    max: 3,
    usage: 'rewardslock name fundingtxid amount\n',
    run: (n, p) => {
      const name = str(p[0])
      const fundingtxid = txidArg(p[1])
      const amount = daemonParseCoins(numText(p[2]))
      return resolvedHex(resolveRewardsLock({ name, fundingtxid, amount }, walletResolveContext(n)))
    },
  },
  rewardsunlock: {
    min: 2,
    max: 3,
    usage: 'rewardsunlock name fundingtxid [txid]\n',
    run: (n, p) => {
      const name = str(p[0])
      const fundingtxid = txidArg(p[1])
      // a malformed txid is Parseuint256's zero: the automatic mode
      const txid = p[2] === undefined ? undefined : txidArg(p[2])
      return resolvedHex(
        resolveRewardsUnlock(
          txid === undefined ? { name, fundingtxid } : { name, fundingtxid, txid },
          walletResolveContext(n),
        ),
      )
    },
  },
  rewardsinfo: {
    min: 1,
    max: 1,
    usage: 'rewardsinfo fundingtxid\n',
    run: async (n, p) => {
      const id = txidArg(p[0])
      try {
        return await rewardsInfo(new StateReader(devnetChainView(n)), id)
      } catch (e) {
        if (e instanceof KomodoCcError && typeof e.details.daemonError === 'string')
          return { result: 'error', error: e.details.daemonError }
        throw e
      }
    },
  },
  rewardslist: { min: 0, max: 0, usage: 'rewardslist\n', run: (n) => allPlans(n) },
}

/**
 * The rewards module's devnet part, listed in src/modules/registry/io.ts: its consensus validator and its RPCs.
 * @example rewardsDevnet.evalCodes // [EVAL.REWARDS]
 */
export const rewardsDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'rewardsaddress',
  evalCodes: Object.freeze([EVAL.REWARDS]),
  validate: validateRewards,
  methods: REWARDS_METHODS,
})
