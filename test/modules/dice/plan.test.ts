// One rule, one place: which outputs belong to a dice plan (komodod's IsDicevout and DicePlanFunds, src/cc/dice.cpp)
// is src/modules/dice/plan.ts. This file's table, written from that C++, runs against every caller that can be run
// offline: the rule itself, the offline `diceinfo` (funding and entropytxs) and `buildDiceBet`'s re-check of the plan
// transactions it is given (its funding sum and entropy count, read from its refusals). The resolvers' scan and the
// devnet's validator call the same functions (test/modules/dice/resolve.test.ts, test/devnet/dice.test.ts).
import { describe, expect, test } from 'vitest'
import { buildDiceBet, buildDiceFund } from '../../../src/modules/dice/build.js'
import { diceinfo } from '../../../src/modules/dice/info.js'
import { dicePlanFunds, diceVoutValue } from '../../../src/modules/dice/plan.js'
import { decodeDiceOpret, encodeDiceOpret, type DiceOpret } from '../../../src/modules/dice/opret.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { formatCoins } from '../../../src/amount.js'
import { sbits } from '../../../src/sbits.js'
import { txid as txidOf } from '../../../src/tx/codec.js'
import type { Transaction } from '../../../src/tx/types.js'
import { plainTx } from '../../_util/tx.js'
import { coin, ctxOf, key } from '../_build.js'

const house = key(1)
const stranger = key(3)
const NAME = 'KMDDice'
const COIN = 100_000_000n
// the Dice global key (src/cc/CCcustom.cpp) — an independent fact, not the library's table
const DICE_PK = '039d966927cfdadab3ee6c56da63c21f17ea753dde4b3dfd41487103e24b27e94e'
const GLOBAL = ccScript(cc1of1(0xe6, DICE_PK))

const fund = buildDiceFund(
  { name: NAME, funds: '100', minbet: '1', maxbet: '10', maxodds: 10, timeoutblocks: 5 },
  ctxOf([coin('f1'.repeat(32), 1000n * COIN, house.pub)], house.priv),
)
const fundingPubKey = fund.tx.vout[1]!.script
const OTHER_PLAN = 'ee'.repeat(32)

type Row = {
  name: string
  funcid: DiceOpret['funcid']
  value: bigint
  /** the opret names another fundingtxid / has other sbits / output 0 is not the Dice global script */
  otherPlan?: boolean
  otherSbits?: boolean
  otherScript?: boolean
  /** IsDicevout: the output's value when it is the plan's (any funcid, any value), else 0 */
  isDicevout: boolean
  /** DicePlanFunds: funcid R F E W L T, IsDicevout ≥ 10000; E W L are entropy (its `n`) */
  member: 'entropy' | 'funds' | null
}

// From src/cc/dice.cpp: IsDicevout (CC output at the Dice address; DecodeDiceOpRet's sbits == refsbits; 'F' by its own
// txid, else fundingtxid == reffundingtxid) and DicePlanFunds (vout 0; funcid R F E W L T; IsDicevout ≥ 10000; n++ for
// L W E). The plan's own 'F' is in every set (a 'funds' member of 100 coins).
const ROWS: Row[] = [
  { name: "an 'E' of the plan", funcid: 'E', value: COIN, isDicevout: true, member: 'entropy' },
  { name: "a 'W' of the plan", funcid: 'W', value: 2n * COIN, isDicevout: true, member: 'entropy' },
  { name: "an 'L' of the plan", funcid: 'L', value: 3n * COIN, isDicevout: true, member: 'entropy' },
  { name: "a 'T' of the plan (funds, not entropy)", funcid: 'T', value: 4n * COIN, isDicevout: true, member: 'funds' },
  { name: "an 'R' of the plan (funds, not entropy)", funcid: 'R', value: 5n * COIN, isDicevout: true, member: 'funds' },
  { name: "a 'B' (a bet) is the plan's but no funds", funcid: 'B', value: 6n * COIN, isDicevout: true, member: null },
  { name: "an 'E' of 9999: below DicePlanFunds' 10000", funcid: 'E', value: 9999n, isDicevout: true, member: null },
  { name: "an 'E' of exactly 10000", funcid: 'E', value: 10000n, isDicevout: true, member: 'entropy' },
  {
    name: "an 'E' of another fundingtxid",
    funcid: 'E',
    value: 7n * COIN,
    otherPlan: true,
    isDicevout: false,
    member: null,
  },
  {
    name: "an 'E' of the plan with other sbits",
    funcid: 'E',
    value: 8n * COIN,
    otherSbits: true,
    isDicevout: false,
    member: null,
  },
  {
    name: "an 'E' of the plan whose output 0 is not the Dice address",
    funcid: 'E',
    value: 9n * COIN,
    otherScript: true,
    isDicevout: false,
    member: null,
  },
  {
    name: "another plan's 'F' with the same sbits (an 'F' is its own plan)",
    funcid: 'F',
    value: 10n * COIN,
    isDicevout: false,
    member: null,
  },
]

