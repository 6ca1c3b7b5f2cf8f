import { KomodoCcError } from '../errors.js'
import type { ChainUtxo, ChainView } from './chainview.js'
import { createRpcView } from './view.js'
import type { ExactJson } from './json.js'
import { createRpcExchange, endpointSecretForms, hostOf, RpcError } from './transport.js'
import { scrubError } from './redact.js'
import type { ExactParam, RpcBatchCall, RpcBatchReply, RpcCallOptions, RpcEndpoint } from './transport.js'
import type { RpcMethodTable } from './method.js'
import { RPC_MODULES } from '../modules/registry/rpc.js'

export { NODE_RPC, type KomodoRpc, type KomodoRpcOptions } from './node-rpc.js'
import { NODE_RPC, type KomodoRpc, type KomodoRpcOptions } from './node-rpc.js'
import { tokelRpc } from '../modules/tokensv2/rpc.js'

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
