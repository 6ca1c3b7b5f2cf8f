// The tokens v2 module (Tokel's fork), described once for the registry.
import type { InfoTxInput } from '../offline-info.js'
import type { ModuleDescriptor } from '../descriptor.js'
import { decodeTokensV2Opret, EVAL_TOKENSV2, type TokensV2Opret } from './opret.js'
import { tokensV2Inspector, type TokensV2Reading } from './inspect.js'
import { tokenv2info, tokenv2infotokel } from './info.js'
import { TOKENSV2_GLOBAL_PUBKEY } from './globals.js'

/**
 * The tokens v2 module of Tokel's fork (eval 0xF5; CC v2 mixed-mode outputs, the Tokel data blob).
 * @example tokensV2Module.methods.map((m) => m.name) // ['tokenv2create', 'tokenv2createtokel', 'tokenv2transfer', 'tokenv2transfermany']
 * @internal
 */
export const tokensV2Module: ModuleDescriptor<'tokensv2', TokensV2Opret, TokensV2Reading> =
  /* @__PURE__ */ Object.freeze({
    name: 'tokensv2',
    evalCode: EVAL_TOKENSV2,
    opretEvals: Object.freeze([EVAL_TOKENSV2]),
    globalKeys: Object.freeze({ [EVAL_TOKENSV2]: TOKENSV2_GLOBAL_PUBKEY }),
    methods: Object.freeze([
      { name: 'tokenv2create', funcids: 'c', params: ['name', 'supply', 'description', 'data'] },
      { name: 'tokenv2createtokel', funcids: '', params: ['name', 'supply', 'description', 'data'] },
      { name: 'tokenv2transfer', funcids: 't', params: ['tokenid', 'destination', 'amount'] },
      { name: 'tokenv2transfermany', funcids: '', params: ['tokenids', 'destpubkey', 'amount'] },
    ]),
    info: Object.freeze({
      tokenv2info: (main: InfoTxInput) => tokenv2info(main),
      tokenv2infotokel: (main: InfoTxInput) => tokenv2infotokel(main),
    }),
    decode: (opret: Uint8Array | string) => decodeTokensV2Opret(opret),
    inspect: tokensV2Inspector,
  })
