/**
 * The Tokens module (fungible tokens and NFTs): its payload codec, offline builders, `tokeninfo` and reading types, and its resolvers.
 * @module komodo-cc/tokens
 */
export {
  encodeTokensOpret,
  decodeTokensOpret,
  encodeTokensPayload,
  nftData,
  TOKENS_BLOB_ID,
  type TokensOpret,
  type TokensCreateOpret,
  type TokensTransferOpret,
  type TokensLegacyTransferOpret,
  type TokensBlob,
} from './opret.js'
export * from './build.js'
export { tokeninfo, type TokenInfo, type TokenBalance } from './info.js'
export type { TokenCreateReading, TokenTransferReading, TokenConvertReading, TokensReading } from './inspect.js'
export {
  resolveTokenCreate,
  resolveTokenTransfer,
  tokensResolvers,
  type TokenTransferResolveParams,
  type TokenTransferResolveOptions,
} from './resolve.js'
export { tokenInputs, tokenBalance, type TokenInputsOptions } from './inputs.js'
