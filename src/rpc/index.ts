export { createKomodoRpc } from './client.js'
export type { KomodoRpc, KomodoRpcOptions } from './client.js'
export { RpcError, createRpcTransport } from './transport.js'
export { DEFAULT_MAX_RESPONSE_BYTES } from './http.js'
export type { RpcEndpoint, RpcTransportOptions, RpcCallOptions, RpcSend, ExactParam } from './transport.js'
export { parseJsonExact, MAX_JSON_DEPTH } from './json.js'
export type { ExactJson } from './json.js'
export { checkTransactionHex, MAX_TX_SIZE } from './txcheck.js'
export type { TxShape } from './txcheck.js'
export type { ChainView, ChainUtxo } from './chainview.js'
export type {
  HexResult, DiceFinishResult as DiceFinishRpcResult, ModuleAddresses, TokenInfo, TokenBalance, FaucetInfo, DiceInfo, DiceStatus, OraclePublisher,
  OracleInfo, OracleSample, OracleSamples, GatewayInfo, RewardsInfo, AddressUtxo, WalletUnspent, NodeInfo,
} from './results.js'
export { submit } from './flow.js'
export type { SubmitExpect, SubmitOptions, SubmitProgress, SubmitResult, SubmitRpc } from './flow.js'
