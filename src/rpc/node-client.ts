// The komodod client as the Node root exports it (issue 34): the same client, posting through node:http with a
// keep-alive agent of its own unless a `fetch` is given — about a quarter of undici fetch's client CPU per request.
// A separate file so that a browser bundle of the root never carries the Node transport (it keeps fetch).
import { createKomodoRpc as createFetchRpc } from './client.js'
import type { KomodoRpc, KomodoRpcOptions } from './node-rpc.js'
import { nodeHttpFetch } from './node-http.js'

/**
 * Creates the komodod JSON-RPC client (Node: node:http(s) with a keep-alive agent held by the client, unless
 * `options.fetch` is given; the same bounds, checks and errors as over fetch). Credentials are held in a closure and
 * never appear in errors. Conf-file reading (`chain` / `confPath`) happens on the first call.
 * @throws KomodoCcError RPC_CONFIG for unusable options
 * @example
 * const rpc = createKomodoRpc({ chain: 'DOC' })                       // reads ~/.komodo/DOC/DOC.conf
 * const txid = await rpc.sendrawtransaction((await rpc.oraclescreate('BTCUSD', 'coindesk price', 'L')).hex)
 */
export function createKomodoRpc(options: KomodoRpcOptions): KomodoRpc {
  if (typeof options !== 'object' || options === null || options.fetch !== undefined) return createFetchRpc(options)
  const fetch = nodeHttpFetch()
  return createFetchRpc(fetch === undefined ? options : { ...options, fetch })
}
