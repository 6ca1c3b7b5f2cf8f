// The oracles module, described once for the registry.
import { EVAL } from '../../cc/eval.js'
import { globalKeysOf, type ModuleDescriptor } from '../descriptor.js'
import { decodeOraclesOpret, type OraclesOpret } from './opret.js'
import { oraclesInspector, type OraclesReading } from './inspect.js'
import { oraclesinfo } from './info.js'

/**
 * The oracles module (eval 0xec).
 * @example oraclesModule.methods.find((m) => m.name === 'oraclesdata')!.params // ['oracletxid', 'hexstr']
 * @internal
 */
export const oraclesModule: ModuleDescriptor<'oracles', OraclesOpret, OraclesReading> = /* @__PURE__ */ Object.freeze({
  name: 'oracles',
  evalCode: EVAL.ORACLES,
  opretEvals: Object.freeze([EVAL.ORACLES]),
  globalKeys: globalKeysOf(EVAL.ORACLES),
  methods: Object.freeze([
    { name: 'oraclescreate', funcids: 'C', params: ['name', 'description', 'format'] },
    { name: 'oraclesfund', funcids: 'F', params: ['oracletxid'] },
    { name: 'oraclesregister', funcids: 'R', params: ['oracletxid', 'datafee'] },
    { name: 'oraclessubscribe', funcids: 'S', params: ['oracletxid', 'publisher', 'amount'] },
    { name: 'oraclesdata', funcids: 'D', params: ['oracletxid', 'hexstr'] },
  ]),
  info: Object.freeze({ oraclesinfo }),
  decode: decodeOraclesOpret,
  inspect: oraclesInspector,
})
