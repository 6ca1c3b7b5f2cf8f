// The komodod client's type and its node RPCs (the two-step flow's and the ChainView's), apart from the client
// itself so that the JSON-RPC ChainView (./view.ts), which the client builds, takes the client's type without
// importing the client (no import circle).
import { KomodoCcError } from '../errors.js'
import type { ChainView } from './chainview.js'
import type { ExactJson } from './json.js'
import type { ExactParam, RpcBatchCall, RpcBatchReply, RpcCallOptions, RpcTransportOptions } from './transport.js'
import { addressParam, hexParam, intParam, optionalParam, txidParam } from './params.js'
import { rpcMethod } from './method.js'
import type { RpcClientMethods } from './method.js'
import {
  asObject,
  parseAddressUtxos,
  parseHexString,
  parseInt32,
  parseListUnspent,
  parseNodeInfo,
  parseTxid,
  parseTxidList,
} from './results.js'
import type { ModuleRpcTable } from '../modules/registry/rpc.js'
import type { tokelRpc } from '../modules/tokensv2/rpc.js'

/**
 * How to reach komodod: an explicit `{url, user, password}` (credentials may also sit in the URL), or a chain
 * name / conf path whose `rpcuser`, `rpcpassword`, `rpcport`, `rpcbind` are read (Node only, on first call).
 */
export type KomodoRpcOptions = RpcTransportOptions &
  ({ url: string; user?: string; password?: string } | { chain: string; dataDir?: string } | { confPath: string })

/**
 * The node RPCs of the safe two-step flow and of {@link ChainView} (core RPCs take typed JSON, not strings).
 * @example NODE_RPC.getrawtransaction.toParams(txid) // [txid, 0]
 * @internal
 */
export const NODE_RPC = /* @__PURE__ */ Object.freeze({
  /** `sendrawtransaction hex`: broadcasts a signed transaction (hex); resolves to its txid (display hex). */
  sendrawtransaction: rpcMethod(['hex'], (hex: string) => [hexParam(hex, 'hex')], parseTxid),
  /**
   * `decoderawtransaction hex`: the daemon's decoding of a transaction, as the JSON object it prints (not typed
   * further).
   */
  decoderawtransaction: rpcMethod(
    ['hex'],
    (hex: string) => [hexParam(hex, 'hex')],
    (v): Record<string, ExactJson> => asObject(v),
  ),
  /** `getrawmempool`: the txids (display hex) in the node's mempool. */
  getrawmempool: rpcMethod([], () => [], parseTxidList),
  /** `getrawtransaction txid 0`: the raw hex of the transaction `txid` (display hex), verbose 0. */
  getrawtransaction: rpcMethod(['txid'], (txid: string) => [txidParam(txid, 'txid'), 0], parseHexString),
  /**
   * `getaddressutxos {"addresses": [...]}`: the confirmed unspent outputs of one address or several (needs
   * `-addressindex`), each with `satoshis` as a bigint. An empty list is `ARG_INVALID`.
   */
  getaddressutxos: rpcMethod(
    ['addresses'],
    (addresses: string | readonly string[]) => {
      const list = typeof addresses === 'string' ? [addresses] : Array.isArray(addresses) ? addresses : []
      if (list.length === 0)
        throw new KomodoCcError('ARG_INVALID', 'addresses must hold at least one address', { name: 'addresses' })
      return [{ addresses: list.map((a, i) => addressParam(a, `addresses[${i}]`)) }]
    },
    parseAddressUtxos,
  ),
  /**
   * `listunspent minconf maxconf addresses`: the node wallet's unspent outputs (`amount` in bigint satoshis). All three
   * are optional; a later one given fills the earlier ones with the daemon's defaults 1 and 9999999.
   */
  listunspent: rpcMethod(
    ['minconf', 'maxconf', 'addresses'],
    (minconf?: number, maxconf?: number, addresses?: readonly string[]) => {
      const params: ExactParam[] = []
      if (minconf !== undefined || maxconf !== undefined || addresses !== undefined)
        params.push(Number(intParam(minconf ?? 1, 'minconf', 0, 0x7fffffff)))
      if (maxconf !== undefined || addresses !== undefined)
        params.push(Number(intParam(maxconf ?? 9999999, 'maxconf', 0, 0x7fffffff)))
      if (addresses !== undefined) {
        if (!Array.isArray(addresses))
          throw new KomodoCcError('ARG_INVALID', 'addresses must be an array of addresses', { name: 'addresses' })
        params.push(addresses.map((a, i) => addressParam(a, `addresses[${i}]`)))
      }
      return params
    },
    parseListUnspent,
  ),
  /**
   * `gettxoutproof [txids] blockhash`: the hex of a merkle proof that the txids (display hex, at least one) are in a
   * block; `blockhash` optional.
   */
  gettxoutproof: rpcMethod(
    ['txids', 'blockhash'],
    (txids: readonly string[], blockhash?: string) => {
      if (!Array.isArray(txids) || txids.length === 0)
        throw new KomodoCcError('ARG_INVALID', 'txids must hold at least one txid', { name: 'txids' })
      return [
        txids.map((t, i) => txidParam(t, `txids[${i}]`)),
        ...optionalParam(blockhash, (b) => txidParam(b, 'blockhash')),
      ]
    },
    parseHexString,
  ),
  /**
   * `getinfo`: the node's state; `blocks` (height) always, `version`, `connections`, `name`, `pubkey` when printed, the
   * rest in `raw`.
   */
  getinfo: rpcMethod([], () => [], parseNodeInfo),
  /** `getblockcount`: the height of the node's best chain. */
  getblockcount: rpcMethod([], () => [], parseInt32),
})

/**
 * The komodod client: one method per RPC, named as the daemon names it (every module's RPCs, from
 * `modules/<m>/rpc.ts`, and the node RPCs of the two-step flow), each taking its typed arguments then optional
 * `RpcCallOptions`; plus three reads of {@link ChainView} (`getTransaction`, `listUnspent` of both address-index
 * types, `getMempool`: those of `createRpcView(rpc)`) and JSON-RPC batches.
 * @example const height: number = await rpc.getblockcount()
 * @interface
 */
export type KomodoRpc = Pick<ChainView, 'getTransaction' | 'listUnspent' | 'getMempool'> & {
  /** Any method with raw positional params; the result is exact JSON (big integers as bigint). */
  call(method: string, params?: readonly ExactParam[], options?: RpcCallOptions): Promise<ExactJson>
  /**
   * Several raw calls in ONE HTTP request (a JSON-RPC batch); one reply per call, in order, each its result or its
   * own typed error. The whole exchange failing (HTTP, timeout, size, a reply for an id not asked) rejects.
   */
  batch(calls: readonly RpcBatchCall[], options?: RpcCallOptions): Promise<RpcBatchReply[]>
  /** host:port of the daemon, once known (never credentials). */
  readonly host: () => Promise<string>
} & RpcClientMethods<ModuleRpcTable> &
  RpcClientMethods<typeof NODE_RPC> &
  // Tokel's tokens v2 and assets v2 (a Tokel node: TOKEL, TKLTEST)
  RpcClientMethods<typeof tokelRpc>
