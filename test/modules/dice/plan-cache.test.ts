// buildDiceBet remembers each plan transaction's decoded opret per script object (re-checked against a private copy of
// the bytes) and compares output 0 with the Dice script through a snapshot. Whatever is changed in place between two
// builds, the second build must equal a build from fresh, never-seen copies of the same transactions (no cache hit).
import { describe, expect, test } from 'vitest'
import {
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  buildDiceFund,
  DICE_MIN_ENTROPY_UTXOS,
} from '../../../src/modules/dice/build.js'
import { parseTransaction, serializeTransaction } from '../../../src/tx/codec.js'
import { sha256 } from '../../../src/hash/index.js'
import type { Transaction } from '../../../src/tx/types.js'
import type { BuildResult } from '../../../src/cctx/complete.js'
import { coin, ctxOf, key } from '../_build.js'

const house = key(1)
const bettor = key(2)
const NAME = 'KMDDice'
const hex = (i: number, tag = 'a') => (tag + i.toString(16).padStart(3, '0')).repeat(16)

const fund = buildDiceFund(
  { name: NAME, funds: '100', minbet: '0.777', maxbet: '7.77', maxodds: 777, timeoutblocks: 7 },
  ctxOf([coin('f1'.repeat(32), 1000n * 100_000_000n, house.pub)], house.priv),
)
const adds: BuildResult[] = Array.from({ length: DICE_MIN_ENTROPY_UTXOS + 3 }, (_, i) =>
  buildDiceAddFunds(
    { name: NAME, fundingtxid: fund.txid, amount: '10' },
    ctxOf([coin(hex(i), 2_000_000_000n, house.pub)], house.priv),
    { funding: fund.hex },
  ),
)
const bettorEntropy = sha256(new TextEncoder().encode('bettor'))
const betCtx = () => ctxOf([coin('b1'.repeat(32), 50n * 100_000_000n, bettor.pub)], bettor.priv)

/** Fresh objects (new scripts, new buffers) with the same content: never seen by any cache. */
const fresh = (tx: Transaction): Transaction => parseTransaction(serializeTransaction(tx))
/** The plan as parsed objects whose scripts are views into one buffer per transaction (as parseTransaction returns). */
const plan = (): Transaction[] => [fresh(fund.tx), ...adds.map((a) => fresh(a.tx))]

type Outcome = { hex: string; txid: string } | { code: string }
function bet(funding: Transaction, planTxs: readonly Transaction[], entropyTxid?: string): Outcome {
  try {
    const r = buildDiceBet({ name: NAME, fundingtxid: fund.txid, amount: '1', odds: 2 }, betCtx(), {
      funding,
      planTxs,
      bettorEntropy,
      ...(entropyTxid === undefined ? {} : { entropyTxid }),
    })
    return { hex: r.hex, txid: r.txid }
  } catch (e) {
    return { code: (e as { code: string }).code }
  }
}
/** The same bet built from never-seen copies: what any cached build must equal. */
const uncached = (funding: Transaction, planTxs: readonly Transaction[], entropyTxid?: string) =>
  bet(fresh(funding), planTxs.map(fresh), entropyTxid)

function expectSameAsUncached(funding: Transaction, planTxs: Transaction[], entropyTxid?: string): Outcome {
  const got = bet(funding, planTxs, entropyTxid)
  expect(got).toEqual(uncached(funding, planTxs, entropyTxid))
  return got
}
const opretOf = (tx: Transaction) => tx.vout.at(-1)!.script

