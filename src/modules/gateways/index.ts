export {
  encodeGatewaysOpret, decodeGatewaysOpret, encodeGatewaysPayload, GATEWAYS_BLOB_ID,
  type GatewaysOpret, type GatewaysTokenWrapper, type GatewaysBindOpret, type GatewaysLegacyBindOpret, type GatewaysClaimOpret,
  type GatewaysWithdrawOpret, type GatewaysDepositOpret, type GatewaysPartialSignOpret, type GatewaysLegacyPartialSignOpret,
  type GatewaysCompleteSigningOpret, type GatewaysLegacyCompleteSigningOpret, type GatewaysMarkDoneOpret, type GatewaysLegacyMarkDoneOpret,
} from './opret.js'
export * from './build.js'
