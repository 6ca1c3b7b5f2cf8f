// One rule, one place: komodod's AddDiceInputs as DiceBetFinish calls it (src/cc/dice.cpp) is `diceFinishInputs`
// (src/modules/dice/plan.ts). This file's table, written from that C++, runs against the rule and against
// `buildDiceFinish`'s winning path (the inputs it adds after the bet's own two; the resolver and the devnet build
// through it: test/modules/dice/resolve.test.ts).
import { describe, expect, test } from 'vitest'
import {
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  buildDiceFund,
  DICE_MIN_ENTROPY_UTXOS,
} from '../../../src/modules/dice/build.js'
import { diceFinishInputs } from '../../../src/modules/dice/plan.js'
import { diceHashEntropy } from '../../../src/modules/dice/entropy.js'
import { diceOutcome } from '../../../src/modules/dice/outcome.js'
import { sha256 } from '../../../src/hash/index.js'
import { txid as txidOf } from '../../../src/tx/codec.js'
import type { Transaction } from '../../../src/tx/types.js'
import { coin, ctxOf, key } from '../_build.js'

const house = key(21)
const bettor = key(22)
const NAME = 'ADDIN'
const COIN = 100_000_000n
const hex = (i: number, tag: string) => (tag + i.toString(16).padStart(3, '0')).repeat(16)

type Case = {
  name: string
  /** the plan's candidate outputs (vout 0 of its 'E's), in the address index's order */
  values: bigint[]
  /** indexes the daemon takes, or its refusal */
  taken: number[] | 'not enough inputs'
  /** the bet's 30000 and the inputs taken stay below fundsneeded: refused here (INSUFFICIENT_FUNDS) */
  short?: true
}

// The bet below: 10000 sat at odds 2 (vout 2 = txfee + 2), so DiceBetFinish's fundsneeded = txfee + (odds + 1) · bet =
// 40000 and its CCchange (the bet's vout 0 + vout 1) = 20000 + 10000 = 30000 < 40000: AddDiceInputs runs.
// From AddDiceInputs: `if (maxinputs > CC_MAXVINS) maxinputs = CC_MAXVINS`; threshold = total / maxinputs; `if (vout
// != 0 || satoshis < threshold) continue`; `n++` per output taken; `if ((total > 0 && totalinputs >= total) ||
// (maxinputs > 0 && n >= maxinputs)) break`. DiceBetFinish: `AddDiceInputs(…, fundsneeded, 1) >= fundsneeded`, else
// (mtx restored) `AddDiceInputs(…, fundsneeded, 60) > 0`, else "not enough inputs"; a sum short of fundsneeded is
// still built: CCchange then stays the bet's 30000 (`if (inputs > fundsneeded) CCchange += …`), the house's normal
// coins paying the rest; the library instead builds CCchange = 30000 + inputs − fundsneeded (the change is checked
// below only where inputs cover fundsneeded) and refuses when that is negative ('short').
const NEED = 40000n
const CASES: Case[] = [
  { name: '(need, 1): one output of at least need', values: [50000n], taken: [0] },
  { name: '(need, 1): smaller outputs before it are skipped', values: [9000n, 39999n, 50000n, 60000n], taken: [2] },
  { name: '(need, 1): exactly need is taken (threshold is not below)', values: [30000n, 40000n], taken: [1] },
  {
    name: '(need, 60): none reaches need: outputs in order to the sum',
    values: [39999n, 30000n, 20000n],
    taken: [0, 1],
  },
  { name: '(need, 60): below need/60 = 666 skipped, 666 taken', values: [665n, 666n, 39999n, 5000n], taken: [1, 2] },
  { name: '(need, 60): no 10000-sat floor', values: [9000n, 9000n, 9000n, 9000n, 9000n], taken: [0, 1, 2, 3, 4] },
  { name: 'nothing of at least need/60: not enough inputs', values: [665n, 664n], taken: 'not enough inputs' },
  { name: '(need, 60): all taken, short of need', values: [20000n, 10000n], taken: [0, 1] },
  {
    name: '(need, 60): at most 60 inputs (61 × 666: 60 taken)',
    values: Array(61).fill(666n),
    taken: [...Array(60).keys()],
  },
  {
    name: '(need, 60): 61 × 700 stop at the sum (58 taken)',
    values: Array(61).fill(700n),
    taken: [...Array(58).keys()],
  },
  { name: 'too short for the bet and inputs to pay', values: [700n], taken: [0], short: true },
]