describe('dice plan scan: cached oprets are re-checked by content', () => {
  test('repeated bets over the same objects equal the uncached bet', () => {
    const txs = plan()
    const first = expectSameAsUncached(txs[0]!, txs)
    expect(bet(txs[0]!, txs)).toEqual(first)
    expect('hex' in first).toBe(true)
  })

  test('an entropy opret changed in place (funcid, sbits, fundingtxid) is decoded again', () => {
    const txs = plan()
    const before = expectSameAsUncached(txs[0]!, txs)
    // 106-byte payload behind 6a 4c 6a: [3] = eval e6, [4] = funcid, [5..13) = sbits, [13..45) = fundingtxid
    const e1 = opretOf(txs[1]!)
    e1[4] = 'B'.charCodeAt(0) // no longer an entropy transaction: the next one is chosen
    const afterFuncid = expectSameAsUncached(txs[0]!, txs)
    expect(afterFuncid).not.toEqual(before)
    e1[4] = 'E'.charCodeAt(0) // back: the original choice again
    expect(expectSameAsUncached(txs[0]!, txs)).toEqual(before)
    opretOf(txs[2]!)[5]! ^= 1 // sbits of another plan
    opretOf(txs[3]!)[13]! ^= 1 // fundingtxid of another plan
    e1[4] = 'B'.charCodeAt(0)
    const r = expectSameAsUncached(txs[0]!, txs)
    expect(r).not.toEqual(afterFuncid)
  })

  test('an opret made undecodable, or a different opret object, is seen', () => {
    const txs = plan()
    expectSameAsUncached(txs[0]!, txs)
    opretOf(txs[1]!)[3] = 0xe5 // wrong eval code: not a dice opret
    expectSameAsUncached(txs[0]!, txs)
    const last = txs[2]!.vout.length - 1
    txs[2]!.vout[last] = { value: 0n, script: opretOf(txs[1]!).slice() } // a new array object
    expectSameAsUncached(txs[0]!, txs)
    txs[2]!.vout.pop() // the last output is now the change, not an opret
    expectSameAsUncached(txs[0]!, txs)
  })

  test('output 0 changed in place (Dice script byte, value) is seen', () => {
    const txs = plan()
    const before = expectSameAsUncached(txs[0]!, txs)
    txs[1]!.vout[0]!.script[5]! ^= 1
    const moved = expectSameAsUncached(txs[0]!, txs)
    expect(moved).not.toEqual(before)
    txs[1]!.vout[0]!.script[5]! ^= 1
    expect(expectSameAsUncached(txs[0]!, txs)).toEqual(before)
    txs[1]!.vout[0]!.value = 9999n
    expect(expectSameAsUncached(txs[0]!, txs)).not.toEqual(before)
  })

  test('the shared buffer of parsed transactions overwritten in place', () => {
    const raws = [fund.tx, ...adds.map((a) => a.tx)].map((t) => serializeTransaction(t))
    const txs = raws.map((r) => parseTransaction(r)) // scripts are views into raws
    const before = expectSameAsUncached(txs[0]!, txs)
    // overwrite entropy transaction 1 with entropy transaction 5's bytes (same length): its opret now commits elsewhere
    raws[1]!.set(raws[5]!)
    const r = expectSameAsUncached(txs[0]!, txs)
    expect(r).not.toEqual(before) // the first entropy transaction object is another transaction now
    expect(bet(txs[0]!, txs, adds[0]!.txid)).toEqual(uncached(txs[0]!, txs, adds[0]!.txid)) // not found any more
    expect(bet(txs[0]!, txs, adds[0]!.txid)).toEqual({ code: 'INSUFFICIENT_FUNDS' })
  })

  test('the funding transaction: the same object in planTxs, a copy, and a copy changed in place', () => {
    const txs = plan()
    expectSameAsUncached(txs[0]!, txs) // funding === planTxs[0]
    const copy = fresh(txs[0]!)
    const withCopy = [copy, ...txs.slice(1)]
    expectSameAsUncached(txs[0]!, withCopy)
    copy.lockTime = 1 // another txid: no longer the plan's funding, its output no longer counted
    expectSameAsUncached(txs[0]!, withCopy)
  })

  test('the funding transaction changed in place after a bet is refused like a fresh copy', () => {
    const txs = plan()
    expectSameAsUncached(txs[0]!, txs)
    opretOf(txs[0]!)[20]! ^= 1 // minbet: the funding is another transaction now
    const r = expectSameAsUncached(txs[0]!, txs)
    expect(r).toEqual({ code: 'BUILD_STATE' })
  })

  test('dicefinish over the same plan objects (plan outputs as extra inputs) equals the uncached build', () => {
    const txs = plan()
    // odds 20: a timeout claim pays 21 coins, more than the entropy (10) + bet (1): plan outputs are added as inputs
    const b = buildDiceBet({ name: NAME, fundingtxid: fund.txid, amount: '1', odds: 20 }, betCtx(), {
      funding: txs[0]!,
      planTxs: txs,
      bettorEntropy,
    })
    const entropyTx = adds.find((a) => a.txid === b.tx.vin[0]!.txid)!.tx
    const ctx = ctxOf([coin('c1'.repeat(32), 30000n, bettor.pub)], bettor.priv, 1000)
    const finish = (planTxs: Transaction[]) => {
      try {
        const r = buildDiceFinish({ name: NAME, fundingtxid: fund.txid, bettxid: b.txid }, ctx, {
          funding: txs[0]!,
          bet: b.tx,
          entropyTx,
          betHeight: 990,
          betTime: 1_700_000_000,
          tipTime: 1_700_006_000,
          planTxs,
        })
        return `${r.funcid} ${r.hex}`
      } catch (e) {
        return (e as { code: string }).code
      }
    }
    const planTxs = [fresh(txs[0]!), ...txs.slice(1)] // the funding output (100 coins) as a copy: the only one ≥ 21
    const first = finish(planTxs)
    expect(first.startsWith('T ')).toBe(true)
    expect(parseTransaction(first.slice(2)).vin.length).toBe(4)
    expect(first).toBe(finish(planTxs.map(fresh)))
    opretOf(planTxs[0]!)[4] = 'E'.charCodeAt(0) // not an 'F' any more (nor a valid 'E'): up to 60 small outputs instead
    const second = finish(planTxs)
    expect(second).toBe(finish(planTxs.map(fresh)))
    expect(parseTransaction(second.slice(2)).vin.length).toBeGreaterThan(4)
    opretOf(planTxs[2]!)[4] = 'B'.charCodeAt(0) // one of them no longer counts
    const third = finish(planTxs)
    expect(third).toBe(finish(planTxs.map(fresh)))
    expect(third).not.toBe(second)
  })
})
