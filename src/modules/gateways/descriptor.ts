// The gateways module, described once for the registry.
import { EVAL } from '../../cc/eval.js'
import { globalKeysOf, type ModuleDescriptor } from '../descriptor.js'
import { decodeGatewaysOpret, type GatewaysOpret, type Gateways2018Opret } from './opret.js'
import { gatewaysInspector, type GatewaysReading } from './inspect.js'
import { gatewaysinfo } from './info.js'

/**
 * The gateways module (eval 0xf1; its tokens travel under the tokens eval code 0xf2).
 * @example gatewaysModule.methods.find((m) => m.name === 'gatewaysclaim')!.params // ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount']
 * @internal
 */
export const gatewaysModule: ModuleDescriptor<'gateways', GatewaysOpret | Gateways2018Opret, GatewaysReading> =
  /* @__PURE__ */ Object.freeze({
    name: 'gateways',
    evalCode: EVAL.GATEWAYS,
    opretEvals: Object.freeze([EVAL.GATEWAYS]),
    globalKeys: globalKeysOf(EVAL.GATEWAYS),
    methods: Object.freeze([
      {
        name: 'gatewaysbind',
        funcids: 'B',
        params: [
          'tokenid',
          'oracletxid',
          'coin',
          'tokensupply',
          'M',
          'N',
          'pubkeys',
          'pubtype',
          'p2shtype',
          'wiftype',
          'taddr',
        ],
      },
      {
        name: 'gatewaysdeposit',
        funcids: 'D',
        params: ['bindtxid', 'height', 'coin', 'cointxid', 'claimvout', 'deposithex', 'proof', 'destpub', 'amount'],
      },
      // (the 2018 GW-D claim's 't' record is named by the inspector's methodOf, only once decoded)
      { name: 'gatewaysclaim', funcids: 'C', params: ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'] },
      { name: 'gatewayswithdraw', funcids: 'W', params: ['bindtxid', 'coin', 'withdrawpub', 'amount'] },
      { name: 'gatewayspartialsign', funcids: 'P', params: ['txid', 'coin', 'hex'] },
      { name: 'gatewayscompletesigning', funcids: 'S', params: ['withdrawtxid', 'coin', 'hex'] },
      { name: 'gatewaysmarkdone', funcids: 'M', params: ['completesigntxid', 'coin'] },
    ]),
    info: Object.freeze({ gatewaysinfo }),
    decode: decodeGatewaysOpret,
    inspect: gatewaysInspector,
  })
