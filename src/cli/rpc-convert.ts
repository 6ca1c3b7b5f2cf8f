// How komodo-cli reads positional parameters: a parameter is sent as a JSON value (number, boolean, null, array,
// object) when komodod's client table lists its (method, index), otherwise as a string. The facts below are read
// from komodod's src/rpc/client.cpp (KomodoPlatform/komodo); the table is our own, keyed by method.
import { parseJsonReply } from '../rpc/json.js'
import type { ExactParam } from '../rpc/transport.js'
import { usage } from './core.js'

/**
 * For each komodod RPC, the 0-based indexes of the positional parameters komodo-cli parses as JSON (every other
 * parameter of every method, and every parameter of a method not listed, goes as a string).
 * @example JSON_PARAMS.generate // [0]
 */
export const JSON_PARAMS: Readonly<Record<string, readonly number[]>> = /* @__PURE__ */ Object.freeze({
  // control, mining, network
  stop: [0],
  setmocktime: [0],
  getaddednodeinfo: [0],
  setgenerate: [0, 1],
  generate: [0],
  getnetworkhashps: [0, 1],
  getnetworksolps: [0, 1],
  getblocktemplate: [0],
  prioritisetransaction: [1, 2],
  setban: [2, 3],
  setstakingsplit: [0],
  getblocksubsidy: [0],
  estimatefee: [0],
  estimatepriority: [0],
  // wallet
  sendtoaddress: [1, 4],
  settxfee: [0],
  getreceivedbyaddress: [1],
  getreceivedbyaccount: [1],
  listreceivedbyaddress: [0, 1, 2],
  listreceivedbyaccount: [0, 1, 2],
  getbalance: [1, 2],
  move: [2, 3],
  sendfrom: [2, 3],
  listtransactions: [1, 2, 3],
  listaccounts: [0, 1],
  walletpassphrase: [1],
  listsinceblock: [1, 2],
  sendmany: [1, 2, 4],
  addmultisigaddress: [0, 1],
  createmultisig: [0, 1],
  listunspent: [0, 1, 2],
  gettransaction: [1],
  lockunspent: [0, 1],
  importprivkey: [2, 3, 4],
  importaddress: [2],
  keypoolrefill: [0],
  getnotarysendmany: [0, 1],
  // blockchain and raw transactions
  getblockhash: [0],
  getblock: [1],
  getblockheader: [1],
  getchaintxstats: [0],
  getlastsegidstakes: [0],
  getrawtransaction: [1],
  createrawtransaction: [0, 1, 2, 3],
  signrawtransaction: [1, 2],
  sendrawtransaction: [1],
  fundrawtransaction: [1],
  gettxout: [1, 2],
  gettxoutproof: [0],
  verifychain: [0, 1],
  getrawmempool: [0],
  getblockhashes: [0, 1, 2],
  // address and spent indexes
  getspentinfo: [0],
  getaddresstxids: [0],
  getaddressbalance: [0],
  getaddressdeltas: [0],
  getaddressutxos: [0],
  getaddressmempool: [0],
  // shielded
  zcrawjoinsplit: [1, 2, 3, 4],
  zcbenchmark: [1, 2],
  z_listaddresses: [0],
  z_listreceivedbyaddress: [1],
  z_listunspent: [0, 1, 2, 3],
  z_getbalance: [1],
  z_gettotalbalance: [0, 1, 2],
  z_mergetoaddress: [0, 2, 3, 4],
  z_viewtransaction: [1],
  z_sendmany: [1, 2, 3],
  z_shieldcoinbase: [2, 3],
  z_getoperationstatus: [0],
  z_getoperationresult: [0],
  z_importkey: [2],
  z_importviewingkey: [2],
  z_getpaymentdisclosure: [1, 2],
  // Komodo
  notaries: [2],
  minerids: [1],
  kvsearch: [1],
  kvupdate: [4],
  assetchainproof: [1],
  crosschainproof: [1],
  getproofroot: [2],
  getNotarisationsForBlock: [0],
  height_MoM: [1],
  calc_MoM: [2],
  migrate_completeimporttransaction: [1],
})

/**
 * `komodo-cc rpc <method> <params…>` for a method the typed client does not know: each text parameter as komodo-cli
 * sends it (a JSON value at the indexes {@link JSON_PARAMS} lists for the method, a string elsewhere).
 * @throws KomodoCcError CLI_USAGE when a parameter that must be JSON is not
 * @example cliParams('generate', ['1']) // [1]
 * @example cliParams('getblock', ['123', '2']) // ['123', 2]
 */
export function cliParams(method: string, params: readonly string[]): ExactParam[] {
  const json = Object.hasOwn(JSON_PARAMS, method) ? JSON_PARAMS[method]! : []
  return params.map((p, i) => {
    if (!json.includes(i)) return p
    try {
      return parseJsonReply(p, false) as ExactParam
    } catch {
      return usage(
        `${method} parameter ${i + 1} is read as JSON (as komodo-cli reads it), got ${JSON.stringify(p.length > 40 ? p.slice(0, 40) + '…' : p)}`,
      )
    }
  })
}
