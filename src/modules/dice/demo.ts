// The dice module's step of `komodo-cc demo` (layer 8, listed in src/modules/registry/io.ts): the wallet is the
// house and a bettor; the outcome is recomputed with diceOutcome.
import { parseTransaction } from '../../tx/codec.js'
import type { ModuleDemo } from '../../devnet/module.js'
import { decodeDiceOpret } from './opret.js'
import { diceOutcome } from './outcome.js'
import type { WalletMethodName } from '../registry/resolvers.js'

/**
 * The dice step of the demo: `dicefund` of a house plan, 100 `diceaddfunds` entropy UTXOs, a `dicebet` at odds 2,
 * the house's `dicefinish`, and the outcome recomputed from the revealed entropies with `diceOutcome` and checked
 * against `dicestatus`.
 * @example await diceDemo.run(ctx, {})
 * @internal
 */
export const diceDemo: ModuleDemo = /* @__PURE__ */ Object.freeze({
  async run({ rpc, line, submit, send, confirm }) {
    const df = await rpc.dicefund('DEMODICE', '1000', '1', '10', 10, 5)
    const dicetxid = await submit('dicefund', df.hex, 'house plan: 1000 coins, bets 1..10, odds ≤ 10')
    await confirm()
    for (let i = 0; i < 100; i++) await send((await rpc.diceaddfunds('DEMODICE', dicetxid, '1')).hex)
    await confirm()
    line(
      'diceaddfunds',
      `100 entropy UTXOs of 1 coin committed by the house (diceinfo entropytxs ${(await rpc.diceinfo(dicetxid)).entropytxs ?? '?'})`,
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
    line(
      'diceOutcome',
      `recomputed from the revealed entropies: ${outcome.win ? 'win' : 'loss'} (draw ${outcome.modval} vs threshold ${outcome.threshold}); dicestatus says ${status.status}`,
    )
    return { ok: outcome.win === (fo.funcid === 'W') && status.status === (outcome.win ? 'win' : 'loss') }
  },
  async wallet({ wallet, sent, confirm }) {
    const call = (m: WalletMethodName, ...a: unknown[]) => wallet[m](...a)
    const fund = await call('dicefund', 'WDICE', '100', '0.1', '1', 10, 5)
    sent('dicefund', fund, 'a dice plan of 100 coins (bets need 100 entropy outputs: see test/wallet)')
    await confirm()
    sent('diceaddfunds', await call('diceaddfunds', 'WDICE', fund.txid, '1'), 'one entropy output')
    await confirm()
    return { ok: true }
  },
})
