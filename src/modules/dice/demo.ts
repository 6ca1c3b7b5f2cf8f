// The dice module's step of `komodo-cc demo` (layer 8, listed in src/modules/registry/io.ts): the wallet is the
// house and a bettor; the outcome is recomputed with diceOutcome.
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { p2pkScript } from '../../script/script.js'
import { parseTransaction } from '../../tx/codec.js'
import type { ModuleDemo } from '../../devnet/module.js'
import { buildDiceAddFunds } from './build.js'
import { decodeDiceOpret } from './opret.js'
import { diceOutcome } from './outcome.js'
import type { WalletMethodName } from '../registry/resolvers.js'
import type { WalletMethod } from '../../wallet/wallet.js'

/**
 * The dice step of the demo: `dicefund` of a house plan, 100 `diceaddfunds` entropy UTXOs, a `dicebet` at odds 2,
 * the house's `dicefinish`, and the outcome recomputed from the revealed entropies with `diceOutcome` and checked
 * against `dicestatus`. With the wallet's key, one more entropy output is built offline from the plan's own change:
 * `dicebet` takes only an 'E' whose vin 0 spends the funding transaction or a transaction whose output 1 pays the
 * house, and `diceaddfunds` spends the wallet's confirmed coins by txid (`AddNormalinputs2`), which on a devnet are
 * mostly coinbases (which never qualify).
 * @example await diceDemo.run(ctx, {})
 * @internal
 */
export const diceDemo: ModuleDemo = /* @__PURE__ */ Object.freeze({
  async run({ rpc, line, submit, send, confirm, pubkey, privateKey }) {
    const df = await rpc.dicefund('DEMODICE', '1000', '1', '10', 10, 5)
    const dicetxid = await submit('dicefund', df.hex, 'house plan: 1000 coins, bets 1..10, odds ≤ 10')
    await confirm()
    // the plan's change (output 3) pays for one more entropy output, up to 1 coin of it (at least the 10000 a plan
    // output needs)
    const change = parseTransaction(df.hex).vout[3]
    const fee = 10_000n
    const amount =
      change === undefined || bytesToHex(change.script) !== bytesToHex(p2pkScript(hexToBytes(pubkey)))
        ? 0n
        : change.value - 2n * fee < 100_000_000n
          ? change.value - 2n * fee
          : 100_000_000n
    const offline = privateKey !== undefined && amount >= fee
    if (offline) {
      const e = buildDiceAddFunds(
        { name: 'DEMODICE', fundingtxid: dicetxid, amount },
        {
          pubkey,
          utxos: [{ txid: dicetxid, vout: 3, satoshis: change!.value, script: change!.script }],
          height: await rpc.getblockcount(),
          privateKey: privateKey!,
        },
        { funding: df.hex },
      )
      await send(e.hex)
    }
    for (let i = 0; i < 100; i++) await send((await rpc.diceaddfunds('DEMODICE', dicetxid, '1')).hex)
    await confirm()
    line(
      'diceaddfunds',
      `100 entropy UTXOs of 1 coin committed by the house${offline ? ', one more from the plan change' : ''} (diceinfo entropytxs ${(await rpc.diceinfo(dicetxid)).entropytxs ?? '?'})`,
    )
    const betHex = (await rpc.dicebet('DEMODICE', dicetxid, '1', 2)).hex
    const bettxid = await submit('dicebet', betHex, '1 coin at odds 2')
    await confirm()
    const finish = await rpc.dicefinish('DEMODICE', dicetxid, bettxid)
    const ft = parseTransaction(finish.hex)
    const fo = decodeDiceOpret(ft.vout[ft.vout.length - 1]!.script)
    const bt = parseTransaction(betHex)
    const bo = decodeDiceOpret(bt.vout[bt.vout.length - 1]!.script)
    await submit(
      'dicefinish',
      finish.hex,
      `house answers ${fo.funcid === 'W' ? 'win' : fo.funcid === 'L' ? 'loss' : fo.funcid}`,
    )
    await confirm()
    const outcome = diceOutcome({
      bet: bt.vout[1]!.value,
      vout2Value: bt.vout[2]!.value,
      minbet: 100_000_000n,
      maxbet: 1_000_000_000n,
      maxodds: 10,
      houseEntropy: (fo as { proof: string }).proof,
      bettorEntropy: (bo as { hash: string }).hash,
    })
    const status = await rpc.dicestatus('DEMODICE', dicetxid, bettxid)
    // DiceStatus reads "win" when the finish's output 2 pays the bet's output 2 script; the house is the bettor here,
    // so a loss whose fee change comes back to the wallet at output 2 reads as a win too (the daemon's rule)
    const v2 = ft.vout[2]
    const statusRule = v2 !== undefined && bytesToHex(v2.script) === bytesToHex(bt.vout[2]!.script) ? 'win' : 'loss'
    line(
      'diceOutcome',
      `recomputed from the revealed entropies: ${outcome.win ? 'win' : 'loss'} (draw ${outcome.modval} vs threshold ${outcome.threshold}); dicestatus says ${status.status}${statusRule === (outcome.win ? 'win' : 'loss') ? '' : " (its rule: the finish's output 2 pays the bettor's script, here the house's own change)"}`,
    )
    return { ok: outcome.win === (fo.funcid === 'W') && status.status === statusRule }
  },
  async wallet({ wallet, sent, confirm }) {
    const call = (m: WalletMethodName, ...a: unknown[]) => (wallet[m] as WalletMethod)(...a)
    const fund = await call('dicefund', 'WDICE', '100', '0.1', '1', 10, 5)
    sent('dicefund', fund, 'a dice plan of 100 coins (bets need 100 entropy outputs: docs/wallet/dice.md)')
    await confirm()
    sent('diceaddfunds', await call('diceaddfunds', 'WDICE', fund.txid, '1'), 'one entropy output')
    await confirm()
    return { ok: true }
  },
})
