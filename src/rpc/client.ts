import { KomodoCcError } from '../errors.js'
import type { ChainUtxo, ChainView } from './chainview.js'
import { createRpcView } from './view.js'
import type { ExactJson } from './json.js'
import { createRpcExchange, endpointSecretForms, hostOf, RpcError } from './transport.js'
import { scrubError } from './redact.js'
import type {
  ExactParam,
  RpcBatchCall,
  RpcBatchReply,
  RpcCallOptions,
  RpcEndpoint,
  RpcTransportOptions,
} from './transport.js'
import { addressParam, hexParam, intParam, optionalParam, txidParam } from './params.js'
import { rpcMethod } from './method.js'
import type { RpcClientMethods, RpcMethodTable } from './method.js'
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
import { RPC_MODULES } from '../modules/registry/rpc.js'
import type { ModuleRpcTable } from '../modules/registry/rpc.js'
import { tokelRpc } from '../modules/tokensv2/rpc.js'

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

type O = RpcCallOptions | undefined

const METHOD_RE = /^[a-z][a-z0-9_]{0,63}$/i

/**
 * Creates the komodod JSON-RPC client (fetch-based: Node ≥ 20 and browsers). Credentials are held in a closure and
 * never appear in errors. Conf-file reading (`chain` / `confPath`) happens on the first call and needs Node.
 * @throws KomodoCcError RPC_CONFIG for unusable options
 * @example
 * const rpc = createKomodoRpc({ chain: 'DOC' })                       // reads ~/.komodo/DOC/DOC.conf
 * const { hex } = await rpc.oraclescreate('BTCUSD', 'coindesk price', 'L')
 * const txid = await rpc.sendrawtransaction(hex)
 */
export function createKomodoRpc(options: KomodoRpcOptions): KomodoRpc {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('RPC_CONFIG', 'options must be an object', { field: 'options' })
  let endpoint: () => Promise<RpcEndpoint>
  if ('url' in options && options.url !== undefined) {
    const ep = endpointFromUrl(options.url, options.user, options.password)
    endpoint = () => Promise.resolve(ep)
  } else if (
    ('chain' in options && options.chain !== undefined) ||
    ('confPath' in options && options.confPath !== undefined)
  ) {
    const source = {
      ...('chain' in options ? { chain: options.chain, dataDir: options.dataDir } : {}),
      ...('confPath' in options ? { confPath: options.confPath } : {}),
    }
    let cached: Promise<RpcEndpoint> | undefined
    endpoint = () => {
      cached ??= import('./conf.js').then((m) => m.readKomodoConf(source))
      cached.catch(() => {
        cached = undefined
      })
      return cached
    }
  } else
    throw new KomodoCcError('RPC_CONFIG', 'give url (with user and password), chain, or confPath', { field: 'options' })

  const { send, batch } = createRpcExchange(endpoint, options)
  const run = async <T>(
    method: string,
    params: readonly ExactParam[],
    parse: (v: ExactJson) => T,
    o: O,
  ): Promise<T> => {
    const result = await send(method, params, o)
    try {
      return parse(result)
    } catch (e) {
      // a result's text (echoed by the daemon) may hold the password in any form: scrub what goes out
      const ep = await endpoint()
      if (e instanceof KomodoCcError && (e.code === 'RPC_RESULT' || e.code === 'TX_INVALID')) {
        const err = new RpcError('RPC_RESULT', method, hostOf(ep.url), e.message.slice(e.code.length + 2), {
          reason: e.code === 'TX_INVALID' ? 'not-a-transaction' : 'shape',
          path: e.details.path,
        })
        throw scrubError(err, endpointSecretForms(ep))
      }
      throw scrubError(e, endpointSecretForms(ep))
    }
  }
  // One method per typed RPC: its arguments (as many as the RPC names), then the call options. Argument checks
  // throw inside toParams; the method reports them as a rejection.
  const typed = (table: RpcMethodTable): [string, (...a: unknown[]) => Promise<unknown>][] =>
    Object.entries(table).map(([name, m]) => [
      name,
      (...a: unknown[]): Promise<unknown> => {
        try {
          return run(name, m.toParams(...a.slice(0, m.params.length)), m.parse, a[m.params.length] as O)
        } catch (e) {
          return Promise.reject(e)
        }
      },
    ])

  let view: ChainView | undefined
  const chainView = (): ChainView => (view ??= createRpcView(rpc))
  const rpc = {
    call: (method: string, params: readonly ExactParam[] = [], o?: RpcCallOptions): Promise<ExactJson> => {
      try {
        if (typeof method !== 'string' || !METHOD_RE.test(method))
          throw new KomodoCcError('ARG_INVALID', 'method must be an RPC method name', { name: 'method' })
        if (!Array.isArray(params))
          throw new KomodoCcError('ARG_INVALID', 'params must be an array', { name: 'params' })
        return send(
          method,
          params.map((p, i) => plainParam(p, `params[${i}]`, 0)),
          o,
        )
      } catch (e) {
        return Promise.reject(e)
      }
    },
    batch: (calls: readonly RpcBatchCall[], o?: RpcCallOptions): Promise<RpcBatchReply[]> => {
      try {
        if (!Array.isArray(calls))
          throw new KomodoCcError('ARG_INVALID', 'calls must be an array of {method, params}', { name: 'calls' })
        return batch(
          calls.map((c: unknown, i) => {
            const { method, params = [] } = (typeof c === 'object' && c !== null ? c : {}) as Partial<RpcBatchCall>
            if (typeof method !== 'string' || !METHOD_RE.test(method))
              throw new KomodoCcError('ARG_INVALID', `calls[${i}].method must be an RPC method name`, {
                name: `calls[${i}].method`,
              })
            if (!Array.isArray(params))
              throw new KomodoCcError('ARG_INVALID', `calls[${i}].params must be an array`, {
                name: `calls[${i}].params`,
              })
            return { method, params: params.map((p, k) => plainParam(p, `calls[${i}].params[${k}]`, 0)) }
          }),
          o,
        )
      } catch (e) {
        return Promise.reject(e)
      }
    },
    host: async () => hostOf((await endpoint()).url),
    ...Object.fromEntries(RPC_MODULES.flatMap((m) => typed(m.rpc))),
    ...Object.fromEntries(typed(NODE_RPC)),
    ...Object.fromEntries(typed(tokelRpc)),
    // ChainView: the JSON-RPC view's reads (both address-index types, TX_NOT_FOUND), made on first use
    getTransaction: (txid: string) => chainView().getTransaction(txid),
    listUnspent: (address: string): Promise<ChainUtxo[]> => chainView().listUnspent(address),
    getMempool: () => chainView().getMempool(),
  } as KomodoRpc
  return rpc
}

