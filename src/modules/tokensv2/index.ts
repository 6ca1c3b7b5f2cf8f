/**
 * Tokens v2 of Tokel's fork (eval 0xF5): payload codecs, the Tokel data blob, builders, `tokenv2info`, reading types,
 * and the CC v2 (mixed-mode) primitives Tokel's outputs need (scripts, C-addresses, the type-6 key-hash node).
 * @module komodo-cc/tokensv2
 */
export {
  encodeTokensV2Opret,
  encodeTokensV2Payload,
  decodeTokensV2Opret,
  EVAL_TOKENSV2,
  TOKENS_V2_OPRET_VERSION,
  TOKENS_V2_LIMITS,
  type TokensV2Opret,
  type TokensV2OpretInput,
  type TokensV2CreateOpret,
  type TokensV2TransferOpret,
} from './opret.js'
export {
  encodeTokelData,
  decodeTokelData,
  tokelRoyalty,
  EVAL_TOKELDATA,
  TKLDATA_VERSION,
  TKLROYALTY_DIVISOR,
  TKL_PROP,
  TKL_MAX_INT,
  type TokelData,
} from './tokeldata.js'
export {
  TOKENSV2_GLOBAL_PUBKEY,
  ASSETSV2_GLOBAL_PUBKEY,
  TOKENSV2_MARKER_VALUE,
  TOKENSV2_TXFEE,
  TOKENSV2_BURN_PUBKEYS,
  tokensV2Condition,
  tokensV2GlobalScripts,
  assetsV2MarkerScript,
  type TokenDest,
} from './globals.js'
export {
  buildTokenV2Create,
  buildTokenV2CreateTokel,
  buildTokenV2Transfer,
  buildTokenV2TransferMany,
  tokenV2Output,
  type TokenV2CreateParams,
  type TokenV2CreateTokelParams,
  type TokenV2TransferParams,
  type TokenV2TransferState,
  type TokenV2TransferManyParams,
  type TokenV2TransferManyState,
} from './build.js'
export { tokenv2info, tokenv2infotokel, type TokenV2Info } from './info.js'
export type {
  TokenV2CreateReading,
  TokenV2TransferReading,
  TokenV2TransferManyReading,
  TokensV2Reading,
} from './inspect.js'
// the generic CC v2 layer (src/cc, src/script), exposed here rather than in the root-re-exported kits
export { secp256k1HashCondition, SECP256K1_HASH_SIZE } from '../../cc/condition.js'
export { CC_ENABLED_TYPES_MASK_TOKEL } from '../../cc/fulfillment.js'
export {
  MIXED_PREFIX,
  anonymiseFirstThreshold,
  encodeMixedFulfillment,
  decodeMixedFulfillment,
  type MixedSubver,
} from '../../cc/mixed.js'
export {
  ccV2Script,
  parseCcV2Script,
  isCcV2Script,
  ccV2Address,
  ccV2AddressOf,
  encodeCcParamsV2,
  decodeCcParams,
  MAX_MIXED_BLOB_V0,
  MAX_MIXED_BLOB_V1,
  type CcParamsV2,
  type ParsedCcV2Script,
} from '../../script/ccv2.js'
export { TOKEL, TKLTEST } from '../../address/chain.js'
export type { CcSecp256k1Hash } from '../../cc/types.js'
export {
  tokenv2indexkey,
  tokenV2Amount,
  tokenOfOutput,
  tokenv2holdings,
  type TokenV2Holding,
  tokenV2Utxos,
  tokenv2balance,
  resolveTokenV2Create,
  resolveTokenV2CreateTokel,
  resolveTokenV2Transfer,
  resolveTokenV2TransferMany,
  tokensV2Resolvers,
} from './resolve.js'
export { tokensV2Units } from './units.js'
export { tokenv2list } from './list.js'
export type { ReadSource } from '../../cctx/resolve.js'
export type { TokenV2BalanceResult } from './info.js'
