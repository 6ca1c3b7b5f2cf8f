import { describe, expect, test } from 'vitest'
import docs from '../../../vectors/build/dice-docs.json' with { type: 'json' }
import {
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  buildDiceFund,
  DICE_MIN_ENTROPY_UTXOS,
} from '../../../src/modules/dice/build.js'
import { diceHashEntropy } from '../../../src/modules/dice/entropy.js'
import { diceOutcome } from '../../../src/modules/dice/outcome.js'
import { decodeDiceOpret, type DiceEntropyOpret, type DiceRefundOpret } from '../../../src/modules/dice/opret.js'
import { parseTransaction } from '../../../src/tx/codec.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { sha256 } from '../../../src/hash/index.js'
import { sbits } from '../../../src/sbits.js'
import type { BuildResult } from '../../../src/cctx/complete.js'
import { coin, ctxOf, code, expectAllInputsVerify, key, out, refusal } from '../_build.js'
import { inspectBuild } from '../../../src/inspect-build.js'

const house = key(1)
const bettor = key(2)
const other = key(3)
const DICE_PK = '039d966927cfdadab3ee6c56da63c21f17ea753dde4b3dfd41487103e24b27e94e'
const diceScript = ccScript(cc1of1(0xe6, DICE_PK))
const NAME = 'KMDDice'
const hex = (i: number, tag = 'a') => (tag + i.toString(16).padStart(3, '0')).repeat(16)
const opret = (r: BuildResult) => decodeDiceOpret(r.tx.vout.at(-1)!.script)

// A plan with 100 entropy UTXOs of 10 coins and a few small ones (house = test key 1).
const houseCoins = [coin('f1'.repeat(32), 1000n * 100_000_000n, house.pub)]
const fund = buildDiceFund(
  { name: NAME, funds: '100', minbet: '0.777', maxbet: '7.77', maxodds: 777, timeoutblocks: 7 },
  ctxOf(houseCoins, house.priv),
)
const fundingtxid = fund.txid
const adds: BuildResult[] = []
const addCoins = Array.from({ length: DICE_MIN_ENTROPY_UTXOS + 2 }, (_, i) => coin(hex(i), 2_000_000_000n, house.pub))
for (const [i, c] of addCoins.entries())
  adds.push(
    buildDiceAddFunds(
      { name: NAME, fundingtxid, amount: i < DICE_MIN_ENTROPY_UTXOS ? '10' : '0.1' },
      ctxOf([c], house.priv),
      { funding: fund.hex },
    ),
  )
const bigEntropies = adds.slice(0, DICE_MIN_ENTROPY_UTXOS)
const smallEntropies = adds.slice(DICE_MIN_ENTROPY_UTXOS)
const planTxs = [fund.tx, ...adds.map((a) => a.tx)]
const bettorCoins = [coin('b1'.repeat(32), 50n * 100_000_000n, bettor.pub)]
const feeCoin = (i: number, pk = house.pub, sats = 20000n) => coin(hex(i, 'c'), sats, pk)

/** A bettor entropy that makes the bet win (or lose) against entropy transaction `e`, found with diceOutcome. */
function entropyFor(e: BuildResult, bet: bigint, odds: bigint, win: boolean): Uint8Array {
  const houseEntropy = diceHashEntropy({ txid: e.tx.vin[0]!.txid, vout: e.tx.vin[0]!.vout }, true, house.priv).entropy
  for (let i = 0; ; i++) {
    const b = sha256(new TextEncoder().encode(`bettor ${i}`))
    const o = diceOutcome({
      bet,
      vout2Value: 10000n + odds,
      minbet: 77_700_000n,
      maxbet: 777_000_000n,
      maxodds: 777,
      houseEntropy,
      bettorEntropy: b,
    })
    if (o.win === win) return b
  }
}

