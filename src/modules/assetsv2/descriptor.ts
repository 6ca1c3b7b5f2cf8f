// The assets v2 module (Tokel's token DEX), described once for the registry.
import type { ModuleDescriptor } from '../descriptor.js'
import { decodeAssetsV2Opret, EVAL_ASSETSV2, type AssetsV2Opret } from './opret.js'
import { assetsV2Inspector, type AssetsV2Reading } from './inspect.js'
import { ASSETSV2_GLOBAL_PUBKEY } from '../tokensv2/globals.js'

/**
 * The assets v2 module of Tokel's fork (eval 0xF6): its oprets are tokens v2 't' oprets carrying an asset payload,
 * which it claims (`opretEvals` is empty).
 * @example assetsV2Module.methods.map((m) => m.funcids).join('') // 'sbSBxo'
 * @internal
 */
export const assetsV2Module: ModuleDescriptor<'assetsv2', AssetsV2Opret, AssetsV2Reading> =
  /* @__PURE__ */ Object.freeze({
    name: 'assetsv2',
    evalCode: EVAL_ASSETSV2,
    opretEvals: Object.freeze([]),
    globalKeys: Object.freeze({ [EVAL_ASSETSV2]: ASSETSV2_GLOBAL_PUBKEY }),
    methods: Object.freeze([
      { name: 'tokenv2ask', funcids: 's', params: ['numtokens', 'tokenid', 'price', 'expiryHeight'] },
      { name: 'tokenv2bid', funcids: 'b', params: ['numtokens', 'tokenid', 'price', 'expiryHeight'] },
      { name: 'tokenv2fillask', funcids: 'S', params: ['tokenid', 'asktxid', 'fillunits', 'unitprice'] },
      { name: 'tokenv2fillbid', funcids: 'B', params: ['tokenid', 'bidtxid', 'fillamount', 'unitprice'] },
      { name: 'tokenv2cancelask', funcids: 'x', params: ['tokenid', 'asktxid'] },
      { name: 'tokenv2cancelbid', funcids: 'o', params: ['tokenid', 'bidtxid'] },
    ]),
    info: Object.freeze({}),
    decode: (opret: Uint8Array | string) => decodeAssetsV2Opret(opret),
    inspect: assetsV2Inspector,
  })