/** A transaction of the row: output 0 (the row's value), output 1 to the plan's funding key, the dice opret. */
function txOf(r: Row, i: number): Transaction {
  const s = r.otherSbits ? sbits('OTHER') : sbits(NAME)
  const opret: DiceOpret =
    r.funcid === 'F'
      ? { funcid: 'F', sbits: s, name: null, minbet: COIN, maxbet: 10n * COIN, maxodds: 10n, timeoutblocks: 5n }
      : r.funcid === 'R'
        ? {
            funcid: 'R',
            sbits: s,
            name: null,
            fundingtxid: r.otherPlan ? OTHER_PLAN : fund.txid,
            hash: '00'.repeat(32),
            oldbettxid: '00'.repeat(32),
          }
        : {
            funcid: r.funcid,
            sbits: s,
            name: null,
            fundingtxid: r.otherPlan ? OTHER_PLAN : fund.txid,
            hash: '00'.repeat(32),
            proof: '00'.repeat(32),
          }
  return plainTx(
    [{ txid: (0xa00 + i).toString(16).padStart(64, '0'), vout: 0 }],
    [
      { value: r.value, script: r.otherScript ? ccScript(cc1of1(0xe6, stranger.pub)) : GLOBAL },
      { value: 10000n, script: fundingPubKey },
      { value: 0n, script: encodeDiceOpret(opret) },
    ],
  )
}

const TXS = ROWS.map(txOf)
const decodeOf = (tx: Transaction): DiceOpret => decodeDiceOpret(tx.vout[tx.vout.length - 1]!.script)
const plan = { fundingtxid: fund.txid, sbits: sbits(NAME) }
const FUND_VALUE = fund.tx.vout[0]!.value
const expectedFunding = ROWS.reduce((s, r) => (r.member === null ? s : s + r.value), FUND_VALUE)
const expectedEntropy = ROWS.filter((r) => r.member === 'entropy').length

describe('DicePlanFunds / IsDicevout: one table (from src/cc/dice.cpp) against every caller', () => {
  describe('the rule (src/modules/dice/plan.ts)', () => {
    test.each(ROWS.map((r, i) => ({ ...r, i })))('$name', (r) => {
      const tx = TXS[r.i]!
      const opret = decodeOf(tx)
      const id = () => txidOf(tx)
      expect(dicePlanFunds(0, tx.vout[0], opret, id, plan)).toBe(r.member)
      expect(diceVoutValue(tx.vout[0], opret, id, plan)).toBe(r.isDicevout ? r.value : 0n)
      // only output 0 counts as plan funds; output 1 (to the funding key) is never the plan's
      expect(dicePlanFunds(1, tx.vout[1], opret, id, plan)).toBe(null)
    })
    test("the plan's own 'F' is funds", () => {
      expect(dicePlanFunds(0, fund.tx.vout[0], decodeOf(fund.tx), () => fund.txid, plan)).toBe('funds')
    })
  })

  test('diceinfo (offline): funding and entropytxs are the members of the set', () => {
    const info = diceinfo(fund.tx, TXS)
    expect(info.funding).toBe(formatCoins(expectedFunding))
    expect(info.entropytxs).toBe(expectedEntropy)
  })

  describe("buildDiceBet's re-check of state.planTxs", () => {
    const bet = (amount: string, odds: number) =>
      buildDiceBet(
        { name: NAME, fundingtxid: fund.txid, amount, odds },
        ctxOf([coin('b1'.repeat(32), 50n * COIN, key(2).pub)], key(2).priv),
        { funding: fund.hex, planTxs: [fund.tx, ...TXS], bettorEntropy: '11'.repeat(32) },
      )
    test('the funding it counts is the members (refused: a bet the funds cannot cover)', () => {
      expect(() => bet('10', 10)).toThrow(
        expect.objectContaining({
          code: 'INSUFFICIENT_FUNDS',
          details: expect.objectContaining({ funding: String(expectedFunding) }),
        }),
      )
    })
    test('the entropy it counts is the members (refused: fewer than 100)', () => {
      expect(() => bet('1', 2)).toThrow(
        expect.objectContaining({
          code: 'INSUFFICIENT_FUNDS',
          details: expect.objectContaining({ entropyUtxos: expectedEntropy }),
        }),
      )
    })
  })
})