describe('dice: fund and add funds (house)', () => {
  test('dicefund: funds, the house tag, the dice marker, change, F opret', () => {
    expectAllInputsVerify(fund, houseCoins)
    expect(fund.tx.vout.map((o) => o.value)).toEqual([
      100n * 100_000_000n,
      10000n,
      10000n,
      1000n * 100_000_000n - 100n * 100_000_000n - 30000n,
      0n,
    ])
    expect(bytesToHex(fund.tx.vout[0]!.script)).toBe(bytesToHex(diceScript))
    expect(bytesToHex(fund.tx.vout[1]!.script)).toBe(bytesToHex(p2pkScript(house.pub)))
    expect(bytesToHex(fund.tx.vout[2]!.script)).toBe('21' + DICE_PK + 'ac')
    expect(opret(fund)).toEqual({
      funcid: 'F',
      sbits: sbits(NAME),
      name: NAME,
      minbet: 77_700_000n,
      maxbet: 777_000_000n,
      maxodds: 777n,
      timeoutblocks: 7n,
    })
  })
  test('diceaddfunds: entropy UTXO, house tag, change, E opret committing to sha256(entropy of vin 0)', () => {
    const a = adds[0]!
    expectAllInputsVerify(a, [addCoins[0]!])
    expect(a.tx.vout.map((o) => o.value)).toEqual([
      1_000_000_000n,
      10000n,
      2_000_000_000n - 1_000_000_000n - 20000n,
      0n,
    ])
    expect(bytesToHex(a.tx.vout[0]!.script)).toBe(bytesToHex(diceScript))
    expect(bytesToHex(a.tx.vout[1]!.script)).toBe(bytesToHex(p2pkScript(house.pub)))
    const op = opret(a) as DiceEntropyOpret
    expect(op).toMatchObject({ funcid: 'E', sbits: sbits(NAME), fundingtxid, proof: '00'.repeat(32) })
    const e = diceHashEntropy({ txid: addCoins[0]!.txid, vout: 0 }, true, house.priv)
    expect(op.hash).toBe(bytesToHex(sha256(e.entropy)))
  })
  test('refusals', () => {
    const c = ctxOf(houseCoins, house.priv)
    refusal(
      () =>
        buildDiceFund({ name: 'ABCDEFGHI', funds: '100', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: 5 }, c),
      'Plan name can be at most 8 ASCII characters',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '-1', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: 5 }, c),
      'invalid parameter error',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '100', minbet: '-1', maxbet: '2', maxodds: 10, timeoutblocks: 5 }, c),
      'invalid parameter error',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '100', minbet: '1', maxbet: '-2', maxodds: 10, timeoutblocks: 5 }, c),
      'invalid parameter error',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '100', minbet: '1', maxbet: '2', maxodds: 0, timeoutblocks: 5 }, c),
      'invalid parameter error',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '100', minbet: '1', maxbet: '2', maxodds: 10000, timeoutblocks: 5 }, c),
      'invalid parameter error',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '100', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: -1 }, c),
      'invalid parameter error',
    )
    refusal(
      () => buildDiceFund({ name: NAME, funds: '100', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: 1441 }, c),
      'invalid parameter error',
    )
    refusal(
      () =>
        buildDiceFund({ name: NAME, funds: '99.99999999', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: 5 }, c),
      'dice plan needs at least 100 coins',
    )
    refusal(
      () =>
        buildDiceFund({ name: NAME, funds: '100', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: 5 }, c, {
          plans: [fund.hex],
        }),
      'Diceinit error in create funding, is your transaction confirmed?',
      'BUILD_STATE',
    )
    refusal(
      () =>
        buildDiceFund(
          { name: NAME, funds: '100', minbet: '1', maxbet: '2', maxodds: 10, timeoutblocks: 5 },
          ctxOf([feeCoin(1)], house.priv),
        ),
      'cant find enough inputs',
      'INSUFFICIENT_FUNDS',
    )
    expect(() =>
      buildDiceFund({ name: 'other', funds: '100', minbet: '1', maxbet: '2', maxodds: 9999, timeoutblocks: 1440 }, c, {
        plans: [fund.hex],
      }),
    ).not.toThrow()

    const a = ctxOf([addCoins[0]!], house.priv)
    refusal(
      () => buildDiceAddFunds({ name: NAME, fundingtxid, amount: '0' }, a, { funding: fund.hex }),
      'amount must be positive',
    )
    refusal(
      () => buildDiceAddFunds({ name: NAME, fundingtxid, amount: '1' }, a, { funding: undefined as never }),
      'Diceinit error in add funding, is your transaction confirmed?',
      'BUILD_STATE',
    )
    refusal(
      () => buildDiceAddFunds({ name: 'other', fundingtxid, amount: '1' }, a, { funding: fund.hex }),
      'Diceinit error in add funding, is your transaction confirmed?',
      'BUILD_STATE',
    )
    refusal(
      () => buildDiceAddFunds({ name: NAME, fundingtxid: adds[0]!.txid, amount: '1' }, a, { funding: adds[0]!.hex }),
      'Diceinit error in add funding, is your transaction confirmed?',
      'BUILD_STATE',
    )
    refusal(
      () =>
        buildDiceAddFunds({ name: NAME, fundingtxid, amount: '1' }, ctxOf(bettorCoins, bettor.priv), {
          funding: fund.hex,
        }),
      'only fund creator can add more funds (entropy)',
      'BUILD_STATE',
    )
    refusal(
      () => buildDiceAddFunds({ name: NAME, fundingtxid, amount: '100' }, a, { funding: fund.hex }),
      'cant find enough inputs',
      'INSUFFICIENT_FUNDS',
    )
    expect(() =>
      buildDiceAddFunds(
        { name: NAME, fundingtxid, amount: '1' },
        { pubkey: house.pub, utxos: [addCoins[0]!], height: 5 },
        { funding: fund.hex },
      ),
    ).toThrow(code('BUILD_STATE'))
  })
})