const fund = buildDiceFund(
  { name: NAME, funds: '100', minbet: '0.0001', maxbet: '1', maxodds: 10, timeoutblocks: 7 },
  ctxOf([coin('e2'.repeat(32), 1000n * COIN, house.pub)], house.priv),
)
const add = (i: number, amount: string) =>
  buildDiceAddFunds(
    { name: NAME, fundingtxid: fund.txid, amount },
    ctxOf([coin(hex(i, 'd'), COIN, house.pub)], house.priv),
    { funding: fund.hex },
  )
const entropies = Array.from({ length: DICE_MIN_ENTROPY_UTXOS }, (_, i) => add(i, '0.0002'))
const e = entropies[0]!
const houseEntropy = diceHashEntropy({ txid: e.tx.vin[0]!.txid, vout: e.tx.vin[0]!.vout }, true, house.priv).entropy
let bettorEntropy: Uint8Array | undefined
for (let i = 0; bettorEntropy === undefined; i++) {
  const b = sha256(new TextEncoder().encode(`add-inputs bettor ${i}`))
  const o = diceOutcome({
    bet: 10000n,
    vout2Value: 10002n,
    minbet: 10000n,
    maxbet: COIN,
    maxodds: 10,
    houseEntropy,
    bettorEntropy: b,
  })
  if (o.win) bettorEntropy = b
}
const bet = buildDiceBet(
  { name: NAME, fundingtxid: fund.txid, amount: 10000n, odds: 2n },
  ctxOf([coin('b3'.repeat(32), COIN, bettor.pub)], bettor.priv),
  { funding: fund.hex, planTxs: [fund.tx, ...entropies.map((x) => x.tx)], entropyTxid: e.txid, bettorEntropy },
)
// one 'E' of the plan, copied with vout 0 set to each value (a distinct first input each: distinct transactions)
const template = add(900, '0.0002').tx
const planTxs = (values: bigint[]): Transaction[] =>
  values.map((v, i) => ({
    ...template,
    vin: template.vin.map((x, n) => (n === 0 ? { ...x, txid: hex(i, 'a') } : x)),
    vout: template.vout.map((o, n) => (n === 0 ? { ...o, value: v } : o)),
  }))

describe('AddDiceInputs as DiceBetFinish calls it (src/cc/dice.cpp)', () => {
  test('the bet pays a win needing 40000 from the plan', () => {
    expect(bet.tx.vout.slice(0, 3).map((o) => o.value)).toEqual([20000n, 10000n, 10002n])
  })
  describe.each(CASES)('$name', ({ values, taken, short }) => {
    test('the rule: diceFinishInputs', () => {
      const got = diceFinishInputs(
        values.map((satoshis, i) => ({ satoshis, i })),
        NEED,
      )
      expect(got.map((x) => x.i)).toEqual(taken === 'not enough inputs' ? [] : taken)
    })
    test('buildDiceFinish', () => {
      const txs = planTxs(values)
      const finish = () =>
        buildDiceFinish(
          { name: NAME, fundingtxid: fund.txid, bettxid: bet.txid },
          ctxOf([coin(hex(9, 'c'), 20000n, house.pub)], house.priv),
          { funding: fund.hex, bet: bet.hex, entropyTx: e.hex, planTxs: txs },
        )
      if (taken === 'not enough inputs')
        expect(finish).toThrow(
          expect.objectContaining({
            details: expect.objectContaining({ daemonError: 'not enough inputs for 0.00040000\n' }),
          }),
        )
      else if (short === true) expect(finish).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }))
      else {
        const r = finish()
        expect(r.funcid).toBe('W')
        // vin: the txfee coin, the bet's vout 0 and 1, then the plan inputs in the order taken
        expect(r.tx.vin.slice(3).map((v) => `${v.txid}:${v.vout}`)).toEqual(taken.map((i) => `${txidOf(txs[i]!)}:0`))
        const sum = taken.reduce((s, i) => s + values[i]!, 0n)
        if (sum >= NEED) expect(r.tx.vout[0]!.value).toBe(30000n + sum - NEED) // CCchange += inputs − fundsneeded
      }
    })
  })
})
