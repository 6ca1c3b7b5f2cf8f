import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccAddress } from '../../src/cc/address.js'
import { ccModule } from '../../src/cc/eval.js'
import { p2pkScript } from '../../src/script/script.js'
import { opretScript } from '../../src/modules/opret.js'
import { decodeDiceOpret, encodeDicePayload } from '../../src/modules/dice/opret.js'
import { diceOutcome } from '../../src/modules/dice/outcome.js'
import { keySigner } from '../../src/tx/sign.js'
import { parseTransaction } from '../../src/tx/codec.js'
import type { Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { expectModuleError, expectRefused, resign } from './_helpers.js'

const D = ccModule('Dice')
const GLOBAL = [cc1of1(0xe6, D.pubkey)]
const GKEY = [hexToBytes(D.privkey)]
const EVAL_FALSE =
  '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element); Dice: '
const OTHER = keySigner(hexToBytes('00'.repeat(31) + '0c')).publicKey

let dev: Devnet
let fid: string
const clone = (tx: Transaction): Transaction => ({
  ...tx,
  vin: tx.vin.map((i) => ({ ...i })),
  vout: tx.vout.map((v) => ({ ...v })),
})
const refusedBy = (t: Transaction, why: string) =>
  expectRefused(dev.rpc.sendrawtransaction(resign(dev, t, GLOBAL, GKEY)), -26, EVAL_FALSE + why)

beforeAll(async () => {
  dev = await startTestDevnet()
  fid = await dev.rpc.sendrawtransaction((await dev.rpc.dicefund('DICE', '1000', '1', '10', 10, 5)).hex)
  await dev.mine(1)
  for (let i = 0; i < 100; i++) await dev.rpc.sendrawtransaction((await dev.rpc.diceaddfunds('DICE', fid, '1')).hex)
  await dev.mine(1)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('dice RPCs', () => {
  test('diceinfo, dicelist; a bet is settled by the house and the answer agrees with diceOutcome', async () => {
    expect(await dev.rpc.dicelist()).toEqual([fid])
    expect(await dev.rpc.diceinfo(fid)).toMatchObject({
      name: 'DICE',
      minbet: 100_000_000n,
      maxbet: 1_000_000_000n,
      maxodds: 10,
      timeoutblocks: 5,
      funding: 110_000_000_000n,
      entropytxs: 100,
    })
    const betHex = (await dev.rpc.dicebet('DICE', fid, '1', 2)).hex
    const bettxid = await dev.rpc.sendrawtransaction(betHex)
    expect((await dev.rpc.dicestatus('DICE', fid, bettxid)).status).toBe('bet still pending')
    await dev.mine(1)
    const fin = await dev.rpc.dicefinish('DICE', fid, bettxid)
    await dev.rpc.sendrawtransaction(fin.hex)
    await dev.mine(1)
    const bt = parseTransaction(betHex)
    const ft = parseTransaction(fin.hex)
    const fo = decodeDiceOpret(ft.vout.at(-1)!.script) as { funcid: string; proof: string }
    const bo = decodeDiceOpret(bt.vout.at(-1)!.script) as { hash: string }
    const o = diceOutcome({
      bet: bt.vout[1]!.value,
      vout2Value: bt.vout[2]!.value,
      minbet: 100_000_000n,
      maxbet: 1_000_000_000n,
      maxodds: 10,
      houseEntropy: fo.proof,
      bettorEntropy: bo.hash,
    })
    expect(fo.funcid).toBe(o.win ? 'W' : 'L')
    // DiceStatus (dice.cpp): "win" when the finish's output 2 pays the bet's output 2 script. The wallet is both the
    // house and the bettor here, so a loss whose fee change comes back to it at output 2 reads as a win too; which
    // coin pays the fee (and so whether there is change) follows komodod's txid order
    const v2 = ft.vout[2]!
    const paysBettor = bytesToHex(v2.script) === bytesToHex(bt.vout[2]!.script)
    if (o.win) expect(paysBettor).toBe(true)
    expect((await dev.rpc.dicestatus('DICE', fid, bettxid)).status).toBe(paysBettor ? 'win' : 'loss')
    expect((await dev.rpc.dicefinish('DICE', fid, bettxid)).finished).toBe(true)
  })
  test('module errors', async () => {
    await expectModuleError(dev.rpc.diceinfo('00'.repeat(32)), 'cant find fundingtxid')
    await expectModuleError(
      dev.rpc.dicebet('DICE', fid, '100', 2),
      'Dice plan DICE illegal bet 100.00000000: minbet 1.00000000 maxbet 10.00000000 or odds 2 vs max.10\n',
    )
  })
})

describe('Dice consensus (spec 3.9)', () => {
  let bet: Transaction
  let finish: Transaction
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) await dev.rpc.sendrawtransaction((await dev.rpc.diceaddfunds('DICE', fid, '1')).hex)
    await dev.mine(1)
    const betHex = (await dev.rpc.dicebet('DICE', fid, '1', 2)).hex
    bet = parseTransaction(betHex)
    const bettxid = await dev.rpc.sendrawtransaction(betHex)
    await dev.mine(1)
    finish = parseTransaction((await dev.rpc.dicefinish('DICE', fid, bettxid)).hex)
  })
  /** An unspent confirmed 'E' output of the plan (1 coin), to fund a payout. */
  const extraEntropy = () => {
    for (const c of dev.chain.addressCoins(ccAddress(0xe6, D.pubkey))) {
      const e = dev.chain.txs.get(c.txid)!
      if (
        c.vout === 0 &&
        !dev.chain.spentInMempool(c.txid, 0) &&
        !finish.vin.some((i) => i.txid === c.txid) &&
        decodeDiceOpret(e.tx.vout.at(-1)!.script).funcid === 'E'
      )
        return c
    }
    throw new Error('no entropy output')
  }
  /** The finish rewritten as the other answer (W ↔ L) or as a timeout claim, balanced and well-formed. */
  const rewrite = (to: 'W' | 'L' | 'T'): Transaction => {
    const t = clone(finish)
    const p = decodeDiceOpret(t.vout.at(-1)!.script)
    if (p.funcid !== 'W' && p.funcid !== 'L') throw new Error('fixture')
    const payout = 3n * bet.vout[1]!.value
    const opret = {
      value: 0n,
      script: opretScript(
        encodeDicePayload(
          to === 'T'
            ? {
                funcid: 'T',
                sbits: p.sbits,
                name: null,
                fundingtxid: p.fundingtxid,
                hash: '00'.repeat(32),
                proof: '00'.repeat(32),
              }
            : { ...p, funcid: to },
        ),
      ),
    }
    const ccIn = () =>
      t.vin.reduce((s, i) => {
        const o = dev.chain.output(i.txid, i.vout)!
        return o.script.length > 40 && o.script[0]! < 76 && o.script[1 + o.script[0]!] === 0xcc ? s + o.value : s
      }, 0n)
    if (to === 'L') {
      const rest = p.funcid === 'W' ? t.vout.slice(3, -1) : t.vout.slice(2, -1)
      t.vout = [{ value: ccIn(), script: t.vout[0]!.script }, t.vout[1]!, ...rest, opret]
      return t
    }
    if (p.funcid === 'L') {
      const e = extraEntropy()
      t.vin.push({ txid: e.txid, vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
      t.vout = [
        { value: ccIn() - payout, script: t.vout[0]!.script },
        t.vout[1]!,
        { value: payout, script: bet.vout[2]!.script },
        ...t.vout.slice(2, -1),
        opret,
      ]
      return t
    }
    t.vout[t.vout.length - 1] = opret
    return t
  }
  test('W/L answer contradicting DiceCalc: DiceCalc mismatch for win/loss', async () => {
    const won = decodeDiceOpret(finish.vout.at(-1)!.script).funcid === 'W'
    await refusedBy(rewrite(won ? 'L' : 'W'), 'DiceCalc mismatch for win/loss')
  })
  test('the house tag paid elsewhere: tx.vout[1] != fundingPubKey for wlt', async () => {
    const t = clone(finish)
    t.vout[1] = { ...t.vout[1]!, script: p2pkScript(OTHER) }
    await refusedBy(t, 'tx.vout[1] != fundingPubKey for wlt')
  })
  test('a timeout claim before timeoutblocks: invalid timeout claim for timeout', async () => {
    await refusedBy(rewrite('T'), 'invalid timeout claim for timeout')
  })
  test("a bet's vout 2 above txfee + maxodds: vout[2] nValue violation for bet", async () => {
    const t = clone(parseTransaction((await dev.rpc.dicebet('DICE', fid, '1', 2)).hex))
    t.vout[2] = { ...t.vout[2]!, value: 10000n + 11n }
    const change = t.vout.length - 2
    t.vout[change] = { ...t.vout[change]!, value: t.vout[change]!.value - 9n }
    await refusedBy(t, 'vout[2] nValue violation for bet')
  })
  test("an 'E' spending dice CC: unexpected DiceValidate for addfunding entropy", async () => {
    const t = clone(parseTransaction((await dev.rpc.diceaddfunds('DICE', fid, '1')).hex))
    // a CC input of the finish (not its vin 0, the fee coin: which coin that is, maybe the bet's own change,
    // follows komodod's txid order)
    const inp = finish.vin.find((i, k) => k > 0 && dev.chain.output(i.txid, i.vout)!.script.length > 40)!
    t.vin.push({ ...inp, scriptSig: new Uint8Array(0) })
    t.vout.splice(t.vout.length - 1, 0, {
      value: dev.chain.output(inp.txid, inp.vout)!.value,
      script: p2pkScript(hexToBytes(dev.pubkey)),
    })
    await refusedBy(t, 'unexpected DiceValidate for addfunding entropy')
  })
  test('the unmodified finish is accepted', async () => {
    const hex = resign(dev, finish, GLOBAL, GKEY)
    expect(await dev.rpc.sendrawtransaction(hex)).toMatch(/^[0-9a-f]{64}$/)
  })
})
