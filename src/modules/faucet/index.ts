/**
 * The Faucet module: its payload codec, offline builders (with the faucetget proof-of-work search), `faucetinfo` and reading types, and its resolvers.
 * @module komodo-cc/faucet
 */
export {
  encodeFaucetOpret,
  decodeFaucetOpret,
  encodeFaucetPayload,
  type FaucetOpret,
  type FaucetGetOpret,
  type FaucetLegacyGetOpret,
} from './opret.js'
export * from './build.js'
export { faucetinfo, type FaucetInfo } from './info.js'
export type { FaucetGetReading, FaucetFundReading, FaucetReading } from './inspect.js'
export {
  resolveFaucetFund,
  resolveFaucetGet,
  faucetResolvers,
  faucetFunding,
  type FaucetFundResolveParams,
  type FaucetGetResolveOptions,
} from './resolve.js'
