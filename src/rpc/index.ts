/**
 * The komodod JSON-RPC client (fetch-based, exact JSON with big integers as bigint), its chain source and the safe two-step `submit` flow.
 * @module komodo-cc/rpc
 */
export { createKomodoRpc } from './client.js'
export type { KomodoRpc, KomodoRpcOptions } from './client.js'
export { RpcError, createRpcTransport } from './transport.js'
export { createRpcView } from './view.js'
export type { RpcViewOptions } from './view.js'
export { DEFAULT_MAX_RESPONSE_BYTES } from './http.js'
export type {
  RpcEndpoint,
  RpcTransportOptions,
  RpcCallOptions,
  RpcSend,
  ExactParam,
  RpcBatchCall,
  RpcBatchReply,
  RpcBatchSend,
} from './transport.js'
export { parseJsonExact, MAX_JSON_DEPTH } from './json.js'
export type { ExactJson } from './json.js'
export { checkTransactionHex, MAX_TX_SIZE } from './txcheck.js'
export type { TxShape } from './txcheck.js'
export type { ChainView, ChainUtxo } from './chainview.js'
// (each module's result types, `<Module>Info` and the rest, are exported with the module: `komodo-cc/<m>`)
export type {
  HexResult,
  ModuleAddresses,
  AddressUtxo,
  AddressMempoolDelta,
  AddressDelta,
  WalletUnspent,
  NodeInfo,
} from './results.js'
export type { RpcMethod, RpcClientMethods } from './method.js'
export type { GatewaysAddresses } from '../modules/gateways/rpc.js'
export { submit } from './flow.js'
export type { SubmitExpect, SubmitOptions, SubmitProgress, SubmitResult, SubmitRpc } from './flow.js'
export { readKomodoConf, komodoDataDir, komodoConfPath, parseKomodoConf, type KomodoConfSource } from './conf.js'
