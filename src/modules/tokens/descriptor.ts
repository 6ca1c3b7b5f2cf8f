// The tokens module, described once for the registry.
import type { InfoTxInput } from '../offline-info.js'
import { EVAL } from '../../cc/eval.js'
import { globalKeysOf, type ModuleDescriptor } from '../descriptor.js'
import { decodeTokensOpret, type TokensOpret } from './opret.js'
import { tokensInspector, type TokensReading } from './inspect.js'
import { tokeninfo } from './info.js'

/**
 * The tokens module (eval 0xf2; its opret decoder also reads the 2018 Assets 0xe3 layouts).
 * @example tokensModule.methods.map((m) => m.name) // ['tokencreate', 'tokentransfer', 'tokenconvert']
 * @internal
 */
export const tokensModule: ModuleDescriptor<'tokens', TokensOpret, TokensReading> = /* @__PURE__ */ Object.freeze({
  name: 'tokens',
  evalCode: EVAL.TOKENS,
  opretEvals: Object.freeze([EVAL.TOKENS, EVAL.ASSETS]),
  globalKeys: globalKeysOf(EVAL.TOKENS, EVAL.ASSETS),
  methods: Object.freeze([
    { name: 'tokencreate', funcids: 'c', params: ['name', 'supply', 'description', 'data'] },
    { name: 'tokentransfer', funcids: 't', params: ['tokenid', 'destpubkey', 'amount'] },
    // 2018 Assets only; its 't' opret is told from a transfer by the inputs (decideLegacy)
    { name: 'tokenconvert', funcids: '', params: ['evalcode', 'tokenid', 'pubkey', 'amount'] },
  ]),
  info: Object.freeze({ tokeninfo: (main: InfoTxInput) => tokeninfo(main) }),
  decode: (opret: Uint8Array | string) => decodeTokensOpret(opret),
  inspect: tokensInspector,
})
