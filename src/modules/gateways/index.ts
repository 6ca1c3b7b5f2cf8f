/**
 * The Gateways module: its payload codec, offline builders, `gatewaysinfo` and reading types, and its resolvers.
 * @module komodo-cc/gateways
 */
export {
  encodeGatewaysOpret,
  decodeGatewaysOpret,
  encodeGatewaysPayload,
  GATEWAYS_BLOB_ID,
  encodeGateways2018Opret,
  decodeGateways2018Opret,
  encodeGateways2018Payload,
  type Gateways2018Opret,
  type GatewaysLegacyDepositOpret,
  type GatewaysLegacyClaimOpret,
  type GatewaysLegacyWithdrawOpret,
  type GatewaysEarlyMarkDoneOpret,
  type GatewaysOpret,
  type GatewaysTokenWrapper,
  type GatewaysBindOpret,
  type GatewaysLegacyBindOpret,
  type GatewaysClaimOpret,
  type GatewaysWithdrawOpret,
  type GatewaysDepositOpret,
  type GatewaysPartialSignOpret,
  type GatewaysLegacyPartialSignOpret,
  type GatewaysCompleteSigningOpret,
  type GatewaysLegacyCompleteSigningOpret,
  type GatewaysMarkDoneOpret,
  type GatewaysLegacyMarkDoneOpret,
} from './opret.js'
export * from './build.js'
export { gatewaysinfo, type GatewaysInfo } from './info.js'
export type {
  GatewaysBindReading,
  GatewaysDepositReading,
  GatewaysClaimReading,
  GatewaysWithdrawReading,
  GatewaysPartialSignReading,
  GatewaysCompleteSigningReading,
  GatewaysMarkDoneReading,
  GatewaysReading,
} from './inspect.js'
export {
  resolveGatewaysBind,
  resolveGatewaysDeposit,
  resolveGatewaysClaim,
  resolveGatewaysWithdraw,
  resolveGatewaysPartialSign,
  resolveGatewaysCompleteSigning,
  resolveGatewaysMarkDone,
  gatewaysResolvers,
  gatewaysInfo,
  GATEWAYS_MIN_CONFIRMATIONS,
  type GatewaysBindResolveParams,
  type GatewaysInfoError,
  type GatewaysResolveOptions,
} from './resolve.js'
export {
  gatewaysCustomAddress,
  parseMerkleProof,
  gatewaysVerifyDeposit,
  type GatewaysPrefixes,
  type MerkleProof,
  type GatewaysVerifyInput,
} from './proof.js'
export { gatewaysDepositAddress } from './address.js'