describe('dice: bet (bettor)', () => {
  const bet = buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 2 }, ctxOf(bettorCoins, bettor.priv), {
    funding: fund.hex,
    planTxs,
  })
  test('spends the first entropy UTXO at vin 0 with the dice key; entropy, bet, odds output, change, B opret', () => {
    const e = bigEntropies[0]!
    expectAllInputsVerify(bet, [out(e, 0), ...bettorCoins])
    expect(bet.tx.vin[0]).toMatchObject({ txid: e.txid, vout: 0 })
    expect(bet.inputs.map((i) => [i.kind, i.role])).toEqual([
      ['cc', 'global'],
      ['p2pk', 'caller'],
    ])
    expect(bet.tx.vout.map((o) => o.value)).toEqual([
      1_000_000_000n,
      100_000_000n,
      10002n,
      50n * 100_000_000n - 100_000_000n - 10002n - 10000n,
      0n,
    ])
    expect(bet.tx.vout.slice(0, 2).map((o) => bytesToHex(o.script))).toEqual([
      bytesToHex(diceScript),
      bytesToHex(diceScript),
    ])
    expect(bytesToHex(bet.tx.vout[2]!.script)).toBe(bytesToHex(p2pkScript(bettor.pub)))
    expect(inspectBuild(bet)).toMatchObject({ module: 'dice', method: 'dicebet' })
    const op = opret(bet) as DiceEntropyOpret
    // the daemon's bettor entropy: DiceHashEntropy of (entropytxid, 0) with the bettor's key
    expect(op).toMatchObject({
      funcid: 'B',
      fundingtxid,
      hash: bytesToHex(diceHashEntropy({ txid: e.txid, vout: 0 }, true, bettor.priv).entropy),
      proof: '00'.repeat(32),
    })
  })
  test("refusals, in the daemon's order", () => {
    const c = ctxOf(bettorCoins, bettor.priv)
    const s = { funding: fund.hex, planTxs }
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '0', odds: 2 }, c, s),
      'amount and odds must be positive',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 0 }, c, s),
      'amount and odds must be positive',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 1 }, c, s),
      'odds must be between 2 and 9999',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 10000 }, c, s),
      'odds must be between 2 and 9999',
    )
    refusal(
      () => buildDiceBet({ name: 'ABCDEFGHI', fundingtxid, amount: '1', odds: 2 }, c, s),
      'Plan name can be at most 8 ASCII characters',
    )
    refusal(
      () => buildDiceBet({ name: 'other', fundingtxid, amount: '1', odds: 2 }, c, s),
      'Diceinit error in bet, is your transaction confirmed?',
      'BUILD_STATE',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '8', odds: 2 }, c, s),
      'Dice plan KMDDice illegal bet 8.00000000: minbet 0.77700000 maxbet 7.77000000 or odds 2 vs max.777\n',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '0.5', odds: 2 }, c, s),
      'Dice plan KMDDice illegal bet 0.50000000: minbet 0.77700000 maxbet 7.77000000 or odds 2 vs max.777\n',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 778 }, c, s),
      'Dice plan KMDDice illegal bet 1.00000000: minbet 0.77700000 maxbet 7.77000000 or odds 778 vs max.777\n',
    )
    refusal(
      () =>
        buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 2 }, c, {
          ...s,
          planTxs: planTxs.slice(0, DICE_MIN_ENTROPY_UTXOS),
        }),
      'Your dealer is broke, find a new casino.',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 2 }, c, { ...s, planTxs: [fund.tx] }),
      'cant find dice entropy inputs',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () =>
        buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 2 }, c, {
          ...s,
          entropyTxid: bigEntropies[7]!.txid,
          mempoolSpent: [bigEntropies[7]!.txid],
        }),
      'entropy txid is spent',
      'BUILD_STATE',
    )
    expect(
      buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 2 }, c, {
        ...s,
        mempoolSpent: [bigEntropies[0]!.txid],
      }).tx.vin[0]!.txid,
    ).toBe(bigEntropies[1]!.txid)
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '1', odds: 2 }, c, { ...s, planTxs: [] }),
      'cant find dice input',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () => buildDiceBet({ name: NAME, fundingtxid, amount: '7', odds: 777 }, c, s),
      'cant find dice input',
      'INSUFFICIENT_FUNDS',
    ) // funding < 2·bet·odds + txfee
    refusal(
      () =>
        buildDiceBet(
          { name: NAME, fundingtxid, amount: '1', odds: 2 },
          ctxOf([feeCoin(9, bettor.pub)], bettor.priv),
          s,
        ),
      'cant find dice input',
      'INSUFFICIENT_FUNDS',
    )
    expect(() =>
      buildDiceBet(
        { name: NAME, fundingtxid, amount: '1', odds: 2 },
        { pubkey: bettor.pub, utxos: bettorCoins, height: 9 },
        s,
      ),
    ).toThrow(code('BUILD_STATE'))
    expect(
      buildDiceBet(
        { name: NAME, fundingtxid, amount: '1', odds: 2 },
        { pubkey: bettor.pub, utxos: bettorCoins, height: 9 },
        { ...s, bettorEntropy: '11'.repeat(32) },
      ).signed,
    ).toBe(false)
  })
})

