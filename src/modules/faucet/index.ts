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
  faucetInputs,
  faucetFunding,
  pickFaucetInputs,
  faucetAddressIsOld,
  FAUCET_NEW_ADDRESS_BLOCKS,
  type FaucetFundResolveParams,
  type FaucetGetResolveOptions,
} from './resolve.js'