/** A raw `call` parameter: JSON values only; bigint goes out as its decimal text (the modules read strings). */
function plainParam(v: unknown, name: string, depth: number): ExactParam {
  if (depth > 32) throw new KomodoCcError('ARG_INVALID', `${name} is nested too deeply`, { name })
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new KomodoCcError('ARG_INVALID', `${name} must be a finite number`, { name })
    return v
  }
  if (typeof v === 'bigint') return v.toString()
  if (Array.isArray(v)) return v.map((x, i) => plainParam(x, `${name}[${i}]`, depth + 1))
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, plainParam(x, `${name}.${k}`, depth + 1)]),
    )
  throw new KomodoCcError(
    'ARG_INVALID',
    `${name} must be a JSON value (string, number, boolean, null, array, plain object)`,
    { name },
  )
}

function endpointFromUrl(url: unknown, user: unknown, password: unknown): RpcEndpoint {
  if (typeof url !== 'string') throw new KomodoCcError('RPC_CONFIG', 'url must be a string', { field: 'url' })
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new KomodoCcError('RPC_CONFIG', 'url is not a valid URL', { field: 'url' })
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new KomodoCcError('RPC_CONFIG', 'url must be http or https', { field: 'url' })
  const fromUrlUser = decodeCredential(u.username, 'user')
  const fromUrlPass = decodeCredential(u.password, 'password')
  u.username = ''
  u.password = ''
  const finalUser = user ?? fromUrlUser
  const finalPass = password ?? fromUrlPass
  if (typeof finalUser !== 'string' || finalUser === '')
    throw new KomodoCcError('RPC_CONFIG', 'user is required (rpcuser)', { field: 'user' })
  if (typeof finalPass !== 'string' || finalPass === '')
    throw new KomodoCcError('RPC_CONFIG', 'password is required (rpcpassword)', { field: 'password' })
  if (finalUser.includes(':'))
    throw new KomodoCcError('RPC_CONFIG', 'user must not contain ":" (basic auth)', { field: 'user' })
  return { url: u.toString(), user: finalUser, password: finalPass }
}

/** A percent-encoded credential of a URL; malformed encoding (`%zz`) is RPC_CONFIG, naming neither the URL nor the value. */
function decodeCredential(v: string, field: 'user' | 'password'): string {
  try {
    return decodeURIComponent(v)
  } catch {
    throw new KomodoCcError('RPC_CONFIG', `the ${field} in url is not valid percent-encoding`, {
      field: 'url',
      part: field,
    })
  }
}
