// dicefinish's plan inputs as komodod's AddDiceInputs (src/cc/dice.cpp) takes them (issue 28, "Also found"): unlike
// DicePlanFunds (which counts outputs of at least 10000 sat), AddDiceInputs only skips outputs below need/maxinputs,
// so a winning payout beyond the bet's own outputs may be paid with plan outputs below 10000 sat.
import { describe, expect, test } from 'vitest'
import {
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  buildDiceFund,
  DICE_MIN_ENTROPY_UTXOS,
} from '../../../src/modules/dice/build.js'
import { diceHashEntropy } from '../../../src/modules/dice/entropy.js'
import { diceOutcome } from '../../../src/modules/dice/outcome.js'
import { sha256 } from '../../../src/hash/index.js'
import { serializeTransaction } from '../../../src/tx/codec.js'
import type { Transaction } from '../../../src/tx/types.js'
import { coin, ctxOf, key } from '../_build.js'

const house = key(11)
const bettor = key(12)
const NAME = 'TINY'
const hex = (i: number, tag: string) => (tag + i.toString(16).padStart(3, '0')).repeat(16)
// a plan of small bets: minbet 10000 sat, maxbet 1 coin, maxodds 10
const fund = buildDiceFund(
  { name: NAME, funds: '100', minbet: '0.0001', maxbet: '1', maxodds: 10, timeoutblocks: 7 },
  ctxOf([coin('e1'.repeat(32), 1000n * 100_000_000n, house.pub)], house.priv),
)
const add = (i: number, amount: string) =>
  buildDiceAddFunds(
    { name: NAME, fundingtxid: fund.txid, amount },
    ctxOf([coin(hex(i, 'd'), 100_000_000n, house.pub)], house.priv),
    { funding: fund.hex },
  )
// entropy outputs of 20000 sat (DicePlanFunds counts them: ≥ 10000)
const entropies = Array.from({ length: DICE_MIN_ENTROPY_UTXOS }, (_, i) => add(i, '0.0002'))
// three plan outputs of 9000 sat (a 'E' whose output 0 is below 10000: the change of a W or L can be that small too)
const small: Transaction[] = [0, 1, 2].map((i) => {
  const a = add(500 + i, '0.0002').tx
  return { ...a, vout: a.vout.map((o, n) => (n === 0 ? { ...o, value: 9000n } : o)) }
})

test('a W whose payout needs plan inputs below 10000 sat: taken as AddDiceInputs takes them (need/60 threshold)', () => {
  const e = entropies[0]!
  const houseEntropy = diceHashEntropy({ txid: e.tx.vin[0]!.txid, vout: e.tx.vin[0]!.vout }, true, house.priv).entropy
  const amount = 10000n
  const odds = 2n
  let bettorEntropy: Uint8Array | undefined
  for (let i = 0; bettorEntropy === undefined; i++) {
    const b = sha256(new TextEncoder().encode(`tiny bettor ${i}`))
    const o = diceOutcome({
      bet: amount,
      vout2Value: 10000n + odds,
      minbet: 10000n,
      maxbet: 100_000_000n,
      maxodds: 10,
      houseEntropy,
      bettorEntropy: b,
    })
    if (o.win) bettorEntropy = b
  }
  const bet = buildDiceBet(
    { name: NAME, fundingtxid: fund.txid, amount, odds },
    ctxOf([coin('b2'.repeat(32), 100_000_000n, bettor.pub)], bettor.priv),
    { funding: fund.hex, planTxs: [fund.tx, ...entropies.map((x) => x.tx)], entropyTxid: e.txid, bettorEntropy },
  )
  // the bet's own outputs: 20000 (entropy) + 10000 (stake) = 30000 < need 10000 + 3·10000 = 40000; no plan output
  // of 40000 is offered, so AddDiceInputs(need, 60) takes outputs ≥ 40000/60 in order: the three of 9000 sat
  const r = buildDiceFinish(
    { name: NAME, fundingtxid: fund.txid, bettxid: bet.txid },
    ctxOf([coin(hex(9, 'c'), 20000n, house.pub)], house.priv),
    { funding: fund.hex, bet: bet.hex, entropyTx: e.hex, planTxs: small },
  )
  expect(r.funcid).toBe('W')
  const smallIds = small.map((t) => bytesToTxid(t))
  expect(r.tx.vin.slice(3).map((v) => [v.txid, v.vout])).toEqual(smallIds.map((t) => [t, 0]))
  // change: 30000 + 3·9000 − 40000 = 17000; payout (odds + 1)·bet = 30000
  expect(r.tx.vout.slice(0, 3).map((o) => o.value)).toEqual([17000n, 10000n, 30000n])
})

function bytesToTxid(tx: Transaction): string {
  const h = sha256(sha256(serializeTransaction(tx)))
  return [...h]
    .reverse()
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
}