describe('dice: finish (house W / L / R, bettor T) agrees with diceOutcome', () => {
  const bc = ctxOf(bettorCoins, bettor.priv)
  function betOn(i: number, amount: bigint, odds: bigint, win: boolean, e = bigEntropies[i]!) {
    const bettorEntropy = entropyFor(e, amount, odds, win)
    return buildDiceBet({ name: NAME, fundingtxid, amount, odds }, bc, {
      funding: fund.hex,
      planTxs,
      entropyTxid: e.txid,
      bettorEntropy,
    })
  }
  function check(
    r: BuildResult & { funcid: string },
    betTx: BuildResult,
    e: BuildResult,
    prevouts: ReturnType<typeof out>[],
  ) {
    expectAllInputsVerify(r, prevouts)
    expect(r.tx.vin.slice(1, 3).map((v) => [v.txid, v.vout])).toEqual([
      [betTx.txid, 0],
      [betTx.txid, 1],
    ])
    const op = opret(r) as DiceEntropyOpret
    const houseEntropy = diceHashEntropy({ txid: e.tx.vin[0]!.txid, vout: e.tx.vin[0]!.vout }, true, house.priv).entropy
    const outcome = diceOutcome({
      bet: betTx.tx.vout[1]!.value,
      vout2Value: betTx.tx.vout[2]!.value,
      minbet: 77_700_000n,
      maxbet: 777_000_000n,
      maxodds: 777,
      houseEntropy,
      bettorEntropy: (opret(betTx) as DiceEntropyOpret).hash,
    })
    expect(r.funcid).toBe(outcome.win ? 'W' : 'L')
    expect(op.proof).toBe(bytesToHex(houseEntropy))
    // what a bettor checks: the revealed entropy hashes to the commitment the entropy transaction made
    expect(bytesToHex(sha256(hexToBytes(op.proof)))).toBe((opret(e) as DiceEntropyOpret).hash)
    // the new commitment is for this transaction's vin 0
    expect(op.hash).toBe(
      bytesToHex(diceHashEntropy({ txid: r.tx.vin[0]!.txid, vout: r.tx.vin[0]!.vout }, true, house.priv).hentropy),
    )
    return outcome
  }

  test("W: pays (odds+1)·bet to the bet's vout 2 script; CC change keeps the rest; 10000 change to the house", () => {
    const e = bigEntropies[1]!
    const b = betOn(1, 100_000_000n, 2n, true)
    const fc = [feeCoin(1)]
    const r = buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, house.priv), {
      funding: fund.hex,
      bet: b.hex,
      entropyTx: e.hex,
    })
    const o = check(r, b, e, [...fc, out(b, 0), out(b, 1)])
    expect(o.win).toBe(true)
    expect(r.outcome?.payout).toBe(300_000_000n)
    expect(r.tx.vout.map((x) => x.value)).toEqual([
      1_000_000_000n + 100_000_000n - 300_000_000n - 10000n,
      10000n,
      300_000_000n,
      10000n,
      0n,
    ])
    expect(bytesToHex(r.tx.vout[2]!.script)).toBe(bytesToHex(p2pkScript(bettor.pub)))
    expect(bytesToHex(r.tx.vout[3]!.script)).toBe(bytesToHex(p2pkScript(house.pub)))
    expect(r.fee).toBe(10000n)
    expect(inspectBuild(r)).toMatchObject({ module: 'dice', method: 'dicefinish' })
  })
  test('L: entropy + bet back to the dice address, house tag; no change (vin 0 of 20000 pays tag and fee)', () => {
    const e = bigEntropies[2]!
    const b = betOn(2, 100_000_000n, 2n, false)
    const fc = [feeCoin(2)]
    const r = buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, house.priv), {
      funding: fund.hex,
      bet: b.hex,
      entropyTx: e.tx,
    })
    expect(check(r, b, e, [...fc, out(b, 0), out(b, 1)]).win).toBe(false)
    expect(r.tx.vout.map((x) => x.value)).toEqual([1_100_000_000n, 10000n, 0n])
  })
  test("W needing plan funds: a 0.1-coin entropy, 1 coin at odds 10, paid with the plan's 100-coin funding output", () => {
    const e = smallEntropies[0]!
    const b = betOn(0, 100_000_000n, 10n, true, e)
    const fc = [feeCoin(3)]
    const r = buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, house.priv), {
      funding: fund.hex,
      bet: b.hex,
      entropyTx: e.hex,
      planTxs,
    })
    check(r, b, e, [...fc, out(b, 0), out(b, 1), out(fund, 0)])
    expect(r.tx.vin[3]).toMatchObject({ txid: fundingtxid, vout: 0 })
    const need = 10000n + 11n * 100_000_000n
    expect(r.tx.vout.map((x) => x.value)).toEqual([
      10_000_000n + 100_000_000n + 100n * 100_000_000n - need,
      10000n,
      11n * 100_000_000n,
      10000n,
      0n,
    ])
    refusal(
      () =>
        buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, house.priv), {
          funding: fund.hex,
          bet: b.hex,
          entropyTx: e.hex,
        }),
      `not enough inputs for 11.00010000\n`,
      'INSUFFICIENT_FUNDS',
    )
  })
  test('R: the entropy was already revealed to another bet: stake back to the bettor; duplicate refused', () => {
    const e = bigEntropies[3]!
    const b = betOn(3, 100_000_000n, 2n, false)
    const fc = [feeCoin(4)]
    const r = buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, house.priv), {
      funding: fund.hex,
      bet: b.hex,
      entropyTx: e.hex,
      revealedTo: '99'.repeat(32),
    })
    expectAllInputsVerify(r, [...fc, out(b, 0), out(b, 1)])
    expect(r.funcid).toBe('R')
    expect(r.tx.vout.map((x) => x.value)).toEqual([1_000_000_000n, 10000n, 100_000_000n, 0n])
    expect(bytesToHex(r.tx.vout[2]!.script)).toBe(bytesToHex(p2pkScript(bettor.pub)))
    const op = opret(r) as DiceRefundOpret
    expect(op).toMatchObject({
      funcid: 'R',
      oldbettxid: '99'.repeat(32),
      hash: bytesToHex(diceHashEntropy({ txid: e.tx.vin[0]!.txid, vout: 0 }, true, house.priv).entropy),
    })
    refusal(
      () =>
        buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, house.priv), {
          funding: fund.hex,
          bet: b.hex,
          entropyTx: e.hex,
          revealedTo: b.txid,
        }),
      'DiceBetFinish: duplicate betTx',
      'BUILD_STATE',
    )
  })
  test("T: the bettor claims a full win after the timeout; change goes to the house; not before; not someone else's bet", () => {
    const e = bigEntropies[4]!
    const b = betOn(4, 100_000_000n, 2n, false)
    const fc = [feeCoin(5, bettor.pub, 30000n)]
    const state = {
      funding: fund.hex,
      bet: b.hex,
      entropyTx: e.hex,
      betHeight: 500,
      betTime: 1_700_000_000,
      tipTime: 1_700_000_420,
    }
    const r = buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, bettor.priv, 507), state)
    expectAllInputsVerify(r, [...fc, out(b, 0), out(b, 1)])
    expect(r.funcid).toBe('T')
    expect(r.tx.vout.map((x) => x.value)).toEqual([
      1_100_000_000n - 300_000_000n - 10000n,
      10000n,
      300_000_000n,
      20000n,
      0n,
    ])
    expect(bytesToHex(r.tx.vout[3]!.script)).toBe(bytesToHex(p2pkScript(house.pub)))
    expect(opret(r)).toMatchObject({ funcid: 'T', hash: '00'.repeat(32), proof: '00'.repeat(32) })
    refusal(
      () => buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, bettor.priv, 506), state),
      'couldnt create dicefinish transaction',
      'BUILD_STATE',
    )
    // DiceVerifyTimeout → CCduration: enough blocks, but the tip's time not after the bet block's (or unknown)
    for (const times of [{ tipTime: 1_700_000_000 }, { tipTime: 1_699_999_000 }, { betTime: undefined }])
      refusal(
        () =>
          buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, ctxOf(fc, bettor.priv, 507), {
            ...state,
            ...times,
          }),
        'couldnt create dicefinish transaction',
        'BUILD_STATE',
      )
    refusal(
      () =>
        buildDiceFinish(
          { name: NAME, fundingtxid, bettxid: b.txid },
          ctxOf([feeCoin(6, other.pub)], other.priv, 507),
          state,
        ),
      'can only finish your own bettxid\n',
      'BUILD_STATE',
    )
  })
  test('refusals', () => {
    const e = bigEntropies[5]!
    const b = betOn(5, 100_000_000n, 2n, true)
    const c = ctxOf([feeCoin(7)], house.priv)
    const s = { funding: fund.hex, bet: b.hex, entropyTx: e.hex }
    refusal(
      () => buildDiceFinish({ name: 'other', fundingtxid, bettxid: b.txid }, c, s),
      'Diceinit error in finish, is your transaction confirmed?',
      'BUILD_STATE',
    )
    refusal(
      () => buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, c, { ...s, bet: undefined as never }),
      'couldnt find bettx or entropytx',
      'BUILD_STATE',
    )
    refusal(
      () =>
        buildDiceFinish(
          { name: NAME, fundingtxid, bettxid: b.txid },
          ctxOf([feeCoin(8, house.pub, 19999n)], house.priv),
          s,
        ),
      'no txfee inputs for win/lose',
      'INSUFFICIENT_FUNDS',
    )
    // a house key that does not reproduce the commitment: the daemon fails silently
    const fakeHouse = { ...c, privateKey: other.priv }
    refusal(
      () => buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, fakeHouse, s),
      'couldnt create dicefinish transaction',
      'BUILD_STATE',
    )
    expect(() =>
      buildDiceFinish({ name: NAME, fundingtxid, bettxid: b.txid }, c, { ...s, entropyTx: bigEntropies[6]!.hex }),
    ).toThrow(code('BUILD_STATE'))
  })
})

