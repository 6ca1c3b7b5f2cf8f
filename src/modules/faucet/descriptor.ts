// The faucet module, described once for the registry.
import type { InfoTxInput } from '../offline-info.js'
import { EVAL } from '../../cc/eval.js'
import { globalKeysOf, type ModuleDescriptor } from '../descriptor.js'
import { decodeFaucetOpret, type FaucetOpret } from './opret.js'
import { faucetInspector, type FaucetReading } from './inspect.js'
import { faucetinfo } from './info.js'

/**
 * The faucet module (eval 0xe4).
 * @example faucetModule.methods.map((m) => m.name) // ['faucetfund', 'faucetget']
 * @internal
 */
export const faucetModule: ModuleDescriptor<'faucet', FaucetOpret, FaucetReading> = /* @__PURE__ */ Object.freeze({
  name: 'faucet',
  evalCode: EVAL.FAUCET,
  opretEvals: Object.freeze([EVAL.FAUCET]),
  globalKeys: globalKeysOf(EVAL.FAUCET),
  methods: Object.freeze([
    // faucetfund carries no opret
    { name: 'faucetfund', funcids: '', params: ['amount'] },
    { name: 'faucetget', funcids: 'G', params: [] },
  ]),
  // faucetinfo reads any number of transactions: the main one is simply the first
  info: Object.freeze({ faucetinfo: (main: InfoTxInput, more: readonly InfoTxInput[]) => faucetinfo([main, ...more]) }),
  decode: decodeFaucetOpret,
  inspect: faucetInspector,
})
