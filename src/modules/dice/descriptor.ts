// The dice module, described once for the registry.
import { EVAL } from '../../cc/eval.js'
import { globalKeysOf, type ModuleDescriptor } from '../descriptor.js'
import { decodeDiceOpret, type DiceOpret } from './opret.js'
import { diceInspector, type DiceReading } from './inspect.js'
import { diceinfo } from './info.js'

/**
 * The dice module (eval 0xe6).
 * @example diceModule.methods.map((m) => m.name) // ['dicefund', 'diceaddfunds', 'dicebet', 'dicefinish']
 * @internal
 */
export const diceModule: ModuleDescriptor<'dice', DiceOpret, DiceReading> = /* @__PURE__ */ Object.freeze({
  name: 'dice',
  evalCode: EVAL.DICE,
  opretEvals: Object.freeze([EVAL.DICE]),
  globalKeys: globalKeysOf(EVAL.DICE),
  methods: Object.freeze([
    { name: 'dicefund', funcids: 'F', params: ['name', 'funds', 'minbet', 'maxbet', 'maxodds', 'timeoutblocks'] },
    { name: 'diceaddfunds', funcids: 'E', params: ['name', 'fundingtxid', 'amount'] },
    { name: 'dicebet', funcids: 'B', params: ['name', 'fundingtxid', 'amount', 'odds'] },
    // one RPC, four outcomes: win, loss, timeout, refund
    { name: 'dicefinish', funcids: 'WLTR', params: ['name', 'fundingtxid', 'bettxid'] },
  ]),
  info: Object.freeze({ diceinfo }),
  decode: decodeDiceOpret,
  inspect: diceInspector,
})