describe('dice builders against the documented daemon transactions', () => {
  const byId = Object.fromEntries(docs.cases.map((c) => [c.id, c]))
  test('dice-dicefund-01: same funds, marker and F opret; the 2018 daemon had no house tag at vout 1', () => {
    const c = byId['dice-dicefund-01']!
    const doc = parseTransaction(c.hex)
    const owner = doc.vout[2]!.script.subarray(1, 34)
    const utxo = { txid: '0a'.repeat(32), vout: 0, satoshis: 1_000_000n * 100_000_000n, script: p2pkScript(owner) }
    const [name, funds, minbet, maxbet, maxodds, timeout] = c.params as string[]
    const r = buildDiceFund(
      {
        name: name!,
        funds: funds!,
        minbet: minbet!,
        maxbet: maxbet!,
        maxodds: BigInt(maxodds!),
        timeoutblocks: BigInt(timeout!),
      },
      { pubkey: owner, utxos: [utxo], height: 0 },
    )
    expect(bytesToHex(r.tx.vout.at(-1)!.script)).toBe(bytesToHex(doc.vout.at(-1)!.script))
    expect([r.tx.vout[0]!.value, bytesToHex(r.tx.vout[0]!.script)]).toEqual([
      doc.vout[0]!.value,
      bytesToHex(doc.vout[0]!.script),
    ])
    // documented vout 1 (P2PK to the dice global key) is today's vout 2; today's vout 1 is P2PK(house)
    expect([r.tx.vout[2]!.value, bytesToHex(r.tx.vout[2]!.script)]).toEqual([
      doc.vout[1]!.value,
      bytesToHex(doc.vout[1]!.script),
    ])
    expect(bytesToHex(r.tx.vout[1]!.script)).toBe(bytesToHex(p2pkScript(owner)))
    expect(doc.vout.length).toBe(r.tx.vout.length - 1)
  })
  test("dice-diceaddfunds-01 (INCONSISTENT name): today's rules refuse topping up that 2018 plan, whose vout 1 is not the house", () => {
    const c = byId['dice-diceaddfunds-01']!
    const doc = parseTransaction(c.hex)
    const fundDoc = byId['dice-dicefund-01']!
    const houseKey = doc.vout[1]!.script.subarray(1, 34)
    const utxo = {
      txid: doc.vin[0]!.txid,
      vout: doc.vin[0]!.vout,
      satoshis: doc.vout.reduce((s, o) => s + o.value, 0n) + 10000n,
      script: p2pkScript(houseKey),
    }
    // the note: the transaction carries KMDDice's sbits, so rebuild what the bytes say
    const op = decodeDiceOpret(doc.vout.at(-1)!.script) as DiceEntropyOpret
    expect(op.name).toBe('KMDDice')
    expect(op.fundingtxid).toBe(c.params![1])
    refusal(
      () =>
        buildDiceAddFunds(
          { name: op.name!, fundingtxid: op.fundingtxid, amount: c.params![2]! },
          { pubkey: houseKey, utxos: [utxo], height: 0, privateKey: other.priv },
          { funding: fundDoc.hex },
        ),
      'only fund creator can add more funds (entropy)',
      'BUILD_STATE',
    )
    // the documented layout is today's: amount on the dice address, 10000 to the house, change, E opret
    expect(bytesToHex(doc.vout[0]!.script)).toBe(bytesToHex(diceScript))
    expect(doc.vout[0]!.value).toBe(10n * 100_000_000n)
    expect(doc.vout[1]!.value).toBe(10000n)
    expect(op.proof).toBe('00'.repeat(32))
  })
})
