/**
 * A typed client for the Komodo DeFi Framework's `enable_eth_with_tokens`.
 * @module komodo-cc/kdf
 */
export { buildEnableEthWithTokensRequest, KDF_EVM_PLATFORMS, KDF_NFT_PLATFORMS } from './request.js'
export type {
  EnableEthWithTokensParams,
  EnableEthWithTokensRequest,
  KdfRequestOptions,
  KdfDialect,
  KdfWarning,
  EvmNode,
  Erc20TokenRequest,
  SwapV2Contracts,
  PrivKeyPolicy,
  NftRequest,
  GasStationPolicy,
  PathToAddress,
} from './request.js'
export { gasStationToWei, gasStationToGwei, gasStationPrice, bumpGasPrice } from './gas.js'
export type { GasStationReply } from './gas.js'
export { createKdfClient, KdfError, isHdEnableResult } from './client.js'
export type {
  KdfClient,
  KdfClientOptions,
  KdfCallOptions,
  KdfBalance,
  KdfAddressInfo,
  KdfNftInfo,
  EnableEthWithTokensResult,
  EnableEthWithTokensIguanaResult,
  EnableEthWithTokensHdResult,
  KdfHdAccount,
  KdfHdAddress,
} from './client.js'
