// The dice module's CLI part (layer 9): its `build` methods and how `rpc` reads its RPCs' parameters.
import { buildDiceAddFunds, buildDiceBet, buildDiceFinish, buildDiceFund } from './build.js'
import { cliMethod } from '../../cli/build-method.js'
import { usage } from '../../cli/core.js'
import type { ModuleCli } from '../../cli/module.js'

function int(v: string, name: string): bigint {
  if (!/^-?\d+$/.test(v)) usage(`${name} expected an integer, got ${JSON.stringify(v)}`)
  return BigInt(v)
}

/**
 * The dice module's CLI part.
 * @example diceCli.build.dicebet!.params.map((p) => p.name) // ['name', 'fundingtxid', 'amount', 'odds']
 */
export const diceCli: ModuleCli = /* @__PURE__ */ Object.freeze({
  build: Object.freeze({
    dicefund: cliMethod(
      buildDiceFund,
      [
        'name',
        'funds',
        'minbet',
        'maxbet',
        { name: 'maxodds', parse: (t) => int(t, 'maxodds') },
        { name: 'timeoutblocks', parse: (t) => int(t, 'timeoutblocks') },
      ],
      { state: '{"plans": ["<existing dice funding tx hex>"…]} (optional)' },
    ),
    diceaddfunds: cliMethod(buildDiceAddFunds, ['name', 'fundingtxid', 'amount'], {
      state: '{"funding": "<dicefund tx hex>"}',
    }),
    dicebet: cliMethod(
      buildDiceBet,
      ['name', 'fundingtxid', 'amount', { name: 'odds', parse: (t) => int(t, 'odds') }],
      { state: '{"funding": "<dicefund tx hex>", "planTxs": ["<tx hex of each unspent plan output 0>"…]}' },
    ),
    dicefinish: cliMethod(buildDiceFinish, ['name', 'fundingtxid', 'bettxid'], {
      state:
        '{"funding": "<hex>", "bet": "<bet tx hex>", "entropyTx": "<hex of the bet\'s vin 0 tx>", "betHeight": N, "planTxs": […]}',
    }),
  }),
  rpc: Object.freeze({
    diceaddfunds: 'ssc',
    diceaddress: 's',
    dicebet: 'ssci',
    dicefinish: 'sss',
    dicefund: 'scccii',
    diceinfo: 's',
    dicelist: '',
    dicestatus: 'sss',
  }),
})
